// GraphQLRequest against the fault server's /graphql (graphql_route.h), a
// fixed-schema endpoint that parses what it is sent: queries answered from
// its table by the variables given, GET and POST, operationName choosing
// among operations, a mutation echoing its variables, field errors beside
// partial data (errors after or before data), a syntax error as a 400, and a
// batch. Every request goes over the one kept-alive connection.
#include <gtest/gtest.h>
#include <string.h>

#include <memory>
#include <string>

#include "ESP32HTTPClient.h"
#include "fault_server.h"

namespace {

class GraphQLServer : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server_.start());
    client_.reset(
        new ESP32HTTPClient(("http://127.0.0.1:" + std::to_string(server_.port())).c_str()));
  }
  ehc_fault::FaultServer server_;
  std::unique_ptr<ESP32HTTPClient> client_;
};

struct Telemetry {
  float temperature;
  int battery;
  char note[16];
  REST_JSON_MAP(REST_FIELD(temperature), REST_FIELD(battery), REST_FIELD(note))
};

TEST_F(GraphQLServer, AQueryIsAnsweredFromTheTableByItsVariables) {
  char name[24] = "", email[24] = "", city[16] = "";
  bool online = true;
  double rating = 0;
  long id = 0;
  GraphQLRequest q(client_.get(), "/graphql");
  q.query("query U($id: ID!) { user(id: $id) { id name email online rating address { city } } }")
      .variable("id", 2)
      .getData("user.id", &id)
      .getData("user.name", name)
      .getData("user.email", email, sizeof email)
      .getData("user.online", &online)
      .getData("user.rating", &rating)
      .getData("user.address.city", city);
  const RestResult r = q.send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(id, 2);
  EXPECT_STREQ(name, "Ervin Howell");
  EXPECT_STREQ(email, "Shanna@melissa.tv");
  EXPECT_FALSE(online);
  EXPECT_EQ(rating, 3.25);
  EXPECT_STREQ(city, "Wisokyburgh");
  EXPECT_FALSE(q.hasGraphQLErrors());
}

TEST_F(GraphQLServer, GetAndOperationNameChooseTheOperation) {
  char first[24] = "", other[24] = "";
  const char* document =
      "query All { users { name } }\n"
      "query One($id: ID!) { who: user(id: $id) { name } }";
  RestResult r = client_->graphql()
                     .asGet()
                     .document(document)
                     .operationName("One")
                     .variable("id", "3")
                     .getData("who.name", first)
                     .send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_STREQ(first, "Clementine Bauch");
  r = client_->graphqlGet()
          .document(document)
          .operationName("All")
          .getData("users.1.name", other)
          .send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_STREQ(other, "Ervin Howell");
  EXPECT_TRUE(r.reused);
  const std::vector<std::string> seen = server_.requests();
  ASSERT_GE(seen.size(), 2u);
  EXPECT_NE(seen[0].find("GET /graphql?query="), std::string::npos) << seen[0];
  EXPECT_NE(seen[0].find("&operationName=One&variables=%7B%22id%22%3A%223%22%7D"),
            std::string::npos)
      << seen[0];
}

TEST_F(GraphQLServer, AMutationEchoesItsVariables) {
  Telemetry sent{24.5f, 95, "say \"hi\"\n"};
  Telemetry back{};
  float score = 0;
  char text[32] = "";
  bool yes = false;
  long long big = 0;
  const RestResult r = client_->graphql()
                           .mutation(
                               "mutation M($t: Any, $s: Any, $f: Any, $b: Any, $n: Any, $x: Any) {"
                               " t: echo(input: $t) s: echo(input: $s) f: echo(input: $f)"
                               " b: echo(input: $b) n: echo(input: $n) x: echo(input: $x) }")
                           .variable("t", sent)
                           .variable("s", "tab\there \xc3\xa9")
                           .variable("f", 9.87f)
                           .variable("b", true)
                           .variable("n", nullptr)
                           .variable("x", -9007199254740993LL)
                           .getData("t", &back)
                           .getData("s", text)
                           .getData("f", &score)
                           .getData("b", &yes)
                           .getData("x", &big)
                           .send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(back.temperature, 24.5f);
  EXPECT_EQ(back.battery, 95);
  EXPECT_STREQ(back.note, "say \"hi\"\n");
  EXPECT_STREQ(text, "tab\there \xc3\xa9");
  EXPECT_EQ(score, 9.87f);
  EXPECT_TRUE(yes);
  EXPECT_EQ(big, -9007199254740993LL);
}

void expectFieldErrors(const GraphQLRequest& q) {
  const ehc::GraphQLErrors& errors = q.getErrors();
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_STREQ(errors[0].message, "not authorized");
  ASSERT_EQ(errors[0].locations.size(), 1u);
  EXPECT_EQ(errors[0].locations[0].line, 2);
  EXPECT_EQ(errors[0].locations[0].column, 20);  // "secret" on line 2
  ASSERT_EQ(errors[0].path.size(), 2u);
  EXPECT_STREQ(errors[0].path[0], "user");
  EXPECT_STREQ(errors[0].path[1], "secret");
  EXPECT_STREQ(errors[1].message, "boom");
  EXPECT_STREQ(errors[1].extensions, "{\"code\":\"BOOM\"}");
  EXPECT_FALSE(errors.truncated());
}

TEST_F(GraphQLServer, PartialDataComesWithItsErrorsInEitherOrder) {
  for (const char* order : {"last", "first"}) {
    SCOPED_TRACE(order);
    int id = 0;
    char name[24] = "";
    bool secretIsNull = false;
    GraphQLRequest q(client_.get());
    q.queryParam("errors", order)
        .query("{\n  user(id: 1) { id secret name }\n  boom\n}")
        .getData("user.id", &id)
        .getData("user.name", name)
        .getData("user.secret", [&](const ehc::JsonMatch& m) {
          secretIsNull = m.status == ehc::BindStatus::Null;
        });
    const RestResult r = q.send();
    ASSERT_TRUE(r.isSuccess()) << r.message();
    EXPECT_EQ(id, 1);
    EXPECT_STREQ(name, "Leanne Graham");
    EXPECT_TRUE(secretIsNull);
    expectFieldErrors(q);
  }
  const std::vector<std::string> seen = server_.requests();
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[1].rfind("1 POST /graphql?errors=first", 0), 0u) << seen[1];
}

TEST_F(GraphQLServer, ASyntaxErrorIsA400WithItsMessage) {
  char message[64] = "";
  int status = 0;
  GraphQLError first;
  const RestResult r = client_->graphql()
                           .query("query InvalidSyntax { unclosedBrace")
                           .getErrorMessage(message, sizeof message)
                           .getError(&first)
                           .onError([&](int code, const char*) { status = code; })
                           .send();
  EXPECT_FALSE(r.isSuccess());
  EXPECT_EQ(r.statusCode, 400);
  EXPECT_EQ(status, 400);
  EXPECT_STREQ(message, "Syntax Error: Expected Name, found <EOF>.");
  ASSERT_EQ(first.locations.size(), 1u);
  EXPECT_EQ(first.locations[0].column, 36);
  EXPECT_TRUE(first.path.empty());
}

TEST_F(GraphQLServer, ABatchAnswersEachOperationInItsPlace) {
  char one[24] = "", three[24] = "x";
  long echoed = 0;
  auto batch = client_->graphqlBatch("/graphql");
  batch.addQuery("{ user(id: 1) { name } }").getData("user.name", one);
  batch.addQuery("query Q($id: ID!) { user(id: $id) { name } }")
      .variable("id", 7)
      .getData("user.name", three);
  batch.addMutation("mutation($v: Any) { echo(input: $v) }")
      .variable("v", 42)
      .getData("echo", &echoed);
  const RestResult r = batch.send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_STREQ(one, "Leanne Graham");
  EXPECT_STREQ(three, "x");  // user 7: null, and an error
  EXPECT_EQ(echoed, 42);
  EXPECT_FALSE(batch.operation(0).hasGraphQLErrors());
  ASSERT_TRUE(batch.operation(1).hasGraphQLErrors());
  EXPECT_STREQ(batch.operation(1).getErrors()[0].message, "no user with id 7");
  EXPECT_STREQ(batch.operation(1).getErrors()[0].path[0], "user");
  EXPECT_FALSE(batch.operation(2).hasGraphQLErrors());
}

// The fields the original's GraphQL sketches query (tests/compat/sketches/
// CompatGraphQL*) are answered from fixed values, selected as asked: an
// argument value the table lacks is null without an error, a member the
// type lacks or a missing selection is a 400, and recordTelemetry
// acknowledges only an input with all three numbers.
TEST_F(GraphQLServer, TheSketchFieldsAnswerOnlyWhatIsSelected) {
  char name[24] = "x", capital[24] = "";
  GraphQLRequest known(client_.get(), "/");
  known.query("{ br: country(code: \"BR\") { name } xx: country(code: \"XX\") { name } }")
      .getData("br.capital", capital)
      .getData("xx.name", name);
  ASSERT_TRUE(known.send().isSuccess());
  EXPECT_STREQ(capital, "");  // not selected: not in the answer
  EXPECT_STREQ(name, "x");    // xx is null
  EXPECT_FALSE(known.hasGraphQLErrors());

  GraphQLRequest unknown(client_.get(), "/graphql");
  unknown.query("{ settings { theme colour } }");
  EXPECT_EQ(unknown.send().statusCode, 400);
  EXPECT_STREQ(unknown.getErrors()[0].message,
               "Cannot query field \"colour\" on type \"Settings\".");
  GraphQLRequest bare(client_.get(), "/graphql");
  bare.query("{ profile }");
  EXPECT_EQ(bare.send().statusCode, 400);

  bool acknowledged = true;
  GraphQLRequest partial(client_.get(), "/graphql");
  partial.mutation("mutation($t: TelemetryInput!) { recordTelemetry(input: $t) { acknowledged } }")
      .rawVariable("t", "{\"temperature\":24.5,\"humidity\":\"60\"}")
      .getData("recordTelemetry.acknowledged", &acknowledged);
  ASSERT_TRUE(partial.send().isSuccess());
  EXPECT_FALSE(acknowledged);
}

}  // namespace
