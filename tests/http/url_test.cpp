// The URI rules a client follows redirects by: RFC 3986 reference
// resolution (every example of section 5.4), a URL's origin as text, and
// the method of the request after a redirect.
#include "ehc/http/url.h"

#include <gtest/gtest.h>

#include <string>

#include "ehc/http/request_writer.h"

namespace {

std::string resolve(const char* base, const char* ref, size_t size = 256) {
  std::string out(size, '\x7f');
  const size_t n = ehc::resolveReference(base, ref, &out[0], size);
  if (n == 0) return "(none)";
  EXPECT_EQ(out[n], '\0');
  return out.substr(0, n);
}

struct Example {
  const char* ref;
  const char* target;
};

const char kBase[] = "http://a/b/c/d;p?q";

// RFC 3986 section 5.4.1.
TEST(UrlResolve, NormalExamples) {
  const Example normal[] = {{"g:h", "g:h"},
                            {"g", "http://a/b/c/g"},
                            {"./g", "http://a/b/c/g"},
                            {"g/", "http://a/b/c/g/"},
                            {"/g", "http://a/g"},
                            {"//g", "http://g"},
                            {"?y", "http://a/b/c/d;p?y"},
                            {"g?y", "http://a/b/c/g?y"},
                            {"#s", "http://a/b/c/d;p?q#s"},
                            {"g#s", "http://a/b/c/g#s"},
                            {"g?y#s", "http://a/b/c/g?y#s"},
                            {";x", "http://a/b/c/;x"},
                            {"g;x", "http://a/b/c/g;x"},
                            {"g;x?y#s", "http://a/b/c/g;x?y#s"},
                            {"", "http://a/b/c/d;p?q"},
                            {".", "http://a/b/c/"},
                            {"./", "http://a/b/c/"},
                            {"..", "http://a/b/"},
                            {"../", "http://a/b/"},
                            {"../g", "http://a/b/g"},
                            {"../..", "http://a/"},
                            {"../../", "http://a/"},
                            {"../../g", "http://a/g"}};
  for (const Example& e : normal) EXPECT_EQ(resolve(kBase, e.ref), e.target) << e.ref;
}

// RFC 3986 section 5.4.2 (the strict reading of "http:g").
TEST(UrlResolve, AbnormalExamples) {
  const Example abnormal[] = {{"../../../g", "http://a/g"},
                              {"../../../../g", "http://a/g"},
                              {"/./g", "http://a/g"},
                              {"/../g", "http://a/g"},
                              {"g.", "http://a/b/c/g."},
                              {".g", "http://a/b/c/.g"},
                              {"g..", "http://a/b/c/g.."},
                              {"..g", "http://a/b/c/..g"},
                              {"./../g", "http://a/b/g"},
                              {"./g/.", "http://a/b/c/g/"},
                              {"g/./h", "http://a/b/c/g/h"},
                              {"g/../h", "http://a/b/c/h"},
                              {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
                              {"g;x=1/../y", "http://a/b/c/y"},
                              {"g?y/./x", "http://a/b/c/g?y/./x"},
                              {"g?y/../x", "http://a/b/c/g?y/../x"},
                              {"g#s/./x", "http://a/b/c/g#s/./x"},
                              {"g#s/../x", "http://a/b/c/g#s/../x"},
                              {"http:g", "http:g"}};
  for (const Example& e : abnormal) EXPECT_EQ(resolve(kBase, e.ref), e.target) << e.ref;
}

TEST(UrlResolve, BasesWithoutAPathOrAScheme) {
  EXPECT_EQ(resolve("http://h", "g"), "http://h/g");  // an authority and no path: "/" + ref
  EXPECT_EQ(resolve("http://h", "?q"), "http://h?q");
  EXPECT_EQ(resolve("http://h:8080/x/y", "//other/z/../w"), "http://other/w");
  EXPECT_EQ(resolve("http://h/x", "HTTPS://H/A/./B"), "HTTPS://H/A/B");  // case kept
  EXPECT_EQ(resolve("mailto:a@b", "c"), "mailto:c");
  EXPECT_EQ(resolve("/no/scheme", "g"), "(none)");  // the base must be absolute
  EXPECT_EQ(resolve("", "http://h/"), "(none)");
}

// Every size from too small to enough: 0 until it fits, never a write past
// the buffer.
TEST(UrlResolve, ReportsAResultThatDoesNotFit) {
  const std::string want = "http://a/b/c/g?y#s";
  for (size_t size = 1; size <= want.size() + 1; ++size) {
    std::string out(size + 8, '\x7f');
    const size_t n = ehc::resolveReference(kBase, "g?y#s", &out[0], size);
    EXPECT_EQ(n, size > want.size() ? want.size() : 0u) << size;
    EXPECT_EQ(out.substr(size), std::string(8, '\x7f')) << size;
  }
  char none[1] = {'x'};
  EXPECT_EQ(ehc::resolveReference(kBase, "g", none, 0), 0u);
  EXPECT_EQ(none[0], 'x');
}

TEST(UrlResolve, SchemeLength) {
  EXPECT_EQ(ehc::schemeLength("http://h"), 4u);
  EXPECT_EQ(ehc::schemeLength("a+b.c-d9:x"), 8u);
  EXPECT_EQ(ehc::schemeLength("9a:x"), 0u);   // must start with a letter
  EXPECT_EQ(ehc::schemeLength("a_b:x"), 0u);  // '_' is not a scheme character
  EXPECT_EQ(ehc::schemeLength("./a:b"), 0u);  // a path with a colon
  EXPECT_EQ(ehc::schemeLength("path"), 0u);
  EXPECT_EQ(ehc::schemeLength(nullptr), 0u);
}

TEST(UrlOrigin, SchemeHostAndAPortThatIsNotTheDefault) {
  const auto origin = [](const char* text, uint16_t port = 0) {
    ehc::Url u;
    EXPECT_EQ(ehc::parseUrl(text, &u, port), ehc::HttpError::Ok) << text;
    char out[64];
    const size_t n = ehc::formatOrigin(u, out, sizeof out);
    return std::string(out, n);
  };
  EXPECT_EQ(origin("http://h/a/b?q"), "http://h");
  EXPECT_EQ(origin("https://h:443/"), "https://h");
  EXPECT_EQ(origin("https://h:8443/x"), "https://h:8443");
  EXPECT_EQ(origin("http://[::1]:81/x"), "http://[::1]:81");
  EXPECT_EQ(origin("http://h", 9000), "http://h:9000");  // the port override, not the text
  ehc::Url u;
  ehc::parseUrl("http://host.test", &u);
  char small[8];
  EXPECT_EQ(ehc::formatOrigin(u, small, sizeof small), 0u);
}

TEST(UrlRedirect, WhenTheNextRequestBecomesAGet) {
  for (int status : {301, 302}) {
    EXPECT_TRUE(ehc::redirectBecomesGet(status, "POST")) << status;
    for (const char* m : {"PUT", "PATCH", "DELETE", "HEAD", "GET"})
      EXPECT_FALSE(ehc::redirectBecomesGet(status, m)) << status << m;
  }
  for (const char* m : {"POST", "PUT", "PATCH", "DELETE", "GET"})  // a GET's body goes too
    EXPECT_TRUE(ehc::redirectBecomesGet(303, m)) << m;
  EXPECT_FALSE(ehc::redirectBecomesGet(303, "HEAD"));
  for (int status : {307, 308})
    for (const char* m : {"POST", "PUT", "PATCH", "DELETE", "HEAD", "GET"})
      EXPECT_FALSE(ehc::redirectBecomesGet(status, m)) << status << m;
  for (int s : {301, 302, 303, 307, 308}) EXPECT_TRUE(ehc::isRedirectStatus(s)) << s;
  for (int s : {200, 300, 304, 305, 306, 309, 400}) EXPECT_FALSE(ehc::isRedirectStatus(s)) << s;
}

}  // namespace

namespace {

struct Collected {
  std::string bytes;
  static bool sink(void* u, const char* d, size_t n) {
    static_cast<Collected*>(u)->bytes.append(d, n);
    return true;
  }
};

// The request target alone, as the request line has it: what the client
// reads a relative Location against.
TEST(UrlRedirect, TheRequestTargetAsTheRequestLineHasIt) {
  ehc::Url url;
  ASSERT_EQ(ehc::parseUrl("http://api.test/v1/?key=k", &url), ehc::HttpError::Ok);
  const ehc::Param id{"id", ehc::ParamValue(7)};
  const ehc::Param q{"q", ehc::ParamValue("a b")};
  Collected target, line;
  char buf[16];
  ehc::RequestWriter t(Collected::sink, &target, buf, sizeof buf);
  EXPECT_EQ(t.target(url, "users/{id}", &id, 1, &q, 1), ehc::HttpError::Ok);
  t.finish();
  EXPECT_EQ(target.bytes, "/v1/users/7?key=k&q=a%20b");
  ehc::RequestWriter w(Collected::sink, &line, buf, sizeof buf);
  w.begin("GET", url, "users/{id}", &id, 1, &q, 1);
  w.finish();
  EXPECT_EQ(line.bytes, "GET " + target.bytes + " HTTP/1.1\r\nHost: api.test\r\n");
}

}  // namespace
