// The shape of ESP32-HTTP-Client's "GraphQLErrorHandling" example: partial
// data beside a field error (getData into an int and a String, getError
// into a GraphQLError, getErrors into a std::vector<GraphQLError>, and
// onGraphQLError with a std::vector printing each error's message,
// locations, path and extensions), then a syntax error answered with HTTP
// 400 (getErrorMessage into a String, onError with the code and text). The
// fault server plays its made-up schema (graphql_route.h: the signed-in
// user, restrictedField refused).
// Differences from the original, on purpose: plain http:// to the host's
// test server; no delay(20000) at the end of loop() (the test runs it once);
// the errors kept by getError/getErrors are printed too (the original binds
// them and prints nothing from them).
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

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
  Serial.println("\n--- [1] Partial Data with GraphQL Errors ---");
  int userId = 0;
  String userName;
  GraphQLError firstError;
  std::vector<GraphQLError> allErrors;

  // "id" and "name" resolve; "restrictedField" fails.
  client.graphql("/graphql")
      .query("query { user { id name restrictedField } }")
      .getData("user.id", &userId)
      .getData("user.name", &userName)
      .getError(&firstError)
      .getErrors(&allErrors)
      .onGraphQLError([](const std::vector<GraphQLError>& errors) {
        Serial.printf("GraphQL returned %d error(s):\n", (int)errors.size());
        for (const auto& err : errors) {
          Serial.printf(" - Message: %s\n", err.message.c_str());
          for (const auto& loc : err.locations) {
            Serial.printf("   Location: line %d, col %d\n", loc.line, loc.column);
          }
          if (!err.path.empty()) {
            Serial.print("   Path: ");
            for (size_t i = 0; i < err.path.size(); i++) {
              if (i > 0) Serial.print(".");
              Serial.print(err.path[i]);
            }
            Serial.println();
          }
          if (!err.extensions.isEmpty()) {
            Serial.printf("   Extensions: %s\n", err.extensions.c_str());
          }
        }
      });

  if (userId > 0) {
    Serial.printf("Partial data preserved -> User ID: %d, Name: %s\n", userId, userName.c_str());
  }
  Serial.printf("First error: %s; kept: %d\n", firstError.message.c_str(), (int)allErrors.size());

  Serial.println("\n--- [2] Handling HTTP 400 with GraphQL Syntax/Validation Errors ---");
  String syntaxErrorMsg;

  client.graphql("/graphql")
      .query("query InvalidSyntax { unclosedBrace")
      .getErrorMessage(&syntaxErrorMsg)
      .onError([](int statusCode, const char* statusMsg) {
        Serial.printf("HTTP Error %d: %s\n", statusCode, statusMsg);
      });

  if (!syntaxErrorMsg.isEmpty()) {
    Serial.printf("GraphQL Error Message: %s\n", syntaxErrorMsg.c_str());
  }
}
