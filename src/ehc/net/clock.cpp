// The monotonic millisecond clock behind Deadline: millis() on Arduino,
// CLOCK_MONOTONIC elsewhere (Linux, macOS, ESP-IDF).
#include "deadline.h"

#if defined(ARDUINO) && !defined(EHC_ARDUINO_HOST_STANDIN)
#include <Arduino.h>

EHC_BEGIN_NAMESPACE
uint32_t monotonicMs() {
  return static_cast<uint32_t>(millis());
}
void sleepMs(uint32_t ms) {
  delay(ms);
}
EHC_END_NAMESPACE

#else
#include <time.h>

EHC_BEGIN_NAMESPACE
uint32_t monotonicMs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint32_t>(static_cast<uint64_t>(ts.tv_sec) * 1000u +
                               static_cast<uint64_t>(ts.tv_nsec) / 1000000u);
}
void sleepMs(uint32_t ms) {
  timespec ts{static_cast<time_t>(ms / 1000), static_cast<long>(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0) {  // interrupted: sleep the rest
  }
}
EHC_END_NAMESPACE
#endif
