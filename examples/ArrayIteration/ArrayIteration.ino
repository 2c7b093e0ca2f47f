// ArrayIteration: every element of an array, in O(1) memory.
//
// A "*" in a path matches every element (or member) at that level. Each
// match is written into the same variable and then handed to a callback,
// so an array of any length is processed without storing it.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  // Every user's id and name. In each element "id" comes before "name", so
  // when the name arrives, id already holds this user's id.
  int id = 0;
  char name[32];
  Serial.println("users:");
  client.get("/users")
      .getBody("*.id", &id)
      .getBody("*.name", name, sizeof name, [&](const ehc::JsonMatch& match) {
        Serial.printf("  %2d %s (%s)\n", id, name, match.path);
      });

  // Count with a callback only: user 1's todos, and how many are done.
  int todos = 0, done = 0;
  bool completed = false;
  client.get("/todos")
      .query("userId", 1)
      .getBody("*", [&](const ehc::JsonMatch&) { ++todos; })
      .getBody("*.completed", &completed, [&](const ehc::JsonMatch&) { done += completed; });
  Serial.printf("user 1 has %d todos, %d done\n", todos, done);

  // "*" works on object members too: the keys of the first user's address.
  Serial.print("address keys:");
  client.get("/users/1").getBody("address.*", [](const ehc::JsonMatch& match) {
    Serial.print(' ');
    Serial.print(match.path);
  });
  Serial.println();
  client.end();
}

void loop() {}
