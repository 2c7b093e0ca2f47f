// The shape of ESP32-HTTP-Client's "GraphQLBasic" example: client.graphql()
// POSTing a query into String targets, client.graphqlGet() sending it as
// GET query parameters, and a mutation on a second client. Its base URL,
// countries.trevorblades.com, serves GraphQL at "/"; the fault server plays
// it there (graphql_route.h: country BR and US as that API answers them).
// Differences from the original, on purpose: plain http:// to the host's
// test server; the mutation's result is printed (the original binds it and
// prints nothing); no delay(15000) at the end of loop() (the test runs it
// once).
#include <Arduino.h>
#include <WiFi.h>

#include "ESP32HTTPClient.h"

const char* ssid = "YOUR_SSID";
const char* password = "YOUR_PASSWORD";

ESP32HTTPClient client("http://countries.trevorblades.com");

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
  Serial.println("\n--- [1] GraphQL Query (POST) ---");
  String countryName;
  String countryCapital;

  client.graphql("/")
      .query("query { country(code: \"BR\") { name capital } }")
      .getData("country.name", &countryName)
      .getData("country.capital", &countryCapital);

  if (client.isSuccess()) {
    Serial.printf("Country: %s, Capital: %s\n", countryName.c_str(), countryCapital.c_str());
  } else {
    Serial.printf("Error: Status %d - %s\n", client.getStatusCode(),
                  client.getErrorMessage().c_str());
  }

  Serial.println("\n--- [2] GraphQL Query via HTTP GET ---");
  String countryCurrency;

  client.graphqlGet("/")
      .query("query { country(code: \"US\") { currency } }")
      .getData("country.currency", &countryCurrency);

  if (client.isSuccess()) {
    Serial.printf("US Currency: %s\n", countryCurrency.c_str());
  }

  Serial.println("\n--- [3] GraphQL Mutation (POST) ---");
  int createdId = 0;
  String status;

  ESP32HTTPClient mutationClient("http://api.example.com");
  mutationClient.graphql("/graphql")
      .mutation(
          "mutation AddDevice { registerDevice(type: \"ESP32\", label: \"Sensor-01\") { id status "
          "} }")
      .getData("registerDevice.id", &createdId)
      .getData("registerDevice.status", &status);
  Serial.printf("Registered device %d: %s\n", createdId, status.c_str());
}
