// ESP-IDF: esp_log.h (stand-in, from the API reference "Logging"). The real
// macros add a level letter, the time and the tag; printf-checked alike.
#pragma once
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
void esp_log_write(int level, const char* tag, const char* format, ...)
    __attribute__((format(printf, 3, 4)));
#ifdef __cplusplus
}
#endif
#define ESP_LOGE(tag, format, ...) esp_log_write(1, tag, format "\n", ##__VA_ARGS__)
#define ESP_LOGW(tag, format, ...) esp_log_write(2, tag, format "\n", ##__VA_ARGS__)
#define ESP_LOGI(tag, format, ...) esp_log_write(3, tag, format "\n", ##__VA_ARGS__)
