// The shape of ESP32-HTTP-Client's "Callbacks & Error Handling" example:
// client-wide and per-request callbacks, timeout(), retry(), hasError(),
// getErrorMessage().c_str(), setUrl() and getBaseUrl().
//
// Differences from the documented output, on purpose: the lines come in the
// order the original's code runs the callbacks (onResponse first, then the
// request's onSuccess before the client's; its documentation prints them
// the other way round); plain http:// and api.example.com's /status?code=200
// stand in for https://httpbin.org/status/200 (the host's test server).
#include <Arduino.h>
#include <WiFi.h>

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
}
