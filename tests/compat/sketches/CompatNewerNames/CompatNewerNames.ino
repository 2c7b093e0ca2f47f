// The names of ESP32-HTTP-Client's current headers that sketches reach and
// the other compat sketches do not use (issue 16's surface audit):
// client.jsonRpc(path) and client.jsonrpc(path), JsonRpcTypes.h (its error
// codes, JsonRpcErrorCallback), a JSON-RPC getHeader into a char array, and
// a GraphQL batch's getRawResponse and buildRequestBody. Run against the
// fault server's /rpc and /graphql. (Plain http:// to the host's test
// server.)
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"
#include "GraphQLBatchRequest.h"
#include "JsonRpcRequest.h"
#include "JsonRpcTypes.h"

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
  Serial.println("\n--- [1] client.jsonRpc() ---");
  int difference = 0;
  char contentType[40] = "";
  client.jsonRpc("/rpc")
      .method("subtract")
      .param(42)
      .param(23)
      .id(1)
      .getResult(&difference)
      .getHeader("Content-Type", contentType);
  Serial.printf("subtract: %d (%s)\n", difference, contentType);

  Serial.println("\n--- [2] client.jsonrpc() with named params ---");
  int sum = 0;
  client.jsonrpc("/rpc").method("add").param("a", 15).param("b", 27).getResult(&sum);
  Serial.printf("add: %d\n", sum);

  Serial.println("\n--- [3] JsonRpcTypes.h ---");
  JsonRpcErrorCallback onRpcError = [](const JsonRpcError& err) {
    Serial.printf("JSON-RPC error %d: %s (method not found: %s)\n", err.code, err.message.c_str(),
                  err.code == JSONRPC_METHOD_NOT_FOUND ? "yes" : "no");
  };
  client.jsonRpc("/rpc").method("noSuchMethod").onJsonRpcError(onRpcError);

  Serial.println("\n--- [4] Batch body and raw response ---");
  GraphQLBatchRequest batch = client.graphqlBatch("/graphql");
  String first, raw;
  batch.addQuery("{ user(id: 1) { name } }").getData("user.name", &first);
  batch.addQuery("{ user(id: 2) { online } }");
  batch.getRawResponse(&raw);
  Serial.printf("body: %s\n", batch.buildRequestBody().c_str());
  batch.execute();
  Serial.printf("status %d, first: %s\n", client.getStatusCode(), first.c_str());
  Serial.printf("raw: %s\n", raw.c_str());
}
