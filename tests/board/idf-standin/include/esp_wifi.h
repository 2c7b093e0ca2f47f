// ESP-IDF: esp_wifi.h (stand-in, from the API reference "Wi-Fi"): the station
// calls a connect-and-wait program makes.
#pragma once
#include <stdint.h>

#include "esp_err.h"
#include "esp_event.h"
typedef enum { WIFI_MODE_NULL = 0, WIFI_MODE_STA, WIFI_MODE_AP, WIFI_MODE_APSTA } wifi_mode_t;
typedef enum { WIFI_IF_STA = 0, WIFI_IF_AP } wifi_interface_t;
typedef enum {
  WIFI_AUTH_OPEN = 0,
  WIFI_AUTH_WEP,
  WIFI_AUTH_WPA_PSK,
  WIFI_AUTH_WPA2_PSK,
  WIFI_AUTH_WPA_WPA2_PSK
} wifi_auth_mode_t;
typedef enum {
  WIFI_EVENT_WIFI_READY = 0,
  WIFI_EVENT_SCAN_DONE,
  WIFI_EVENT_STA_START,
  WIFI_EVENT_STA_STOP,
  WIFI_EVENT_STA_CONNECTED,
  WIFI_EVENT_STA_DISCONNECTED
} wifi_event_t;
typedef struct {
  wifi_auth_mode_t authmode;
} wifi_scan_threshold_t;
typedef struct {
  uint8_t ssid[32];
  uint8_t password[64];
  wifi_scan_threshold_t threshold;
} wifi_sta_config_t;
typedef union {
  wifi_sta_config_t sta;
} wifi_config_t;
typedef struct {
  int magic;  // the real struct has many fields: use WIFI_INIT_CONFIG_DEFAULT()
} wifi_init_config_t;
#define WIFI_INIT_CONFIG_DEFAULT() \
  { 0x1F2F3F4F }
#ifdef __cplusplus
extern "C" {
#endif
extern esp_event_base_t const WIFI_EVENT;
esp_err_t esp_wifi_init(const wifi_init_config_t* config);
esp_err_t esp_wifi_set_mode(wifi_mode_t mode);
esp_err_t esp_wifi_set_config(wifi_interface_t interface, wifi_config_t* conf);
esp_err_t esp_wifi_start(void);
esp_err_t esp_wifi_connect(void);
#ifdef __cplusplus
}
#endif
