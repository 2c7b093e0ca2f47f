// QueryAndPathParams: fill in {placeholders} of a path and add a query.
//
// path("id", 3) replaces {id} in "/users/{id}"; query("postId", 1) adds
// ?postId=1. Values are numbers, booleans or text, and are percent-encoded
// for you. The second part asks an echo service (the test server's /echo at
// api.example.com) to show the request line exactly as it was sent.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient placeholder("http://jsonplaceholder.typicode.com");
ESP32HTTPClient echo("http://api.example.com");

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  // A path parameter: /users/3
  char name[32] = "";
  int userId = 3;
  placeholder.get("/users/{id}").path("id", userId).getBody("name", name);
  Serial.printf("user %d: %s\n", userId, name);

  // A query parameter: /comments?postId=1, every commenter's e-mail
  char email[40];
  Serial.println("comments on post 1 by:");
  placeholder.get("/comments")
      .query("postId", 1)
      .getBody("*.email", email, sizeof email, [&](const ehc::JsonMatch&) {
        Serial.print("  ");
        Serial.println(email);
      });

  // What went on the wire: the echo service returns the request target.
  char target[96] = "";
  echo.get("/echo/{user}/posts")
      .path("user", "Ann Lee/2")
      .query("q", "esp32 & http")
      .query("page", 2)
      .query("draft", false)
      .getBody("target", target);
  Serial.print("sent: ");
  Serial.println(target);

  placeholder.end();
  echo.end();
}

void loop() {}
