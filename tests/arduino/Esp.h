// The core's ESP object (cores/esp32/Esp.h), the heap figures a sketch
// prints: ESP-IDF's (esp_system.h, esp_heap_caps.h), which the stand-in
// reports from the host's allocation counter (idf_host.cpp).
#pragma once

#include <esp_heap_caps.h>
#include <esp_system.h>
#include <stdint.h>

class EspClass {
 public:
  uint32_t getHeapSize() { return 320 * 1024; }
  uint32_t getFreeHeap() { return esp_get_free_heap_size(); }
  uint32_t getMinFreeHeap() { return esp_get_minimum_free_heap_size(); }
  uint32_t getMaxAllocHeap() {
    return static_cast<uint32_t>(heap_caps_get_largest_free_block(MALLOC_CAP_DEFAULT));
  }
};
extern EspClass ESP;
