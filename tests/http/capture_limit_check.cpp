// Compiled, not run, by the http.capture_limit tests: EHC_HTTP_MAX_CAPTURES
// sizes a 32-bit mask, so 32 builds and 33 must stop the build with a clear
// message (it used to build and overflow `1u << k`).
#include "ehc/http/response_parser.h"

int main() {
  ehc::ResponseParser p;
  char buf[4];
  return p.captureHeader("X-A", buf, sizeof buf) == 0 ? 0 : 1;
}
