// FreeRTOS as ESP-IDF configures it (stand-in, from the FreeRTOS API
// reference and ESP-IDF's "FreeRTOS (IDF)": CONFIG_FREERTOS_HZ, 1000 on
// Arduino-ESP32 and 100 by default in ESP-IDF).
#pragma once
#include <stdint.h>
typedef uint32_t TickType_t;
typedef int BaseType_t;
typedef unsigned int UBaseType_t;
#ifndef CONFIG_FREERTOS_HZ
#define CONFIG_FREERTOS_HZ 100
#endif
#define configTICK_RATE_HZ CONFIG_FREERTOS_HZ
#define portTICK_PERIOD_MS ((TickType_t)1000 / configTICK_RATE_HZ)
#define pdMS_TO_TICKS(ms) \
  ((TickType_t)(((TickType_t)(ms) * (TickType_t)configTICK_RATE_HZ) / (TickType_t)1000U))
#define portMAX_DELAY ((TickType_t)0xffffffffUL)
#define pdTRUE 1
#define pdFALSE 0
#define pdPASS pdTRUE
