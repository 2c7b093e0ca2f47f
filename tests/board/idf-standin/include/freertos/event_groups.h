// FreeRTOS event_groups.h (stand-in, from the FreeRTOS API reference).
#pragma once
#include "FreeRTOS.h"
typedef void* EventGroupHandle_t;
typedef TickType_t EventBits_t;
#ifdef __cplusplus
extern "C" {
#endif
EventGroupHandle_t xEventGroupCreate(void);
EventBits_t xEventGroupSetBits(EventGroupHandle_t group, const EventBits_t bits);
EventBits_t xEventGroupWaitBits(EventGroupHandle_t group, const EventBits_t bits,
                                const BaseType_t clearOnExit, const BaseType_t waitForAll,
                                TickType_t ticksToWait);
#ifdef __cplusplus
}
#endif
