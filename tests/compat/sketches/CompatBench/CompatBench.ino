// The shape of ESP32-HTTP-Client's benchmark sketch (bench_esp32_http_client):
// 100 GETs of /users binding the first user's 15 fields into char buffers,
// timed with millis(), the heap read with esp_get_free_heap_size() and
// esp_get_minimum_free_heap_size() before and after each, client.end(), and
// its report (F() strings, WiFi.localIP().toString()).
// Differences from the original's run, on purpose: plain http:// to the
// host's test server; the times vary from run to run, and the host's heap
// level depends on the run, so host_output.mask rewrites
// them before the output is compared (a request's heap before and after
// must still be the same figure: the library allocates nothing per request
// once connected).
// (The original's other benchmark, HTTPClient + ArduinoJson, is not a
// sketch of this library: bench/ and scripts/demo.sh measure that way.)
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

const char* WIFI_SSID = "YOUR_SSID";
const char* WIFI_PASSWORD = "YOUR_PASSWORD";
const int NUM_REQUESTS = 100;

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

struct UserFields {
  char id[8], name[64], username[32], email[64], phone[32], website[32];
  char street[64], suite[32], city[32], zipcode[16], lat[16], lng[16];
  char companyName[64], catchPhrase[64], bs[64];
};
static UserFields g_user;

struct Sample {
  uint32_t ms;
  int32_t heapBefore, heapAfter;
  uint32_t heapMinSystem;
};
static Sample g_samples[NUM_REQUESTS];
static int g_success = 0, g_failed = 0;

static void printSeparator() {
  Serial.println(F("============================================================"));
}

static void waitForWifi() {
  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);
  Serial.print(F("[WiFi] Connecting"));
  while (WiFi.status() != WL_CONNECTED) {
    delay(500);
    Serial.print('.');
  }
  Serial.println();
  Serial.printf("[WiFi] Connected  IP: %s\n", WiFi.localIP().toString().c_str());
}

static bool runRequest(Sample& s) {
  s.heapBefore = (int32_t)esp_get_free_heap_size();
  const unsigned long t0 = millis();
  UserFields& u = g_user;
  client.get("/users")
      .getBody("0.id", u.id, sizeof(u.id))
      .getBody("0.name", u.name, sizeof(u.name))
      .getBody("0.username", u.username, sizeof(u.username))
      .getBody("0.email", u.email, sizeof(u.email))
      .getBody("0.phone", u.phone, sizeof(u.phone))
      .getBody("0.website", u.website, sizeof(u.website))
      .getBody("0.address.street", u.street, sizeof(u.street))
      .getBody("0.address.suite", u.suite, sizeof(u.suite))
      .getBody("0.address.city", u.city, sizeof(u.city))
      .getBody("0.address.zipcode", u.zipcode, sizeof(u.zipcode))
      .getBody("0.address.geo.lat", u.lat, sizeof(u.lat))
      .getBody("0.address.geo.lng", u.lng, sizeof(u.lng))
      .getBody("0.company.name", u.companyName, sizeof(u.companyName))
      .getBody("0.company.catchPhrase", u.catchPhrase, sizeof(u.catchPhrase))
      .getBody("0.company.bs", u.bs, sizeof(u.bs));
  s.ms = (uint32_t)(millis() - t0);
  s.heapAfter = (int32_t)esp_get_free_heap_size();
  s.heapMinSystem = (uint32_t)esp_get_minimum_free_heap_size();
  return client.getStatusCode() == 200;
}

static void printReport() {
  uint32_t timeMin = UINT32_MAX, timeMax = 0, timeSum = 0, sysHeapMin = UINT32_MAX;
  int32_t usedMin = INT32_MAX, usedMax = INT32_MIN;
  int64_t usedSum = 0, footprintSum = 0;
  const int32_t heapStart = g_samples[0].heapBefore;
  const int32_t heapEnd = g_samples[NUM_REQUESTS - 1].heapAfter;
  for (const Sample& s : g_samples) {
    timeMin = s.ms < timeMin ? s.ms : timeMin;
    timeMax = s.ms > timeMax ? s.ms : timeMax;
    timeSum += s.ms;
    const int32_t used = s.heapBefore - s.heapAfter;
    usedMin = used < usedMin ? used : usedMin;
    usedMax = used > usedMax ? used : usedMax;
    usedSum += used;
    sysHeapMin = s.heapMinSystem < sysHeapMin ? s.heapMinSystem : sysHeapMin;
    footprintSum += heapStart - s.heapAfter;
  }
  const float usedAvg = (float)usedSum / NUM_REQUESTS;
  float fragPct = heapStart > 0 ? ((float)footprintSum / NUM_REQUESTS) / heapStart * 100.0f : 0;
  if (fragPct < 0) fragPct = 0;

  printSeparator();
  Serial.println(F("  BENCHMARK: esp32-http-client"));
  printSeparator();
  Serial.printf("  Total requests     : %d\n", NUM_REQUESTS);
  Serial.printf("  Success            : %d\n", g_success);
  Serial.printf("  Failed             : %d\n", g_failed);
  printSeparator();
  Serial.println(F("  [TIME PER REQUEST]"));
  Serial.printf("    Min     : %u ms\n", timeMin);
  Serial.printf("    Avg     : %.1f ms\n", (float)timeSum / NUM_REQUESTS);
  Serial.printf("    Max     : %u ms\n", timeMax);
  printSeparator();
  Serial.println(F("  [HEAP USED PER REQUEST  (before - after)]"));
  Serial.printf("    Min     : %ld bytes  (%.1f KB)\n", (long)usedMin, usedMin / 1024.0f);
  Serial.printf("    Avg     : %.0f bytes  (%.1f KB)\n", usedAvg, usedAvg / 1024.0f);
  Serial.printf("    Max     : %ld bytes  (%.1f KB)\n", (long)usedMax, usedMax / 1024.0f);
  printSeparator();
  Serial.println(F("  [SYSTEM MINIMUM HEAP  (esp_get_minimum_free_heap_size)]"));
  Serial.printf("    Absolute min    : %u bytes  (%.1f KB)\n", sysHeapMin, sysHeapMin / 1024.0f);
  printSeparator();
  Serial.println(F("  [HEAP FRAGMENTATION  (estimate after all requests)]"));
  Serial.printf("    Initial heap    : %ld bytes  (%.1f KB)\n", (long)heapStart,
                heapStart / 1024.0f);
  Serial.printf("    Final heap      : %ld bytes  (%.1f KB)\n", (long)heapEnd, heapEnd / 1024.0f);
  Serial.printf("    Estimate        : %.1f%%\n", fragPct);
  printSeparator();
}

void setup() {
  Serial.begin(115200);
  delay(500);
  printSeparator();
  Serial.println(F("  STARTING BENCHMARK  >>  esp32-http-client"));
  printSeparator();
  waitForWifi();

  for (int i = 0; i < NUM_REQUESTS; i++) {
    Serial.printf("[REQ %3d/%d] ", i + 1, NUM_REQUESTS);
    Sample& s = g_samples[i];
    if (runRequest(s)) {
      g_success++;
      Serial.printf("OK   %u ms   heap: %ld -> %ld bytes\n", s.ms, (long)s.heapBefore,
                    (long)s.heapAfter);
    } else {
      g_failed++;
      Serial.printf("FAIL  %u ms\n", s.ms);
    }
    delay(50);
  }
  client.end();
  g_samples[NUM_REQUESTS - 1].heapAfter = (int32_t)esp_get_free_heap_size();
  // "0.id" is a JSON number: a char buffer is left empty, as the original
  // leaves it (it writes numbers into number and String targets only).
  Serial.printf("first user: [%s] %s, %s, %s, %s\n", g_user.id, g_user.name, g_user.city,
                g_user.lat, g_user.bs);
  printReport();
}

void loop() {}
