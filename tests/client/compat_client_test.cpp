// ESP32-HTTP-Client's API as its users call it (issue 16), against the
// project's fault server: signatures, what goes on the wire, callbacks,
// metrics. (The sketches themselves are compiled and run in tests/compat.)
#include <gtest/gtest.h>
#include <string.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "ehc/net/scripted_transport.h"
#include "fault_server.h"
#include "loopback.h"

namespace {

class Compat : public ::testing::Test {
 protected:
  void SetUp() override {
    server_.setDataDir(std::string(EHC_SHARED_DIR) + "/testdata/jsonplaceholder");
    ASSERT_TRUE(server_.start());
    base_ = "http://127.0.0.1:" + std::to_string(server_.port());
    client_ = std::make_unique<ESP32HTTPClient>(base_.c_str());
  }
  // What /echo saw of the next request made with `request`.
  std::string head(ehc::RestRequest& request) {
    std::string h;
    request.getBody("head", &h).send();
    return h;
  }
  static bool has(const std::string& head, const std::string& line) {
    return head.find("\r\n" + line + "\r\n") != std::string::npos;
  }

  ehc_fault::FaultServer server_;
  std::string base_;
  std::unique_ptr<ESP32HTTPClient> client_;
};

TEST(CompatApi, GettersAndPortsAsTheOriginalHasThem) {
  ESP32HTTPClient client = "https://api.initial.com";  // not explicit
  EXPECT_STREQ(client.getBaseUrl(), "https://api.initial.com");
  EXPECT_EQ(client.getPort(), 0);
  EXPECT_EQ(client.getTimeout(), 60000);
  EXPECT_EQ(client.getMaxRetry(), 1);
  ESP32HTTPClient withPort("https://api.initial.com", 80);
  EXPECT_EQ(withPort.getPort(), 80);
  withPort.setBaseUrl("https://api.newhost.org", 443);
  EXPECT_STREQ(withPort.getBaseUrl(), "https://api.newhost.org");
  EXPECT_EQ(withPort.getPort(), 443);
  withPort.setUrl("http://192.168.1.50");  // a new URL drops the port, as the original
  EXPECT_EQ(withPort.getPort(), 0);
  withPort.setPort(8080);
  EXPECT_EQ(withPort.getPort(), 8080);
  EXPECT_FALSE(withPort.setBaseUrl("http://x", 70000));
  client.setTimeout(8000);
  EXPECT_EQ(client.getTimeout(), 8000);
  client.setTimeout(100000);
  EXPECT_EQ(client.getTimeout(), 65535);  // the original's uint16_t
  EXPECT_EQ(client.timeoutMs(), 100000u);
  client.setMaxRetry(3);
  EXPECT_EQ(client.getMaxRetry(), 3);
  client.setMaxRetry(-1);  // the original clamps to 0
  EXPECT_EQ(client.getMaxRetry(), 0);
  client.setMaxRetry(1000);
  EXPECT_EQ(client.getMaxRetry(), 255);
}

TEST(CompatApi, ErrorNamesAreTheOriginals) {
  const std::pair<int, const char*> names[] = {{-1, "Connection Refused"},
                                               {-2, "Send Header Failed"},
                                               {-9, "Encoding Error"},
                                               {-11, "Read Timeout"},
                                               {0, "Not Executed"},
                                               {200, "OK"},
                                               {201, "Created"},
                                               {400, "Bad Request"},
                                               {401, "Unauthorized"},
                                               {404, "Not Found"},
                                               {500, "Internal Server Error"},
                                               {206, "Success"},
                                               {302, "Redirection"},
                                               {418, "Client Error"},
                                               {599, "Server Error"},
                                               {700, "Unknown HTTP Status"},
                                               {-99, "Unknown Client Error"},
                                               {-20, "Invalid JSON"}};
  for (const auto& n : names) {
    const std::string text = ESP32HTTPClient::errorToString(n.first);  // a string class
    EXPECT_EQ(text, n.second) << n.first;
    EXPECT_EQ(text.length(), strlen(n.second));
  }
  ESP32HTTPClient client("http://127.0.0.1:1");
  EXPECT_EQ(client.getErrorMessage(), "Not Executed");
  std::string message;
  client.setConnectTimeout(2000);
  client.get("/").retry(0).onError([&message](int, const char* m) { message = m; });
  EXPECT_EQ(client.getStatusCode(), -1);
  EXPECT_EQ(client.getErrorMessage(), "Connection Refused");
  EXPECT_EQ(message, "Connection Refused");
  EXPECT_STRNE(client.lastResult().message(), "Connection Refused");  // the details stay
}

TEST_F(Compat, ABadPortFailsTheRequestsClearly) {
  EXPECT_FALSE(client_->setBaseUrl(base_.c_str(), -5));
  const ehc::RestResult r = client_->get("/echo").send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_BAD_URL);
  EXPECT_TRUE(server_.requests().empty());
}

TEST_F(Compat, ApiKeyIsNameThenKeyAndReplaces) {
  client_->apiKey("x-api-key", "secret-key-123");
  client_->apiKey("x-api-key", "new-secret-456");
  auto request = client_->get("/echo");
  const std::string h = head(request);
  EXPECT_TRUE(has(h, "x-api-key: new-secret-456")) << h;
  EXPECT_EQ(h.find("secret-key-123"), std::string::npos);
  EXPECT_EQ(h.find("x-api-key: x-api-key"), std::string::npos);
}

TEST_F(Compat, CookiesChainIntoOneHeader) {
  ESP32HTTPClient& same = client_->cookie("session_id", "abc123").cookie("device_id", "esp32-01");
  EXPECT_EQ(&same, client_.get());
  auto request = client_->get("/echo");
  EXPECT_TRUE(has(head(request), "Cookie: session_id=abc123; device_id=esp32-01"));
}

TEST_F(Compat, PathPlaceholderWithBraces) {
  std::string target;
  client_->get("/echo/{id}").path("{id}", 15).getBody("target", &target);
  EXPECT_EQ(target, "/echo/15");
  client_->get("/echo/{route}/{id}")
      .path("route", std::string("items"))
      .path("id", 42)
      .getBody("target", &target);
  EXPECT_EQ(target, "/echo/items/42");
}

TEST_F(Compat, SixHeaderTargetsOfEveryType) {
  int remaining = 0;
  long timestamp = 0;
  float temp = 0;
  double factor = 0;
  bool cached = false, admin = false;
  std::string etag, server;
  char msg[8] = "";
  client_->get("/header-sample")
      .getHeader("X-Rate-Limit-Remaining", &remaining)
      .getHeader("X-Timestamp", &timestamp)
      .getHeader("X-Temperature", &temp)
      .getHeader("X-Factor", &factor)
      .getHeader("X-Is-Cached", &cached)
      .getHeader("X-Is-Admin", &admin)
      .getBody("msg", msg);
  EXPECT_EQ(client_->getStatusCode(), 200) << client_->lastResult().message();
  EXPECT_EQ(remaining, 42);
  EXPECT_EQ(timestamp, 1710000050L);
  EXPECT_FLOAT_EQ(temp, 25.75f);
  EXPECT_DOUBLE_EQ(factor, 1.234567);
  EXPECT_TRUE(cached);  // "TRUE"
  EXPECT_TRUE(admin);   // "1"
  EXPECT_STREQ(msg, "ok");
  client_->get("/header-sample").getHeader("etag", &etag).getHeader("X-Server-Id", &server);
  EXPECT_EQ(etag, "W/\"123456789\"");
  EXPECT_EQ(server, "srv-node-01");
}

TEST_F(Compat, StringTargetsTakeRawJsonOfAnyValue) {
  std::string object, number, missing = "original";
  client_->get("/users")
      .getBody("1.address.geo", &object)
      .getBody("0.id", &number)
      .getBody("5.unknown", &missing);
  EXPECT_EQ(object, "{\n        \"lat\": \"-43.9509\",\n        \"lng\": \"-34.4618\"\n      }");
  EXPECT_EQ(number, "1");
  EXPECT_EQ(missing, "original");
  std::string all;
  client_->get("/users").getBody("", &all);
  EXPECT_EQ(all[0], '[');
  EXPECT_GT(all.length(), 1000u);
}

TEST_F(Compat, NumbersInStringsAreConvertedAndReported) {
  float lat = 0;
  int id = 0;
  const ehc::RestResult r =
      client_->get("/users/1").getBody("address.geo.lat", &lat).getBody("id", &id).send();
  EXPECT_FLOAT_EQ(lat, -37.3159f);
  EXPECT_EQ(r.converted, 1u);  // lat came as a string, id as a number
  EXPECT_EQ(r.found, 3u);
}

// The original's order: onResponse, then onSuccess / onError, the request's
// before the client's; then the metrics.
TEST_F(Compat, CallbackOrderAndTheOriginalsTypes) {
  std::vector<std::string> order;
  HttpResponseCallback clientSuccess = [&order](int code) {
    order.push_back("client success " + std::to_string(code));
  };
  client_->onSuccess(clientSuccess);  // a std::function: one heap block, here
  client_->onResponse(
      [&order](int code) { order.push_back("client response " + std::to_string(code)); });
  client_->onObservability([&order](const ObservabilityMetrics& m) {
    order.push_back("metrics rx " + std::to_string(m.rxBytes) + " retries " +
                    std::to_string(m.retries) + " tx>0 " + std::to_string(m.txBytes > 0));
  });
  std::string a = "a", b = "b", c = "c";
  client_->get("/status?code=200")
      .onSuccess([&order, &a, &b, &c](int) { order.push_back("request success " + a + b + c); })
      .onError(nullptr)
      .onResponse([&order, a](int code) {  // captures a std::string by value
        order.push_back("request response " + a + std::to_string(code));
      });
  const std::vector<std::string> expected = {"request response a200", "client response 200",
                                             "request success abc", "client success 200",
                                             "metrics rx 14 retries 0 tx>0 1"};
  EXPECT_EQ(order, expected);
  client_->onSuccess(nullptr);
  client_->onObservability(nullptr);
  HttpErrorCallback none;
  client_->onError(none);  // an empty std::function: no callback
  order.clear();
  client_->get("/status?code=500");
  EXPECT_EQ(order, std::vector<std::string>{"client response 500"});
}

// A callback may start the next request on the same client: the first
// request's later callbacks still see its own result.
TEST_F(Compat, ACallbackMayStartTheNextRequest) {
  int nested = 0;
  std::vector<int> successes, errors;
  client_->get("/status?code=200")
      .onResponse(
          [this, &nested](int) { nested = client_->get("/status?code=404").send().statusCode; })
      .onSuccess([&successes](int code) { successes.push_back(code); })
      .onError([&errors](int code, const char*) { errors.push_back(code); });
  EXPECT_EQ(nested, 404);
  EXPECT_EQ(successes, std::vector<int>{200});
  EXPECT_TRUE(errors.empty());
}

// Small callbacks stay inline: a request with them allocates nothing; a big
// one costs one block, freed after the run.
TEST(CompatCallbacks, SmallOnesCostNoHeapBigOnesOneBlock) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  const char ok[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
  const ehc::ScriptStep steps[] = {ehc::ScriptStep::data(ok), ehc::ScriptStep::stall(0),
                                   ehc::ScriptStep::data(ok), ehc::ScriptStep::stall(0),
                                   ehc::ScriptStep::data(ok), ehc::ScriptStep::stall(0)};
  ehc::ScriptedTransport transport(steps, sizeof steps / sizeof steps[0]);
  ESP32HTTPClient client("http://api.test", transport);
  int calls = 0;
  client.get("/");  // connects
  {
    ehc_test::AllocScope scope;
    client.get("/").onSuccess([&calls](int) { ++calls; }).onResponse([&calls](int) { ++calls; });
    EXPECT_EQ(scope.calls(), 0u);
  }
  EXPECT_EQ(calls, 2);
  const std::string tag = "big";
  const ehc_test::AllocTotals before = ehc_test::allocTotals();
  {
    ehc_test::AllocScope scope;
    client.get("/").onSuccess([&calls, tag](int) { calls += static_cast<int>(tag.size()); });
    EXPECT_EQ(scope.calls(), 1u);  // the callback's block (the short string is inline in it)
  }
  EXPECT_EQ(calls, 5);
  EXPECT_EQ(ehc_test::allocTotals().live, before.live);  // freed
}

}  // namespace

// The body's and the upload's callbacks too: a big one's block is freed
// after the run (they were not: a download lambda with a std::string
// captured leaked its block on every request).
TEST(CompatCallbacks, BigBodyAndUploadCallbacksAreFreedAfterTheRun) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  const char ok[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
  const ehc::ScriptStep steps[] = {ehc::ScriptStep::data(ok), ehc::ScriptStep::stall(0),
                                   ehc::ScriptStep::data(ok), ehc::ScriptStep::stall(0),
                                   ehc::ScriptStep::data(ok), ehc::ScriptStep::stall(0)};
  ehc::ScriptedTransport transport(steps, sizeof steps / sizeof steps[0]);
  ESP32HTTPClient client("http://api.test", transport);
  client.get("/");  // connects
  const std::string tag = "big";
  std::string got;
  size_t events = 0;
  const size_t live = ehc_test::allocTotals().live;
  {
    ehc_test::AllocScope scope;
    const RestResult r =
        client.get("/")
            .download([&got, tag](const uint8_t* d, size_t n) {
              got.append(reinterpret_cast<const char*>(d), n);
            })
            .onProgress([&events, tag](uint64_t, int64_t) { events += tag.size(); })
            .resume(1, [tag] { return !tag.empty(); })
            .send();
    EXPECT_EQ(r.statusCode, 200);
    EXPECT_EQ(scope.calls(), 3u);  // one block each
  }
  EXPECT_EQ(got, "{}");
  EXPECT_GT(events, 0u);
  EXPECT_EQ(ehc_test::allocTotals().live, live);
  {
    ehc_test::AllocScope scope;
    bool sent = false;
    const RestResult r = client.post("/")
                             .upload(
                                 [&sent, tag](uint8_t* b, size_t room) -> long {
                                   if (sent || room < 1) return 0;
                                   sent = true;
                                   b[0] = static_cast<uint8_t>(tag[0]);
                                   return 1;
                                 },
                                 1)
                             .onUploadProgress([&events, tag](uint64_t, int64_t) { ++events; })
                             .uploadRewind([&sent, tag] { return !(sent = false); })
                             .send();
    EXPECT_EQ(r.statusCode, 200);
    EXPECT_EQ(scope.calls(), 3u);
  }
  EXPECT_EQ(ehc_test::allocTotals().live, live);
}
