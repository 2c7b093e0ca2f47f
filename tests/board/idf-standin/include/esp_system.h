// ESP-IDF: esp_system.h (stand-in, from the API reference "Miscellaneous
// System APIs": heap figures in bytes).
#pragma once
#include <stdint.h>

#include "esp_err.h"
#ifdef __cplusplus
extern "C" {
#endif
uint32_t esp_get_free_heap_size(void);
uint32_t esp_get_free_internal_heap_size(void);
uint32_t esp_get_minimum_free_heap_size(void);
void esp_restart(void);
#ifdef __cplusplus
}
#endif
