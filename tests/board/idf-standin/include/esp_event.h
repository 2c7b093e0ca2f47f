// ESP-IDF: esp_event.h (stand-in, from the API reference "Event Loop Library").
#pragma once
#include <stdint.h>

#include "esp_err.h"
#include "freertos/FreeRTOS.h"
typedef const char* esp_event_base_t;
typedef void* esp_event_handler_instance_t;
typedef void (*esp_event_handler_t)(void* arg, esp_event_base_t base, int32_t id, void* data);
#define ESP_EVENT_ANY_ID -1
#ifdef __cplusplus
extern "C" {
#endif
esp_err_t esp_event_loop_create_default(void);
esp_err_t esp_event_handler_instance_register(esp_event_base_t base, int32_t id,
                                              esp_event_handler_t handler, void* arg,
                                              esp_event_handler_instance_t* instance);
#ifdef __cplusplus
}
#endif
