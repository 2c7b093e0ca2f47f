// /graphql for the fault server: a small GraphQL endpoint with a fixed
// schema, for the GraphQL client's tests and sketches. It really reads what
// it is sent: the document is parsed (operations, aliases, arguments,
// variables, selection sets), the operation picked by operationName, and
// the answer holds only the fields selected.
//
//   type Query {
//     user(id: ID): User           # users 1..3 (or "usr_9981", "usr_9912", "usr_4410");
//                                  # no id: user 1; another id: null + an error at ["user"]
//     users: [User]
//     boom: String                 # null + an error with extensions {"code":"BOOM"}
//     # What ESP32-HTTP-Client's GraphQL sketches query (fixed values; another
//     # argument value: null):
//     country(code: "BR" | "US"): Country { name capital currency }
//     device(id: "esp32-01"): Device { name }
//     notificationCount: Int       # 3
//     weather(city: "Lisbon"): Weather { summary }
//     profile: Profile { displayName }
//     settings: Settings { theme autoUpdate }
//     systemStatus: String         # "OK" (status: the same)
//     heavyHistoricalMetrics: Metrics   # { cpuUsage: 37.5, memoryUsage: 61.25 }
//     heavyLogData: LogData        # { timestamp: 1700000000, message: "disk check passed" }
//   }
//   type User { id name email online rating address { city } friends: [User]
//               secret             # null + an error at [..., "secret"]
//               restrictedField }  # the same, with extensions {"code":"FORBIDDEN"}
//   type Mutation {
//     echo(input: Any): Any        # the input value back, as sent
//     registerDevice(type, label): Registration { id status }   # 101, "REGISTERED"
//     recordTelemetry(input): TelemetryRecord { acknowledged }  # true when the input
//   }                              # has numbers temperature, humidity, batteryLevel
//
// POST takes {"query","operationName","variables"} or an array of them (a
// batch: an array of answers); GET takes them as query parameters (a
// mutation over GET is a 405). A syntax error, an unknown field or a
// missing operation is a 400 with {"errors":[...]} and no data; field
// errors come beside the data, with locations and path. errorsFirst puts
// "errors" before "data" in the answer (?errors=first).
//
// Incremental delivery: a top-level inline fragment `... @defer(label: "L")
// { fields }` is left out of the initial data when the client accepts
// multipart/mixed; the reply then has parts: {"data":...,"hasNext":true},
// then per deferred fragment {"incremental":[{"data":...,"path":[],
// "label":"L","errors":[...]}],"hasNext":...} (hasNext after incremental, as
// graphql-js writes it). Without multipart in Accept (or with
// deferIgnored) the fragment's fields are in the data, as a server that
// does not defer answers.
// Host/test code: exceptions and the heap are fine here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ehc_fault {

struct GraphQLHttp {
  std::string_view method;  // "GET" or "POST"
  std::string query;        // GET: the decoded query parameters
  std::string operationName;
  std::string variables;
  std::string_view body;  // POST
  bool errorsFirst = false;
  bool acceptsMultipart = false;  // Accept holds multipart/mixed
  bool deferIgnored = false;      // answer @defer inline all the same
};

struct GraphQLReply {
  int status;
  std::string body;                // JSON (when parts is empty)
  std::vector<std::string> parts;  // incremental delivery: each part's JSON
};

GraphQLReply graphqlReply(const GraphQLHttp& request);

}  // namespace ehc_fault
