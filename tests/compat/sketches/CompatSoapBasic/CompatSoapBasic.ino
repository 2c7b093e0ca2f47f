// The shape of ESP32-HTTP-Client's "SoapBasic" example (its "Consuming SOAP
// Web Services" page): client.soap(path) with soapAction(), body() and
// getBody(name, &String) in SOAP 1.1, then version(SOAP_1_2) with action(),
// isSuccess(), getStatusCode() and getErrorMessage().c_str().
//
// Differences from the documented sketch, on purpose: http:// instead of
// https:// (the host's test server answers NumberToWords as
// www.dataaccess.com does, words with the service's trailing space, and
// has no TLS); loop() has no delay (the test runs it once). The bodies are
// the documentation's, closing tag </m:GetStockPrice> included: the request
// body is the caller's XML and is sent as given (the server reads ubiNum).
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

ESP32HTTPClient client("http://www.dataaccess.com");

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
  Serial.println("\n--- [1] SOAP 1.1 Number Conversion ---");
  String resultText;

  client.soap("/webservicesserver/numberconversion.wso")
      .soapAction("http://www.dataaccess.com/webservicesserver/NumberToWords")
      .body(
          "<m:NumberToWords xmlns:m=\"http://www.dataaccess.com/webservicesserver/\">"
          "<m:ubiNum>42</m:ubiNum></m:GetStockPrice>")
      .getBody("NumberToWordsResult", &resultText);

  if (client.isSuccess()) {
    Serial.printf("SOAP 1.1 Response -> %s\n", resultText.c_str());
  } else {
    Serial.printf("SOAP 1.1 Error -> Status %d: %s\n", client.getStatusCode(),
                  client.getErrorMessage().c_str());
  }

  Serial.println("\n--- [2] SOAP 1.2 Request ---");
  String resultSoap12;

  client.soap("/webservicesserver/numberconversion.wso")
      .version(SOAP_1_2)
      .action("http://www.dataaccess.com/webservicesserver/NumberToWords")
      .body(
          "<m:NumberToWords xmlns:m=\"http://www.dataaccess.com/webservicesserver/\">"
          "<m:ubiNum>100</m:ubiNum></m:GetStockPrice>")
      .getBody("NumberToWordsResult", &resultSoap12);

  if (client.isSuccess()) {
    Serial.printf("SOAP 1.2 Response -> %s\n", resultSoap12.c_str());
  } else {
    Serial.printf("SOAP 1.2 Error -> Status %d: %s\n", client.getStatusCode(),
                  client.getErrorMessage().c_str());
  }

  // The reference's other calls: the client's default version, headerXml(),
  // path() and query(), a char buffer and an int target.
  Serial.println("\n--- [3] Client default version, header XML, typed targets ---");
  client.setSoapVersion(SOAP_1_2);
  char words[24];
  int status = 0;
  client.soap("/webservicesserver/{file}")
      .path("file", "numberconversion.wso")
      .query("tenant", "acme")
      .headerXml("<AuthHeader><ApiKey>secret</ApiKey></AuthHeader>")
      .body(
          "<m:NumberToWords xmlns:m=\"http://www.dataaccess.com/webservicesserver/\">"
          "<m:ubiNum>7</m:ubiNum></m:NumberToWords>")
      .getBody("NumberToWordsResponse.NumberToWordsResult", words, sizeof words)
      .getHeader("Content-Length", &status);
  Serial.printf("version %s, HTTP %d: %s\n", client.getSoapVersion() == SOAP_1_2 ? "1.2" : "1.1",
                client.getStatusCode(), words);
}
