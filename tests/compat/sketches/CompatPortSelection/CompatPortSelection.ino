// The shape of ESP32-HTTP-Client's "Custom Port" example (PortSelection):
// the port as the constructor's second argument, the base URL without it;
// then the port arguments of setBaseUrl() and setUrl(), getPort() and
// getBaseUrl(), and the request each one makes (the test server's /echo
// shows the Host header it received: the port goes out with it).
// Differences from the documented sketch, on purpose: 192.168.1.100 is the
// host's test server (the test maps the address to it, whatever the port);
// the https constructors of its documentation are only constructed (no TLS
// server here), and loop() has no delay (the test runs it once).
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

// Connect to a local server on port 8080
ESP32HTTPClient client("http://192.168.1.100", 8080);

// The documentation's other two: HTTPS on 8443, HTTPS's own port written out.
ESP32HTTPClient secureClient("https://my-server.local", 8443);
ESP32HTTPClient explicitClient("https://timeapi.io", 443);

static void printHost(const char* label) {
  String head;
  client.get("/echo").getBody("head", &head);
  const char* host = strstr(head.c_str(), "Host: ");
  const char* end = host ? strstr(host, "\r\n") : nullptr;
  Serial.printf("%s -> %s, port %d, sent %.*s\n", label, client.getBaseUrl(), client.getPort(),
                host && end ? static_cast<int>(end - host) : 0, host ? host : "");
}

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
  int status;
  Serial.println("Sending GET request to custom port...");
  client.get("/status").getBody("status", &status);
  Serial.printf("Status code: %d\n", client.getStatusCode());
  Serial.printf("Value: %d\n", status);

  Serial.printf("%s port %d, %s port %d\n", secureClient.getBaseUrl(), secureClient.getPort(),
                explicitClient.getBaseUrl(), explicitClient.getPort());

  printHost("constructor");
  client.setBaseUrl("http://192.168.1.100", 3000);
  printHost("setBaseUrl");
  client.setUrl("http://192.168.1.100", 8081);
  printHost("setUrl");
  client.setUrl("http://192.168.1.100");
  printHost("setUrl without a port");
  client.setPort(8080);
  printHost("setPort");
}
