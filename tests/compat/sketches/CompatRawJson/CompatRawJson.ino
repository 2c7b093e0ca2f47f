// The shape of ESP32-HTTP-Client's "Raw JSON" documentation and its
// RawArrayJSON example: getBody(path, &String) takes the JSON text of the
// root array ("") and of an element ("1"), as it appears in the response.
// Differences from the documented output, on purpose: the documentation
// abbreviates the second user ("...") and shows it without the response's
// whitespace; the text here is the element exactly as JSONPlaceholder
// formats it. Both captures of the documented chain are filled (the
// original's code fills only the first: the root capture reads the whole
// stream before "1" is seen). The example prints the whole array: here its
// first 40 characters. Plain http:// to the host's test server, and
// no delay() at the end of loop().
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
  String entireArray;
  String secondUser;
  client.get("/users")
      .getBody("", &entireArray)   // captures the entire root array
      .getBody("1", &secondUser);  // captures the second user object
  if (client.getStatusCode() == 200) {
    Serial.printf("Second user JSON:\n%s\n", secondUser.c_str());
  } else {
    Serial.printf("Error: %d\n", client.getStatusCode());
  }
  Serial.printf("(and the array: %u bytes, from %c to %c)\n", entireArray.length(),
                entireArray.c_str()[0], entireArray.c_str()[entireArray.length() - 1]);

  Serial.println("Send GET request to fetch raw array and raw object...");
  String rawArray;
  String specificUser;
  client.get("/users").getBody("", &rawArray);
  if (client.getStatusCode() == 200) {
    Serial.printf("Raw Array (length: %d):\n%.40s...\n\n", rawArray.length(), rawArray.c_str());
  } else {
    Serial.printf("Error fetching array: %d\n", client.getStatusCode());
  }
  client.get("/users").getBody("1", &specificUser);
  if (client.getStatusCode() == 200) {
    Serial.printf("Raw User Object (length: %d):\n%s\n\n", specificUser.length(),
                  specificUser.c_str());
  } else {
    Serial.printf("Error fetching object: %d\n", client.getStatusCode());
  }
}
