// The shape of ESP32-HTTP-Client's GraphQLIncremental example (@defer over
// multipart/mixed: getData for the initial payload, onIncremental with a
// GraphQLIncrementalPayload's path, hasNext and data), then the same calls
// as its "Incremental Delivery and Streaming" page writes them (hasNext
// printed with %d), and a callback held in GraphQLTypes.h's typedef.
//
// The original documents no output for either: the expected text is what
// the original's code prints for the fault server's answer (an initial part
// {"data":{...},"hasNext":true}, then one {"incremental":[{"data":...,
// "path":[]}],"hasNext":false} part): the initial data as a chunk with path
// '', then the deferred data; hasNext is true for both, as the server writes
// hasNext after incremental and the original (like this library) reports it
// as read so far. Differences from the example, on purpose: plain http://
// to the host's test server; no delay(20000) at the end of loop().
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"
#include "GraphQLRequest.h"  // for [3]: GraphQLTypes.h's typedefs

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

ESP32HTTPClient client("http://api.example.com");

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
  Serial.println("\n--- [1] Incremental Delivery (@defer / multipart/mixed) ---");

  // Query with @defer directive: fast initial payload, slow fields delivered incrementally
  const char* deferredQuery =
      "query GetDashboard {\n"
      "  systemStatus\n"
      "  ... @defer {\n"
      "    heavyHistoricalMetrics { cpuUsage memoryUsage }\n"
      "  }\n"
      "}";

  String initialStatus;
  int chunkCount = 0;

  client.graphql("/graphql")
      .query(deferredQuery)
      .getData("systemStatus", &initialStatus)
      .onIncremental([&chunkCount](const GraphQLIncrementalPayload& payload) {
        chunkCount++;
        Serial.printf("[Chunk %d received] Path: '%s', hasNext: %s\n", chunkCount,
                      payload.path.c_str(), payload.hasNext ? "true" : "false");
        Serial.printf("Chunk Payload Data: %s\n", payload.data.c_str());
      });

  if (client.isSuccess()) {
    Serial.printf("Initial System Status: %s\n", initialStatus.c_str());
    Serial.printf("Total streaming chunks processed: %d\n", chunkCount);
  } else {
    Serial.printf("Request failed with status %d\n", client.getStatusCode());
  }

  Serial.println("\n--- [2] The documentation's @defer example ---");
  const char* queryWithDefer =
      "query GetDashboard {\n"
      "  status\n"
      "  ... @defer {\n"
      "    heavyLogData { timestamp message }\n"
      "  }\n"
      "}";

  String status;

  client.graphql("/graphql")
      .query(queryWithDefer)
      .getData("status", &status)
      .onIncremental([](const GraphQLIncrementalPayload& payload) {
        Serial.printf("Chunk received for path '%s' (hasNext: %d)\n", payload.path.c_str(),
                      payload.hasNext);
        Serial.printf("Data: %s\n", payload.data.c_str());
      });
  Serial.printf("status: %s\n", status.c_str());

  Serial.println("\n--- [3] A GraphQLIncrementalCallback (GraphQLTypes.h's std::function) ---");
  GraphQLIncrementalCallback printer = [](const GraphQLIncrementalPayload& payload) {
    Serial.printf("(std::function) %s\n", payload.data.c_str());
  };
  client.graphql("/graphql").query(queryWithDefer).onIncremental(printer);
}
