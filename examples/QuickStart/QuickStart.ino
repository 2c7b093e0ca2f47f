// QuickStart: the README's example. Two values of the first user, straight
// into two char arrays; nothing else of the body is kept.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

void setup() {
  Serial.begin(115200);
  WiFi.begin("your-ssid", "your-password");
  while (WiFi.status() != WL_CONNECTED) delay(500);

  char city[32], lat[16];
  client.get("/users")
      .getBody("0.address.city", city, sizeof city)
      .getBody("0.address.geo.lat", lat, sizeof lat);  // sent here, at the ';'
  Serial.printf("%d: %s (%s)\n", client.getStatusCode(), city, lat);
  client.end();  // closes the kept-alive connection
}

void loop() {}
