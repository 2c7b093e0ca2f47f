// AuthHelpers: bearer tokens, HTTP Basic and API keys.
//
// bearer(), basic() and apiKey() set headers that go with every request of
// the client from then on. An echo service (the test server's /echo at
// api.example.com) sends back the request head it received, and the sketch
// prints the authentication lines from it.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://api.example.com");

// Prints the header lines named `name` of a request head ("...\r\nName: value\r\n...").
void printHeaderLines(const char* head, const char* name) {
  const size_t length = strlen(name);
  for (const char* line = head; line && *line;) {
    const char* end = strstr(line, "\r\n");
    const size_t lineLength = end ? static_cast<size_t>(end - line) : strlen(line);
    if (lineLength > length && strncasecmp(line, name, length) == 0 && line[length] == ':') {
      Serial.print("  ");
      Serial.write(reinterpret_cast<const uint8_t*>(line), lineLength);
      Serial.println();
    }
    line = end ? end + 2 : nullptr;
  }
}

// One request to /echo; prints what the server saw of the credentials.
void show(const char* what) {
  static char head[512];
  head[0] = '\0';
  client.get("/echo").getBody("head", head);
  Serial.print(what);
  Serial.println(":");
  printHeaderLines(head, "Authorization");
  printHeaderLines(head, "X-API-Key");
  printHeaderLines(head, "X-Auth-Token");
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  client.bearer("eyJhbGciOiJIUzI1NiJ9.demo.token");
  show("bearer");

  client.basic("esp32", "s3cret");  // replaces the bearer token
  show("basic");

  client.apiKey("X-API-Key", "k-123456");  // header name, then the key
  show("basic + apiKey");

  client.setHeader("Authorization", nullptr);  // nullptr removes a header
  client.apiKey("X-Auth-Token", "k-654321");   // a key under another header name
  show("two API keys");
  client.end();
}

void loop() {}
