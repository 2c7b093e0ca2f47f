// The shape of ESP32-HTTP-Client's "URL Parameters" example: path("id", n),
// query() of several types, path and query together; then path("{id}")
// (the placeholder as written), query/body values of every type, body keys
// with a dot (flat, as the original writes them) and a float written
// shortest, seen through the test server's /echo.
// Differences from the documented output, on purpose: the documentation
// asks for user 15 (JSONPlaceholder has 10) and prints user 5's name; this
// asks for user 10. Plain http:// to the host's test server.
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
}

void loop() {
  Serial.println("\n--- [1] Path Parameters Example ---");
  int userId = 10;
  char name[64] = {0};
  client.get("/users/{id}").path("id", userId).getBody("name", name, sizeof(name));
  if (client.isSuccess()) {
    Serial.printf("Path param resolved -> User: %s\n", name);
  }

  Serial.println("\n--- [2] Query Parameters Example ---");
  char firstTitle[128] = {0};
  client.get("/posts")
      .query("userId", 1)
      .query("_limit", 2)
      .getBody("0.title", firstTitle, sizeof(firstTitle));
  if (client.isSuccess()) {
    Serial.printf("Query params filtered -> First Post Title: %s\n", firstTitle);
  }

  Serial.println("\n--- [3] Path + Query Combined ---");
  client.get("/users/{userId}/posts").path("userId", 1).query("_limit", 5).query("sort", "desc");
  if (client.isSuccess()) {
    Serial.println("Combined Path and Query executed successfully!");
  }

  Serial.println("\n--- [4] What goes out ---");
  char target[128] = {0};
  char body[160] = {0};
  String route = "items";
  client.post("/echo/{route}/{id}")
      .path("route", route)
      .path("{id}", 15)
      .query("enabled", true)
      .query("ratio", 1.5f)
      .query("u64", 18446744073709551615ULL)
      .body("title", String("asd"))
      .body("sensor.value", 9.87f)
      .body("count", 42u)
      .body("big", 12345678901234LL)
      .getBody("target", target, sizeof(target))
      .getBody("body", body, sizeof(body));
  Serial.printf("target: %s\nbody: %s\n", target, body);
}
