// CustomPort: a server on a port other than 80 / 443.
//
// The port can be part of the URL, or given to the constructor, or set
// later with setPort(); it goes into the Host header as HTTP requires. An
// echo service (the test server's /echo at api.example.com) shows the Host
// header it received. (On the host, the test harness sends api.example.com
// to its local server whatever the port.)
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://api.example.com", 8080);  // port as an argument
ESP32HTTPClient inUrl("http://api.example.com:8081");    // port in the URL
ESP32HTTPClient standard("http://api.example.com");      // 80: not written

// Asks /echo and prints the Host line of the request it received.
void showHost(ESP32HTTPClient& c) {
  char head[512] = "";
  c.get("/echo").getBody("head", head);
  const char* host = strstr(head, "\r\nHost: ");
  const char* end = host ? strstr(host + 2, "\r\n") : nullptr;
  if (!host) {
    Serial.println("no Host header?");
    return;
  }
  host += 2;
  const size_t length = end ? static_cast<size_t>(end - host) : strlen(host);
  Serial.write(reinterpret_cast<const uint8_t*>(host), length);
  Serial.println();
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  showHost(client);
  showHost(inUrl);
  showHost(standard);
  client.setPort(9090);  // another port from now on: the next request connects there
  showHost(client);
  client.end();
  inUrl.end();
  standard.end();
}

void loop() {}
