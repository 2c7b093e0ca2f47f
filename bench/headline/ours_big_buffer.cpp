// Ours with the library built with a larger read buffer (EHC_READ_BUFFER is
// EHC_HEADLINE_BUFFER for this file and its own build of the library, see
// CMakeLists.txt: once per size, each with its factory and name), for the
// scaling run's "beside it" figures.
#include "ours.h"

static_assert(EHC_READ_BUFFER == EHC_HEADLINE_BUFFER, "built with the buffer it is named for");

namespace headline {

std::unique_ptr<Contender> EHC_HEADLINE_FACTORY(const Server& s) {
  return std::make_unique<Ours>(s, EHC_HEADLINE_NAME);
}

}  // namespace headline
