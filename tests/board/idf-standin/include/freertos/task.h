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
BaseType_t xTaskCreate(TaskFunction_t pxTaskCode, const char* pcName, uint32_t usStackDepth,
                       void* pvParameters, UBaseType_t uxPriority, TaskHandle_t* pxCreatedTask);
#ifdef __cplusplus
}
#endif
