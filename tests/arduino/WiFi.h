// Host stand-in for the ESP32 WiFi library: the host's network is already up.
#pragma once

#include "Arduino.h"
#include "WiFiClient.h"

typedef enum { WL_IDLE_STATUS = 0, WL_CONNECTED = 3, WL_DISCONNECTED = 6 } wl_status_t;

class WiFiClass {
 public:
  wl_status_t begin(const char* /*ssid*/, const char* /*pass*/ = nullptr) { return WL_CONNECTED; }
  wl_status_t status() const { return WL_CONNECTED; }
  bool disconnect(bool = false) { return true; }
  IPAddress localIP() const { return IPAddress(127, 0, 0, 1); }
  bool mode(int) { return true; }
};
extern WiFiClass WiFi;
#define WIFI_STA 1
