// The fluent client against the project's fault server: what goes on the
// wire (paths, queries, bodies, headers, auth, cookies), what comes back
// into variables, errors with their codes, retries, redirects, callbacks.
#include <gtest/gtest.h>
#include <poll.h>

#include <memory>
#include <string>

#include "ESP32HTTPClient.h"
#include "fault_server.h"
#include "loopback.h"

using ehc::RestResult;

namespace {

struct Point {
  int x;
  int y;
  char label[16];
  REST_JSON_MAP(REST_FIELD(x), REST_FIELD(y), REST_FIELD(label))
};

class Client : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server_.start());
    base_ = "http://127.0.0.1:" + std::to_string(server_.port());
    client_ = std::make_unique<ESP32HTTPClient>(base_.c_str());
  }
  // The request as the server received it (the /echo route).
  struct Echo {
    std::string method, target, head, body;
    RestResult result;
  };
  Echo echo(ehc::RestRequest& request) {
    Echo e;
    request.getBody("method", &e.method)
        .getBody("target", &e.target)
        .getBody("head", &e.head)
        .getBody("body", &e.body);
    e.result = request.send();
    return e;
  }
  static bool hasHeader(const std::string& head, const std::string& line) {
    return head.find("\r\n" + line + "\r\n") != std::string::npos ||
           (head.size() >= line.size() + 2 &&
            head.compare(head.size() - line.size() - 2, std::string::npos, "\r\n" + line) == 0);
  }

  ehc_fault::FaultServer server_;
  std::string base_;
  std::unique_ptr<ESP32HTTPClient> client_;
};

TEST_F(Client, GetWithPathAndQueryParameters) {
  auto request = client_->get("/echo/{id}/x").path("id", 42).query("q", "a b&c").query("n", 1.5);
  const Echo e = echo(request);
  EXPECT_TRUE(e.result.isSuccess()) << e.result.message();
  EXPECT_EQ(e.method, "GET");
  EXPECT_EQ(e.target, "/echo/42/x?q=a%20b%26c&n=1.5");
  EXPECT_TRUE(hasHeader(e.head, "Host: 127.0.0.1:" + std::to_string(server_.port())));
  EXPECT_TRUE(hasHeader(e.head, "Connection: keep-alive"));
  EXPECT_EQ(client_->getStatusCode(), 200);
  EXPECT_TRUE(client_->isSuccess());
  EXPECT_FALSE(client_->hasError());
}

TEST_F(Client, TemporariesAreCopiedAtCallTime) {
  auto request = client_->get(std::string("/echo"));
  {
    std::string name = "temp", value = "value";
    request.query(name.c_str(), value).header("X-Temp", std::string("yes"));
    name.assign("XXXX");
    value.assign("YYYYY");
  }
  const Echo e = echo(request);
  EXPECT_EQ(e.target, "/echo?temp=value");
  EXPECT_TRUE(hasHeader(e.head, "X-Temp: yes"));
}

TEST_F(Client, JsonBodyFromPaths) {
  auto request = client_->post("/echo")
                     .bodyAt("name", "Ann")
                     .bodyAt("address.city", "Rome")
                     .bodyAt("age", 31)
                     .bodyAt("address.geo.lat", -37.5)
                     .bodyAt("admin", true)
                     .bodyAt("note", nullptr)
                     .bodyAt("age", 32);  // the same key again: the last value wins
  const Echo e = echo(request);
  EXPECT_EQ(e.method, "POST");
  EXPECT_EQ(e.body,
            "{\"name\":\"Ann\",\"address\":{\"city\":\"Rome\",\"geo\":{\"lat\":-37.5}},\"age\":32,"
            "\"admin\":true,\"note\":null}");
  EXPECT_TRUE(hasHeader(e.head, "Content-Type: application/json"));
  EXPECT_TRUE(hasHeader(e.head, "Content-Length: " + std::to_string(e.body.size())));
}

TEST_F(Client, StructAndRawBodies) {
  const Point p{3, -4, "corner"};
  auto a = client_->put("/echo").body(p);
  EXPECT_EQ(echo(a).body, "{\"x\":3,\"y\":-4,\"label\":\"corner\"}");
  auto b = client_->patch("/echo").rawBody("a=1&b=2", "application/x-www-form-urlencoded");
  const Echo e = echo(b);
  EXPECT_EQ(e.method, "PATCH");
  EXPECT_EQ(e.body, "a=1&b=2");
  EXPECT_TRUE(hasHeader(e.head, "Content-Type: application/x-www-form-urlencoded"));
  auto c = client_->post("/echo");  // no body: Content-Length: 0
  EXPECT_TRUE(hasHeader(echo(c).head, "Content-Length: 0"));
  auto d = client_->del("/echo");
  const Echo deleted = echo(d);
  EXPECT_EQ(deleted.method, "DELETE");
  EXPECT_EQ(deleted.head.find("Content-Length"), std::string::npos);
}

TEST_F(Client, PersistentHeadersAndAuth) {
  EXPECT_TRUE(client_->setHeader("X-Device", "esp32-1"));
  EXPECT_TRUE(client_->setHeader("X-Device", "esp32-2"));  // replaced
  EXPECT_FALSE(client_->setHeader("X-Evil", "a\r\nInjected: 1"));
  EXPECT_FALSE(client_->setHeader("Bad Name", "x"));
  EXPECT_TRUE(client_->basic("Aladdin", "open sesame"));
  EXPECT_TRUE(client_->apiKey("X-API-Key", "k-123"));
  auto a = client_->get("/echo");
  Echo e = echo(a);
  EXPECT_TRUE(hasHeader(e.head, "X-Device: esp32-2"));
  EXPECT_EQ(e.head.find("esp32-1"), std::string::npos);
  EXPECT_EQ(e.head.find("Injected"), std::string::npos);
  EXPECT_TRUE(hasHeader(e.head, "Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="));
  EXPECT_TRUE(hasHeader(e.head, "X-API-Key: k-123"));
  EXPECT_TRUE(client_->bearer("t0k3n"));  // replaces Basic
  auto b = client_->get("/echo");
  e = echo(b);
  EXPECT_TRUE(hasHeader(e.head, "Authorization: Bearer t0k3n"));
  EXPECT_EQ(e.head.find("Basic"), std::string::npos);
  EXPECT_TRUE(client_->setHeader("X-Device", nullptr));  // removed
  auto c = client_->get("/echo");
  EXPECT_EQ(echo(c).head.find("X-Device"), std::string::npos);
}

TEST_F(Client, CookiesUserSetAndServerSet) {
  EXPECT_TRUE(client_->setCookie("lang", "en"));
  EXPECT_FALSE(client_->setCookie("bad;name", "x"));
  client_->get("/set-cookie?name=session&value=abc123");
  auto a = client_->get("/echo");
  EXPECT_TRUE(hasHeader(echo(a).head, "Cookie: lang=en; session=abc123"));
  client_->get("/set-cookie?name=session&value=def");  // replaced
  auto b = client_->get("/echo");
  EXPECT_TRUE(hasHeader(echo(b).head, "Cookie: lang=en; session=def"));
  client_->get("/set-cookie?name=session&value=x&max-age=0");  // deleted
  auto c = client_->get("/echo");
  EXPECT_TRUE(hasHeader(echo(c).head, "Cookie: lang=en"));
  // Server cookies go back only to the host that set them.
  ASSERT_TRUE(client_->setBaseUrl("http://localhost:" + std::to_string(server_.port())));
  client_->get("/set-cookie?name=host&value=local");
  auto d = client_->get("/echo");
  EXPECT_NE(echo(d).head.find("host=local"), std::string::npos);  // to localhost: yes
  ASSERT_TRUE(client_->setBaseUrl(base_));
  auto e = client_->get("/echo");
  EXPECT_EQ(echo(e).head.find("host=local"), std::string::npos);  // to 127.0.0.1: no
}

TEST_F(Client, BodyAndHeaderTargets) {
  bool ok = false;
  int conn = 0;
  uint8_t req = 0;
  long contentLength = 0;
  char type[32] = "";
  std::string typeText;
  double missing = 7.5;
  const RestResult r = client_->get("/ok")
                           .getBody("ok", &ok)
                           .getBody("conn", &conn)
                           .getBody("req", &req)
                           .getBody("nothing", &missing)
                           .getHeader("Content-Length", &contentLength)
                           .getHeader("content-type", type)
                           .getHeader("Content-Type", &typeText)
                           .send();
  EXPECT_TRUE(r.isSuccess());
  EXPECT_TRUE(ok);
  EXPECT_EQ(conn, 1);
  EXPECT_EQ(req, 1);
  EXPECT_EQ(missing, 7.5);  // a missing key leaves its target untouched
  EXPECT_EQ(r.bindings, 4);
  EXPECT_EQ(r.found, 0b0111u);
  EXPECT_EQ(r.missing, 0b1000u);
  EXPECT_EQ(r.binding(3), ehc::BindStatus::Missing);
  EXPECT_GT(contentLength, 20);
  EXPECT_STREQ(type, "application/json");
  EXPECT_EQ(typeText, "application/json");
  EXPECT_EQ(r.headersFound, 0b111);

  int8_t tooSmall = 5;
  char tiny[4];
  Point p{};
  const RestResult s =
      client_->get("/json?bytes=300").getBody("end", &tooSmall).getBody("pad", tiny).send();
  EXPECT_EQ(tooSmall, 1);
  EXPECT_STREQ(tiny, "xxx");
  EXPECT_EQ(s.truncated, 0b10u);
  const RestResult t = client_->get("/ok").getBody(&p).getBody("ok", &conn).send();
  EXPECT_EQ(t.mismatched, 0b1000u);  // "ok" is a bool, not an int
  EXPECT_EQ(t.missing, 0b111u);      // x, y, label: not in {"ok":...}
}

TEST_F(Client, WildcardPathsWithACallback) {
  int count = 0;
  std::string keys;
  char value[16];
  client_->get("/ok")
      .getBody("*", value, sizeof value,
               [&](const ehc::JsonMatch& m) {
                 ++count;
                 keys += m.path;
                 keys += ';';
               })
      .send();
  EXPECT_EQ(count, 3);
  EXPECT_EQ(keys, "ok;conn;req;");
}

TEST_F(Client, ErrorsHaveTheirCodesAndMessages) {
  struct Case {
    const char* path;
    int code;
  } cases[] = {{"/bad-status", ehc::EHC_ERROR_BAD_RESPONSE},
               {"/not-http", ehc::EHC_ERROR_NO_HTTP_SERVER},
               {"/bad-chunk", ehc::EHC_ERROR_BAD_RESPONSE},
               {"/close-after-headers", ehc::EHC_ERROR_CONNECTION_LOST},
               {"/stall?ms=3000", ehc::EHC_ERROR_READ_TIMEOUT}};
  client_->setTimeout(300);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    int wanted = 0;  // a value of the body is wanted: a cut body is an error
    const RestResult r = client_->get(c.path).getBody("x", &wanted).send();
    EXPECT_EQ(r.error, c.code) << r.message();
    EXPECT_EQ(client_->getStatusCode(), c.code);
    EXPECT_TRUE(client_->hasError());
    EXPECT_EQ(client_->getErrorMessage(), ehc::statusName(c.code));
  }
  EXPECT_EQ(ESP32HTTPClient::errorToString(-1), "Connection Refused");
  EXPECT_EQ(ESP32HTTPClient::errorToString(-11), "Read Timeout");

  ESP32HTTPClient refused(
      ("http://127.0.0.1:" + std::to_string(ehc_test::closedLoopbackPort())).c_str());
  EXPECT_EQ(refused.get("/").send().error, ehc::EHC_ERROR_CONNECTION_REFUSED);
  ESP32HTTPClient badUrl("ftp://example.com");
  EXPECT_EQ(badUrl.get("/").send().error, ehc::EHC_ERROR_BAD_URL);

  const RestResult notFound = client_->get("/nope").send();  // a response is not an error code
  EXPECT_EQ(notFound.error, ehc::EHC_OK);
  EXPECT_EQ(notFound.statusCode, 404);
  EXPECT_TRUE(notFound.hasError());
  EXPECT_FALSE(notFound.isSuccess());
}

TEST_F(Client, BodiesFromTemporariesAndBodiesThatAreNotJson) {
  std::string body;
  client_->post("/echo").rawBody(std::string("{\"t\":1}").c_str()).getBody("body", &body);
  EXPECT_EQ(body, "{\"t\":1}");  // the temporary was gone before the request was sent
  client_->put("/echo").body(Point{5, 6, "tmp"}).getBody("body", &body);
  EXPECT_EQ(body, "{\"x\":5,\"y\":6,\"label\":\"tmp\"}");
  const size_t before = server_.requests().size();
  EXPECT_EQ(client_->post("/echo").body("a", 1).body("b", 0.0 / 0.0).send().error,
            ehc::EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(client_->post("/echo").body("bad\xff", 1).send().error, ehc::EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(client_->post("/echo").body("a", "\xc3(").send().error, ehc::EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(server_.requests().size(), before);  // none of them went out
}

// body(key, value) takes the key as it is, as ESP32-HTTP-Client did, and a
// float is the shortest text that reads back as that float.
TEST_F(Client, BodyKeysAreFlatAndFloatsShortest) {
  auto request = client_->post("/echo")
                     .body("a.b", 1)
                     .body("score", 9.87f)
                     .body("back\\slash", "x")
                     .bodyAt("a\\.c", 2)
                     .body("ratio", 0.1);
  const Echo e = echo(request);
  EXPECT_EQ(e.body, "{\"a.b\":1,\"score\":9.87,\"back\\\\slash\":\"x\",\"a.c\":2,\"ratio\":0.1}");
  auto q = client_->get("/echo").query("t", 9.87f).query("d", 9.87);
  EXPECT_EQ(echo(q).target, "/echo?t=9.87&d=9.87");
}

TEST_F(Client, CapacityAndMisuseFailBeforeSending) {
  auto request = client_->get("/echo");
  for (int i = 0; i <= EHC_MAX_QUERY_PARAMS; ++i) request.query("k", i);
  const RestResult r = request.send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_CAPACITY);
  EXPECT_NE(std::string(r.message()).find("EHC_MAX_QUERY_PARAMS"), std::string::npos);
  EXPECT_EQ(client_->get("/echo").bodyAt("a", 1).bodyAt("a.b", 2).send().error,
            ehc::EHC_ERROR_INVALID_REQUEST);
  int x = 0;
  EXPECT_EQ(client_->get("/echo").getBody("a\\", &x).send().error, ehc::EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(client_->get("/{missing}").send().error, ehc::EHC_ERROR_INVALID_REQUEST);
  EXPECT_TRUE(server_.requests().empty());  // none of them went out
}

// Every capacity: a request past it fails with -21 naming the setting, and
// nothing is sent.
TEST_F(Client, EveryCapacityFailsWithItsSetting) {
  const auto expectCapacity = [&](const RestResult& r, const char* setting) {
    EXPECT_EQ(r.error, ehc::EHC_ERROR_CAPACITY) << setting;
    EXPECT_NE(std::string(r.message()).find(setting), std::string::npos) << r.message();
  };
  {
    auto q = client_->get("/{a}");
    for (int i = 0; i <= EHC_MAX_PATH_PARAMS; ++i) q.path("a", i);
    expectCapacity(q.send(), "EHC_MAX_PATH_PARAMS");
  }
  {
    auto q = client_->post("/echo");
    for (int i = 0; i <= EHC_MAX_BODY_FIELDS; ++i) q.body(("k" + std::to_string(i)).c_str(), i);
    expectCapacity(q.send(), "EHC_MAX_BODY_FIELDS");
  }
  {
    auto q = client_->get("/echo");
    for (int i = 0; i <= EHC_MAX_REQUEST_HEADERS; ++i) q.header("X-A", "1");
    expectCapacity(q.send(), "EHC_MAX_REQUEST_HEADERS");
  }
  {
    long v[EHC_MAX_HEADER_TARGETS + 1];
    auto q = client_->get("/echo");
    for (long& x : v) q.getHeader("X-A", &x);
    expectCapacity(q.send(), "EHC_MAX_HEADER_TARGETS");
  }
  {
    int v[EHC_MAX_EACH_CALLBACKS + 1];
    auto q = client_->get("/echo");
    for (int& x : v) q.getBody("*", &x, [](const ehc::JsonMatch&) {});
    expectCapacity(q.send(), "EHC_MAX_EACH_CALLBACKS");
  }
  {
    int v[EHC_MAX_BINDINGS + 1];
    auto q = client_->get("/echo");
    for (int& x : v) q.getBody("x", &x);
    expectCapacity(q.send(), "EHC_MAX_BINDINGS");
  }
  expectCapacity(
      client_->get("/echo").query("q", std::string(EHC_REQUEST_STORAGE, 'v').c_str()).send(),
      "EHC_REQUEST_STORAGE");
  EXPECT_TRUE(server_.requests().empty());
}

TEST_F(Client, SentOnceAtTheEndOfTheStatementOrBySend) {
  client_->get("/ok");  // the familiar form: sent at the ';'
  EXPECT_EQ(server_.requests().size(), 1u);
  {
    auto request = client_->get("/ok");
    EXPECT_EQ(server_.requests().size(), 1u);  // not yet
    EXPECT_TRUE(request.send().isSuccess());
    EXPECT_EQ(request.send().statusCode, 0);  // never twice
  }                                           // nor at its end
  EXPECT_EQ(server_.requests().size(), 2u);
}

TEST_F(Client, OneRequestBuiltAtATime) {
  auto first = client_->get("/ok");
  const RestResult second = client_->get("/ok").send();
  EXPECT_EQ(second.error, ehc::EHC_ERROR_CLIENT_BUSY);
  EXPECT_TRUE(first.send().isSuccess());
  EXPECT_EQ(server_.requests().size(), 1u);
  EXPECT_TRUE(client_->get("/ok").send().isSuccess());  // free again
}

TEST_F(Client, CallbacksBothShapes) {
  int success = 0, errors = 0, responses = 0, observed = 0, lastCode = 0;
  std::string message;
  client_->onObservability([&](const RestResult& r) { observed += r.attempts; });
  client_->get("/ok").onSuccess([&](int status) { success += status; }).onResponse([&](int) {
    ++responses;
  });
  client_->get("/ok").onSuccess([&]() { ++success; });
  client_->get("/status?code=503").onError([&](int code, const char* m) {
    lastCode = code;
    message = m;
  });
  client_->get("/status?code=404").onError([&](int code) { errors += code; });
  client_->onError([&](int code) { errors += code; });
  client_->get("/status?code=400");
  EXPECT_EQ(success, 201);
  EXPECT_EQ(responses, 1);
  EXPECT_EQ(lastCode, 503);
  EXPECT_EQ(message, "Service Unavailable");
  EXPECT_EQ(errors, 404 + 400);
  EXPECT_EQ(observed, 5);
}

TEST_F(Client, RedirectsOnlyWhenAsked) {
  EXPECT_EQ(client_->get("/redirect?code=302&to=/echo").send().statusCode, 302);
  auto a = client_->get("/redirect?code=302&to=/echo").followRedirects();
  Echo e = echo(a);
  EXPECT_EQ(e.result.statusCode, 200);
  EXPECT_EQ(e.result.redirects, 1);
  EXPECT_EQ(e.target, "/echo");

  auto b = client_->post("/redirect?code=303&to=/echo").body("a", 1).followRedirects();
  e = echo(b);
  EXPECT_EQ(e.method, "GET");  // 303: GET, no body
  EXPECT_EQ(e.body, "");
  auto c = client_->post("/redirect?code=307&to=/echo").body("a", 1).followRedirects();
  e = echo(c);
  EXPECT_EQ(e.method, "POST");  // 307: as it was
  EXPECT_EQ(e.body, "{\"a\":1}");

  auto relative = client_->get("/redirect?to=echo%23fragment").followRedirects();
  e = echo(relative);
  EXPECT_EQ(e.target, "/echo");  // relative to /redirect's directory; the fragment dropped

  const RestResult loop = client_->get("/redirect?loop=1").followRedirects(3).send();
  EXPECT_EQ(loop.error, ehc::EHC_ERROR_TOO_MANY_REDIRECTS);

  // Another host: the Authorization header stays behind.
  client_->bearer("secret");
  const std::string elsewhere = "http://localhost:" + std::to_string(server_.port()) + "/echo";
  auto d = client_->get("/redirect").query("to", elsewhere.c_str()).followRedirects();
  e = echo(d);
  EXPECT_EQ(e.result.statusCode, 200) << e.result.message();
  EXPECT_EQ(e.head.find("Authorization"), std::string::npos);
  auto f = client_->get("/redirect?to=/echo").followRedirects();
  EXPECT_TRUE(hasHeader(echo(f).head, "Authorization: Bearer secret"));  // same host: kept

  // Another port is another origin too: no credential of any kind follows.
  ehc_fault::FaultServer other;
  ASSERT_TRUE(other.start());
  client_->apiKey("X-API-Key", "k-1");
  client_->cookie("sess", "s1");
  const std::string otherPort = "http://127.0.0.1:" + std::to_string(other.port()) + "/echo";
  auto g = client_->get("/redirect").query("to", otherPort.c_str()).followRedirects();
  e = echo(g);
  EXPECT_EQ(e.result.statusCode, 200) << e.result.message();
  EXPECT_EQ(e.head.find("Authorization"), std::string::npos) << e.head;
  EXPECT_EQ(e.head.find("X-API-Key"), std::string::npos) << e.head;
  EXPECT_EQ(e.head.find("sess=s1"), std::string::npos) << e.head;
  auto h = client_->get("/echo");
  const Echo home = echo(h);
  EXPECT_TRUE(hasHeader(home.head, "X-API-Key: k-1"));
  EXPECT_TRUE(hasHeader(home.head, "Cookie: sess=s1"));
}

TEST_F(Client, MessagesOutliveTheNextRequest) {
  const RestResult first = client_->get("/status?code=503").send();
  client_->get("/ok");
  EXPECT_STREQ(first.message(), "Service Unavailable");
}

TEST_F(Client, RetriesNetworkErrorsWithBackoff) {
  const uint16_t port = ehc_test::closedLoopbackPort();
  ESP32HTTPClient refused(("http://127.0.0.1:" + std::to_string(port)).c_str());
  refused.setMaxRetry(2);
  const RestResult r = refused.get("/").send();
  EXPECT_EQ(r.attempts, 3);
  EXPECT_GE(r.totalMs, uint32_t{EHC_RETRY_BACKOFF_MS} * 3);  // waited 1x, then 2x
  EXPECT_EQ(refused.get("/").retry(0).send().attempts, 1);

  // A POST that reached the server is not sent again...
  int end = 0;  // a value after the reset: the body is wanted
  const RestResult post = client_->post("/reset-mid-body").getBody("end", &end).retry(2).send();
  EXPECT_EQ(post.error, ehc::EHC_ERROR_CONNECTION_LOST);
  EXPECT_EQ(post.attempts, 1);
  // ...unless the caller says it may be.
  EXPECT_EQ(
      client_->post("/reset-mid-body").getBody("end", &end).retry(1).idempotent().send().attempts,
      2);
  EXPECT_EQ(client_->get("/reset-mid-body").getBody("end", &end).retry(1).send().attempts, 2);
  EXPECT_EQ(client_->get("/nope").retry(3).send().attempts, 1);  // HTTP statuses are not retried
}

// The timeout is one deadline for the whole request, as libcurl's
// CURLOPT_TIMEOUT: redirects do not start it again, and neither do retries
// (a retry whose backoff would end past it is not made).
TEST_F(Client, TheTimeoutIsOneDeadlineForTheWholeRequest) {
  // Hops of 600 ms each: two fit in 1.5 s, five do not.
  const RestResult slow =
      client_->get("/redirect?loop=1&ms=600").followRedirects(5).timeout(1500).send();
  EXPECT_EQ(slow.error, ehc::EHC_ERROR_READ_TIMEOUT) << slow.message();
  EXPECT_LE(slow.redirects, 2);
  EXPECT_LE(server_.requests().size(), 3u);

  // Backoff 200, 400, 800 ms fit in 2.5 s; the next, 1 600 ms, would not.
  ESP32HTTPClient refused(
      ("http://127.0.0.1:" + std::to_string(ehc_test::closedLoopbackPort())).c_str());
  refused.setMaxRetry(5);
  refused.setTimeout(2500);
  const RestResult r = refused.get("/").send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_CONNECTION_REFUSED);
  EXPECT_EQ(r.attempts, 4);
  EXPECT_LT(r.totalMs, 2500u + 1000u);  // never waits past the deadline (with room for a slow host)
}

// A server that refuses an upload from its head answers while the body is
// still going out, then resets or closes: that answer is the outcome (as
// curl and browsers report it), not the failed write.
TEST_F(Client, AnAnswerBeforeTheUploadEndedIsReported) {
  const std::string big(5 * 1024 * 1024, 'x');
  int status = 0;
  const RestResult tooLarge = client_->post("/early?code=413")
                                  .rawBodyRef(big.data(), big.size(), "text/plain")
                                  .getBody("status", &status)
                                  .send();
  EXPECT_EQ(tooLarge.error, ehc::EHC_OK) << tooLarge.message();
  EXPECT_EQ(tooLarge.statusCode, 413);
  EXPECT_EQ(status, 413);
  EXPECT_LT(tooLarge.bytesSent, big.size());  // the body did not all go
  const RestResult denied = client_->put("/early?code=401&then=close")
                                .rawBodyRef(big.data(), big.size(), "text/plain")
                                .send();
  EXPECT_EQ(denied.error, ehc::EHC_OK) << denied.message();
  EXPECT_EQ(denied.statusCode, 401);
  EXPECT_EQ(denied.attempts, 1);
  EXPECT_TRUE(client_->get("/ok").send().isSuccess());  // on a new connection
  EXPECT_EQ(server_.connectionsAccepted(), 3u);
}

TEST_F(Client, KeepsTheConnectionAndEndReleasesIt) {
  EXPECT_FALSE(client_->get("/ok").send().reused);
  EXPECT_TRUE(client_->get("/ok").send().reused);
  client_->end();
  EXPECT_FALSE(client_->get("/ok").send().reused);
  EXPECT_EQ(server_.connectionsAccepted(), 2u);
}

TEST(ClientJson, ToJsonAndFromJson) {
  const Point p{1, 2, "a\"b"};
  char json[64];
  ASSERT_TRUE(ESP32HTTPClient::toJson(p, json, sizeof json));
  EXPECT_STREQ(json, "{\"x\":1,\"y\":2,\"label\":\"a\\\"b\"}");
  EXPECT_FALSE(RestJson::toJson(p, json, 8));  // does not fit
  EXPECT_EQ(RestJson::toJson(p), "{\"x\":1,\"y\":2,\"label\":\"a\\\"b\"}");
  EXPECT_EQ(RestJson::measureJson(p), strlen("{\"x\":1,\"y\":2,\"label\":\"a\\\"b\"}"));
  Point q{};
  ASSERT_TRUE(ESP32HTTPClient::fromJson("{\"y\":5,\"label\":\"z\",\"extra\":[1]}", &q));
  EXPECT_EQ(q.x, 0);
  EXPECT_EQ(q.y, 5);
  EXPECT_STREQ(q.label, "z");
  EXPECT_FALSE(RestJson::fromJson("{\"y\":", &q));
}

}  // namespace

namespace {

// A poll schedule of its own for each request, fixed (no seed from time):
// how many bytes each poll may move, and whether to wait on the socket, to
// sleep or to poll again at once in between.
struct Schedule {
  uint32_t state;
  uint32_t next() {
    state = state * 1103515245u + 12345u;
    return state >> 16;
  }
};

RestResult pollWithSchedule(ESP32HTTPClient& client, ehc::RestRequest& request, Schedule& s) {
  int polls = 0;
  for (;;) {
    client.setPollBudget(0, 1 + s.next() % 700);
    if (request.poll() == ehc::PollState::Done || ++polls > 2000000) break;
    const uint32_t how = s.next() % 3;
    const ehc::WaitFor w = request.waitFor();
    if (how == 0 && w.fd >= 0) {
      pollfd p{w.fd, static_cast<short>((w.readable ? POLLIN : 0) | (w.writable ? POLLOUT : 0)), 0};
      ::poll(&p, 1, static_cast<int>(w.until.remainingMs() < 50 ? w.until.remainingMs() : 50));
    } else if (how == 1) {
      ehc::sleepMs(1);
    }
  }
  return request.result();
}

}  // namespace

// The polled API meets every fault as send() does, whatever the schedule.
TEST_F(Client, PolledRequestsEndAsSentOnesWhateverThePollSchedule) {
  const char* paths[] = {"/bad-status",          "/not-http",
                         "/bad-chunk",           "/close-after-headers",
                         "/stall?ms=3000",       "/reset-mid-body",
                         "/trickle?ms=2",        "/json?bytes=20000",
                         "/chunked?bytes=20000", "/redirect?code=302&to=/ok",
                         "/ok?then=close",       "/stall-body?ms=3000"};
  Schedule schedule{17};
  for (const char* path : paths) {
    SCOPED_TRACE(path);
    // The stalls must time out; everything else must not, on a loaded
    // machine too (the trickle takes about 250 ms of 2 ms pauses).
    const uint32_t timeoutMs = strncmp(path, "/stall", 6) == 0 ? 300 : 10000;
    long ok = 0, count = 0;
    const RestResult sent = client_->get(path)
                                .getBody("ok", &ok)
                                .getBody("*", [&count](const ehc::JsonMatch&) { ++count; })
                                .followRedirects(2)
                                .timeout(timeoutMs)
                                .send();
    const long sentCount = count;
    for (int k = 0; k < 3; ++k) {
      ok = count = 0;
      auto request = client_->get(path)
                         .getBody("ok", &ok)
                         .getBody("*", [&count](const ehc::JsonMatch&) { ++count; })
                         .followRedirects(2)
                         .timeout(timeoutMs);
      const RestResult polled = pollWithSchedule(*client_, request, schedule);
      EXPECT_EQ(polled.error, sent.error) << polled.message() << " / " << sent.message();
      EXPECT_EQ(polled.statusCode, sent.statusCode);
      EXPECT_EQ(polled.found, sent.found);
      EXPECT_EQ(polled.redirects, sent.redirects);
      EXPECT_EQ(count, sentCount);
    }
  }
}
