// The sdkconfig.h an ESP-IDF build generates (stand-in): the options the
// library and examples/idf read, at their defaults.
#pragma once
#define CONFIG_IDF_TARGET "esp32c3"
#define CONFIG_IDF_TARGET_ESP32C3 1
#define CONFIG_MBEDTLS_CERTIFICATE_BUNDLE 1
#define CONFIG_EXAMPLE_WIFI_SSID "your-ssid"
#define CONFIG_EXAMPLE_WIFI_PASSWORD "your-password"
