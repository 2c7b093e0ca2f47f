// The shape of ESP32-HTTP-Client's "Unix Timestamp" example: the base URL
// with its port written out, a JSON number too big for a 32-bit int into a
// long, printed with %ld.
// Differences from the documented sketch, on purpose: http:// and port 80
// instead of https:// and 443 (the host's test server, which answers
// /api/v1/time/current/unix with the documentation's timestamp, has no
// TLS); loop() has no delay (the test runs it once).
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

ESP32HTTPClient client("http://timeapi.io", 80);

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) {
    delay(500);
    Serial.print(".");
  }
  Serial.println("\nConnected to WiFi");
}

void loop() {
  long ts = 0;

  Serial.println("Fetching Unix timestamp...");

  client.get("/api/v1/time/current/unix").getBody("unix_timestamp", &ts);

  if (client.getStatusCode() == 200) {
    Serial.printf("Unix timestamp: %ld\n", ts);
  } else {
    Serial.printf("Error: %d\n", client.getStatusCode());
  }
}
