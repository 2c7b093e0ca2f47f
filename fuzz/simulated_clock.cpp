// The clock behind Deadline for the client fuzzer: simulated, so that an
// input runs the same code whatever the machine's load (with the real clock
// the time left on a deadline differs from run to run, and with it the
// branches and compared values libFuzzer steers by). It stands still except
// while the client sleeps (retry backoff), which advances it at once.
// Linked ahead of the ehc_net archive, it replaces net/clock.cpp there (that
// object defines only these two functions; were it pulled in too, the link
// would fail on duplicate symbols, not pick one silently).
#include "ehc/net/deadline.h"

EHC_BEGIN_NAMESPACE

namespace {
uint32_t simulatedNow = 1000;
}  // namespace

uint32_t monotonicMs() {
  return simulatedNow;
}

void sleepMs(uint32_t ms) {
  simulatedNow += ms;
}

EHC_END_NAMESPACE
