// docs/migration.md's table of deliberate differences from ESP32-HTTP-Client,
// row by row, checked through the same stub server as the re-count (what
// this library does instead; not counted there). Rows that are about the
// shape of code (no hand-made RestRequest, no hand-written rest_json_map)
// are compile-time facts, and the Raw JSON row is a sketch
// (tests/compat/sketches/CompatRawJson).
#include <Arduino.h>
#include <gtest/gtest.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "stub_server.h"

using compat_original::StubServer;

namespace {

class Differences : public ::testing::Test {
 protected:
  void SetUp() override { client.setTransport(stub); }
  StubServer stub;
  ESP32HTTPClient client{"https://example.com"};
};

TEST_F(Differences, StringsInABodyAreEscaped) {
  client.post("/x").body("t", "a\"b\\c\n");
  EXPECT_EQ(stub.lastPayload(), "{\"t\":\"a\\\"b\\\\c\\n\"}");
}

TEST_F(Differences, QueryAndPathValuesArePercentEncoded) {
  client.get("/d/{id}").path("id", "x/y z").query("q", "a b&c");
  EXPECT_EQ(stub.lastUrl(), "https://example.com/d/x%2Fy%20z?q=a%20b%26c");
}

TEST_F(Differences, CredentialsThatDoNotFitOrCarryCrLfAreRefused) {
  const std::string fits(300, 't');  // the original cuts it at 256 bytes: sent whole here
  EXPECT_TRUE(client.bearer(fits.c_str()));
  client.get("/");
  EXPECT_EQ(stub.header("Authorization"), "Bearer " + fits);
  client.end();
  ESP32HTTPClient fresh("https://example.com");
  fresh.setTransport(stub);
  const std::string tooLong(EHC_CLIENT_HEADER_STORAGE, 't');  // more than the storage holds
  EXPECT_FALSE(fresh.bearer(tooLong.c_str()));
  EXPECT_FALSE(fresh.setHeader("X-A", "v\r\nX-Injected: 1"));
  fresh.get("/");
  EXPECT_EQ(stub.headerCount("Authorization"), 0u);
  EXPECT_EQ(stub.headerCount("X-Injected"), 0u);
  EXPECT_EQ(stub.headerCount("X-A"), 0u);
}

TEST_F(Differences, AnInvalidJsonBodyIsReported) {
  stub.setResponse(200, "{\"a\":1,\"b\":");
  int a = 0, b = 7;
  const RestResult r = client.get("/").getBody("a", &a).getBody("b", &b).send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_INVALID_JSON);
  EXPECT_EQ(a, 1);
  EXPECT_EQ(b, 7);
  EXPECT_EQ(r.found, 0b01u);
}

TEST_F(Differences, NumbersOutOfRangeOrNotNumbersLeaveTheTargetAndSaySo) {
  stub.setResponse(200, R"({"big":99999999999,"text":"12abc","num":"42"})");
  int big = 5, text = 6, num = 0;
  const RestResult r =
      client.get("/").getBody("big", &big).getBody("text", &text).getBody("num", &num).send();
  EXPECT_EQ(big, 5);
  EXPECT_EQ(r.outOfRange, 0b001u);
  EXPECT_EQ(text, 6);
  EXPECT_EQ(r.mismatched, 0b010u);
  EXPECT_EQ(num, 42);
  EXPECT_EQ(r.converted, 0b100u);
  stub.setResponseHeaders({{"X-N", "42abc"}});
  stub.setResponse(200, "{}");
  int header = 7;
  client.get("/").getHeader("X-N", &header);
  EXPECT_EQ(header, 7);
}

TEST_F(Differences, TheBaseUrlIsCopied) {
  String url = "https://example.com/v1";
  ESP32HTTPClient copied(url.c_str());
  copied.setTransport(stub);
  url = "https://elsewhere.org/zz";  // the original would now point at changed text
  EXPECT_STREQ(copied.getBaseUrl(), "https://example.com/v1");
  copied.get("/x");
  EXPECT_EQ(stub.lastUrl(), "https://example.com/v1/x");
}

struct P {
  int x = 0;
  REST_JSON_MAP(REST_FIELD(x))
};

TEST_F(Differences, FromJsonIsFalseForTextThatIsNotJson) {
  P p;
  EXPECT_FALSE(ESP32HTTPClient::fromJson("{\"x\":1", &p));
  EXPECT_TRUE(ESP32HTTPClient::fromJson("{\"x\":1}", &p));
}

TEST_F(Differences, EscapesInAStringTargetAreDecoded) {
  stub.setResponse(200, R"({"s":"a\nb\u00e9"})");
  String s;
  client.get("/").getBody("s", &s);
  EXPECT_STREQ(s.c_str(), "a\nb\xc3\xa9");
}

TEST_F(Differences, ARedirectNotFollowedIsNeitherSuccessNorError) {
  stub.setResponseHeaders({{"Location", "/elsewhere"}});
  stub.setResponse(302, "{}");
  int success = 0, error = 0, response = 0;
  client.get("/")
      .onSuccess([&](int) { ++success; })
      .onError([&](int, const char*) { ++error; })
      .onResponse([&](int code) { response = code; });
  EXPECT_EQ(response, 302);
  EXPECT_EQ(success, 0);
  EXPECT_EQ(error, 0);
}

TEST_F(Differences, AWrittenPostIsNotResentAfterTheConnectionIsLost) {
  stub.queueResponse(HTTPC_ERROR_CONNECTION_LOST, "");
  stub.queueResponse(201, "{}");
  client.post("/x").retry(2).body("a", 1);
  EXPECT_EQ(stub.requestCount, 1);
  EXPECT_EQ(client.getStatusCode(), HTTPC_ERROR_CONNECTION_LOST);
  stub.reset();
  stub.queueResponse(HTTPC_ERROR_CONNECTION_LOST, "");
  stub.queueResponse(200, "{}");
  client.get("/x").retry(2);  // a GET is resent
  EXPECT_EQ(stub.requestCount, 2);
  EXPECT_EQ(client.getStatusCode(), 200);
}

TEST_F(Differences, MetricsCountTheBytesAsTheyWent) {
  stub.setResponseHeaders({{"Transfer-Encoding", "chunked"}});
  stub.setResponse(200, "5\r\n{\"a\":\r\n2\r\n1}\r\n0\r\n\r\n");
  ObservabilityMetrics seen{};
  client.onObservability([&seen](const ObservabilityMetrics& m) { seen = m; });
  client.post("/x").body("k", "v");
  EXPECT_EQ(seen.rxBytes, 7u);  // the body, without its chunk framing (the original: 0)
  const compat_original::SentRequest sent = stub.last();
  EXPECT_GT(seen.txBytes, sent.payload.size());
  EXPECT_EQ(seen.txBytes, stub.writtenBytes());  // what was written, not an estimate
}

TEST_F(Differences, ExponentsAndLongStringsAreReadWhole) {
  const std::string text(300, 'x');
  stub.setResponse(200, R"({"e":1e5,"f":2.5E-3,"s":")" + text + R"("})");
  double e = 0, f = 0;
  String s;
  client.get("/").getBody("e", &e).getBody("f", &f).getBody("s", &s);
  EXPECT_EQ(e, 100000.0);
  EXPECT_EQ(f, 0.0025);
  EXPECT_EQ(std::string(s.c_str()), text);
}

}  // namespace
