// ESP-IDF (Arduino-ESP32 included): esp_timer and FreeRTOS. ESP-IDF has no
// nanosleep for chip targets (neither declared nor linkable), and its
// usleep() busy-waits for short times; vTaskDelay lets other tasks run.
// Other Arduino boards: millis() and delay(). Elsewhere: POSIX.
#include "clock.h"

#if defined(ESP_PLATFORM)
#include <esp_timer.h>
#include <freertos/FreeRTOS.h>
#include <freertos/task.h>

EHC_BEGIN_NAMESPACE
uint32_t monotonicMs() {
  return static_cast<uint32_t>(esp_timer_get_time() / 1000);
}
void sleepMs(uint32_t ms) {
  // Whole ticks, rounded up: never shorter than asked.
  const uint32_t tickMs = portTICK_PERIOD_MS > 0 ? portTICK_PERIOD_MS : 1;
  vTaskDelay(static_cast<TickType_t>((ms + tickMs - 1) / tickMs));
}
EHC_END_NAMESPACE

#elif defined(ARDUINO)
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
