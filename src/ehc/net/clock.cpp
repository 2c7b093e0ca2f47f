// The monotonic millisecond clock behind Deadline: millis() on Arduino,
// CLOCK_MONOTONIC elsewhere (Linux, macOS, ESP-IDF).
#include "deadline.h"

#if defined(ARDUINO) && !defined(EHC_ARDUINO_HOST_STANDIN)
#include <Arduino.h>

EHC_BEGIN_NAMESPACE
uint32_t monotonicMs() {
  return static_cast<uint32_t>(millis());
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
EHC_END_NAMESPACE
#endif
