// Free heap now and its low-water mark since boot, where the platform keeps
// them (ESP-IDF, Arduino-ESP32); zero where it does not (Linux counts no
// free heap: it grows on demand).
#pragma once

#include <stddef.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

struct HeapStats {
  size_t freeBytes;
  size_t minimumFreeBytes;
};
HeapStats heapStats();

EHC_END_NAMESPACE
