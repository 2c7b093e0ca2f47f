// FreeRTOS task.h (stand-in, from the FreeRTOS API reference).
#pragma once
#include "FreeRTOS.h"
typedef void* TaskHandle_t;
typedef void (*TaskFunction_t)(void*);
#ifdef __cplusplus
extern "C" {
#endif
void vTaskDelay(const TickType_t xTicksToDelay);
TickType_t xTaskGetTickCount(void);
UBaseType_t uxTaskGetStackHighWaterMark(TaskHandle_t xTask);
#ifdef __cplusplus
}
#endif
