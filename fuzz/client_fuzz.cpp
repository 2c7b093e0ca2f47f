// Fuzzes the client on what a server sends (client_scenario.h: any bytes as
// the responses to two requests of every kind of binding). The outcome must
// not depend on how the bytes are split into reads (the first input byte
// picks the read size, compared with reads of one byte), and sanitizers
// catch the rest. The same requests polled, with a poll schedule taken
// from the input (its bytes as the polls' budgets), must come to the same.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "client_scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const size_t maxRead = 1 + data[0] % 64;
  ehc_fuzz::ClientOutcome whole, bytewise;
  ehc_fuzz::runClient(data + 1, size - 1, maxRead, &whole);
  ehc_fuzz::runClient(data + 1, size - 1, 1, &bytewise);
  if (!ehc_fuzz::sameOutcome(whole, bytewise)) {
    fprintf(stderr, "outcome depends on the read size (%zu vs 1): status %d/%d vs %d/%d\n", maxRead,
            whole.status[0], whole.status[1], bytewise.status[0], bytewise.status[1]);
    abort();
  }
  const ehc_fuzz::PollSchedule schedule{data, size};
  ehc_fuzz::ClientOutcome polled;
  ehc_fuzz::runClient(data + 1, size - 1, maxRead, &polled, &schedule);
  if (!ehc_fuzz::sameOutcome(whole, polled)) {
    fprintf(stderr, "outcome depends on the poll schedule: status %d/%d vs %d/%d\n",
            whole.status[0], whole.status[1], polled.status[0], polled.status[1]);
    abort();
  }
  return 0;
}
