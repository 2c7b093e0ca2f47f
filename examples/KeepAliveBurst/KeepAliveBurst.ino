// KeepAliveBurst: many requests over one kept-alive connection.
//
// The client keeps its connection open between requests (HTTP/1.1
// persistent connections), so a burst pays for one TCP (and TLS) handshake.
// send() tells whether a request reused the kept connection. end() closes
// it (freeing the TLS buffers, about 40 KB, on https://); the next request
// opens a new one.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");

void fetch(int n) {
  char name[32] = "";
  RestResult r = client.get("/users/{id}").path("id", n).getBody("name", name).send();
  Serial.printf("request %2d: %d %-24s reused: %s\n", n, r.statusCode, name,
                r.reused ? "yes" : "no");
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  for (int n = 1; n <= 10; ++n) fetch(n);  // the first connects, the others reuse
  client.end();                            // done for now: close the connection
  Serial.println("end()");
  fetch(1);  // a new connection
  fetch(2);  // kept again
  client.end();
}

void loop() {}
