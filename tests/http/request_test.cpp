// URL parsing, request bytes compared exactly, and the text helpers.
#include <gtest/gtest.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"

using ehc::HttpError;
using ehc::Param;
using ehc::ParamValue;

namespace {

std::string host(const ehc::Url& u) {
  return std::string(u.host, u.hostLength);
}
std::string path(const ehc::Url& u) {
  return std::string(u.path, u.pathLength);
}

TEST(Url, Forms) {
  ehc::Url u;
  ASSERT_EQ(ehc::parseUrl("https://jsonplaceholder.typicode.com", &u), HttpError::Ok);
  EXPECT_TRUE(u.https);
  EXPECT_EQ(host(u), "jsonplaceholder.typicode.com");
  EXPECT_EQ(u.port, 443);
  EXPECT_TRUE(u.defaultPort);
  EXPECT_EQ(path(u), "");
  ASSERT_EQ(ehc::parseUrl("HTTP://10.0.0.7:8080/api/v1/", &u), HttpError::Ok);
  EXPECT_FALSE(u.https);
  EXPECT_EQ(host(u), "10.0.0.7");
  EXPECT_EQ(u.port, 8080);
  EXPECT_FALSE(u.defaultPort);
  EXPECT_EQ(path(u), "/api/v1/");
  ASSERT_EQ(ehc::parseUrl("http://[fe80::1]:81/x?k=v", &u), HttpError::Ok);
  EXPECT_TRUE(u.ipv6);
  EXPECT_EQ(host(u), "fe80::1");
  EXPECT_EQ(u.port, 81);
  EXPECT_EQ(path(u), "/x?k=v");
  ASSERT_EQ(ehc::parseUrl("http://h:80", &u), HttpError::Ok);
  EXPECT_TRUE(u.defaultPort);
  ASSERT_EQ(ehc::parseUrl("http://h", &u, 9000), HttpError::Ok);  // explicit port wins
  EXPECT_EQ(u.port, 9000);
  EXPECT_FALSE(u.defaultPort);
}

TEST(Url, Rejections) {
  const char* bad[] = {"ftp://h",         "http:/h",      "http://",        "http://:80",
                       "http://h:",       "http://h:0",   "http://h:65536", "http://h:8a",
                       "http://u@h",      "http://h h",   "http://[::1",    "http://[xyz]",
                       "http://h/a#frag", "http://h/a b", "//h/path",       "http://[]"};
  ehc::Url u;
  for (const char* b : bad) EXPECT_EQ(ehc::parseUrl(b, &u), HttpError::BadUrl) << b;
  EXPECT_EQ(ehc::parseUrl(nullptr, &u), HttpError::BadUrl);
}

struct Out {
  std::string bytes;
  static bool sink(void* u, const char* d, size_t n) {
    static_cast<Out*>(u)->bytes.append(d, n);
    return true;
  }
};

TEST(Request, ExactBytesOfAGet) {
  for (size_t bufSize :
       {size_t{8}, size_t{13}, size_t{256}}) {  // any buffer size gives the same bytes
    Out out;
    std::vector<char> buf(bufSize);
    ehc::RequestWriter w(Out::sink, &out, buf.data(), buf.size());
    ehc::Url url;
    ASSERT_EQ(ehc::parseUrl("https://api.example.com:8443/v1/", &url), HttpError::Ok);
    const Param pathParams[] = {{"id", ParamValue(42)}, {"name", ParamValue("a/b c")}};
    const Param query[] = {{"q", ParamValue("caf\xC3\xA9 & more")},
                           {"limit", ParamValue(10u)},
                           {"ratio", ParamValue(0.5)},
                           {"big", ParamValue(1e21)},
                           {"on", ParamValue(true)},
                           {"neg", ParamValue(-3)}};
    ASSERT_EQ(w.begin("GET", url, "users/{id}/files/{name}", pathParams, 2, query, 6),
              HttpError::Ok);
    ASSERT_EQ(w.standardHeaders("ESP32HTTPClient/0.1"), HttpError::Ok);
    ASSERT_EQ(w.basicAuth("Aladdin", "open sesame"), HttpError::Ok);
    ASSERT_EQ(w.endHeaders(-1), HttpError::Ok);
    ASSERT_EQ(w.finish(), HttpError::Ok);
    EXPECT_EQ(
        out.bytes,
        "GET /v1/users/42/files/a%2Fb%20c?q=caf%C3%A9%20%26%20more&limit=10&ratio=0.5&big=1e%2B21"
        "&on=true&neg=-3 HTTP/1.1\r\n"
        "Host: api.example.com:8443\r\n"
        "Connection: keep-alive\r\n"
        "User-Agent: ESP32HTTPClient/0.1\r\n"
        "Accept: application/json\r\n"
        "Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==\r\n"
        "\r\n")
        << "buffer " << bufSize;
  }
}

TEST(Request, PostWithBodyIpv6HostAndBaseQuery) {
  Out out;
  char buf[64];
  ehc::RequestWriter w(Out::sink, &out, buf, sizeof buf);
  ehc::Url url;
  ASSERT_EQ(ehc::parseUrl("http://[::1]:8080/api?key=k1", &url), HttpError::Ok);
  const Param query[] = {{"page", ParamValue(2)}};
  ASSERT_EQ(w.begin("POST", url, "/items?sort=asc", nullptr, 0, query, 1), HttpError::Ok);
  ASSERT_EQ(w.header("Content-Type", "application/json"), HttpError::Ok);
  ASSERT_EQ(w.bearer("t0k3n"), HttpError::Ok);
  const std::string body = "{\"name\":\"x\"}";
  ASSERT_EQ(w.endHeaders(static_cast<int64_t>(body.size())), HttpError::Ok);
  ASSERT_EQ(w.body(body.data(), body.size()), HttpError::Ok);
  ASSERT_EQ(w.finish(), HttpError::Ok);
  EXPECT_EQ(out.bytes,
            "POST /api/items?sort=asc&key=k1&page=2 HTTP/1.1\r\nHost: [::1]:8080\r\n"
            "Content-Type: application/json\r\nAuthorization: Bearer t0k3n\r\n"
            "Content-Length: 12\r\n\r\n{\"name\":\"x\"}");
  EXPECT_EQ(w.bytesWritten(), out.bytes.size());
}

TEST(Request, AnEmptyPathRequestsTheBaseUrlItself) {
  const struct {
    const char* url;
    const char* target;
  } cases[] = {{"http://h", "/"},
               {"http://h/", "/"},
               {"http://h/users.json", "/users.json"},
               {"http://h/api/", "/api/"},
               {"http://h/users?id=1", "/users?id=1"}};
  for (const auto& c : cases) {
    Out out;
    char buf[64];
    ehc::RequestWriter w(Out::sink, &out, buf, sizeof buf);
    ehc::Url url;
    ASSERT_EQ(ehc::parseUrl(c.url, &url), HttpError::Ok);
    ASSERT_EQ(w.begin("GET", url, "", nullptr, 0, nullptr, 0), HttpError::Ok);
    ASSERT_EQ(w.finish(), HttpError::Ok);
    EXPECT_EQ(out.bytes, std::string("GET ") + c.target + " HTTP/1.1\r\nHost: h\r\n") << c.url;
  }
}

TEST(Request, InjectionAndMisuseAreRefused) {
  ehc::Url url;
  ASSERT_EQ(ehc::parseUrl("http://h", &url), HttpError::Ok);
  struct Case {
    const char* method;
    const char* path;
    const char* name;
    const char* value;
    HttpError error;
  } cases[] = {
      {"GET\r\nX: y", "/", "A", "b", HttpError::HeaderInjection},
      {"G ET", "/", "A", "b", HttpError::HeaderInjection},
      {"GET", "/a\r\nX: y", "A", "b", HttpError::HeaderInjection},
      {"GET", "/a b", "A", "b", HttpError::HeaderInjection},
      {"GET", "/", "A\r\nX", "b", HttpError::HeaderInjection},
      {"GET", "/", "A", "b\r\nX: y", HttpError::HeaderInjection},
      {"GET", "/", "A", "b\nX: y", HttpError::HeaderInjection},
      {"GET", "/", "A", "b\x01", HttpError::HeaderInjection},
      {"GET", "/", "A B", "b", HttpError::BadHeaderName},
      {"GET", "/", "", "b", HttpError::BadHeaderName},
      {"GET", "/{missing}", "A", "b", HttpError::MissingPathParam},
      {"GET", "/{open", "A", "b", HttpError::MissingPathParam},
  };
  for (const auto& c : cases) {
    Out out;
    char buf[64];
    ehc::RequestWriter w(Out::sink, &out, buf, sizeof buf);
    HttpError e = w.begin(c.method, url, c.path, nullptr, 0, nullptr, 0);
    if (e == HttpError::Ok) e = w.header(c.name, c.value);
    EXPECT_EQ(e, c.error) << c.method << " " << c.path << " " << c.name;
    w.finish();
    EXPECT_EQ(out.bytes.find("X: y"), std::string::npos);
  }
  Out out;
  char buf[64];
  ehc::RequestWriter w(Out::sink, &out, buf, sizeof buf);
  EXPECT_EQ(w.begin("GET", url, "/", nullptr, 0, nullptr, 0), HttpError::Ok);
  EXPECT_EQ(w.bearer("a\r\nb"), HttpError::HeaderInjection);
  EXPECT_EQ(w.header("A", "b"), HttpError::HeaderInjection);  // errors stick
}

TEST(Request, SinkFailureAndNoHeap) {
  char buf[16];
  ehc::RequestWriter failing([](void*, const char*, size_t) { return false; }, nullptr, buf,
                             sizeof buf);
  ehc::Url url;
  ehc::parseUrl("http://h", &url);
  failing.begin("GET", url, "/a/long/enough/path/to/overflow/the/buffer", nullptr, 0, nullptr, 0);
  EXPECT_EQ(failing.finish(), HttpError::RequestTooLarge);
  size_t total = 0;
  ehc::RequestWriter counting(
      [](void* u, const char*, size_t n) {
        *static_cast<size_t*>(u) += n;
        return true;
      },
      &total, buf, sizeof buf);
  const Param q[] = {{"x", ParamValue(1.25)}};
  ehc_test::AllocScope scope;
  counting.begin("GET", url, "/p", nullptr, 0, q, 1);
  counting.standardHeaders("ua");
  counting.endHeaders(0);
  EXPECT_EQ(counting.finish(), HttpError::Ok);
  EXPECT_EQ(scope.calls(), 0u);
  EXPECT_GT(total, 50u);
}

TEST(Text, PercentEncodingBase64AndCase) {
  char out[64];
  const std::string s = "a b/~-._%41?";
  EXPECT_EQ(
      std::string(out, ehc::percentEncode(s.data(), s.size(), ehc::PercentSet::Unreserved, out)),
      "a%20b%2F~-._%2541%3F");
  EXPECT_EQ(std::string(out, ehc::percentEncode(s.data(), s.size(), ehc::PercentSet::Path, out)),
            "a%20b/~-._%41?");
  EXPECT_EQ(ehc::percentEncodedLength(s.data(), s.size(), ehc::PercentSet::Unreserved), 20u);
  const struct {
    const char* in;
    const char* out;
  } b64[] = {{"", ""},        {"f", "Zg=="},        {"fo", "Zm8="},
             {"foo", "Zm9v"}, {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="}};
  for (const auto& c : b64)
    EXPECT_EQ(std::string(out, ehc::base64Encode(reinterpret_cast<const uint8_t*>(c.in),
                                                 strlen(c.in), out)),
              c.out);
  EXPECT_TRUE(ehc::equalsIgnoreCase("Content-Length", 14, "content-LENGTH", 14));
  EXPECT_FALSE(ehc::equalsIgnoreCase("a", 1, "ab", 2));
  EXPECT_TRUE(ehc::isToken("X-Custom_1", 10));
  EXPECT_FALSE(ehc::isToken("a:b", 3));
}

}  // namespace
