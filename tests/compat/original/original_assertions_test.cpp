// ESP32-HTTP-Client's own tests (its tests/test_rest_request.cpp, 52 suites,
// 251 expect...() calls) re-expressed through this library's API, suite by
// suite and call by call in its order (the original's file is not here).
// Where the original reaches into its request's internals (_queryParams,
// _headers, _executed, parseResponse()), the check is made on what this
// library sends or binds: the request as the stub server received it, or a
// response body the stub serves. See tally.h for AGREE / DIFFER; the totals
// are printed at the end ("the original's assertions: N agree, M differ").
#include <Arduino.h>
#include <gtest/gtest.h>
#include <string.h>

#include <cmath>
#include <string>
#include <vector>

#include "BufferedStreamReader.h"
#include "ESP32HTTPClient.h"
#include "RestRequest.h"
#include "stub_server.h"
#include "tally.h"

using compat_original::StubServer;

namespace {

// The reasons, as docs/migration.md's rows of deliberate differences name them.
constexpr const char* kNullTarget = "a null getBody target fails the request (-22), nothing sent";
constexpr const char* kNullCredential = "a null credential is refused, nothing set";

// The original's URLs name the port whenever one was given (":443" too);
// the same URL without the scheme's own port.
std::string url(std::string u) {
  for (const char* p : {"https://", "http://"}) {
    const std::string scheme(p);
    const std::string own = scheme == "https://" ? ":443" : ":80";
    if (u.compare(0, scheme.size(), scheme) != 0) continue;
    const size_t at = u.find(own, scheme.size());
    if (at != std::string::npos && (at + own.size() == u.size() || u[at + own.size()] == '/'))
      u.erase(at, own.size());
  }
  return u;
}

std::vector<std::string> queryOf(const std::string& u) {
  std::vector<std::string> params;
  const size_t q = u.find('?');
  for (size_t at = q; at != std::string::npos && at < u.size();) {
    const size_t end = u.find('&', at + 1);
    params.push_back(u.substr(at + 1, end == std::string::npos ? end : end - at - 1));
    at = end;
  }
  return params;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string str(const String& s) {
  return s.c_str();
}

// Did the last request send a header of exactly this name (its case kept)?
bool sentNamed(const StubServer& stub, const std::string& name) {
  for (const auto& h : stub.last().headers)
    if (h.first == name) return true;
  return false;
}

class Original : public ::testing::Test {
 protected:
  // The client as the original's test makes it, with its requests going to the stub.
  ESP32HTTPClient& use(ESP32HTTPClient& client) {
    client.setTransport(stub);
    return client;
  }
  StubServer stub;
};

TEST_F(Original, AddParamFormatting) {
  ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
  use(client);
  client.get("/sensor")
      .query("count", 42)
      .query("ratio", 1.5f)
      .query("enabled", true)
      .query("name", "esp32");
  const std::vector<std::string> q = queryOf(stub.lastUrl());
  // The same values as body members show which are quoted.
  client.post("/sensor")
      .body("count", 42)
      .body("ratio", 1.5f)
      .body("enabled", true)
      .body("name", "esp32");
  const std::string body = stub.lastPayload();
  AGREE_EQ(q.size(), 4u);
  AGREE_EQ(q.at(0), "count=42");
  AGREE_TRUE(contains(body, "\"count\":42,"));
  AGREE_EQ(q.at(1), "ratio=1.5");
  AGREE_TRUE(contains(body, "\"ratio\":1.5,"));
  AGREE_EQ(q.at(2), "enabled=true");
  AGREE_TRUE(contains(body, "\"enabled\":true,"));
  AGREE_EQ(q.at(3), "name=esp32");
  AGREE_TRUE(contains(body, "\"name\":\"esp32\""));
}

TEST_F(Original, ExecuteBuildsUrlAndPayload) {
  stub.setResponse(201, R"({"ok":true})");
  ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
  use(client);
  {
    RestRequest req = client.post("/users");
    req.query("tenant", 7).body("name", "Pedro").body("age", 21).body("active", true);
  }
  AGREE_EQ(stub.lastMethod(), "POST");
  AGREE_EQ(stub.lastUrl(), url("https://jsonplaceholder.typicode.com/users?tenant=7"));
  AGREE_EQ(stub.lastPayload(), "{\"name\":\"Pedro\",\"age\":21,\"active\":true}");
  AGREE_EQ(client.getStatusCode(), 201);
}

TEST_F(Original, MethodAliases) {
  ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
  use(client);
  client.put("/resource");
  AGREE_EQ(stub.lastMethod(), "PUT");
  client.update("/resource");
  AGREE_EQ(stub.lastMethod(), "PUT");
  client.patch("/resource");
  AGREE_EQ(stub.lastMethod(), "PATCH");
  client.del("/resource");
  AGREE_EQ(stub.lastMethod(), "DELETE");
}

TEST_F(Original, ParseResponseBindsTypes) {
  ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
  use(client);
  stub.setResponse(
      200,
      R"({"count":7,"temperature":24.5,"voltage":3.3001,"active":true,"timestamp":1710000010,"label":"sensor\"A","ignore":{"k":1}})");
  int count = 0;
  float temperature = 0.0f;
  double voltage = 0.0;
  bool active = false;
  long timestamp = 0;
  char label[16] = {0};
  client.get("/x")
      .getBody("count", &count)
      .getBody("temperature", &temperature)
      .getBody("voltage", &voltage)
      .getBody("active", &active)
      .getBody("timestamp", &timestamp)
      .getBody("label", label, sizeof(label));
  AGREE_EQ(count, 7);
  AGREE_NEAR(temperature, 24.5, 0.001);
  AGREE_NEAR(voltage, 3.3001, 0.00001);
  AGREE_TRUE(active);
  AGREE_EQ(timestamp, 1710000010L);
  AGREE_EQ(std::string(label), "sensor\"A");
}

const char* const kUser1 = R"({
        "id": 1,
        "name": "Leanne Graham",
        "address": {
          "street": "Kulas Light",
          "city": "Gwenborough",
          "geo": { "lat": "-37.3159", "lng": "81.1496" }
        },
        "company": { "name": "Romaguera-Crona" }
      })";

TEST_F(Original, ParseNestedJSON) {
  ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
  use(client);
  stub.setResponse(200, kUser1);
  char street[64] = {0};
  float lat = 0.0f;
  client.get("/users/1")
      .getBody("address.street", street, sizeof(street))
      .getBody("address.geo.lat", &lat);
  AGREE_TRUE(strlen(street) > 0);
  AGREE_TRUE(lat != 0.0f);
}

TEST_F(Original, ParseNestedJSONMissingFields) {
  ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
  use(client);
  stub.setResponse(200, R"({"address":{"street":"Kulas Light","geo":{"lat":"-37.3159"}}})");
  char invalidStreet[64] = {0};
  float invalidLat = 0.0f;
  client.get("/users/1")
      .getBody("address.unknown_street", invalidStreet, sizeof(invalidStreet))
      .getBody("address.not_found.deep", &invalidLat);
  AGREE_TRUE(strlen(invalidStreet) == 0);
  AGREE_TRUE(invalidLat == 0.0f);
}

const char* const kTwoUsers = R"([
        { "name": "Leanne Graham", "address": { "city": "Gwenborough" } },
        { "name": "Ervin Howell",
          "address": { "city": "Wisokyburgh", "geo": { "lat": "-43.9509" } } }
      ])";

TEST_F(Original, ParseRawArrayJSON) {
  ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
  use(client);
  stub.setResponse(200, kTwoUsers);
  String entireArray = "";
  String specificObject = "";
  String notFound = "original";
  client.get("/users").getBody("", &entireArray).getBody("5.unknown", &notFound);
  AGREE_TRUE(entireArray.length() > 50);
  AGREE_TRUE(str(entireArray).substr(0, 1) == "[");
  AGREE_EQ(str(notFound), "original");
  client.get("/users").getBody("1.address", &specificObject);
  AGREE_TRUE(specificObject.length() > 20);
  AGREE_TRUE(str(specificObject).substr(0, 1) == "{");
}

TEST_F(Original, UnixTimestampFetch) {
  stub.setResponse(200, R"({"unix_timestamp":1781301337})");
  ESP32HTTPClient client("https://timeapi.io");
  use(client);
  long ts = 0;
  client.get("/api/v1/time/current/unix").getBody("unix_timestamp", &ts);
  AGREE_EQ(stub.lastMethod(), "GET");
  AGREE_EQ(stub.lastUrl(), url("https://timeapi.io/api/v1/time/current/unix"));
  AGREE_EQ(ts, 1781301337L);
}

TEST_F(Original, ClientConfiguration) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  client.setContentType("text/plain");
  client.setHeader("X-Custom", "value1");
  client.post("/upload").body("data", "hello").getBody("ignored", (int*)nullptr);
  DIFFER_EQ(stub.requestCount, 0, kNullTarget);  // "url matches"
  DIFFER_EQ(client.getStatusCode(), ehc::EHC_ERROR_INVALID_REQUEST,
            kNullTarget);  // "method matches"
  // What the original meant, with a target:
  int ignored = 0;
  client.post("/upload").body("data", "hello").getBody("ignored", &ignored);
  EXPECT_EQ(stub.lastUrl(), "https://example.com/upload");
  EXPECT_EQ(stub.lastMethod(), "POST");
  client.end();
}

TEST_F(Original, AllHttpMethods) {
  ESP32HTTPClient client("http://test", 8080);
  use(client);
  client.put("/").getBody("i", (int*)nullptr);
  DIFFER_EQ(stub.lastMethod(), "", kNullTarget);
  client.patch("/").getBody("i", (int*)nullptr);
  DIFFER_EQ(stub.lastMethod(), "", kNullTarget);
  client.del("/").getBody("i", (int*)nullptr);
  DIFFER_EQ(stub.lastMethod(), "", kNullTarget);
  int i = 0;
  for (const char* method : {"PUT", "PATCH", "DELETE"}) {
    (method[1] == 'U'   ? client.put("/")
     : method[1] == 'A' ? client.patch("/")
                        : client.del("/"))
        .getBody("i", &i);
    EXPECT_EQ(stub.lastMethod(), method);
    EXPECT_EQ(stub.lastUrl(), "http://test:8080");  // the stub's URL of "/" is the base URL
  }
}

TEST_F(Original, AutoRetry) {
  stub.setResponse(-1, "");
  ESP32HTTPClient client("http://retry");
  use(client);
  client.get("/").getBody("i", (int*)nullptr);
  DIFFER_EQ(client.getStatusCode(), ehc::EHC_ERROR_INVALID_REQUEST, kNullTarget);
  int i = 0;
  client.get("/").getBody("i", &i);
  EXPECT_EQ(client.getStatusCode(), -1);
}

TEST_F(Original, ChunkedTransferEncoding) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  stub.setResponseHeaders({{"Transfer-Encoding", "chunked"}});
  stub.setResponse(200, "e\r\n{\"msg\":\"hello \r\n7\r\nworld\"}\r\n0\r\n\r\n");
  char buf[32] = {0};
  client.get("/chunked").getBody("msg", buf, sizeof(buf));
  AGREE_EQ(std::string(buf), "hello world");
}

TEST_F(Original, LargePayloadRefill) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  std::string largeData = "{\"pad\":\"";
  largeData.append(600, 'A');
  largeData += "\",\"end\":\"found\"}";
  stub.setResponse(200, largeData);
  char buf[32] = {0};
  client.get("/large").getBody("end", buf, sizeof(buf));
  AGREE_EQ(std::string(buf), "found");
}

TEST_F(Original, MoreParseEdgeCases) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  stub.setResponse(
      200,
      R"({"active":false,"strVal":"hello","lval":-12345,"charbuf":"1234567890123","ignore_arr":[1,2,3],"ignore_obj":{"a":1}})");
  bool active = true;
  String strVal;
  long lval = 0;
  char charbuf[10] = {0};
  client.get("/edge")
      .getBody("active", &active)
      .getBody("strVal", &strVal)
      .getBody("lval", &lval)
      .getBody("charbuf", charbuf, sizeof(charbuf));
  AGREE_TRUE(!active);
  AGREE_EQ(str(strVal), "hello");
  AGREE_EQ(lval, -12345);
  AGREE_EQ(std::string(charbuf), "123456789");
}

TEST_F(Original, ParseEmptyObjectOrArray) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  int x = 10;
  stub.setResponse(200, "{}");
  client.get("/empty").getBody("x", &x);
  AGREE_EQ(x, 10);
  stub.setResponse(200, "[]");
  client.get("/empty").getBody("x", &x);
  AGREE_EQ(x, 10);
}

TEST_F(Original, AddParamAdvanced) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  client.get("/test").query("d", 3.14159265).body("f", 2.5f);
  AGREE_EQ(queryOf(stub.lastUrl()).size(), 1u);
  AGREE_EQ(stub.lastPayload(), "{\"f\":2.5}");  // one body member
  AGREE_EQ(queryOf(stub.lastUrl()).at(0), "d=3.14159265");
  AGREE_TRUE(contains(stub.lastPayload(), ":2.5}"));
}

TEST_F(Original, ExecuteCustomPortWithPath) {
  stub.setResponse(200, "{}");
  ESP32HTTPClient client("http://test.com/api", 8080);
  use(client);
  client.get("/data").getBody("x", (int*)nullptr);
  DIFFER_EQ(stub.lastUrl(), "", kNullTarget);
  int x = 0;
  client.get("/data").getBody("x", &x);
  EXPECT_EQ(stub.lastUrl(), "http://test.com:8080/api/data");
}

TEST_F(Original, ParseEscapedStringsSimple) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  stub.setResponse(200, R"({"escaped":"a\"b\\c"})");
  char buf[32] = {0};
  client.get("/edge").getBody("escaped", buf, sizeof(buf));
  AGREE_EQ(std::string(buf), "a\"b\\c");
}

TEST_F(Original, SkipValueAdvanced) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  stub.setResponse(
      200,
      R"({"skip_obj":{"a":"b\"c", "d":[1,2,{"e":"f"}]},"skip_arr":[1,"[","]",{"x":"y"}],"x":42})");
  int x = 0;
  client.get("/skip").getBody("x", &x);
  AGREE_EQ(x, 42);
}

TEST_F(Original, MoveConstructor) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  {
    RestRequest req1 = client.get("/move");
    req1.query("a", 1);
    RestRequest req2(std::move(req1));
  }
  AGREE_EQ(stub.requestCount, 1);  // "req1 should be marked executed after move": it sends nothing
  AGREE_EQ(queryOf(stub.lastUrl()).size(), 1u);  // "req2 should have params"
}

TEST_F(Original, ParsePrimitiveTypes) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  stub.setResponse(200, R"({"dVal":3.1415926535,"bStr":true})");
  double dVal = 0.0;
  String bStr;
  client.get("/prim").getBody("dVal", &dVal).getBody("bStr", &bStr);
  AGREE_NEAR(dVal, 3.1415926535, 0.000001);
  AGREE_EQ(str(bStr), "true");
}

TEST_F(Original, AuthBearer) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  client.bearer("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9");
  int id = 0;
  client.get("/secure").getBody("id", &id);
  AGREE_EQ(stub.headerCount("Authorization"), 1u);
  AGREE_TRUE(sentNamed(stub, "Authorization"));
  AGREE_EQ(stub.header("Authorization"), "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9");
  AGREE_EQ(stub.header("Authorization"), "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9");  // sent
  client.bearer("new-token-456");
  client.get("/secure").getBody("id", &id);
  AGREE_EQ(stub.headerCount("Authorization"), 1u);
  AGREE_EQ(stub.header("Authorization"), "Bearer new-token-456");
}

TEST_F(Original, AuthBasic) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  client.basic("admin", "123456");
  int id = 0;
  client.get("/admin").getBody("id", &id);
  AGREE_EQ(stub.headerCount("Authorization"), 1u);
  AGREE_TRUE(sentNamed(stub, "Authorization"));
  AGREE_EQ(stub.header("Authorization"), "Basic YWRtaW46MTIzNDU2");
  AGREE_EQ(stub.header("Authorization"), "Basic YWRtaW46MTIzNDU2");  // sent with the request
  client.basic("user", "pass");
  client.get("/admin").getBody("id", &id);
  AGREE_EQ(stub.header("Authorization"), "Basic dXNlcjpwYXNz");
  client.basic("Aladdin", "open sesame");
  client.get("/admin").getBody("id", &id);
  AGREE_EQ(stub.header("Authorization"), "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
}

TEST_F(Original, AuthApiKey) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  client.apiKey("x-api-key", "secret-key-123");
  int val = 0;
  client.get("/api/v1").getBody("v", &val);
  AGREE_EQ(stub.headerCount("x-api-key"), 1u);
  AGREE_TRUE(sentNamed(stub, "x-api-key"));
  AGREE_EQ(stub.header("x-api-key"), "secret-key-123");
  AGREE_EQ(stub.header("x-api-key"), "secret-key-123");  // sent with the request
  client.apiKey("x-api-key", "new-secret-456");
  client.get("/api/v1").getBody("v", &val);
  AGREE_EQ(stub.headerCount("x-api-key"), 1u);
  AGREE_EQ(stub.header("x-api-key"), "new-secret-456");
}

TEST_F(Original, AuthCookie) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  client.cookie("session_id", "abc123").cookie("device_id", "esp32-01");
  int val = 0;
  client.get("/api/v1").getBody("v", &val);
  AGREE_EQ(stub.headerCount("Cookie"), 1u);
  AGREE_TRUE(sentNamed(stub, "Cookie"));
  AGREE_EQ(stub.header("Cookie"), "session_id=abc123; device_id=esp32-01");
  AGREE_EQ(stub.header("Cookie"), "session_id=abc123; device_id=esp32-01");  // sent
}

TEST_F(Original, Observability) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  bool callbackFired = false;
  client.onObservability([&callbackFired](const ObservabilityMetrics& metrics) {
    callbackFired = true;
    AGREE_TRUE(metrics.totalTimeMs >= 0);
    AGREE_TRUE(metrics.ttfbMs >= 0);
    AGREE_TRUE(metrics.txBytes > 0);
    AGREE_EQ(static_cast<long long>(metrics.rxBytes), 11);
    AGREE_EQ(metrics.retries, 0);
    AGREE_TRUE(metrics.freeHeapBefore > 0);
    AGREE_TRUE(metrics.freeHeapAfter > 0);
  });
  stub.setResponse(200, R"({"ok":true})");
  client.get("/api").send();  // the original's test calls its private execute()
  AGREE_TRUE(callbackFired);
}

TEST_F(Original, AuthEdgeCases) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  int id = 0;
  client.bearer(nullptr);
  client.get("/").getBody("id", &id);
  DIFFER_EQ(stub.headerCount("Authorization"), 0u, kNullCredential);
  client.basic(nullptr, nullptr);
  client.get("/").getBody("id", &id);
  DIFFER_EQ(stub.headerCount("Authorization"), 0u, kNullCredential);
  client.apiKey("X-Custom-Key", nullptr);
  client.get("/").getBody("id", &id);
  DIFFER_EQ(stub.headerCount("X-Custom-Key"), 0u, kNullCredential);
}

TEST_F(Original, QueryParameters) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  int id = 0;
  client.get("/users")
      .query("page", 2)
      .query("limit", 20)
      .query("search", "pedro")
      .getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), "https://example.com/users?page=2&limit=20&search=pedro");
  client.get("/sensors").query("active", true).query("threshold", 4.5f).getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), "https://example.com/sensors?active=true&threshold=4.5");
}

TEST_F(Original, PathParameters) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  int id = 0;
  client.get("/users/{id}").path("id", 15).getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), "https://example.com/users/15");
  client.get("/users/{id}").path("{id}", 15).getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), "https://example.com/users/15");
  client.get("/orgs/{org}/users/{userId}/posts/{postId}")
      .path("org", "google")
      .path("userId", 42)
      .path("postId", 101)
      .getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), "https://example.com/orgs/google/users/42/posts/101");
  client.get("/devices/{uuid}/telemetry")
      .path("uuid", "123e4567-e89b-12d3-a456-426614174000")
      .getBody("id", &id);
  AGREE_EQ(stub.lastUrl(),
           "https://example.com/devices/123e4567-e89b-12d3-a456-426614174000/telemetry");
}

TEST_F(Original, PathAndQueryCombined) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  int id = 0;
  client.get("/users/{id}/orders")
      .path("id", 15)
      .query("page", 2)
      .query("limit", 20)
      .query("search", "pedro")
      .getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), "https://example.com/users/15/orders?page=2&limit=20&search=pedro");
}

TEST_F(Original, PathEdgeCases) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  int id = 0;
  client.get("/static/path").path("none", 123).getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), "https://example.com/static/path");
  client.get(nullptr).path("id", 10).getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), "https://example.com");
  {
    RestRequest req1 = client.get("/users/{id}");
    req1.path("id", 99);
    RestRequest req2(std::move(req1));
    req2.getBody("id", &id);
  }
  AGREE_EQ(stub.lastUrl(), "https://example.com/users/99");
}

TEST_F(Original, RuntimeUrlChange) {
  ESP32HTTPClient client("https://api.initial.com", 80);
  use(client);
  AGREE_EQ(std::string(client.getBaseUrl()), "https://api.initial.com");
  AGREE_EQ(client.getPort(), 80);
  int id = 0;
  client.get("/users").getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), url("https://api.initial.com:80/users"));
  client.setBaseUrl("https://api.newhost.org", 443);
  AGREE_EQ(std::string(client.getBaseUrl()), "https://api.newhost.org");
  AGREE_EQ(client.getPort(), 443);
  client.get("/v1/data").getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), url("https://api.newhost.org:443/v1/data"));
  client.setUrl("http://192.168.1.50");
  client.setPort(8080);
  client.get("/sensors").getBody("id", &id);
  AGREE_EQ(stub.lastUrl(), url("http://192.168.1.50:8080/sensors"));
}

TEST_F(Original, Timeout) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  AGREE_EQ(client.getTimeout(), 60000);
  client.setTimeout(8000);
  AGREE_EQ(client.getTimeout(), 8000);
  int id = 0;
  // The deadline the request was given, as the stub saw it at the connect
  // (a little has passed by then: generous bounds for a loaded machine).
  client.get("/data").getBody("id", &id);
  AGREE_TRUE(stub.last().timeoutMs <= 8000 && stub.last().timeoutMs > 4000);
  client.get("/quick").timeout(1500).getBody("id", &id);
  AGREE_TRUE(stub.last().timeoutMs <= 1500 && stub.last().timeoutMs > 500);
}

TEST_F(Original, MaxRetry) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  AGREE_EQ(client.getMaxRetry(), 1);
  client.setMaxRetry(3);
  AGREE_EQ(client.getMaxRetry(), 3);
  stub.queueResponse(-1, "");
  stub.queueResponse(-1, "");
  stub.queueResponse(200, "{\"success\":true}");
  bool success = false;
  client.get("/retry-ok").getBody("success", &success);
  AGREE_TRUE(success);
  AGREE_EQ(stub.requestCount, 3);
  AGREE_EQ(client.getStatusCode(), 200);
  stub.reset();
  stub.queueResponse(-1, "");
  stub.queueResponse(-1, "");
  stub.queueResponse(200, "{\"success\":true}");
  success = false;
  client.get("/retry-fail").retry(0).getBody("success", &success);
  AGREE_TRUE(!success);
  AGREE_EQ(stub.requestCount, 1);
  AGREE_EQ(client.getStatusCode(), -1);
}

TEST_F(Original, ErrorHandlingAndMessages) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  AGREE_EQ(str(ESP32HTTPClient::errorToString(-1)), "Connection Refused");
  AGREE_EQ(str(ESP32HTTPClient::errorToString(-2)), "Send Header Failed");
  AGREE_EQ(str(ESP32HTTPClient::errorToString(-11)), "Read Timeout");
  AGREE_EQ(str(ESP32HTTPClient::errorToString(200)), "OK");
  AGREE_EQ(str(ESP32HTTPClient::errorToString(201)), "Created");
  AGREE_EQ(str(ESP32HTTPClient::errorToString(400)), "Bad Request");
  AGREE_EQ(str(ESP32HTTPClient::errorToString(401)), "Unauthorized");
  AGREE_EQ(str(ESP32HTTPClient::errorToString(404)), "Not Found");
  AGREE_EQ(str(ESP32HTTPClient::errorToString(500)), "Internal Server Error");

  stub.setResponse(404, "{\"error\":\"not found\"}");
  int id = 0;
  client.get("/missing").getBody("id", &id);
  AGREE_EQ(client.getStatusCode(), 404);
  AGREE_TRUE(client.hasError());
  AGREE_TRUE(!client.isSuccess());
  AGREE_EQ(str(client.getErrorMessage()), "Not Found");

  stub.setResponse(-1, "");
  client.get("/offline").retry(0).getBody("id", &id);
  AGREE_EQ(client.getStatusCode(), -1);
  AGREE_TRUE(client.hasError());
  AGREE_TRUE(!client.isSuccess());
  AGREE_EQ(str(client.getErrorMessage()), "Connection Refused");

  stub.setResponse(200, "{\"id\":10}");
  client.get("/ok").getBody("id", &id);
  AGREE_EQ(client.getStatusCode(), 200);
  AGREE_TRUE(!client.hasError());
  AGREE_TRUE(client.isSuccess());
  AGREE_EQ(str(client.getErrorMessage()), "OK");
}

TEST_F(Original, Callbacks) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  int successCode = 0, errCode = 0, respCode = 0;
  std::string errMsg;
  stub.setResponse(200, "{\"id\":123}");
  int id = 0;
  client.get("/success")
      .onSuccess([&](int code) { successCode = code; })
      .onError([&](int code, const char* msg) {
        errCode = code;
        errMsg = msg;
      })
      .onResponse([&](int code) { respCode = code; })
      .getBody("id", &id);
  AGREE_EQ(successCode, 200);
  AGREE_EQ(respCode, 200);
  AGREE_EQ(errCode, 0);
  AGREE_EQ(id, 123);

  successCode = errCode = respCode = 0;
  errMsg.clear();
  stub.setResponse(500, "{\"error\":\"fail\"}");
  client.get("/error")
      .onSuccess([&](int code) { successCode = code; })
      .onError([&](int code, const char* msg) {
        errCode = code;
        errMsg = msg;
      })
      .onResponse([&](int code) { respCode = code; })
      .getBody("id", &id);
  AGREE_EQ(successCode, 0);
  AGREE_EQ(respCode, 500);
  AGREE_EQ(errCode, 500);
  AGREE_EQ(errMsg, "Internal Server Error");

  int clientSuccess = 0, clientError = 0, clientResponse = 0;
  client.onSuccess([&](int code) { clientSuccess = code; });
  client.onError([&](int code, const char*) { clientError = code; });
  client.onResponse([&](int code) { clientResponse = code; });
  stub.setResponse(200, "{\"id\":456}");
  client.get("/client-level").getBody("id", &id);
  AGREE_EQ(clientSuccess, 200);
  AGREE_EQ(clientResponse, 200);
  AGREE_EQ(clientError, 0);
}

struct UserTestStruct {
  int id = 0;
  char name[32] = {0};
  float score = 0.0f;
  bool active = false;
  String email = "";
  REST_JSON_MAP(REST_FIELD(id), REST_FIELD(name), REST_FIELD(score), REST_FIELD(active),
                REST_FIELD(email))
};

struct CustomKeyStruct {
  int userId = 0;
  char fullName[32] = {0};
  REST_JSON_MAP(REST_FIELD_NAMED("user_id", userId), REST_FIELD_NAMED("full_name", fullName))
};

}  // namespace

struct ExternalUserStruct {
  int id = 0;
  String role = "";
};
REST_JSON_MAP_EXT(ExternalUserStruct, REST_FIELD_EXT(id), REST_FIELD_EXT(role))

namespace {

TEST_F(Original, StructSerializationToJson) {
  UserTestStruct user;
  user.id = 15;
  strncpy(user.name, "Pedro", sizeof(user.name));
  user.score = 9.5f;
  user.active = true;
  user.email = "pedro@test.com";
  String json = ESP32HTTPClient::toJson(user);
  AGREE_EQ(
      str(json),
      "{\"id\":15,\"name\":\"Pedro\",\"score\":9.5,\"active\":true,\"email\":\"pedro@test.com\"}");
  String json2 = RestJson::toJson(user);
  AGREE_EQ(str(json2), str(json));
}

TEST_F(Original, StructDeserializationFromJson) {
  const char* json =
      "{\"id\":42,\"name\":\"Ana\",\"score\":8.75,\"active\":true,\"email\":\"ana@domain.com\"}";
  UserTestStruct user;
  bool ok = ESP32HTTPClient::fromJson(json, &user);
  AGREE_TRUE(ok);
  AGREE_EQ(user.id, 42);
  AGREE_EQ(std::string(user.name), "Ana");
  AGREE_TRUE(std::abs(user.score - 8.75f) < 0.001f);
  AGREE_TRUE(user.active);
  AGREE_EQ(str(user.email), "ana@domain.com");
}

TEST_F(Original, StructMissingFieldsAndDefaults) {
  const char* json = "{\"id\":100,\"extra_unmapped\":\"ignored\",\"tags\":[1,2,3]}";
  UserTestStruct user;
  strncpy(user.name, "DefaultName", sizeof(user.name));
  user.score = 5.0f;
  user.active = true;
  user.email = "default@email.com";
  bool ok = ESP32HTTPClient::fromJson(json, &user);
  AGREE_TRUE(ok);
  AGREE_EQ(user.id, 100);
  AGREE_EQ(std::string(user.name), "DefaultName");
  AGREE_TRUE(std::abs(user.score - 5.0f) < 0.001f);
  AGREE_TRUE(user.active);
  AGREE_EQ(str(user.email), "default@email.com");
}

TEST_F(Original, StructNullFields) {
  const char* json = "{\"id\":null,\"name\":null,\"score\":null,\"active\":null,\"email\":null}";
  UserTestStruct user;
  user.id = 99;
  strncpy(user.name, "Old", sizeof(user.name));
  user.score = 7.0f;
  user.active = true;
  user.email = "old@test.com";
  bool ok = ESP32HTTPClient::fromJson(json, &user);
  AGREE_TRUE(ok);
  AGREE_EQ(user.id, 0);
  AGREE_EQ(std::string(user.name), "");
  AGREE_TRUE(std::abs(user.score - 0.0f) < 0.001f);
  AGREE_TRUE(!user.active);
  AGREE_EQ(str(user.email), "");
}

TEST_F(Original, StructRequestBody) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  UserTestStruct user;
  user.id = 7;
  strncpy(user.name, "Lucas", sizeof(user.name));
  user.score = 10.0f;
  user.active = false;
  user.email = "lucas@test.com";
  int resId = 0;
  stub.setResponse(201, "{\"id\":7}");
  client.post("/users").body(user).getBody("id", &resId);
  AGREE_EQ(stub.lastUrl(), "https://example.com/users");
  AGREE_EQ(
      stub.lastPayload(),
      "{\"id\":7,\"name\":\"Lucas\",\"score\":10,\"active\":false,\"email\":\"lucas@test.com\"}");
  AGREE_EQ(resId, 7);
}

TEST_F(Original, StructResponseBodyGetBody) {
  ESP32HTTPClient client("https://example.com");
  use(client);
  stub.setResponse(
      200, "{\"id\":88,\"name\":\"Julia\",\"score\":9.9,\"active\":true,\"email\":\"j@test.com\"}");
  UserTestStruct user;
  client.get("/users/88").getBody(&user);
  AGREE_EQ(user.id, 88);
  AGREE_EQ(std::string(user.name), "Julia");
  AGREE_TRUE(user.active);
  AGREE_EQ(str(user.email), "j@test.com");
  stub.setResponse(
      200,
      "{\"status\":\"success\",\"data\":{\"user\":{\"id\":99,\"name\":\"Carlos\",\"score\":8.0,"
      "\"active\":false,\"email\":\"c@test.com\"}}}");
  UserTestStruct nestedUser;
  client.get("/profile").getBody("data.user", &nestedUser);
  AGREE_EQ(nestedUser.id, 99);
  AGREE_EQ(std::string(nestedUser.name), "Carlos");
  AGREE_TRUE(!nestedUser.active);
  AGREE_EQ(str(nestedUser.email), "c@test.com");
}

TEST_F(Original, StructCustomAndExternalMapping) {
  CustomKeyStruct custom;
  custom.userId = 55;
  strncpy(custom.fullName, "Custom Name", sizeof(custom.fullName));
  String json = ESP32HTTPClient::toJson(custom);
  AGREE_EQ(str(json), "{\"user_id\":55,\"full_name\":\"Custom Name\"}");
  CustomKeyStruct customIn;
  ESP32HTTPClient::fromJson("{\"user_id\":77,\"full_name\":\"Another Name\"}", &customIn);
  AGREE_EQ(customIn.userId, 77);
  AGREE_EQ(std::string(customIn.fullName), "Another Name");
  ExternalUserStruct ext;
  ext.id = 12;
  ext.role = "admin";
  String extJson = ESP32HTTPClient::toJson(ext);
  AGREE_EQ(str(extJson), "{\"id\":12,\"role\":\"admin\"}");
  ExternalUserStruct extIn;
  ESP32HTTPClient::fromJson("{\"id\":34,\"role\":\"guest\"}", &extIn);
  AGREE_EQ(extIn.id, 34);
  AGREE_EQ(str(extIn.role), "guest");
}

TEST_F(Original, GetHeaderString) {
  ESP32HTTPClient client("https://api.example.com");
  use(client);
  stub.setResponse(200, "{\"status\":\"ok\"}");
  stub.setResponseHeaders({{"token", "\"33a64df551425fcc55e4d42a148795d9f25f89f4\""},
                           {"Content-Type", "application/json; charset=utf-8"},
                           {"X-Server-Id", "srv-node-01"}});
  String token, contentType, serverId;
  client.get("/resource")
      .getHeader("token", &token)
      .getHeader("Content-Type", &contentType)
      .getHeader("X-Server-Id", &serverId);
  AGREE_EQ(str(token), "\"33a64df551425fcc55e4d42a148795d9f25f89f4\"");
  AGREE_EQ(str(contentType), "application/json; charset=utf-8");
  AGREE_EQ(str(serverId), "srv-node-01");
}

TEST_F(Original, GetHeaderCharArray) {
  ESP32HTTPClient client("https://api.example.com");
  use(client);
  stub.setResponse(200, "{}");
  stub.setResponseHeaders({{"token", "W/\"123456789\""}, {"X-Auth-Token", "secret-token-value"}});
  char tokenArr[32] = {0};
  char token[64] = {0};
  client.get("/item").getHeader("token", tokenArr).getHeader("X-Auth-Token", token, sizeof(token));
  AGREE_EQ(std::string(tokenArr), "W/\"123456789\"");
  AGREE_EQ(std::string(token), "secret-token-value");
}

TEST_F(Original, GetHeaderNumericAndBool) {
  ESP32HTTPClient client("https://api.example.com");
  use(client);
  stub.setResponse(200, "{}");
  stub.setResponseHeaders({{"X-Rate-Limit-Remaining", "42"},
                           {"X-Timestamp", "1710000050"},
                           {"X-Temperature", "25.75"},
                           {"X-Factor", "1.234567"},
                           {"X-Is-Cached", "true"},
                           {"X-Is-Admin", "1"}});
  int remaining = 0;
  long timestamp = 0;
  float temp = 0.0f;
  double factor = 0.0;
  bool isCached = false, isAdmin = false;
  client.get("/status")
      .getHeader("X-Rate-Limit-Remaining", &remaining)
      .getHeader("X-Timestamp", &timestamp)
      .getHeader("X-Temperature", &temp)
      .getHeader("X-Factor", &factor)
      .getHeader("X-Is-Cached", &isCached)
      .getHeader("X-Is-Admin", &isAdmin);
  AGREE_EQ(remaining, 42);
  AGREE_EQ(timestamp, 1710000050L);
  AGREE_NEAR(temp, 25.75f, 0.01f);
  AGREE_NEAR(factor, 1.234567, 0.00001);
  AGREE_TRUE(isCached);
  AGREE_TRUE(isAdmin);
}

TEST_F(Original, GetHeaderCaseInsensitiveAndMissing) {
  ESP32HTTPClient client("https://api.example.com");
  use(client);
  stub.setResponse(200, "{}");
  stub.setResponseHeaders({{"token", "token-lowercase-val"}});
  String token;
  String missing = "default_val";
  int missingInt = 999;
  client.get("/data")
      .getHeader("TOKEN", &token)
      .getHeader("X-Missing-Header", &missing)
      .getHeader("X-Missing-Int", &missingInt);
  AGREE_EQ(str(token), "token-lowercase-val");
  AGREE_EQ(str(missing), "default_val");
  AGREE_EQ(missingInt, 999);
}

TEST_F(Original, GetHeaderCombinedWithGetBody) {
  ESP32HTTPClient client("https://api.example.com");
  use(client);
  stub.setResponse(200, "{\"id\":101,\"name\":\"Sensor Node\"}");
  stub.setResponseHeaders({{"token", "\"token-abc\""}, {"X-Server", "nginx"}});
  int id = 0;
  char name[32] = {0};
  String token, server;
  client.post("/todos/1")
      .body("title", "Check status")
      .getBody("id", &id)
      .getBody("name", name, sizeof(name))
      .getHeader("token", &token)
      .getHeader("X-Server", &server);
  AGREE_EQ(id, 101);
  AGREE_EQ(std::string(name), "Sensor Node");
  AGREE_EQ(str(token), "\"token-abc\"");
  AGREE_EQ(str(server), "nginx");
}

TEST_F(Original, GetHeaderRetries) {
  ESP32HTTPClient client("https://api.example.com");
  use(client);
  stub.queueResponse(HTTPC_ERROR_CONNECTION_LOST, "", {});
  stub.queueResponse(200, "{\"success\":true}", {{"X-Retry-Header", "after-retry-value"}});
  String headerVal;
  bool success = false;
  client.get("/retry-target")
      .retry(2)
      .getHeader("X-Retry-Header", &headerVal)
      .getBody("success", &success);
  AGREE_TRUE(success);
  AGREE_EQ(str(headerVal), "after-retry-value");
  AGREE_EQ(stub.requestCount, 2);
}

TEST_F(Original, GetHeaderMoveConstructor) {
  ESP32HTTPClient client("https://api.example.com");
  use(client);
  stub.setResponse(200, "{\"msg\":\"ok\"}");
  stub.setResponseHeaders({{"token", "moved-token"}});
  String token, msg;
  {
    RestRequest req1 = client.get("/moved");
    req1.getHeader("token", &token).getBody("msg", &msg);
    RestRequest req2 = std::move(req1);
  }
  AGREE_EQ(str(token), "moved-token");
  AGREE_EQ(str(msg), "ok");
}

TEST_F(Original, GetHeaderAllHttpMethods) {
  ESP32HTTPClient client("https://api.example.com");
  use(client);
  String postToken, putToken, patchToken, deleteToken, updateToken;
  stub.setResponse(201, "{\"id\":1}");
  stub.setResponseHeaders({{"token", "post-token-1"}});
  client.post("/items").body("name", "widget").getHeader("token", &postToken);
  AGREE_EQ(str(postToken), "post-token-1");
  AGREE_EQ(stub.lastMethod(), "POST");
  stub.setResponse(200, "{\"id\":1}");
  stub.setResponseHeaders({{"token", "put-token-2"}});
  client.put("/items/1").body("name", "widget-updated").getHeader("token", &putToken);
  AGREE_EQ(str(putToken), "put-token-2");
  AGREE_EQ(stub.lastMethod(), "PUT");
  stub.setResponse(200, "{\"id\":1}");
  stub.setResponseHeaders({{"token", "patch-token-3"}});
  client.patch("/items/1").body("name", "widget-patched").getHeader("token", &patchToken);
  AGREE_EQ(str(patchToken), "patch-token-3");
  AGREE_EQ(stub.lastMethod(), "PATCH");
  stub.setResponse(200, "{\"deleted\":true}");
  stub.setResponseHeaders({{"token", "delete-token-4"}});
  client.del("/items/1").getHeader("token", &deleteToken);
  AGREE_EQ(str(deleteToken), "delete-token-4");
  AGREE_EQ(stub.lastMethod(), "DELETE");
  stub.setResponse(200, "{\"id\":1}");
  stub.setResponseHeaders({{"token", "update-token-5"}});
  client.update("/items/1").body("name", "widget-updated-alias").getHeader("token", &updateToken);
  AGREE_EQ(str(updateToken), "update-token-5");
  AGREE_EQ(stub.lastMethod(), "PUT");
}

TEST_F(Original, StringAndNumericTypesInParams) {
  ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
  use(client);
  String title = "asd", desc = "test-desc", route = "items", idStr = "42";
  client.post("/{route}/{id}")
      .path("route", route)
      .path("id", idStr)
      .query("filter", String("active"))
      .query("u_int", 500u)
      .query("u_long", 12345678UL)
      .query("i64", 9876543210LL)
      .query("u64", 18446744073709551615ULL)
      .body("title", title)
      .body("desc", String("inline-string"))
      .body("u_int", 42u)
      .body("u_long", 99999999UL)
      .body("i64", 12345678901234LL)
      .body("u64", 99999999999999ULL);
  const std::string sent = stub.lastUrl();
  const std::vector<std::string> q = queryOf(sent);
  const std::string body = stub.lastPayload();
  const std::string path = sent.substr(0, sent.find('?'));
  AGREE_EQ(path, "https://jsonplaceholder.typicode.com/items/42");  // "path params count"
  AGREE_TRUE(contains(path, "/items/"));
  AGREE_TRUE(contains(path, "/42"));
  AGREE_EQ(q.size(), 5u);
  AGREE_EQ(q.at(0), "filter=active");
  AGREE_TRUE(contains(
      body, "\"title\":\"asd\""));  // "String query quoteValue is true": strings are quoted
  AGREE_EQ(q.at(1), "u_int=500");
  AGREE_EQ(q.at(2), "u_long=12345678");
  AGREE_EQ(q.at(3), "i64=9876543210");
  AGREE_EQ(q.at(4), "u64=18446744073709551615");
  AGREE_EQ(body,
           "{\"title\":\"asd\",\"desc\":\"inline-string\",\"u_int\":42,\"u_long\":99999999,"
           "\"i64\":12345678901234,\"u64\":99999999999999}");  // "body params count"
  AGREE_TRUE(contains(body, "\"title\":\"asd\","));
  AGREE_TRUE(contains(body, "\"title\":\"asd\","));  // quoted
  AGREE_TRUE(contains(body, "\"desc\":\"inline-string\","));
  AGREE_TRUE(contains(body, "\"desc\":\"inline-string\","));  // quoted
  AGREE_TRUE(contains(body, "\"u_int\":42,"));
  AGREE_TRUE(contains(body, "\"u_int\":42,"));  // not quoted
  AGREE_TRUE(contains(body, "\"u_long\":99999999,"));
  AGREE_TRUE(contains(body, "\"u_long\":99999999,"));  // not quoted
  AGREE_TRUE(contains(body, "\"i64\":12345678901234,"));
  AGREE_TRUE(contains(body, "\"i64\":12345678901234,"));  // not quoted
  AGREE_TRUE(contains(body, "\"u64\":99999999999999}"));
  AGREE_TRUE(contains(body, "\"u64\":99999999999999}"));  // not quoted

  stub.setResponse(200, "{\"success\":true}");
  {
    String postTitle = "asd";
    client.post("/todos/1").body("title", postTitle);
  }
  AGREE_EQ(stub.lastMethod(), "POST");
  AGREE_EQ(stub.lastUrl(), "https://jsonplaceholder.typicode.com/todos/1");
  AGREE_EQ(stub.lastPayload(), "{\"title\":\"asd\"}");

  stub.setResponse(200, "{\"name\":\"device-1\"}");
  char nameBuffer[32] = {0};
  client.get("/device").getBody("name", nameBuffer);
  AGREE_EQ(std::string(nameBuffer), "device-1");
}

// The totals, once every test has run.
class Totals : public ::testing::Environment {
 public:
  void TearDown() override {
    const compat_original::Tally& t = compat_original::tally();
    printf("the original's assertions: %d agree, %d differ (deliberately, docs/migration.md)\n",
           t.agree, t.differ);
    if (::testing::GTEST_FLAG(filter) == "*") {
      EXPECT_EQ(t.agree + t.differ, 251) << "every expect...() call of the original, once";
    }
  }
};
const auto* const kTotals = ::testing::AddGlobalTestEnvironment(new Totals);

}  // namespace

compat_original::Tally& compat_original::tally() {
  static Tally t;
  return t;
}
