// ESP-IDF: nvs_flash.h (stand-in, from the API reference "Non-Volatile Storage").
#pragma once
#include "esp_err.h"
#define ESP_ERR_NVS_BASE 0x1100
#define ESP_ERR_NVS_NO_FREE_PAGES (ESP_ERR_NVS_BASE + 0x0d)
#define ESP_ERR_NVS_NEW_VERSION_FOUND (ESP_ERR_NVS_BASE + 0x10)
#ifdef __cplusplus
extern "C" {
#endif
esp_err_t nvs_flash_init(void);
esp_err_t nvs_flash_erase(void);
#ifdef __cplusplus
}
#endif
