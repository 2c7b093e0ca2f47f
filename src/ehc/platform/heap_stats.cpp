#include "heap_stats.h"

#if defined(ESP_PLATFORM)
#include <esp_system.h>
#endif

EHC_BEGIN_NAMESPACE

HeapStats heapStats() {
#if defined(ESP_PLATFORM)
  return {esp_get_free_heap_size(), esp_get_minimum_free_heap_size()};
#else
  return {0, 0};
#endif
}

EHC_END_NAMESPACE
