// GraphQLRequest and GraphQLBatchRequest over the scripted transport: the
// request as written (POST body, GET query), the answer read at every byte
// split (errors before or after data, partial data), the bounded errors,
// refusals, and no heap per request in steady state.
#include <gtest/gtest.h>
#include <string.h>

#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "GraphQLBatchRequest.h"
#include "GraphQLRequest.h"
#include "GraphQLTypes.h"
#include "alloc_counter.h"
#include "ehc/net/scripted_transport.h"

using ehc::EHC_ERROR_CAPACITY;
using ehc::EHC_ERROR_INVALID_REQUEST;
using ehc::ScriptStep;

namespace {

std::string ok(const std::string& body) {
  return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

// The body of what the client wrote (after the blank line).
std::string bodyOf(const std::string& written) {
  const size_t at = written.find("\r\n\r\n");
  return at == std::string::npos ? "" : written.substr(at + 4);
}

struct Telemetry {
  float temperature;
  int battery;
  REST_JSON_MAP(REST_FIELD(temperature), REST_FIELD(battery))
};

TEST(GraphQL, PostSendsTheOperationAsOneJsonObject) {
  const std::string response = ok("{\"data\":{\"ok\":true}}");
  const ScriptStep steps[] = {ScriptStep::data(response.c_str()), ScriptStep::gap()};
  ehc::ScriptedTransport t(steps, 2);
  ESP32HTTPClient client("http://api.test", t);
  bool okay = false;
  Telemetry telemetry{24.5f, 95};
  GraphQLRequest q(&client, "/graphql");
  q.query("query U($id: ID!) { user(id: $id) { name } }")
      .operationName("U")
      .variable("id", 2)
      .variable("u", 4294967295u)
      .variable("ll", -9007199254740993LL)
      .variable("ull", 18446744073709551615ULL)
      .variable("f", 9.87f)
      .variable("d", 0.1)
      .variable("b", true)
      .variable("s", "quote \" and \\ and \n")
      .variable("str", std::string("std"))
      .variable("n", nullptr)
      .variable("t", telemetry)
      .rawVariable("raw", "[1, {\"a\": null}]")
      .getData("ok", &okay);
  const std::string built = q.buildRequestBody();
  const RestResult r = q.send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_TRUE(okay);
  const std::string written = t.written();
  EXPECT_EQ(written.rfind("POST /graphql HTTP/1.1\r\n", 0), 0u) << written;
  EXPECT_NE(written.find("\r\nContent-Type: application/json; charset=utf-8\r\n"),
            std::string::npos);
  EXPECT_NE(written.find("\r\nAccept: application/graphql-response+json, application/json\r\n"),
            std::string::npos);
  const std::string expected =
      "{\"query\":\"query U($id: ID!) { user(id: $id) { name } }\",\"operationName\":\"U\","
      "\"variables\":{\"id\":2,\"u\":4294967295,\"ll\":-9007199254740993,"
      "\"ull\":18446744073709551615,\"f\":9.87,\"d\":0.1,\"b\":true,"
      "\"s\":\"quote \\\" and \\\\ and \\n\",\"str\":\"std\",\"n\":null,"
      "\"t\":{\"temperature\":24.5,\"battery\":95},\"raw\":[1, {\"a\": null}]}}";
  EXPECT_EQ(bodyOf(written), expected);
  EXPECT_EQ(built, expected);
  EXPECT_NE(written.find("\r\nContent-Length: " + std::to_string(expected.size()) + "\r\n"),
            std::string::npos);
}

TEST(GraphQL, DataPathsAreUnderData) {
  EXPECT_EQ(GraphQLRequest::normalizeDataPath(""), "data");
  EXPECT_EQ(GraphQLRequest::normalizeDataPath(nullptr), "data");
  EXPECT_EQ(GraphQLRequest::normalizeDataPath("user.name"), "data.user.name");
  EXPECT_EQ(GraphQLRequest::normalizeDataPath("data"), "data");
  EXPECT_EQ(GraphQLRequest::normalizeDataPath("data.user"), "data.user");
  EXPECT_EQ(GraphQLRequest::normalizeDataPath("database"), "data.database");
  // The envelope paths JSON-RPC's getResult takes (member_path.h): an index
  // in brackets is the binder's ".0"; an unclosed or empty one is no path.
  EXPECT_EQ(GraphQLRequest::normalizeDataPath("users[1].name"), "data.users.1.name");
  EXPECT_EQ(GraphQLRequest::normalizeDataPath("data[0]"), "data.0");
  EXPECT_EQ(GraphQLRequest::normalizeDataPath("users[1"), "");
  EXPECT_EQ(GraphQLRequest::normalizeDataPath("users[]"), "");
}

TEST(GraphQL, AnIndexInBracketsReadsThatElementAndAnUnclosedOneRefusesTheRequest) {
  const std::string response = ok("{\"data\":{\"users\":[{\"name\":\"Ann\"},{\"name\":\"Bo\"}]}}");
  const ScriptStep steps[] = {ScriptStep::data(response.c_str(), response.size()),
                              ScriptStep::gap()};
  ehc::ScriptedTransport t(steps, 2);
  ESP32HTTPClient client("http://api.test", t);
  char name[8] = "";
  RestResult r = client.graphql().query("{ users { name } }").getData("users[1].name", name).send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_STREQ(name, "Bo");
  const size_t sent = t.writtenLength();
  r = client.graphql().query("{ users { name } }").getData("users[1", name).send();
  EXPECT_EQ(r.error, EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(t.writtenLength(), sent);  // nothing more sent
}

TEST(GraphQL, GetSendsQueryOperationNameAndVariablesInTheUrl) {
  const std::string response = ok("{\"data\":{\"user\":{\"name\":\"Ann\"}}}");
  const ScriptStep steps[] = {ScriptStep::data(response.c_str()), ScriptStep::gap()};
  ehc::ScriptedTransport t(steps, 2);
  ESP32HTTPClient client("http://api.test", t);
  char name[16] = "";
  const RestResult r = client.graphqlGet("/graphql")
                           .queryParam("v", 1)
                           .query("query U($id: ID) { user(id: $id) { name } }")
                           .operationName("U")
                           .variable("id", "a&b")
                           .getData("user.name", name)
                           .send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_STREQ(name, "Ann");
  const std::string written = t.written();
  EXPECT_EQ(written.substr(0, written.find("\r\n")),
            "GET /graphql?v=1&query=query%20U%28%24id%3A%20ID%29%20%7B%20user%28id%3A%20%24id%29%"
            "20%7B%20name%20%7D%20%7D&operationName=U&variables=%7B%22id%22%3A%22a%26b%22%7D "
            "HTTP/1.1");
  EXPECT_EQ(written.find("Content-Length"), std::string::npos);
  EXPECT_EQ(bodyOf(written), "");
}

// What one answer gives, for comparing splits.
struct Seen {
  int id = 0;
  char name[16] = "";
  bool friendNull = false;
  ehc::GraphQLErrors errors;
  RestResult result;
};

Seen readAt(const std::string& response, size_t split) {
  const ScriptStep steps[] = {ScriptStep::data(response.c_str(), split),
                              ScriptStep::data(response.c_str() + split, response.size() - split),
                              ScriptStep::gap()};
  ehc::ScriptedTransport t(steps, 3);
  ESP32HTTPClient client("http://api.test", t);
  Seen s;
  GraphQLRequest q(&client);
  q.query("{ user(id: 1) { id name bestFriend { name } } }")
      .getData("user.id", &s.id)
      .getData("data.user.name", s.name)
      .getErrors(&s.errors);
  s.result = q.send();
  EXPECT_TRUE(q.hasGraphQLErrors());
  return s;
}

void expectPartial(const Seen& s) {
  EXPECT_TRUE(s.result.isSuccess()) << s.result.message();
  EXPECT_EQ(s.id, 1);
  EXPECT_STREQ(s.name, "Leanne");
  ASSERT_EQ(s.errors.size(), 2u);
  EXPECT_EQ(s.errors.total(), 2u);
  EXPECT_FALSE(s.errors.truncated());
  const GraphQLError& e = s.errors[0];
  EXPECT_STREQ(e.message.c_str(), "friend \"lookup\" failed");
  ASSERT_EQ(e.locations.size(), 1u);
  EXPECT_EQ(e.locations[0].line, 1);
  EXPECT_EQ(e.locations[0].column, 30);
  ASSERT_EQ(e.path.size(), 3u);
  EXPECT_STREQ(e.path[0], "user");
  EXPECT_STREQ(e.path[1], "friends");
  EXPECT_STREQ(e.path[2], "0");
  EXPECT_STREQ(e.extensions.c_str(), "{\"code\":\"INTERNAL\"}");
  EXPECT_FALSE(e.truncated);
  EXPECT_STREQ(s.errors[1].message, "second");
  EXPECT_TRUE(s.errors[1].locations.empty());
  EXPECT_TRUE(s.errors[1].path.empty());
}

TEST(GraphQL, PartialDataAndErrorsAreBothReadInEitherOrderAtEverySplit) {
  const std::string errors =
      "\"errors\":[{\"message\":\"friend \\\"lookup\\\" failed\",\"locations\":[{\"line\":1,"
      "\"column\":30}],\"path\":[\"user\",\"friends\",0],\"extensions\":{\"code\":\"INTERNAL\"}},"
      "{\"message\":\"second\"}]";
  const std::string data = "\"data\":{\"user\":{\"id\":1,\"name\":\"Leanne\",\"bestFriend\":null}}";
  for (const std::string& body :
       {"{" + errors + "," + data + "}", "{" + data + "," + errors + "}",
        "{ " + errors + " , \"extensions\":{\"cost\":3}, " + data + " }"}) {
    const std::string response = ok(body);
    for (size_t split = 0; split <= response.size(); ++split) {
      SCOPED_TRACE(body + " split at " + std::to_string(split));
      expectPartial(readAt(response, split));
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(GraphQL, ErrorsBeyondTheCapacitiesAreCountedAndFlagged) {
  std::string list;
  const std::string longMessage(EHC_GRAPHQL_MESSAGE_SIZE + 10, 'm');
  for (int i = 0; i < EHC_GRAPHQL_MAX_ERRORS + 2; ++i) {
    if (i) list += ",";
    list += i == 0   ? "{\"message\":\"" + longMessage + "\"}"
            : i == 1 ? "{\"message\":\"locs\",\"locations\":[{\"line\":1,\"column\":1},{\"line\":2,"
                       "\"column\":2},{\"line\":3,\"column\":3}]}"
                     : "{\"message\":\"e" + std::to_string(i) + "\"}";
  }
  const std::string response = ok("{\"errors\":[" + list + "],\"data\":null}");
  const ScriptStep steps[] = {ScriptStep::data(response.c_str()), ScriptStep::gap()};
  ehc::ScriptedTransport t(steps, 2);
  ESP32HTTPClient client("http://api.test", t);
  GraphQLRequest q(&client);
  q.query("{ x }");
  q.execute();
  const ehc::GraphQLErrors& errors = q.getErrors();
  EXPECT_EQ(errors.total(), static_cast<size_t>(EHC_GRAPHQL_MAX_ERRORS + 2));
  EXPECT_EQ(errors.size(), static_cast<size_t>(EHC_GRAPHQL_MAX_ERRORS));
  EXPECT_TRUE(errors.truncated());
  EXPECT_TRUE(errors[0].truncated);  // the message is cut
  EXPECT_EQ(errors[0].message.length(), static_cast<size_t>(EHC_GRAPHQL_MESSAGE_SIZE - 1));
  EXPECT_TRUE(errors[1].truncated);  // a third location
  EXPECT_EQ(errors[1].locations.size(), static_cast<size_t>(EHC_GRAPHQL_MAX_LOCATIONS));
  EXPECT_FALSE(errors[2].truncated);
  EXPECT_STREQ(errors[2].message, "e2");
}

// Found by fuzz_graphql_response: an error whose object the document's
// error cuts short was kept but not counted (size 2, total 1).
TEST(GraphQL, AnErrorCutShortByABrokenDocumentIsStillCounted) {
  const std::string response = ok("{\"errors\":[{\"message\":\"a\"},{\"message\":\"b\" {]}");
  const ScriptStep steps[] = {ScriptStep::data(response.c_str()), ScriptStep::gap()};
  ehc::ScriptedTransport t(steps, 2);
  ESP32HTTPClient client("http://api.test", t);
  GraphQLRequest q(&client);
  q.query("{ x }");
  const RestResult r = q.send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_INVALID_JSON);
  ASSERT_EQ(q.getErrors().size(), 2u);
  EXPECT_EQ(q.getErrors().total(), 2u);
  EXPECT_STREQ(q.getErrors()[1].message, "b");
}

TEST(GraphQL, ErrorTargetsAndCallbacksGetTheErrors) {
  const std::string response =
      ok("{\"errors\":[{\"message\":\"Syntax Error: Expected Name\",\"locations\":[{\"line\":1,"
         "\"column\":7}]}]}");
  const ScriptStep steps[] = {ScriptStep::data(response.c_str()), ScriptStep::gap()};
  ehc::ScriptedTransport t(steps, 2);
  ESP32HTTPClient client("http://api.test", t);
  GraphQLError first;
  std::vector<GraphQLError> all;
  char message[12] = "";
  std::string text;
  int lists = 0, ones = 0, vectors = 0, line = 0;
  client.graphql()
      .query("query {")
      .getError(&first)
      .getErrors(&all)
      .getErrorMessage(message, sizeof message)
      .getErrorMessage(&text)
      .onGraphQLError([&](const ehc::GraphQLErrors& e) { lists += static_cast<int>(e.size()); })
      .onGraphQLError([&](const GraphQLError& e) {
        ++ones;
        line = e.locations[0].line;
      });
  EXPECT_STREQ(first.message, "Syntax Error: Expected Name");
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].locations[0].column, 7);
  EXPECT_STREQ(message, "Syntax Erro");
  EXPECT_EQ(text, "Syntax Error: Expected Name");
  EXPECT_EQ(lists, 1);
  EXPECT_EQ(ones, 1);
  EXPECT_EQ(line, 1);

  const ScriptStep again[] = {ScriptStep::data(response.c_str()), ScriptStep::gap()};
  ehc::ScriptedTransport t2(again, 2);
  ESP32HTTPClient client2("http://api.test", t2);
  client2.graphql().query("query {").onGraphQLError(
      [&](const std::vector<GraphQLError>& e) { vectors += static_cast<int>(e.size()); });
  EXPECT_EQ(vectors, 1);

  // The original's typedefs (std::function) work as they are.
  const ScriptStep third[] = {ScriptStep::data(response.c_str()), ScriptStep::gap()};
  ehc::ScriptedTransport t3(third, 2);
  ESP32HTTPClient client3("http://api.test", t3);
  GraphQLMultiErrorCallback every = [&](const std::vector<GraphQLError>& e) {
    vectors += static_cast<int>(e.size());
  };
  GraphQLErrorCallback one = [&](const GraphQLError& e) { ones += e.message.length() > 0; };
  client3.graphql().query("query {").onGraphQLError(every).onGraphQLError(one);
  EXPECT_EQ(vectors, 2);
  EXPECT_EQ(ones, 2);
}

TEST(GraphQL, WhatCannotBeSentIsRefusedAndNothingGoesOut) {
  const ScriptStep steps[] = {ScriptStep::gap()};
  ehc::ScriptedTransport t(steps, 1);
  ESP32HTTPClient client("http://api.test", t);
  const std::string longDocument(EHC_GRAPHQL_DOCUMENT_SIZE, 'q');
  RestResult r = client.graphql().query(longDocument.c_str()).send();
  EXPECT_EQ(r.error, EHC_ERROR_CAPACITY);
  EXPECT_STREQ(
      r.message(),
      "GraphQL document or operation name too long (EHC_GRAPHQL_DOCUMENT_SIZE, _NAME_SIZE)");
  r = client.graphql().query("{ a }").variable("not-a-name", 1).send();
  EXPECT_EQ(r.error, EHC_ERROR_INVALID_REQUEST);
  r = client.graphql().query("{ a }").rawVariable("v", "{\"a\":").send();
  EXPECT_EQ(r.error, EHC_ERROR_INVALID_REQUEST);
  r = client.graphql().query("{ a }").variable("nan", 0.0 / 0.0).send();
  EXPECT_EQ(r.error, EHC_ERROR_INVALID_REQUEST);
  r = client.graphql().query("{ a }").rawVariables("[1]").send();
  EXPECT_EQ(r.error, EHC_ERROR_INVALID_REQUEST);
  const std::string bigValue(EHC_GRAPHQL_VARIABLES_SIZE, 'v');
  r = client.graphql().query("{ a }").variable("v", bigValue.c_str()).send();
  EXPECT_EQ(r.error, EHC_ERROR_CAPACITY);
  r = client.graphql().query("{ a \xff }").send();  // not UTF-8: not JSON text
  EXPECT_EQ(r.error, EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(t.writtenLength(), 0u);
  EXPECT_EQ(t.connects(), 0u);
}

TEST(GraphQL, ABatchIsOneArrayAndEachOperationReadsItsOwnAnswer) {
  const std::string response =
      ok("[{\"data\":{\"user\":{\"name\":\"Ann\"}}},"
         "{\"errors\":[{\"message\":\"no user 99\",\"path\":[\"user\"]}],\"data\":{\"user\":null}},"
         "{\"data\":{\"echo\":{\"n\":3}},\"errors\":[{\"message\":\"late\"}]}]");
  for (size_t split = 0; split <= response.size(); ++split) {
    SCOPED_TRACE("split at " + std::to_string(split));
    const ScriptStep steps[] = {ScriptStep::data(response.c_str(), split),
                                ScriptStep::data(response.c_str() + split, response.size() - split),
                                ScriptStep::gap()};
    ehc::ScriptedTransport t(steps, 3);
    ESP32HTTPClient client("http://api.test", t);
    char first[8] = "";
    char second[8] = "x";
    int n = 0;
    size_t all = 0;
    GraphQLBatchRequest batch(&client, "/graphql");
    batch.addQuery("{ user(id: 1) { name } }").getData("user.name", first);
    auto& op2 = batch.addQuery("{ user(id: 99) { name } }");
    op2.getData("user.name", second);
    batch.addMutation("mutation($n: Int) { echo(n: $n) { n } }")
        .variable("n", 3)
        .getData("echo.n", &n);
    batch.onGraphQLError([&](const ehc::GraphQLErrors& e) { all = e.total(); });
    EXPECT_EQ(batch.size(), 3u);
    const RestResult r = batch.send();
    ASSERT_TRUE(r.isSuccess()) << r.message();
    EXPECT_STREQ(first, "Ann");
    EXPECT_STREQ(second, "x");  // null: a string target is left as it was
    EXPECT_EQ(n, 3);
    EXPECT_FALSE(batch.operation(0).hasGraphQLErrors());
    ASSERT_EQ(op2.getErrors().size(), 1u);
    EXPECT_STREQ(op2.getErrors()[0].message, "no user 99");
    EXPECT_STREQ(op2.getErrors()[0].path[0], "user");
    EXPECT_STREQ(batch.operation(2).getErrors()[0].message, "late");
    EXPECT_EQ(all, 2u);
    if (split == 0)
      EXPECT_EQ(bodyOf(t.written()),
                "[{\"query\":\"{ user(id: 1) { name } }\"},{\"query\":\"{ user(id: 99) { name } "
                "}\"},{\"query\":\"mutation($n: Int) { echo(n: $n) { n } }\",\"variables\":{\"n\":"
                "3}}]");
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(GraphQL, ABatchBeyondItsCapacityFails) {
  const ScriptStep steps[] = {ScriptStep::gap()};
  ehc::ScriptedTransport t(steps, 1);
  ESP32HTTPClient client("http://api.test", t);
  GraphQLBatchRequest batch(&client);
  for (int i = 0; i <= EHC_GRAPHQL_MAX_BATCH; ++i) batch.addQuery("{ a }");
  EXPECT_EQ(batch.size(), static_cast<size_t>(EHC_GRAPHQL_MAX_BATCH));
  EXPECT_EQ(batch.send().error, EHC_ERROR_CAPACITY);
  EXPECT_EQ(t.writtenLength(), 0u);
}

TEST(GraphQL, NoHeapPerRequestOnceConnected) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  const std::string response = ok(
      "{\"errors\":[{\"message\":\"m\",\"locations\":[{\"line\":1,\"column\":2}],\"path\":[\"u\","
      "1]}],\"data\":{\"u\":{\"id\":7}}}");
  std::vector<ScriptStep> steps;
  for (int i = 0; i < 5; ++i) {
    steps.push_back(ScriptStep::data(response.c_str()));
    steps.push_back(ScriptStep::gap());
  }
  ehc::ScriptedTransport t(steps.data(), steps.size());
  ESP32HTTPClient client("http://api.test", t);
  for (int i = 0; i < 5; ++i) {
    ehc_test::AllocScope scope;
    int id = 0;
    size_t errors = 0;
    GraphQLRequest q(&client, "/graphql");
    q.query("query($id: Int) { u(id: $id) { id } }")
        .variable("id", i)
        .variable("f", 1.5f)
        .getData("u.id", &id)
        .onGraphQLError([&errors](const ehc::GraphQLErrors& e) { errors = e.total(); });
    const RestResult r = q.send();
    ASSERT_TRUE(r.isSuccess()) << r.message();
    EXPECT_EQ(id, 7);
    EXPECT_EQ(errors, 1u);
    if (i > 0) EXPECT_EQ(scope.calls(), 0u) << "request " << i;
  }
  EXPECT_EQ(t.connects(), 1u);
}

}  // namespace
