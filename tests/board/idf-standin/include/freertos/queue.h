// FreeRTOS queue.h (stand-in, from the FreeRTOS API reference): the calls
// the examples use. Items are copied in and out, itemSize bytes each.
#pragma once
#include "FreeRTOS.h"
typedef void* QueueHandle_t;
#ifdef __cplusplus
extern "C" {
#endif
QueueHandle_t xQueueCreate(UBaseType_t uxQueueLength, UBaseType_t uxItemSize);
BaseType_t xQueueSend(QueueHandle_t xQueue, const void* pvItemToQueue, TickType_t xTicksToWait);
BaseType_t xQueueReceive(QueueHandle_t xQueue, void* pvBuffer, TickType_t xTicksToWait);
#ifdef __cplusplus
}
#endif
