// ESP-IDF: esp_timer.h (stand-in, from the API reference "ESP Timer").
#pragma once
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
int64_t esp_timer_get_time(void);  // microseconds since boot
#ifdef __cplusplus
}
#endif
