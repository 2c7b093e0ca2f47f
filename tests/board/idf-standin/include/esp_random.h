// ESP-IDF >= 5.0: esp_random.h, component esp_hw_support (stand-in, from the
// API reference "Random Number Generation").
#pragma once
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
uint32_t esp_random(void);
void esp_fill_random(void* buf, size_t len);
#ifdef __cplusplus
}
#endif
