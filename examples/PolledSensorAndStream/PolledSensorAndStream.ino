// PolledSensorAndStream: two requests in flight while the LED keeps blinking.
//
// Nothing here waits for the network: start() returns at once and poll()
// does only what can be done now (at most the client's poll budget, 5 ms
// by default), so loop() runs every few milliseconds whatever the servers
// do, and the task watchdog never fires. Each request in flight needs its
// own client (its own connection).
//
// The second request stands for an event stream: server-sent events are
// being wired into the client separately; until then it is a plain request
// polled the same way, made again each time it ends.
#include <ESP32HTTPClient.h>
#include <WiFi.h>

#include <optional>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient sensorApi("http://jsonplaceholder.typicode.com");
ESP32HTTPClient streamApi("http://jsonplaceholder.typicode.com");

// A request lives as long as it runs (a builder that goes cancels it):
// kept here between passes of loop(); emplace() builds the next one in its
// place once the last is done.
std::optional<RestRequest> sensor, stream;
char sensorName[32];
long eventCount = 0;
unsigned long nextSensorRead = 0;

void startSensor() {
  sensor.emplace(sensorApi.get("/users/1").getBody("name", sensorName));
  sensor->start();
}

void startStream() {
  stream.emplace(
      streamApi.get("/posts").getBody("*.id", [](const ehc::JsonMatch&) { ++eventCount; }));
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
    Serial.printf("stream: %ld events so far\n", eventCount);
    startStream();
  }
  delay(1);  // let the idle task run
}
