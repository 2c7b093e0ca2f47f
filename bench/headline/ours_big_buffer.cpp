// Ours with the library built with a larger read buffer (EHC_READ_BUFFER is
// kBigReadBuffer for this file and its own build of the library, see
// CMakeLists.txt), for the scaling run's "beside it" figure.
#include "ours.h"

static_assert(EHC_READ_BUFFER == headline::kBigReadBuffer, "built with the big buffer");

namespace headline {

std::unique_ptr<Contender> makeOursBigBuffer(const Server& s) {
  return std::make_unique<Ours>(s, "ours-16k");
}

}  // namespace headline
