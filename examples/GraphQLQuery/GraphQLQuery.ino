// GraphQLQuery: GraphQL queries and mutations, as ESP32-HTTP-Client's
// GraphQLRequest runs them, over the client's kept-alive connection.
//
// Variables of any type (and REST_JSON_MAP structs) are written as JSON;
// getData(path, &target) reads data.path as the answer streams in; errors
// (message, locations, path) land in fixed storage, beside whatever data
// the server could still give. Nothing is allocated per request, except
// the String and std::vector targets a sketch asks for.
// (api.example.com stands for a GraphQL service at /graphql with users
// 1..3 and an echo mutation, as the test server the host runs this sketch
// against is.)
#include <ESP32HTTPClient.h>
#include <GraphQLRequest.h>
#include <WiFi.h>

const char* ssid = "your-ssid";
const char* password = "your-password";

ESP32HTTPClient client("http://api.example.com");

struct Telemetry {
  float temperature;
  float humidity;
  int batteryLevel;

  REST_JSON_MAP(REST_FIELD(temperature), REST_FIELD(humidity), REST_FIELD(batteryLevel))
};

// Each request in a function of its own: a GraphQLRequest holds its texts
// and errors (about 3 KB with the default sizes), a batch its operations,
// and only one of them is on the stack at a time.
void queryWithVariables() {
  char name[32] = "";
  char city[24] = "";
  bool online = false;
  GraphQLRequest q(&client, "/graphql");
  q.query("query GetUser($id: ID!) { user(id: $id) { name online address { city } } }")
      .variable("id", 1)
      .getData("user.name", name, sizeof name)
      .getData("user.online", &online)
      .getData("user.address.city", city);
  q.execute();
  Serial.printf("%d: %s of %s (online: %s)\n", client.getStatusCode(), name, city,
                online ? "yes" : "no");
}

// A struct variable, run at the end of the statement.
void mutationWithStruct() {
  Telemetry sensor{24.5f, 60.2f, 95};
  Telemetry echoed{};
  client.graphql("/graphql")
      .mutation("mutation Log($t: TelemetryInput!) { echo(input: $t) }")
      .variable("t", sensor)
      .getData("echo", &echoed);
  Serial.printf("echoed: %.1f C, %.1f %%, battery %d\n", echoed.temperature, echoed.humidity,
                echoed.batteryLevel);
}

// Partial data with errors: both are read.
void partialDataWithErrors() {
  int id = 0;
  String userName;
  std::vector<GraphQLError> allErrors;
  client.graphql("/graphql")
      .query("query { user(id: 2) { id name secret } }")
      .getData("user.id", &id)
      .getData("user.name", &userName)
      .getErrors(&allErrors)
      .onGraphQLError([](const std::vector<GraphQLError>& errors) {
        Serial.printf("GraphQL returned %d error(s):\n", (int)errors.size());
        for (const auto& err : errors) {
          Serial.printf(" - Message: %s\n", err.message.c_str());
          for (const auto& loc : err.locations)
            Serial.printf("   Location: line %d, col %d\n", loc.line, loc.column);
          Serial.print("   Path: ");
          for (size_t i = 0; i < err.path.size(); i++) {
            if (i > 0) Serial.print(".");
            Serial.print(err.path[i]);
          }
          Serial.println();
        }
      });
  Serial.printf("Partial data preserved -> User ID: %d, Name: %s (%d error kept)\n", id,
                userName.c_str(), (int)allErrors.size());
}

// A syntax error: HTTP 400, and the server's message.
void syntaxError() {
  String syntaxErrorMsg;
  client.graphql("/graphql")
      .query("query InvalidSyntax { unclosedBrace")
      .getErrorMessage(&syntaxErrorMsg)
      .onError([](int statusCode, const char* statusMsg) {
        Serial.printf("HTTP Error %d: %s\n", statusCode, statusMsg);
      });
  Serial.printf("GraphQL Error Message: %s\n", syntaxErrorMsg.c_str());
}

// GET, choosing one operation of a document by its name.
void getByOperationName() {
  char who[32] = "";
  client.graphqlGet("/graphql")
      .document("query All { users { name } }\nquery Third { user(id: 3) { name } }")
      .operationName("Third")
      .getData("user.name", who);
  Serial.printf("GET Third: %s\n", who);
}

// A batch: several operations in one POST, each reading its own answer.
void batchOfTwo() {
  String first, second;
  auto batch = client.graphqlBatch("/graphql");
  batch.addQuery("{ user(id: 1) { name } }").getData("user.name", &first);
  auto& op2 = batch.addQuery("query U($id: ID!) { user(id: $id) { name } }");
  op2.variable("id", "2").getData("user.name", &second);
  batch.execute();
  if (client.isSuccess())
    Serial.printf("Batch in one round trip: %s, %s\n", first.c_str(), second.c_str());
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(ssid, password);
  while (WiFi.status() != WL_CONNECTED) delay(500);

  queryWithVariables();
  mutationWithStruct();
  partialDataWithErrors();
  syntaxError();
  getByOperationName();
  batchOfTwo();
  client.end();
}

void loop() {}
