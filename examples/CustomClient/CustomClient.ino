// CustomClient: requests through an Arduino Client you supply.
//
// By default the client uses its own transports: lwIP sockets (http://) and
// mbedTLS with the core's certificate bundle (https://), the same as on
// ESP-IDF. Give it any Arduino Client instead: an
// EthernetClient, a GSM modem's client, a WiFiClientSecure you configured
// yourself. Here it is a plain WiFiClient owned by the sketch, which shows
// that the connection really is the sketch's client.
#include <ESP32HTTPClient.h>
#include <WiFi.h>
#include <WiFiClient.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

WiFiClient net;  // or EthernetClient, TinyGsmClient, ...
ESP32HTTPClient client("http://jsonplaceholder.typicode.com", net);

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  Serial.printf("before: net.connected() = %d\n", net.connected());

  char title[48] = "";
  bool completed = true;
  client.get("/todos/1").getBody("title", title).getBody("completed", &completed);
  Serial.printf("todo 1: \"%s\", completed: %s\n", title, completed ? "yes" : "no");
  Serial.printf("after the request: net.connected() = %d (kept alive)\n", net.connected());

  client.end();  // closes it: net.stop()
  Serial.printf("after end(): net.connected() = %d\n", net.connected());

  // Another client can be swapped in later with setClient(otherClient).
}

void loop() {}
