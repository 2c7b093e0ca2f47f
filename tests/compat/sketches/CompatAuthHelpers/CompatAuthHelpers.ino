// The shape of ESP32-HTTP-Client's "Auth Helpers" example: bearer(),
// basic(user, password) and apiKey(name, key) on the client, each checked by
// an httpbin.org endpoint that answers 401 when the credentials are not the
// ones sent (the test server plays /bearer, /basic-auth/USER/PASS and
// /headers as httpbin does); then setHeader(), which its reference lists
// beside them.
// Differences from the documented sketch, on purpose: plain http:// to the
// host's test server, and no delay(15000) at the end of loop().
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

ESP32HTTPClient client("http://httpbin.org");

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
  char authHeader[128] = {0};

  Serial.println("\n--- [1] Testing Bearer Token ---");
  client.bearer("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.sampleToken");
  client.get("/bearer").getBody("token", authHeader, sizeof(authHeader));
  if (client.isSuccess()) {
    Serial.printf("Bearer Authenticated -> Token verified by server\n");
  }

  Serial.println("\n--- [2] Testing HTTP Basic Auth ---");
  client.basic("admin", "secret123");
  client.get("/basic-auth/admin/secret123");
  if (client.isSuccess()) {
    Serial.println("Basic Auth Success -> 200 OK");
  }

  Serial.println("\n--- [3] Testing API Key Header ---");
  client.apiKey("X-API-KEY", "my-super-secret-api-key-9988");
  client.get("/headers").getBody("headers.X-Api-Key", authHeader, sizeof(authHeader));
  if (client.isSuccess()) {
    Serial.printf("API Key Sent -> Server received: %s\n", authHeader);
  }

  // Beyond the documented output: what the server saw of each helper.
  Serial.println("\n--- [4] What went out ---");
  char authorization[128] = {0};
  char custom[32] = {0};
  client.setHeader("X-Device", "esp32-01");
  client.get("/headers")
      .getBody("headers.Authorization", authorization, sizeof(authorization))
      .getBody("headers.X-Device", custom, sizeof(custom));
  Serial.printf("Authorization: %s\nX-Device: %s\n", authorization, custom);
  client.get("/basic-auth/admin/wrong");
  Serial.printf("wrong password: %d %s\n", client.getStatusCode(),
                client.getErrorMessage().c_str());
}
