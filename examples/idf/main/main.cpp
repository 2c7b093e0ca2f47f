// The QuickStart request on ESP-IDF: join Wi-Fi, then two values of the first
// user over HTTPS, verified against ESP-IDF's certificate bundle (nothing to
// configure: ESP32HTTPClient uses it by default).
#include <ESP32HTTPClient.h>
#include <esp_event.h>
#include <esp_log.h>
#include <esp_netif.h>
#include <esp_wifi.h>
#include <freertos/FreeRTOS.h>
#include <freertos/event_groups.h>
#include <nvs_flash.h>
#include <sdkconfig.h>
#include <string.h>

namespace {

const char* const kTag = "quickstart";
const EventBits_t kConnected = 1;
EventGroupHandle_t wifiEvents;

void onEvent(void*, esp_event_base_t base, int32_t id, void*) {
  if (base == WIFI_EVENT && (id == WIFI_EVENT_STA_START || id == WIFI_EVENT_STA_DISCONNECTED)) {
    esp_wifi_connect();  // and again after each disconnect
  } else if (base == IP_EVENT && id == IP_EVENT_STA_GOT_IP) {
    xEventGroupSetBits(wifiEvents, kConnected);
  }
}

void joinWifi() {
  esp_err_t rc = nvs_flash_init();  // the Wi-Fi driver keeps its calibration there
  if (rc == ESP_ERR_NVS_NO_FREE_PAGES || rc == ESP_ERR_NVS_NEW_VERSION_FOUND) {
    ESP_ERROR_CHECK(nvs_flash_erase());
    rc = nvs_flash_init();
  }
  ESP_ERROR_CHECK(rc);
  wifiEvents = xEventGroupCreate();
  ESP_ERROR_CHECK(esp_netif_init());
  ESP_ERROR_CHECK(esp_event_loop_create_default());
  esp_netif_create_default_wifi_sta();
  const wifi_init_config_t init = WIFI_INIT_CONFIG_DEFAULT();
  ESP_ERROR_CHECK(esp_wifi_init(&init));
  ESP_ERROR_CHECK(
      esp_event_handler_instance_register(WIFI_EVENT, ESP_EVENT_ANY_ID, onEvent, nullptr, nullptr));
  ESP_ERROR_CHECK(esp_event_handler_instance_register(IP_EVENT, IP_EVENT_STA_GOT_IP, onEvent,
                                                      nullptr, nullptr));
  wifi_config_t config = {};
  strncpy(reinterpret_cast<char*>(config.sta.ssid), CONFIG_EXAMPLE_WIFI_SSID,
          sizeof config.sta.ssid - 1);
  strncpy(reinterpret_cast<char*>(config.sta.password), CONFIG_EXAMPLE_WIFI_PASSWORD,
          sizeof config.sta.password - 1);
  ESP_ERROR_CHECK(esp_wifi_set_mode(WIFI_MODE_STA));
  ESP_ERROR_CHECK(esp_wifi_set_config(WIFI_IF_STA, &config));
  ESP_ERROR_CHECK(esp_wifi_start());
  xEventGroupWaitBits(wifiEvents, kConnected, pdFALSE, pdTRUE, portMAX_DELAY);
}

}  // namespace

extern "C" void app_main(void) {
  joinWifi();
  ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
  char city[32] = "", lat[16] = "";
  const RestResult r = client.get("/users")
                           .getBody("0.address.city", city, sizeof city)
                           .getBody("0.address.geo.lat", lat, sizeof lat)
                           .send();
  ESP_LOGI(kTag, "%d: %s (%s)", r.statusCode, city, lat);
  if (r.error != ehc::EHC_OK) ESP_LOGE(kTag, "%s", r.message());
  const ehc::HeapStats heap = ehc::heapStats();
  ESP_LOGI(kTag, "free heap %u bytes (lowest %u)", static_cast<unsigned>(heap.freeBytes),
           static_cast<unsigned>(heap.minimumFreeBytes));
  client.end();  // closes the connection; the TLS session is kept for the next one
}
