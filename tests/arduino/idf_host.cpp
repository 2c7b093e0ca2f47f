// The ESP-IDF functions the library calls on a board (declared in
// tests/board/idf-standin/include), implemented over Linux for the host
// sketch tests, which build the library as Arduino-ESP32 does: with
// ESP_PLATFORM and ARDUINO defined.
//
// Heap figures are the host's real ones from the allocation counter
// (tests/support/alloc_counter.h), as free bytes of a heap the size of an
// ESP32-C3's at sketch start (kHeapBytes): free = kHeapBytes - bytes live,
// minimum = kHeapBytes - the peak of live bytes.
//
// The certificate bundle: the stand-in's "firmware bundle" is the PEM file
// named by EHC_STANDIN_BUNDLE (the real one is a binary list built in at
// compile time); esp_crt_bundle_set() takes PEM text here. Without either,
// esp_crt_bundle_attach() fails, as on a build without
// CONFIG_MBEDTLS_CERTIFICATE_BUNDLE.
#include <errno.h>
#include <esp_crt_bundle.h>
#include <esp_heap_caps.h>
#include <esp_random.h>
#include <esp_system.h>
#include <esp_timer.h>
#include <freertos/queue.h>
#include <freertos/task.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "alloc_counter.h"
#include "standin_idf.h"
#include "test_certs.h"

namespace {
const size_t kHeapBytes = 320 * 1024;

size_t freeNow() {
  const size_t live = ehc_test::allocTotals().live;
  return live < kHeapBytes ? kHeapBytes - live : 0;
}

struct Bundle {
  std::string pem;  // what esp_crt_bundle_set() gave, else the firmware's
  bool set = false;
  mbedtls_x509_crt crt;
  bool parsed = false;
  std::string parsedFrom;  // the PEM crt holds: parsed again only when it changes, so
                           // connections that use it stay valid
  ~Bundle() {
    if (parsed) mbedtls_x509_crt_free(&crt);
  }
};
Bundle& bundle() {
  static Bundle b;
  return b;
}
}  // namespace

extern "C" {

void esp_fill_random(void* buf, size_t len) {
  auto* out = static_cast<unsigned char*>(buf);
  while (len) {
    const ssize_t got = getrandom(out, len, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) abort();  // the board's RNG cannot fail either
    out += got;
    len -= static_cast<size_t>(got);
  }
}
uint32_t esp_random(void) {
  uint32_t v;
  esp_fill_random(&v, sizeof v);
  return v;
}

int64_t esp_timer_get_time(void) {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

void vTaskDelay(const TickType_t ticks) {
  const uint64_t ms = static_cast<uint64_t>(ticks) * portTICK_PERIOD_MS;
  timespec ts{static_cast<time_t>(ms / 1000), static_cast<long>(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0) {
  }
}
// Tasks are threads; a queue is a bounded FIFO of fixed-size items.
BaseType_t xTaskCreate(TaskFunction_t code, const char*, uint32_t, void* parameters, UBaseType_t,
                       TaskHandle_t* created) {
  std::thread task(code, parameters);
  if (created) *created = nullptr;
  task.detach();
  return pdPASS;
}

namespace {
struct HostQueue {
  size_t length, itemSize;
  std::deque<std::vector<uint8_t>> items;
  std::mutex mutex;
  std::condition_variable changed;
};

// Waits until ready() under the lock, for at most `ticks` (portMAX_DELAY: ever).
bool waitFor(HostQueue& q, std::unique_lock<std::mutex>& lock, TickType_t ticks,
             bool (*ready)(const HostQueue&)) {
  const auto met = [&q, ready] { return ready(q); };
  if (ticks == portMAX_DELAY) {
    q.changed.wait(lock, met);
    return true;
  }
  return q.changed.wait_for(lock, std::chrono::milliseconds(uint64_t{ticks} * portTICK_PERIOD_MS),
                            met);
}
}  // namespace

QueueHandle_t xQueueCreate(UBaseType_t length, UBaseType_t itemSize) {
  HostQueue* q = new HostQueue;
  q->length = length;
  q->itemSize = itemSize;
  return q;
}

BaseType_t xQueueSend(QueueHandle_t handle, const void* item, TickType_t ticks) {
  HostQueue& q = *static_cast<HostQueue*>(handle);
  std::unique_lock<std::mutex> lock(q.mutex);
  if (!waitFor(q, lock, ticks, [](const HostQueue& h) { return h.items.size() < h.length; }))
    return pdFALSE;
  const uint8_t* bytes = static_cast<const uint8_t*>(item);
  q.items.emplace_back(bytes, bytes + q.itemSize);
  q.changed.notify_all();
  return pdTRUE;
}

BaseType_t xQueueReceive(QueueHandle_t handle, void* out, TickType_t ticks) {
  HostQueue& q = *static_cast<HostQueue*>(handle);
  std::unique_lock<std::mutex> lock(q.mutex);
  if (!waitFor(q, lock, ticks, [](const HostQueue& h) { return !h.items.empty(); })) return pdFALSE;
  memcpy(out, q.items.front().data(), q.itemSize);
  q.items.pop_front();
  q.changed.notify_all();
  return pdTRUE;
}

TickType_t xTaskGetTickCount(void) {
  return static_cast<TickType_t>(esp_timer_get_time() / 1000 / portTICK_PERIOD_MS);
}

uint32_t esp_get_free_heap_size(void) {
  return static_cast<uint32_t>(freeNow());
}
uint32_t esp_get_free_internal_heap_size(void) {
  return esp_get_free_heap_size();
}
uint32_t esp_get_minimum_free_heap_size(void) {
  const ehc_test::AllocTotals t = ehc_test::allocTotals();
  const size_t peak = t.peak > t.live ? t.peak : t.live;
  return static_cast<uint32_t>(peak < kHeapBytes ? kHeapBytes - peak : 0);
}
size_t heap_caps_get_free_size(uint32_t) {
  return freeNow();
}
size_t heap_caps_get_minimum_free_size(uint32_t) {
  return esp_get_minimum_free_heap_size();
}
size_t heap_caps_get_largest_free_block(uint32_t) {
  return freeNow();
}

esp_err_t esp_crt_bundle_set(const uint8_t* x509_bundle, size_t bundle_size) {
  if (!x509_bundle || bundle_size == 0) return ESP_ERR_INVALID_ARG;
  Bundle& b = bundle();
  b.pem.assign(reinterpret_cast<const char*>(x509_bundle), bundle_size);
  b.set = true;
  return ESP_OK;
}

esp_err_t esp_crt_bundle_attach(void* conf) {
  Bundle& b = bundle();
  std::string pem = b.pem;
  if (!b.set) {
    const char* firmware = getenv("EHC_STANDIN_BUNDLE");
    if (!firmware || !*firmware) return ESP_ERR_NOT_FOUND;
    pem = ehc_test::slurpFile(firmware);
  }
  if (!b.parsed || pem != b.parsedFrom) {
    if (b.parsed) mbedtls_x509_crt_free(&b.crt);
    mbedtls_x509_crt_init(&b.crt);
    b.parsed = true;
    b.parsedFrom = pem;
    if (mbedtls_x509_crt_parse(&b.crt, reinterpret_cast<const unsigned char*>(pem.c_str()),
                               pem.size() + 1) < 0)
      b.parsedFrom.clear();
  }
  if (b.parsedFrom.empty()) return ESP_FAIL;
  mbedtls_ssl_conf_ca_chain(static_cast<mbedtls_ssl_config*>(conf), &b.crt, nullptr);
  return ESP_OK;
}

void esp_crt_bundle_detach(mbedtls_ssl_config* conf) {
  mbedtls_ssl_conf_ca_chain(conf, nullptr, nullptr);
}

}  // extern "C"

void ehcStandinResetBundle() {
  Bundle& b = bundle();
  b.pem.clear();
  b.set = false;
}
