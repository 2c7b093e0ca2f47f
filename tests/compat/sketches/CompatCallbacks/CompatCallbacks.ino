// The shape of ESP32-HTTP-Client's "Callbacks & Error Handling" example:
// client-wide and per-request callbacks, timeout(), retry(), hasError(),
// getErrorMessage().c_str(), setUrl() and getBaseUrl(); then the settings'
// getters of its API reference (getTimeout, setMaxRetry/getMaxRetry,
// maxRetry), errorToString() as a String, onObservability() as its
// reference prints the metrics, and callbacks of every kind a sketch hands
// in: a std::function, a lambda capturing three references, one capturing a
// String by value, nullptr.
//
// Differences from the documented output, on purpose: the lines come in the
// order the original's code runs the callbacks (onResponse first, then the
// request's onSuccess before the client's; its documentation prints them
// the other way round); plain http:// and api.example.com's /status?code=200
// stand in for https://httpbin.org/status/200 (the host's test server); the
// reference's metrics line prints size_t with %d, which a 64-bit host's
// -Wformat refuses (an ESP32's size_t is an int's size): cast here; the
// TTFB varies, so host_output.mask rewrites it.
#include <Arduino.h>
#include <WiFi.h>

#include <functional>

#include "ESP32HTTPClient.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) {
    delay(500);
    Serial.print(".");
  }
  Serial.println("\nConnected to WiFi");

  client.onSuccess([](int statusCode) {
    Serial.printf("[Global Callback] Success with HTTP %d\n", statusCode);
  });
  client.onError([](int errorCode, const char* message) {
    Serial.printf("[Global Callback] Error (%d): %s\n", errorCode, message);
  });
  client.onResponse([](int statusCode) {
    Serial.printf("[Global Callback] Request complete, status: %d\n", statusCode);
  });
}

void loop() {
  Serial.println("\n--- [1] Request with Callbacks and Timeout/Retry ---");
  int id = 0;
  client.get("/todos/1")
      .timeout(3000)
      .retry(2)
      .onSuccess([](int code) {
        Serial.printf("[Request Callback] Todo fetched successfully (HTTP %d)\n", code);
      })
      .onError([](int code, const char* message) {
        Serial.printf("[Request Callback] Failed (%d): %s\n", code, message);
      })
      .getBody("id", &id);

  Serial.println("\n--- [2] Handling Error (404 Not Found) ---");
  client.get("/non_existent_endpoint");
  if (client.hasError()) {
    Serial.printf("Detected Error: HTTP %d (%s)\n", client.getStatusCode(),
                  client.getErrorMessage().c_str());
  }

  Serial.println("\n--- [3] Changing URL at runtime ---");
  client.setUrl("http://api.example.com");
  client.get("/status?code=200");
  if (client.isSuccess()) {
    Serial.printf("Switched to %s successfully (HTTP %d)\n", client.getBaseUrl(),
                  client.getStatusCode());
  }
  client.setUrl("http://jsonplaceholder.typicode.com");

  Serial.println("\n--- [4] Settings, metrics and callbacks of every kind ---");
  client.setTimeout(10000);
  client.setMaxRetry(3);
  Serial.printf("timeout %u ms, max retry %d\n", client.getTimeout(), client.getMaxRetry());
  client.setMaxRetry(-1);
  Serial.printf("max retry after setMaxRetry(-1): %d\n", client.getMaxRetry());
  client.setMaxRetry(1);
  String refused = ESP32HTTPClient::errorToString(-1);
  Serial.printf("errorToString(-1): %s (%u chars), (500): %s\n", refused.c_str(), refused.length(),
                ESP32HTTPClient::errorToString(500).c_str());

  client.onObservability([](const ObservabilityMetrics& m) {
    Serial.printf("TTFB: %lu ms | TX: %d | RX: %d\n", m.ttfbMs, (int)m.txBytes, (int)m.rxBytes);
  });
  int calls = 0, lastCode = 0, codeSum = 0;
  String what = "todo 2";
  std::function<void(int)> printSuccess = [](int code) {
    Serial.printf("[std::function] success %d\n", code);
  };
  client.get("/todos/2")
      .maxRetry(0)
      .onSuccess(printSuccess)
      .onResponse([&calls, &lastCode, &codeSum](int code) {
        ++calls;
        lastCode = code;
        codeSum += code;
      })
      .onError([what](int code, const char* message) {
        Serial.printf("%s failed: %d %s\n", what.c_str(), code, message);
      })
      .getBody("id", &id);
  Serial.printf("three references: %d call, last %d, sum %d; id %d\n", calls, lastCode, codeSum,
                id);
  client.get("/todos/999").onError([what](int code, const char* message) {
    Serial.printf("%s failed: %d %s\n", what.c_str(), code, message);
  });
  client.onObservability(nullptr);
  client.onSuccess(nullptr);
  client.onError(nullptr);
  client.onResponse(nullptr);
  client.get("/todos/1");
  Serial.printf("no callbacks: %d\n", client.getStatusCode());
}
