// The shape of ESP32-HTTP-Client's "Raw JSON" example (getBody into a
// String: the raw JSON of an object or array) and of the rest of its API
// that sketches name: the headers it had, its typedefs and enums, the
// HTTPClient codes, onObservability with ObservabilityMetrics, auth helpers
// (apiKey(name, key), cookie() chained), getHeader into six targets,
// BufferedStreamReader (over a C string, and over a Stream with
// available/read/peek, as the original's tests feed it), a client made by
// `= "url"`, String targets of a number and a boolean (their JSON text).
// (Plain http:// to the host's test server, whose /echo shows the request.)
#include <Arduino.h>
#include <WiFi.h>

#include "BufferedStreamReader.h"
#include "ESP32HTTPClient.h"
#include "RestRequest.h"
#include "RestTypes.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

// A Stream over a C string, the way the original's tests make one.
class TextStream : public Stream {
 public:
  explicit TextStream(const char* text) : text_(text) {}
  int available() override { return static_cast<int>(strlen(text_ + at_)); }
  int read() override { return text_[at_] ? static_cast<unsigned char>(text_[at_++]) : -1; }
  int peek() override { return text_[at_] ? static_cast<unsigned char>(text_[at_]) : -1; }
  size_t write(uint8_t) override { return 0; }

 private:
  const char* text_;
  size_t at_ = 0;
};

ESP32HTTPClient client = "http://jsonplaceholder.typicode.com";
ESP32HTTPClient api("http://api.example.com", 0);

HttpResponseCallback onDone = [](int code) { Serial.printf("done: %d\n", code); };
HttpErrorCallback onFail = [](int code, const char* message) {
  Serial.printf("failed: %d %s\n", code, message);
};

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
  String entireArray;
  String secondUser;
  client.get("/users").getBody("", &entireArray);
  client.get("/users").getBody("1.address.geo", &secondUser);
  if (client.getStatusCode() == HTTP_CODE_OK) {
    Serial.printf("Array starts with %c, %u bytes\n", entireArray.c_str()[0], entireArray.length());
    Serial.printf("Second user's geo JSON:\n%s\n", secondUser.c_str());
  }

  ObservabilityCallback metrics = [](const ObservabilityMetrics& m) {
    Serial.printf("metrics: rx %u bytes, retries %d, tx > 0: %s\n",
                  static_cast<unsigned>(m.rxBytes), m.retries, m.txBytes > 0 ? "yes" : "no");
  };
  client.onObservability(metrics);
  client.onResponse(onDone);
  client.onError(onFail);
  int id = 0;
  client.get("/todos/1").getBody("id", &id);
  client.onObservability(nullptr);

  api.apiKey("X-API-KEY", "my-super-secret-api-key-9988");
  api.cookie("session_id", "abc123").cookie("device_id", "esp32-01");
  api.bearer("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.sampleToken");
  String head;
  api.get("/echo").getBody("head", &head);
  for (const char* line :
       {"X-API-KEY: my-super-secret-api-key-9988", "Cookie: session_id=abc123; device_id=esp32-01",
        "Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.sampleToken"})
    Serial.printf("sent %s: %s\n", line, strstr(head.c_str(), line) ? "yes" : "no");

  int remaining = 0;
  long timestamp = 0;
  float temperature = 0;
  double factor = 0;
  bool cached = false, admin = false;
  api.get("/header-sample")
      .getHeader("X-Rate-Limit-Remaining", &remaining)
      .getHeader("X-Timestamp", &timestamp)
      .getHeader("X-Temperature", &temperature)
      .getHeader("X-Factor", &factor)
      .getHeader("X-Is-Cached", &cached)
      .getHeader("X-Is-Admin", &admin);
  Serial.printf("headers: %d %ld %.2f %.6f %s %s\n", remaining, timestamp, temperature, factor,
                cached ? "true" : "false", admin ? "true" : "false");

  ESP32HTTPClient nobody("http://127.0.0.1:1");
  nobody.setMaxRetry(0);
  nobody.get("/");
  Serial.printf("refused: %s (%s)\n",
                nobody.getStatusCode() == HTTPC_ERROR_CONNECTION_REFUSED ? "yes" : "no",
                nobody.getErrorMessage().c_str());

  BufferedStreamReader reader("{\"a\":1}");
  String copy;
  while (reader.available()) copy += static_cast<char>(reader.read());
  HttpMethod method = HTTP_PATCH_METHOD;
  DataType type = TYPE_ARDUINO_STRING;
  KeyValue kv = {"key", "value", {0}, true};
  HttpHeader header = {"Name", "Value"};
  Serial.printf("reader: %s, method %d, type %d, %s=%s, %s: %s\n", copy.c_str(), method, type,
                kv.key, kv.value, header.name, header.value);

  TextStream chunked("4\r\n{\"b\"\r\n3\r\n:2}\r\n0\r\n\r\n");
  BufferedStreamReader overStream(&chunked, true);
  String fromStream;
  const char first = static_cast<char>(overStream.peek());
  while (overStream.available()) fromStream += static_cast<char>(overStream.read());
  Serial.printf("over a chunked Stream: %s (peeked %c)\n", fromStream.c_str(), first);

  String idText, completedText;
  client.get("/todos/1").getBody("id", &idText).getBody("completed", &completedText);
  Serial.printf("as text: id %s, completed %s\n", idText.c_str(), completedText.c_str());
}
