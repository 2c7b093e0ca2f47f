// CallbacksAndErrors: react to success and failure, and tell errors apart.
//
// onSuccess runs on a 2xx answer, onError on an HTTP status >= 400 or a
// negative error code (no connection, timeout, ...); each takes either
// shape shown below. onResponse always runs, first. Callbacks can be set
// per request or for the whole client. getStatusCode() is the HTTP status,
// or a negative code that errorToString() names (a String, as in
// ESP32-HTTP-Client); lastResult().message() says what went wrong in detail.
// (api.example.com stands for a service that answers /status?code=N with
// that status, as the test server the host runs this sketch against does.)
#include <ESP32HTTPClient.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://jsonplaceholder.typicode.com");
ESP32HTTPClient api("http://api.example.com");
ESP32HTTPClient nobody("http://127.0.0.1:1");  // nothing listens there

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  // Success, with the status ...
  client.get("/users/1").onSuccess([](int status) { Serial.printf("success: %d\n", status); });
  // ... or without it.
  client.get("/todos/1").onSuccess([]() { Serial.println("success again"); });

  // An HTTP error: the code and the server's reason phrase.
  api.get("/status?code=404").onError([](int code, const char* message) {
    Serial.printf("error %d: %s\n", code, message);
  });
  // A missing resource, with the code only.
  client.get("/users/42").onError([](int code) { Serial.printf("error %d\n", code); });

  // No server: a negative code, not a status.
  nobody.setConnectTimeout(2000);
  nobody.get("/").onError(
      [](int code, const char* message) { Serial.printf("error %d: %s\n", code, message); });
  Serial.printf("getStatusCode: %d, hasError: %s, getErrorMessage: %s (%s)\n",
                nobody.getStatusCode(), nobody.hasError() ? "yes" : "no",
                nobody.getErrorMessage().c_str(), nobody.lastResult().message());

  // Client-wide callbacks run after the request's own, for every request
  // (onResponse before onSuccess / onError).
  api.onError([](int code) { Serial.printf("[client] error %d\n", code); });
  api.onResponse([](const RestResult& r) {
    Serial.printf("[client] response %d, success: %s\n", r.statusCode,
                  r.isSuccess() ? "yes" : "no");
  });
  api.get("/status?code=503").onError([](int code) { Serial.printf("request error %d\n", code); });
  api.get("/status?code=200");

  // Error codes keep the numbers HTTPClient users know.
  for (int code = -1; code >= -3; --code)
    Serial.printf("%d: %s\n", code, ESP32HTTPClient::errorToString(code).c_str());
  Serial.printf("%d: %s\n", -11, ESP32HTTPClient::errorToString(-11).c_str());
  client.end();
  api.end();
}

void loop() {}
