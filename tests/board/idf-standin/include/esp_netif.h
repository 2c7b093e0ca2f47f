// ESP-IDF: esp_netif.h (stand-in, from the API reference "ESP-NETIF"), with
// the IP events of esp_netif_types.h.
#pragma once
#include <stdint.h>

#include "esp_err.h"
#include "esp_event.h"
typedef struct esp_netif_obj esp_netif_t;
typedef struct {
  uint32_t addr;
} esp_ip4_addr_t;
typedef struct {
  esp_ip4_addr_t ip, netmask, gw;
} esp_netif_ip_info_t;
typedef struct {
  esp_netif_t* esp_netif;
  esp_netif_ip_info_t ip_info;
  bool ip_changed;
} ip_event_got_ip_t;
typedef enum { IP_EVENT_STA_GOT_IP = 0, IP_EVENT_STA_LOST_IP } ip_event_t;
#ifdef __cplusplus
extern "C" {
#endif
extern esp_event_base_t const IP_EVENT;
esp_err_t esp_netif_init(void);
esp_netif_t* esp_netif_create_default_wifi_sta(void);
#ifdef __cplusplus
}
#endif
#define IPSTR "%d.%d.%d.%d"
#define esp_ip4_addr_get_byte(ipaddr, idx) (((const uint8_t*)(&(ipaddr)->addr))[idx])
#define IP2STR(ipaddr)                                                \
  esp_ip4_addr_get_byte(ipaddr, 0), esp_ip4_addr_get_byte(ipaddr, 1), \
      esp_ip4_addr_get_byte(ipaddr, 2), esp_ip4_addr_get_byte(ipaddr, 3)
