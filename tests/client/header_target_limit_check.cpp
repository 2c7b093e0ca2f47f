// Compiled, not run, by the client.header_target_limit tests:
// EHC_MAX_HEADER_TARGETS sizes the result's masks of found and truncated
// headers, so 32 must build with room for every bit (it used to build with
// 8-bit masks that lost targets 9 and on) and 33 must stop the build with a
// clear message.
#include "ehc/client/rest_client.h"

static_assert(sizeof(ehc::RestResult{}.headersFound) * 8 >= EHC_MAX_HEADER_TARGETS &&
                  sizeof(ehc::RestResult{}.headersTruncated) * 8 >= EHC_MAX_HEADER_TARGETS,
              "a bit per getHeader() target");

int main() {
  return ehc::RestResult{}.headersFound == 0 ? 0 : 1;
}
