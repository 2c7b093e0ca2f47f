// The shape of ESP32-HTTP-Client's "Struct JSON" example: REST_JSON_MAP,
// getBody(&struct), post().body(struct), ESP32HTTPClient::toJson(obj) as a
// String; then what its tests do with a String member, REST_FIELD_NAMED,
// REST_JSON_MAP_EXT, fromJson(String), RestJson::stringify / parse, and a
// map entry written by hand as its macros expand (visitor.field(...)).
//
// Differences from the documented output, on purpose: the created id is
// what JSONPlaceholder answers (201: todos has 200; the documentation shows
// 101); plain http:// to the host's test server.
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

struct Todo {
  int id = 0;
  int userId = 0;
  char title[64] = {0};
  bool completed = false;

  REST_JSON_MAP(REST_FIELD(id), REST_FIELD(userId), REST_FIELD(title), REST_FIELD(completed))
};

struct Member {
  int userId = 0;
  String email = "";
  float score = 0.0f;
  REST_JSON_MAP(REST_FIELD_NAMED("user_id", userId), REST_FIELD(email), REST_FIELD(score))
};

struct Device {
  int id = 0;
  char label[16] = {0};
  REST_JSON_MAP(REST_FIELD(id), visitor.field("device_label", label))
};

struct External {
  int id = 0;
  String role = "";
};
REST_JSON_MAP_EXT(External, REST_FIELD_EXT(id), REST_FIELD_EXT(role))

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
  Todo todo;
  Serial.println("\n--- [1] Fetching Todo as Struct ---");
  client.get("/todos/1").getBody(&todo);
  if (client.isSuccess()) {
    Serial.printf("Struct Populated -> ID: %d, User: %d, Title: %s, Completed: %s\n", todo.id,
                  todo.userId, todo.title, todo.completed ? "true" : "false");
  }

  Serial.println("\n--- [2] Posting Todo from Struct ---");
  Todo newTodo;
  newTodo.userId = 1;
  newTodo.id = 101;
  strncpy(newTodo.title, "Build awesome IoT device", sizeof(newTodo.title));
  newTodo.completed = false;
  Todo responseTodo;
  client.post("/todos").body(newTodo).getBody(&responseTodo);
  if (client.isSuccess()) {
    Serial.printf("Struct Posted -> Created Resource ID: %d\n", responseTodo.id);
  }

  Serial.println("\n--- [3] Standalone Struct to JSON String ---");
  String jsonString = ESP32HTTPClient::toJson(newTodo);
  Serial.printf("Serialized JSON: %s\n", jsonString.c_str());

  Serial.println("\n--- [4] String members, named and external maps ---");
  Member member;
  member.userId = 55;
  member.email = "pedro@test.com";
  member.score = 9.5f;
  String memberJson = RestJson::stringify(member);
  Serial.printf("stringify: %s\n", memberJson.c_str());
  Member back;
  bool ok = RestJson::parse(memberJson, &back);
  Serial.printf("parse: %s, %d, %s, %.1f\n", ok ? "ok" : "failed", back.userId, back.email.c_str(),
                back.score);
  External ext;
  ESP32HTTPClient::fromJson(String("{\"id\":34,\"role\":\"guest\"}"), &ext);
  Serial.printf("external: %d %s -> %s\n", ext.id, ext.role.c_str(), RestJson::toJson(ext).c_str());
  Member nulls;
  nulls.userId = 9;
  nulls.email = "old";
  RestJson::fromJson("{\"user_id\":null,\"email\":null}", &nulls);
  Serial.printf("nulls reset: %d, \"%s\"\n", nulls.userId, nulls.email.c_str());

  Device device;
  ESP32HTTPClient::fromJson("{\"id\":3,\"device_label\":\"esp32-c3\"}", &device);
  Serial.printf("by hand: %d %s -> %s\n", device.id, device.label,
                ESP32HTTPClient::toJson(device).c_str());
}
