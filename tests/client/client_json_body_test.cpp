// What the client makes of a JSON body, over the scripted transport: which of
// duplicate keys it binds, and what a value that the body's JSON error cuts
// short leaves in its target and its found bit.
#include <gtest/gtest.h>
#include <string.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "ehc/net/scripted_transport.h"

using ehc::ScriptStep;

// docs/client.md's struct example, as it is written there.
struct Geo {
  char lat[16];
  char lng[16];
  REST_JSON_MAP(REST_FIELD(lat), REST_FIELD(lng))
};
struct User {
  int id;
  char name[32];
  Geo geo;
  REST_JSON_MAP(REST_FIELD(id), REST_FIELD(name), REST_FIELD_NAMED("address.geo", geo))
};

namespace {

std::string ok(const std::string& body) {
  return "HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

// One request against `response`, fed `piece` bytes per read.
struct OneResponse {
  OneResponse(const std::string& response, size_t piece) : text(response) {
    for (size_t off = 0; off < text.size() && n < kSteps - 1; off += piece)
      steps[n++] = ScriptStep::data(text.data() + off, std::min(piece, text.size() - off));
    steps[n++] = ScriptStep::stall(0);
  }
  static constexpr size_t kSteps = 400;
  std::string text;
  ScriptStep steps[kSteps];
  size_t n = 0;
};

TEST(ClientJsonBody, DuplicateKeysTheLastValueWins) {
  // "b" keeps the client reading past the second "a": the last "a" is bound.
  const std::string body = R"({"a":1,"name":"first","a":2,"name":"second","b":3})";
  for (size_t piece : {size_t{1}, size_t{7}, size_t{512}}) {
    OneResponse script(ok(body), piece);
    ehc::ScriptedTransport transport(script.steps, script.n);
    ESP32HTTPClient client("http://api.test", transport);
    int a = 0, b = 0;
    char name[16] = "";
    const RestResult r =
        client.get("/").getBody("a", &a).getBody("name", name).getBody("b", &b).send();
    EXPECT_TRUE(r.isSuccess()) << r.message();
    EXPECT_EQ(a, 2) << piece;
    EXPECT_STREQ(name, "second") << piece;
    EXPECT_EQ(b, 3);
    EXPECT_EQ(r.found, 0b111u);
  }
}

TEST(ClientJsonBody, ADuplicateAfterEveryValueIsFoundIsNotRead) {
  // Stop-when-done (the client's way): once "a" and "b" are found the rest
  // of the body is drained, not parsed; the later "a" is not seen.
  OneResponse script(ok(R"({"a":1,"b":2,"a":3})"), 512);
  ehc::ScriptedTransport transport(script.steps, script.n);
  ESP32HTTPClient client("http://api.test", transport);
  int a = 0, b = 0;
  const RestResult r = client.get("/").getBody("a", &a).getBody("b", &b).send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(a, 1);
  EXPECT_EQ(b, 2);
}

TEST(ClientJsonBody, AStringCutByInvalidJsonIsNotFound) {
  // Invalid UTF-8 and a lone surrogate in the middle of a bound string: the
  // request fails with -20, and the string is neither found nor a prefix.
  for (const char* body :
       {"{\"id\":7,\"name\":\"Ann\xFF\" Lee\"}", "{\"id\":7,\"name\":\"Ann\\ud800 Lee\"}"}) {
    for (size_t piece : {size_t{1}, size_t{512}}) {
      OneResponse script(ok(body), piece);
      ehc::ScriptedTransport transport(script.steps, script.n);
      ESP32HTTPClient client("http://api.test", transport);
      int id = 0;
      char name[16] = "before";
      std::string text = "before";
      const RestResult r =
          client.get("/").getBody("id", &id).getBody("name", name).getBody("name", &text).send();
      EXPECT_EQ(r.statusCode, 200);
      EXPECT_EQ(r.error, ehc::EHC_ERROR_INVALID_JSON) << body;
      EXPECT_FALSE(r.isSuccess());
      EXPECT_EQ(r.found, 0b001u) << body << " piece " << piece;  // id only
      EXPECT_EQ(r.binding(1), ehc::BindStatus::Invalid);
      EXPECT_EQ(r.binding(2), ehc::BindStatus::Invalid);
      EXPECT_STREQ(name, "") << body;  // emptied, not "Ann"
      EXPECT_EQ(text, "");
      EXPECT_EQ(id, 7);
    }
  }
}

TEST(ClientJsonBody, ANumberRunIntoGarbageIsNotFound) {
  OneResponse script(ok(R"({"count":12abc})"), 512);
  ehc::ScriptedTransport transport(script.steps, script.n);
  ESP32HTTPClient client("http://api.test", transport);
  int count = -1;
  const RestResult r = client.get("/").getBody("count", &count).send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_INVALID_JSON);
  EXPECT_EQ(r.found, 0u);
  EXPECT_EQ(count, -1);
}

TEST(ClientJsonBody, TheStructExampleFillsTheNestedMember) {
  const std::string body = R"({"id":1,"name":"Leanne Graham","address":{"street":"Kulas Light",)"
                           R"("geo":{"lat":"-37.3159","lng":"81.1496"}},"phone":"1-770-736-8031"})";
  OneResponse script(ok(body), 7);
  ehc::ScriptedTransport transport(script.steps, script.n);
  ESP32HTTPClient client("http://api.test", transport);
  User user{};
  const RestResult r = client.get("/users/1").getBody(&user).send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(user.id, 1);
  EXPECT_STREQ(user.name, "Leanne Graham");
  EXPECT_STREQ(user.geo.lat, "-37.3159");  // was never filled: a key "address.geo" was looked for
  EXPECT_STREQ(user.geo.lng, "81.1496");
  EXPECT_EQ(r.found, 0b1111u);

  char json[256];
  ASSERT_TRUE(ESP32HTTPClient::toJson(user, json, sizeof json));
  EXPECT_STREQ(json, R"({"id":1,"name":"Leanne Graham","address":{"geo":)"
                     R"({"lat":"-37.3159","lng":"81.1496"}}})");
  User back{};
  ASSERT_TRUE(ESP32HTTPClient::fromJson(json, &back));
  EXPECT_EQ(memcmp(&back, &user, sizeof user), 0);
}

}  // namespace
