// PolledSensorAndStream: two requests in flight while the LED keeps blinking.
//
// Nothing here waits for the network: start() returns at once and poll()
// does only what can be done now (at most the client's poll budget, 5 ms
// by default), so loop() runs every few milliseconds whatever the servers
// do, and the task watchdog never fires. Each request in flight needs its
// own client (its own connection).
//
// The second request is a server-sent event stream (text/event-stream):
// each event's data is bound to `temperature` and the callback runs per
// event; a stream that ends or drops is asked for again with the last
// event's ID, after the server's retry: time.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

#include <optional>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient sensorApi("http://jsonplaceholder.typicode.com");
ESP32HTTPClient streamApi("http://192.168.1.10:8080");  // your event source

// A request lives as long as it runs (a builder that goes cancels it):
// kept here between passes of loop(); emplace() builds the next one in its
// place once the last is done.
std::optional<RestRequest> sensor, stream;
char sensorName[32];
ehc::StaticSseParser<> sse;  // the stream's event state (codec/sse.h)
float temperature = 0;
long eventCount = 0;
unsigned long nextSensorRead = 0;

void startSensor() {
  sensor.emplace(sensorApi.get("/users/1").getBody("name", sensorName));
  sensor->start();
}

void startStream() {
  stream.emplace(streamApi.get("/events")
                     .timeout(3600000)  // a stream lasts at most its request's timeout
                     .getBody("temp", &temperature)
                     .onEvent(sse,
                              [](const ehc::ServerEvent& e) {
                                ++eventCount;
                                Serial.printf("event %s: %.1f\n", e.id, temperature);
                                return true;  // false would end the stream
                              })
                     .reconnect(10));
  stream->start();
}

void blink() {
  static unsigned long last = 0;
  if (millis() - last < 250) return;
  last = millis();
  digitalWrite(LED_BUILTIN, digitalRead(LED_BUILTIN) == HIGH ? LOW : HIGH);
}

void setup() {
  Serial.begin(115200);
  pinMode(LED_BUILTIN, OUTPUT);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);
  startSensor();
  startStream();
}

void loop() {
  blink();
  if (sensor->running() && sensor->poll() == ehc::PollState::Done) {
    const RestResult& r = sensor->result();
    Serial.printf("sensor: %d %s\n", r.statusCode, r.isSuccess() ? sensorName : r.message());
    nextSensorRead = millis() + 2000;
  }
  if (!sensor->running() && millis() >= nextSensorRead) startSensor();
  if (stream->running() && stream->poll() == ehc::PollState::Done) {
    Serial.printf("stream ended after %ld events: %s\n", eventCount, stream->result().message());
    startStream();
  }
  delay(1);  // let the idle task run
}
