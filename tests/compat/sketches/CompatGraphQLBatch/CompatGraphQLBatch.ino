// The shape of ESP32-HTTP-Client's "GraphQLBatch" example: `auto batch =
// client.graphqlBatch(path)`, three `auto& op = batch.addQuery(...)` each
// with its getData() into a String or an int, one explicit execute(), the
// results printed after one HTTP round trip. The fault server plays its
// made-up schema (graphql_route.h: device, notificationCount, weather).
// Differences from the original, on purpose: plain http:// to the host's
// test server; no delay(20000) at the end of loop() (the test runs it once).
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

ESP32HTTPClient client("http://api.example.com");

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
  Serial.println("\n--- [1] Batched GraphQL Operations ---");

  // Several operations in one HTTP POST.
  auto batch = client.graphqlBatch("/graphql");

  String deviceName;
  int unreadNotifications = 0;
  String weatherSummary;

  auto& op1 = batch.addQuery("query { device(id: \"esp32-01\") { name } }");
  op1.getData("device.name", &deviceName);

  auto& op2 = batch.addQuery("query { notificationCount }");
  op2.getData("notificationCount", &unreadNotifications);

  auto& op3 = batch.addQuery("query { weather(city: \"Lisbon\") { summary } }");
  op3.getData("weather.summary", &weatherSummary);

  batch.execute();

  if (client.isSuccess()) {
    Serial.println("Batch request executed successfully in a single HTTP round-trip:");
    Serial.printf(" - Device: %s\n", deviceName.c_str());
    Serial.printf(" - Unread Notifications: %d\n", unreadNotifications);
    Serial.printf(" - Weather: %s\n", weatherSummary.c_str());
  } else {
    Serial.printf("Batch request failed with HTTP status: %d\n", client.getStatusCode());
  }
}
