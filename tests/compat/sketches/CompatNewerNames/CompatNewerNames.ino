// The names of ESP32-HTTP-Client's current headers that sketches reach and
// the other compat sketches do not use (issue 16's surface audit):
// client.jsonRpc(path) and client.jsonrpc(path), JsonRpcTypes.h (its error
// codes, JsonRpcErrorCallback), a JSON-RPC getHeader into a char array, and
// a GraphQL batch's getRawResponse and buildRequestBody, the requests'
// public text helpers (urlEncode, escapeJsonString, normalizeDataPath,
// normalizeResultPath), a GraphQL error's path read as the original's
// std::vector<String> (path[i].c_str(), a range-for). Run against the
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

  Serial.println("\n--- [5] Text helpers ---");
  Serial.printf("urlEncode: %s\n", GraphQLRequest::urlEncode("S\xC3\xA3o Paulo & co/1").c_str());
  Serial.printf("escapeJsonString: %s | %s\n",
                GraphQLRequest::escapeJsonString("say \"hi\"\n\tbye\\").c_str(),
                JsonRpcRequest::escapeJsonString(String("a\x01"
                                                        "b\b\f"))
                    .c_str());
  Serial.printf("paths: %s %s %s %s\n", GraphQLRequest::normalizeDataPath("user.name").c_str(),
                GraphQLRequest::normalizeDataPath("").c_str(),
                JsonRpcRequest::normalizeResultPath("sum").c_str(),
                JsonRpcRequest::normalizeResultPath("result.sum").c_str());

  Serial.println("\n--- [6] An error's path ---");
  client.graphql("/graphql")
      .query("{ user(id: 1) { friends { secret } } }")
      .onGraphQLError([](const GraphQLError& err) {
        Serial.printf("first of %u segments: %s (%u bytes); all:", (unsigned)err.path.size(),
                      err.path[0].c_str(), (unsigned)err.path[0].length());
        for (const auto& segment : err.path) Serial.printf(" %s", segment.c_str());
        Serial.println();
      });
}
