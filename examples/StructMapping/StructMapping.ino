// StructMapping: a JSON object straight into your own structs, and back.
//
// REST_JSON_MAP lists the fields of a struct that map to JSON members
// (nested structs map to nested objects). The same map fills the struct
// from a response and writes it out as JSON.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

struct Geo {
  char lat[12];
  char lng[12];
  REST_JSON_MAP(REST_FIELD(lat), REST_FIELD(lng))
};

struct Address {
  char street[24];
  char city[24];
  char zipcode[12];
  Geo geo;
  REST_JSON_MAP(REST_FIELD(street), REST_FIELD(city), REST_FIELD(zipcode), REST_FIELD(geo))
};

struct Company {
  char name[32];
  REST_JSON_MAP(REST_FIELD(name))
};

struct User {
  int id;
  char name[32];
  char email[32];
  Address address;
  Company employer;  // the JSON member is "company": map it under another name
  REST_JSON_MAP(REST_FIELD(id), REST_FIELD(name), REST_FIELD(email), REST_FIELD(address),
                REST_FIELD_NAMED("company", employer))
};

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

void printUser(const User& user) {
  Serial.printf("  #%d %s <%s>, works at %s\n", user.id, user.name, user.email, user.employer.name);
  Serial.printf("  %s, %s %s (%s, %s)\n", user.address.street, user.address.city,
                user.address.zipcode, user.address.geo.lat, user.address.geo.lng);
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  // The whole body into a struct: fields missing from the JSON keep their value.
  User user = {};
  client.get("/users/1").getBody(&user);
  Serial.println("GET /users/1:");
  printUser(user);

  // A struct at a path: the third user of the list.
  User third = {};
  client.get("/users").getBody("2", &third);
  Serial.println("GET /users, element 2:");
  printUser(third);

  // Back to JSON, into a buffer (false if it does not fit) ...
  char json[256];
  if (ESP32HTTPClient::toJson(user, json, sizeof json)) {
    Serial.println("toJson:");
    Serial.println(json);
  }
  // ... and from JSON text into a struct.
  Geo geo = {};
  if (RestJson::fromJson("{\"lat\":\"48.8566\",\"lng\":\"2.3522\"}", &geo))
    Serial.printf("fromJson: lat %s, lng %s\n", geo.lat, geo.lng);
  client.end();
}

void loop() {}
