// The shape of ESP32-HTTP-Client's "Nested JSON" and "Array JSON"
// examples: dotted paths into char buffers, array indexes; then what its
// tests read: JSONPlaceholder's coordinates (JSON strings) into a float and
// a double, a long, a missing field left as it was.
// Difference from what the original prints, on purpose: its code converts a
// number in a JSON string into int and float targets only, so its double
// longitude would stay 0.0000 (docs/migration.md). Plain http:// to the
// host's test server.
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
  char street[64];
  char city[64];
  char lat[32];
  char lng[32];

  Serial.println("Fetching nested user address...");
  client.get("/users/1")
      .getBody("address.street", street, sizeof(street))
      .getBody("address.city", city, sizeof(city))
      .getBody("address.geo.lat", lat, sizeof(lat))
      .getBody("address.geo.lng", lng, sizeof(lng));
  if (client.getStatusCode() == 200) {
    Serial.printf("Street   : %s\n", street);
    Serial.printf("City     : %s\n", city);
    Serial.printf("Latitude : %s\n", lat);
    Serial.printf("Longitude: %s\n", lng);
  } else {
    Serial.printf("Error: %d\n", client.getStatusCode());
  }

  char firstName[32] = {0};
  char secondCity[32] = {0};
  Serial.println("Fetching array of users...");
  client.get("/users")
      .getBody("0.name", firstName, sizeof(firstName))
      .getBody("1.address.city", secondCity, sizeof(secondCity));
  if (client.isSuccess()) {
    Serial.printf("First user's name  : %s\n", firstName);
    Serial.printf("Second user's city : %s\n", secondCity);
  }

  float latitude = 0.0f;
  double longitude = 0.0;
  long id = 0;
  float missing = 0.0f;
  client.get("/users/1")
      .getBody("address.geo.lat", &latitude)
      .getBody("address.geo.lng", &longitude)
      .getBody("id", &id)
      .getBody("address.not_found.deep", &missing);
  Serial.printf("As numbers: %.4f %.4f, id %ld, missing %.1f\n", latitude, longitude, id, missing);
}
