// The shape of ESP32-HTTP-Client's "SoapFaultHandling" example (its
// "Handling SOAP Faults" page): getFault(&fault), getRawResponse(&raw),
// onFault, onError(int, const char*) and onSuccess on one SOAP 1.1 call
// whose service answers with a fault (HTTP 500), then the SoapFault's
// fields printed with .c_str(); then the page's SOAP 1.2 variant with
// onFault and onError only.
//
// Differences from the documented sketch, on purpose: http:// instead of
// https:// (the host's test server, whose /soap-endpoint answers every
// operation with a fault in the request's SOAP version, has no TLS); loop()
// has no delay (the test runs it once). The original's documentation shows
// no output: this is what its code prints for these faults (callbacks in
// its order: onFault, then onError with the status and its name), but for
// one line: the detail here is the text of detail's descendants ("no such
// operation & no fallback"), where the original's parser keeps only the
// text after detail's last child element (here "": see docs/migration.md).
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

ESP32HTTPClient client("http://example.com");

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
  Serial.println("\n--- Testing SOAP Fault Handling ---");

  SoapFault fault;
  String rawResponse;

  client.soap("/soap-endpoint")
      .soapAction("http://example.com/InvalidOperation")
      .body("<m:InvalidOperation xmlns:m=\"http://example.com/\"/>")
      .getFault(&fault)
      .getRawResponse(&rawResponse)
      .onFault([](const SoapFault& f) {
        Serial.printf("[Fault Callback] Code: %s\n", f.faultCode.c_str());
        Serial.printf("[Fault Callback] String / Reason: %s\n", f.faultString.c_str());
        Serial.printf("[Fault Callback] Actor / Node: %s\n", f.faultActor.c_str());
        Serial.printf("[Fault Callback] Detail: %s\n", f.detail.c_str());
      })
      .onError([](int statusCode, const char* errorMsg) {
        Serial.printf("[Error Callback] HTTP Status %d: %s\n", statusCode, errorMsg);
      })
      .onSuccess(
          [](int statusCode) { Serial.printf("[Success Callback] Status %d\n", statusCode); });

  if (fault.matched) {
    Serial.println("\nSOAP Fault detected in response:");
    Serial.printf("  Fault Code   : %s\n", fault.faultCode.c_str());
    Serial.printf("  Fault String : %s\n", fault.faultString.c_str());
    Serial.printf("  Fault Actor  : %s\n", fault.faultActor.c_str());
    Serial.printf("  Fault Detail : %s\n", fault.detail.c_str());
  } else if (client.isSuccess()) {
    Serial.println("SOAP request executed successfully without faults.");
  }
  Serial.printf("raw response: %u bytes, starts %s\n", static_cast<unsigned>(rawResponse.length()),
                rawResponse.substring(0, 5).c_str());

  Serial.println("\n--- SOAP 1.2 fault ---");
  client.soap("/soap-endpoint")
      .version(SOAP_1_2)
      .action("http://example.com/Charge")
      .body("<m:Charge><m:Amount>100</m:Amount></m:Charge>")
      .onFault([](const SoapFault& f) {
        Serial.printf("Payment SOAP Fault: [%s] %s\n", f.faultCode.c_str(), f.faultString.c_str());
      })
      .onError([](int statusCode, const char* message) {
        Serial.printf("HTTP Error %d: %s\n", statusCode, message);
      })
      .onSuccess([](int) { Serial.println("Payment processed OK!"); });
}
