// The client over the scripted transport, for what a real server would make
// slow or hard to stage: response headers of every shape for getHeader(),
// cookie attributes, a server that pauses after the wanted values.
#include <gtest/gtest.h>
#include <string.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "ehc/net/scripted_transport.h"

using ehc::ScriptStep;

namespace {

struct Scripted {
  Scripted(const ScriptStep* steps, size_t n, const char* url = "http://api.test")
      : transport(steps, n), client(url, transport) {}
  std::string written() const { return transport.written(); }
  ehc::ScriptedTransport transport;
  ESP32HTTPClient client;
};

TEST(ClientHeaders, TargetsAreTouchedOnlyWhenTheHeaderIsThere) {
  const std::string longValue(100, 'L');
  const std::string response =
      "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Count: 42\r\nX-Big: 1.000000000000000000000000000"
      "000000000000000000000000001e300\r\nX-Twice: a\r\nX-Twice: b\r\nX-Empty:\r\n"
      "Access-Control-Allow-Credentials-And-More: yes\r\nLink: " +
      longValue + "\r\n\r\n{}";
  const ScriptStep steps[] = {ScriptStep::data(response.c_str()), ScriptStep::stall(0)};
  Scripted s(steps, 2);
  char etag[16] = "previous";
  char twice[16] = "";
  char empty[8] = "x";
  char longName[8] = "";
  char cut[10] = "";
  std::string link;
  int count = 0;
  double big = 7;
  const RestResult r = s.client.get("/")
                           .getHeader("ETag", etag)
                           .getHeader("x-count", &count)
                           .getHeader("X-Big", &big)
                           .getHeader("X-Twice", twice)
                           .send();
  EXPECT_TRUE(r.isSuccess());
  EXPECT_STREQ(etag, "previous");  // missing: untouched
  EXPECT_EQ(count, 42);
  EXPECT_EQ(big, 7);  // longer than EHC_HEADER_VALUE_MAX: not read as another number
  EXPECT_STREQ(twice, "a, b");
  EXPECT_EQ(r.headersFound, 0b1010);
  EXPECT_EQ(r.headersTruncated, 0b0100);

  const ScriptStep again[] = {ScriptStep::data(response.c_str()), ScriptStep::stall(0)};
  Scripted t(again, 2);
  const RestResult q = t.client.get("/")
                           .getHeader("X-Empty", empty)
                           .getHeader("Access-Control-Allow-Credentials-And-More", longName)
                           .getHeader("Link", &link)
                           .getHeader("Link", cut)
                           .send();
  EXPECT_STREQ(empty, "");  // present, empty
  EXPECT_STREQ(longName, "yes");
  EXPECT_EQ(link, longValue);  // a text target gets the whole value
  EXPECT_STREQ(cut, "LLLLLLLLL");
  EXPECT_EQ(q.headersFound, 0b1111);
  EXPECT_EQ(q.headersTruncated, 0b1000);
}

// A number or bool target is written only with a whole, valid value, and
// then reported found: never a prefix ("12abc", "0x10") nor the first of a
// repeated field ("7, 8").
TEST(ClientHeaders, ANumberIsWrittenOnlyWhenValidAndThenReportedFound) {
  const char response[] =
      "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Count: 12abc\r\nX-Twice: 7\r\nX-Twice: 8\r\n"
      "X-Hex: 0x10\r\nX-Flag: truely\r\nX-Good: 5\r\n\r\n{}";
  const ScriptStep steps[] = {ScriptStep::data(response), ScriptStep::stall(0)};
  Scripted s(steps, 2);
  long count = -1, twice = -1, hex = -1, good = -1;
  bool flag = false;
  const RestResult r = s.client.get("/")
                           .getHeader("X-Count", &count)
                           .getHeader("X-Twice", &twice)
                           .getHeader("X-Hex", &hex)
                           .getHeader("X-Flag", &flag)
                           .send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(count, -1);
  EXPECT_EQ(twice, -1);
  EXPECT_EQ(hex, -1);
  EXPECT_FALSE(flag);
  EXPECT_EQ(r.headersFound, 0);
  const ScriptStep again[] = {ScriptStep::data(response), ScriptStep::stall(0)};
  Scripted t(again, 2);
  EXPECT_EQ(t.client.get("/").getHeader("X-Good", &good).send().headersFound, 0b1);
  EXPECT_EQ(good, 5);
}

TEST(ClientHeaders, RequestHeadersReplaceTheClientsAndFramingIsTheLibrarys) {
  const ScriptStep steps[] = {ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
                              ScriptStep::stall(0)};
  Scripted s(steps, 2);
  ASSERT_TRUE(s.client.setHeader("X-A", "client"));
  ASSERT_TRUE(s.client.setHeader("Content-Type", "application/vnd.a+json"));
  ASSERT_TRUE(s.client.bearer("t1"));
  EXPECT_FALSE(s.client.setHeader("Host", "evil"));
  EXPECT_FALSE(s.client.setHeader("Content-Length", "5"));
  EXPECT_FALSE(s.client.setHeader("Cookie", "a=1"));
  EXPECT_FALSE(s.client.setContentType("text/plain\r\nX: 1"));
  EXPECT_FALSE(s.client.bearer(std::string(500, 't')));  // does not fit...
  s.client.put("/x")
      .header("X-A", "request")
      .header("Authorization", "Basic Zm9vOmJhcg==")
      .header("Content-Type", "text/plain")
      .rawBody("abc")
      .send();
  const std::string w = s.written();
  EXPECT_NE(w.find("X-A: request\r\n"), std::string::npos) << w;
  EXPECT_EQ(w.find("X-A: client"), std::string::npos) << w;
  EXPECT_NE(w.find("Authorization: Basic Zm9vOmJhcg==\r\n"), std::string::npos) << w;
  EXPECT_EQ(w.find("Bearer"), std::string::npos) << w;  // replaced for this request
  EXPECT_NE(w.find("Content-Type: text/plain\r\nContent-Length: 3\r\n\r\nabc"), std::string::npos)
      << w;
  EXPECT_EQ(w.find("vnd.a+json"), std::string::npos) << w;
  EXPECT_EQ(s.client.get("/").header("Content-Length", "9").send().error,
            ehc::EHC_ERROR_INVALID_REQUEST);
}

TEST(ClientHeaders, AFailedSetterKeepsTheOldValue) {
  const ScriptStep steps[] = {ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
                              ScriptStep::stall(0)};
  Scripted s(steps, 2);
  ASSERT_TRUE(s.client.bearer("good"));
  EXPECT_FALSE(s.client.bearer(std::string(EHC_CLIENT_HEADER_STORAGE, 'x')));
  EXPECT_FALSE(s.client.setHeader("Authorization", "bad\nvalue"));
  s.client.get("/");
  EXPECT_NE(s.written().find("Authorization: Bearer good\r\n"), std::string::npos);
}

TEST(ClientCookies, AttributesSecureAndDeletion) {
  const std::string longSession(100, 's');
  const std::string setCookies =
      "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n"
      "Set-Cookie: sid=" +
      longSession +
      "; Path=/; Domain=api.test; Expires=Wed, 21 Oct 2037 07:28:00 GMT; HttpOnly; "
      "SameSite=Lax\r\n"
      "Set-Cookie: token=abc; Secure\r\n"
      "Set-Cookie: gone=1\r\n\r\n";
  const char deleteOne[] =
      "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n"
      "Set-Cookie: gone=; Expires=Thu, 01 Jan 1970 00:00:00 GMT\r\n\r\n";
  const char ok[] = "HTTP/1.1 204 No Content\r\n\r\n";
  const ScriptStep steps[] = {ScriptStep::data(setCookies.c_str()),
                              ScriptStep::stall(0),
                              ScriptStep::data(deleteOne),
                              ScriptStep::stall(0),
                              ScriptStep::data(ok),
                              ScriptStep::stall(0),
                              ScriptStep::data(ok),
                              ScriptStep::stall(0)};
  Scripted s(steps, 8, "https://api.test");
  s.client.acceptCookies();
  s.client.get("/login");
  s.client.get("/logout");
  s.client.get("/a");
  std::string w = s.written();
  const std::string third = w.substr(w.rfind("GET /a"));
  EXPECT_NE(third.find("Cookie: sid=" + longSession + "; token=abc\r\n"), std::string::npos)
      << third;
  EXPECT_EQ(third.find("gone"), std::string::npos) << third;  // deleted by a past Expires
  EXPECT_EQ(s.client.cookiesDropped(), 0u);
  s.client.setBaseUrl("http://api.test");  // same host, no TLS: the Secure one stays home
  s.client.get("/b");
  w = s.written();
  const std::string fourth = w.substr(w.rfind("GET /b"));
  EXPECT_NE(fourth.find("Cookie: sid="), std::string::npos) << fourth;
  EXPECT_EQ(fourth.find("token"), std::string::npos) << fourth;
}

// The jar is off until a cookie call turns it on: a server's cookie is not
// kept, nor sent back; acceptCookies() keeps the next one, a cookie() turns
// it on as well, and acceptCookies(false) stops sending what it has.
TEST(ClientCookies, TheJarIsOffUntilACookieCallTurnsItOn) {
  const char set[] = "HTTP/1.1 204 No Content\r\nSet-Cookie: sid=1\r\n\r\n";
  const char setOther[] = "HTTP/1.1 204 No Content\r\nSet-Cookie: other=2\r\n\r\n";
  const char ok[] = "HTTP/1.1 204 No Content\r\n\r\n";
  const ScriptStep steps[] = {ScriptStep::data(set), ScriptStep::stall(0),  ScriptStep::data(ok),
                              ScriptStep::stall(0),  ScriptStep::data(set), ScriptStep::stall(0),
                              ScriptStep::data(ok),  ScriptStep::stall(0),  ScriptStep::data(ok),
                              ScriptStep::stall(0)};
  Scripted s(steps, sizeof steps / sizeof steps[0]);
  s.client.get("/login");
  s.client.get("/a");
  s.client.acceptCookies();
  s.client.get("/login");
  s.client.get("/b");
  s.client.acceptCookies(false);
  s.client.get("/c");
  const std::string w = s.written();
  const std::string a = w.substr(w.find("GET /a"), w.find("GET /login", 1) - w.find("GET /a"));
  EXPECT_EQ(a.find("Cookie"), std::string::npos) << a;
  const std::string b = w.substr(w.find("GET /b"), w.find("GET /c") - w.find("GET /b"));
  EXPECT_NE(b.find("Cookie: sid=1\r\n"), std::string::npos) << b;
  EXPECT_EQ(w.substr(w.find("GET /c")).find("Cookie"), std::string::npos) << w;

  const ScriptStep more[] = {ScriptStep::data(setOther), ScriptStep::stall(0), ScriptStep::data(ok),
                             ScriptStep::stall(0)};
  Scripted t(more, 4);
  t.client.cookie("user", "u");  // turns the jar on: the server's cookie is kept too
  t.client.get("/login");
  t.client.get("/d");
  const std::string d = t.written().substr(t.written().find("GET /d"));
  EXPECT_NE(d.find("Cookie: user=u; other=2\r\n"), std::string::npos) << d;
}

// Once the wanted values are in, a server that pauses does not hold the
// caller for the whole timeout, and whatever ends the rest of the body is
// not an error of the request.
TEST(ClientDrain, APauseAfterTheValuesEndsTheDraining) {
  const ScriptStep steps[] = {
      ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n{\"id\":7,"),
      ScriptStep::stall(5000),  // more than the drain timeout, less than the request timeout
      ScriptStep::data("\"pad\":\"...................\"}"), ScriptStep::close()};
  Scripted s(steps, 4);
  s.client.setDrainTimeout(1000);
  int id = 0;
  const RestResult r = s.client.get("/").getBody("id", &id).send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(id, 7);
  // The bytes after the pause were never read: the connection was given up.
  EXPECT_EQ(r.bytesReceived, strlen("HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n{\"id\":7,"));

  const ScriptStep cut[] = {
      ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n{\"id\":8,\"p"),
      ScriptStep::close()};  // closed mid-body, after the value
  Scripted t(cut, 2);
  EXPECT_TRUE(t.client.get("/").getBody("id", &id).send().isSuccess());
  EXPECT_EQ(id, 8);
}

// The rest of a body nobody wants any more is read (framing checked, the
// connection kept) but no longer handed to the request: it still counts in
// bodyBytes, and the next request reuses the connection.
TEST(ClientDrain, TheDrainedRestCountsAndTheConnectionIsKept) {
  const std::string body = "{\"id\":7,\"pad\":\"" + std::string(300, '.') + "\"}";
  const std::string chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n" +
                              body.substr(0, 8) + "\r\n" + "135\r\n" + body.substr(8) +
                              "\r\n0\r\n\r\n";
  ASSERT_EQ(body.size() - 8, 0x135u);
  const ScriptStep steps[] = {
      ScriptStep::data(chunked.c_str()), ScriptStep::stall(0),
      ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n{\"id\":9}"),
      ScriptStep::stall(0)};
  for (size_t maxRead : {size_t{1}, size_t{7}, size_t{64}, size_t{4096}}) {
    Scripted s(steps, 4);
    s.transport.setMaxRead(maxRead);
    int id = 0;
    RestResult r = s.client.get("/").getBody("id", &id).send();
    EXPECT_TRUE(r.isSuccess()) << r.message();
    EXPECT_EQ(id, 7);
    EXPECT_EQ(r.bodyBytes, body.size()) << maxRead;
    r = s.client.get("/").getBody("id", &id).send();
    EXPECT_TRUE(r.isSuccess()) << r.message();
    EXPECT_TRUE(r.reused) << maxRead;
    EXPECT_EQ(id, 9);
    EXPECT_EQ(r.bodyBytes, 8u);
  }
}

// A request that fails before reading tells no earlier response's body.
TEST(ClientDrain, AHopThatNeverReadsHasNoBodyBytes) {
  const ScriptStep steps[] = {
      ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 8\r\nConnection: close\r\n\r\n"
                       "{\"id\":9}"),
      ScriptStep::close()};
  Scripted s(steps, 2);
  int id = 0;
  RestResult r = s.client.get("/").getBody("id", &id).send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(r.bodyBytes, 8u);
  s.transport.failConnect(ehc::NetError::Refused);
  r = s.client.get("/").getBody("id", &id).send();
  EXPECT_FALSE(r.isSuccess());
  EXPECT_EQ(r.bodyBytes, 0u);
}
}  // namespace

namespace {

// The jar's limits: a server cookie longer than EHC_MAX_COOKIE_LENGTH is
// dropped (counted); when the jar is full the oldest server cookie makes
// room, and the user's cookies are never pushed out.
void receive(ehc::CookieJar& jar, const std::string& setCookie) {
  jar.setResponseHost("api.test");
  ehc::CookieJar::kVisitor.name(&jar, "Set-Cookie", 10);
  ehc::CookieJar::kVisitor.value(&jar, setCookie.data(), setCookie.size());
  ehc::CookieJar::kVisitor.end(&jar, false);
  jar.commit();
}
std::string sent(const ehc::CookieJar& jar) {
  std::string out;
  jar.forHost(
      "api.test", false, true,
      [](void* u, const char* d, size_t n) {
        static_cast<std::string*>(u)->append(d, n).append(";");
      },
      &out);
  return out;
}

TEST(ClientCookies, JarLimits) {
  ehc::CookieJar jar;
  ASSERT_TRUE(jar.set("user", "1"));
  receive(jar, "long=" + std::string(EHC_MAX_COOKIE_LENGTH, 'x'));
  EXPECT_EQ(jar.dropped(), 1u);
  const std::string value(60, 'v');
  for (int i = 0; i < 20; ++i) receive(jar, "s" + std::to_string(i) + "=" + value);
  const std::string now = sent(jar);
  EXPECT_EQ(now.rfind("user=1;", 0), 0u) << now;           // the user's stays, first
  EXPECT_NE(now.find("s19=" + value), std::string::npos);  // the newest is in
  EXPECT_EQ(now.find("s0="), std::string::npos);           // the oldest made room
  // Counted: the long one, and each of the 20 that was pushed out again.
  size_t kept = 0;
  for (size_t at = 0; (at = now.find(";s", at)) != std::string::npos; ++at) ++kept;
  EXPECT_GT(kept, 1u) << now;
  EXPECT_LT(kept, 20u) << now;
  EXPECT_EQ(jar.dropped(), 1u + 20u - kept);
  EXPECT_LE(now.size(), size_t{EHC_COOKIE_JAR_BYTES});
}

}  // namespace

namespace {

size_t requestsIn(const std::string& written) {
  size_t count = 0;
  for (size_t at = 0; (at = written.find(" HTTP/1.1\r\n", at)) != std::string::npos; ++at) ++count;
  return count;
}

std::string redirectTo(const std::string& location) {
  return "HTTP/1.1 302 Found\r\nLocation: " + location + "\r\nContent-Length: 0\r\n\r\n";
}

// A Location with a scheme (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" /
// "." ) ":") other than http(s) is not a path on the current host.
TEST(ClientRedirects, ALocationWithAnotherSchemeIsRefused) {
  for (const char* location :
       {"ftp://host/x", "mailto:a@b.test", "javascript:alert(1)", "a+b.c-d9:x", "http:relative"}) {
    SCOPED_TRACE(location);
    const std::string response = redirectTo(location);
    const ScriptStep steps[] = {ScriptStep::data(response.c_str()), ScriptStep::stall(0),
                                ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
                                ScriptStep::stall(0)};
    Scripted s(steps, 4);
    const RestResult r = s.client.get("/start").followRedirects().send();
    EXPECT_EQ(r.error, ehc::EHC_ERROR_BAD_URL) << r.message();
    EXPECT_EQ(requestsIn(s.written()), 1u) << s.written();
  }
  const std::string upper = redirectTo("HTTP://api.test/next");  // schemes are case-insensitive
  const ScriptStep steps[] = {ScriptStep::data(upper.c_str()), ScriptStep::stall(0),
                              ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
                              ScriptStep::stall(0)};
  Scripted s(steps, 4);
  EXPECT_EQ(s.client.get("/start").followRedirects().send().statusCode, 204);
  EXPECT_NE(s.written().find("GET /next HTTP/1.1\r\n"), std::string::npos) << s.written();
}

// A relative Location is read against the URL the response answered (RFC
// 9110 section 10.2.2): on the first hop the request's own target (base
// path, path, parameters), then the Location followed; dot segments go
// (RFC 3986 section 5.2.4). They were read against the base URL's path and
// sent as they were ("GET /6", "GET /../up").
TEST(ClientRedirects, ARelativeLocationIsReadAgainstTheURLItAnswered) {
  struct Case {
    const char* location;
    const char* then;  // the Location of the second redirect
    const char* lines[2];
  };
  const Case cases[] = {
      {"6", "../up/./x?y=1#f", {"GET /v1/items/6 HTTP/1.1", "GET /v1/up/x?y=1 HTTP/1.1"}},
      {"../a/b/../c", "?page=2", {"GET /v1/a/c HTTP/1.1", "GET /v1/a/c?page=2 HTTP/1.1"}},
      {"/root/./d/..", "//api.test/z/../w", {"GET /root/ HTTP/1.1", "GET /w HTTP/1.1"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.location);
    const std::string first = redirectTo(c.location), second = redirectTo(c.then);
    const ScriptStep steps[] = {ScriptStep::data(first.c_str()),
                                ScriptStep::stall(0),
                                ScriptStep::data(second.c_str()),
                                ScriptStep::stall(0),
                                ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
                                ScriptStep::stall(0)};
    Scripted s(steps, 6, "http://api.test/v1");
    const RestResult r = s.client.get("/items/{id}").path("id", 5).followRedirects().send();
    EXPECT_EQ(r.statusCode, 204) << r.message();
    const std::string written = s.written();
    EXPECT_NE(written.find("GET /v1/items/5 HTTP/1.1\r\n"), std::string::npos) << written;
    for (const char* line : c.lines)
      EXPECT_NE(written.find(std::string(line) + "\r\n"), std::string::npos) << line << written;
  }
}

// A URL longer than EHC_MAX_URL_LENGTH is a capacity of the build (-21,
// naming the setting), not a malformed URL: the base URL, a Location, and a
// relative Location that grows too long once resolved.
TEST(ClientRedirects, URLsPastEHC_MAX_URL_LENGTHAreACapacityError) {
  const auto expectCapacity = [](const RestResult& r) {
    EXPECT_EQ(r.error, ehc::EHC_ERROR_CAPACITY) << r.message();
    EXPECT_NE(std::string(r.message()).find("EHC_MAX_URL_LENGTH"), std::string::npos)
        << r.message();
  };
  const std::string longBase = "http://api.test/" + std::string(EHC_MAX_URL_LENGTH, 'b');
  const ScriptStep none[] = {ScriptStep::stall(0)};
  Scripted base(none, 1, longBase.c_str());
  expectCapacity(base.client.get("/").send());
  EXPECT_EQ(base.written(), "");
  EXPECT_FALSE(base.client.setBaseUrl(longBase));
  EXPECT_FALSE(base.client.setBaseUrl("ftp://api.test"));  // malformed stays -18
  EXPECT_EQ(base.client.get("/").send().error, ehc::EHC_ERROR_BAD_URL);

  for (const std::string& location :
       {"/" + std::string(EHC_MAX_URL_LENGTH + 10, 'l'),
        std::string(EHC_MAX_URL_LENGTH - 10, 'r')}) {  // fits, but not after /dir/
    const std::string response = redirectTo(location);
    const ScriptStep steps[] = {ScriptStep::data(response.c_str()), ScriptStep::stall(0)};
    Scripted s(steps, 2, "http://api.test/dir/");
    expectCapacity(s.client.get("start").followRedirects().send());
    EXPECT_EQ(requestsIn(s.written()), 1u);
  }
}

}  // namespace

namespace {

// A 2xx whose body was wanted but is empty is not JSON: -20, as for any
// other body that is not. A response without a body (204, HEAD) is not that.
TEST(ClientBody, AnEmpty2xxBodyWithBindingsIsInvalidJson) {
  for (const char* response :
       {"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n"}) {
    SCOPED_TRACE(response);
    const ScriptStep steps[] = {ScriptStep::data(response), ScriptStep::close()};
    Scripted s(steps, 2);
    int id = -1;
    const RestResult r = s.client.get("/").getBody("id", &id).send();
    EXPECT_EQ(r.error, ehc::EHC_ERROR_INVALID_JSON) << r.message();
    EXPECT_FALSE(r.isSuccess());
    EXPECT_EQ(r.missing, 0b1u);
    EXPECT_EQ(id, -1);
  }
  const ScriptStep noContent[] = {
      ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"), ScriptStep::stall(0),
      ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n"), ScriptStep::stall(0)};
  Scripted s(noContent, 4);
  int id = -1;
  const RestResult r = s.client.del("/").getBody("id", &id).send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(r.missing, 0b1u);
  const RestResult head = s.client.head("/").getBody("id", &id).send();
  EXPECT_TRUE(head.isSuccess()) << head.message();
  EXPECT_EQ(head.missing, 0b1u);
}

}  // namespace

namespace {

// Cookies take effect with the response that set them only when the client
// accepts it: a response that fails (cut short, not JSON, too many
// redirects) neither stores nor deletes any. A 4xx is a response accepted;
// a redirect followed too (its cookies go along to the next hop).
TEST(ClientCookies, OnlyAnAcceptedResponseChangesTheJar) {
  const char keep[] =
      "HTTP/1.1 200 OK\r\nSet-Cookie: kept=1\r\nContent-Length: 8\r\n\r\n{\"id\":1}";
  const char cut[] =
      "HTTP/1.1 200 OK\r\nSet-Cookie: cut=2\r\nSet-Cookie: kept=; Max-Age=0\r\n"
      "Content-Length: 9\r\n\r\n{\"id\"";
  const char notJson[] = "HTTP/1.1 200 OK\r\nSet-Cookie: bad=3\r\nContent-Length: 3\r\n\r\n{x}";
  const char denied[] =
      "HTTP/1.1 401 Unauthorized\r\nSet-Cookie: denied=4\r\nContent-Length: 2\r\n\r\n{}";
  const char hop[] =
      "HTTP/1.1 302 Found\r\nSet-Cookie: hop=5\r\nLocation: /next\r\nContent-Length: 0\r\n\r\n";
  const char ok[] = "HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n{\"id\":2}";
  const ScriptStep steps[] = {
      ScriptStep::data(keep),   ScriptStep::stall(0),      ScriptStep::data(cut),
      ScriptStep::close(),      ScriptStep::data(notJson), ScriptStep::stall(0),
      ScriptStep::data(denied), ScriptStep::stall(0),      ScriptStep::data(hop),
      ScriptStep::stall(0),     ScriptStep::data(ok),      ScriptStep::stall(0),
      ScriptStep::data(ok),     ScriptStep::stall(0)};
  Scripted s(steps, sizeof steps / sizeof steps[0]);
  s.client.acceptCookies();
  s.client.setMaxRetry(0);  // one answer per request, as scripted
  int id = 0;
  EXPECT_TRUE(s.client.get("/keep").getBody("id", &id).send().isSuccess());
  EXPECT_EQ(s.client.get("/cut").getBody("id", &id).send().error, ehc::EHC_ERROR_CONNECTION_LOST);
  EXPECT_EQ(s.client.get("/bad").getBody("id", &id).send().error, ehc::EHC_ERROR_INVALID_JSON);
  EXPECT_EQ(s.client.get("/denied").getBody("id", &id).send().statusCode, 401);
  EXPECT_TRUE(s.client.get("/hop").followRedirects().getBody("id", &id).send().isSuccess());
  EXPECT_TRUE(s.client.get("/last").getBody("id", &id).send().isSuccess());
  const std::string w = s.written();
  const std::string next = w.substr(w.find("GET /next"));
  EXPECT_NE(next.find("Cookie: kept=1; denied=4; hop=5\r\n"), std::string::npos) << next;
  const std::string last = w.substr(w.find("GET /last"));
  EXPECT_NE(last.find("Cookie: kept=1; denied=4; hop=5\r\n"), std::string::npos) << last;
  EXPECT_EQ(s.client.cookiesDropped(), 0u);
}

}  // namespace

namespace {

// As ESP32-HTTP-Client's (status < 200 || status >= 400): nothing sent yet
// is not a success, and hasError() says so.
TEST(ClientResult, HasErrorBeforeAnyRequestAsTheOriginal) {
  const ScriptStep steps[] = {ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
                              ScriptStep::stall(0)};
  Scripted s(steps, 2);
  EXPECT_EQ(s.client.getStatusCode(), 0);
  EXPECT_TRUE(s.client.hasError());
  EXPECT_FALSE(s.client.isSuccess());
  auto request = s.client.get("/");
  EXPECT_TRUE(request.send().isSuccess());
  EXPECT_FALSE(s.client.hasError());
  const RestResult again = request.send();  // never sent twice
  EXPECT_EQ(again.statusCode, 0);
  EXPECT_TRUE(again.hasError());
}

}  // namespace

namespace {

using ehc::RestRequest;

// A request exists once: taking it into a variable moves it (a chain on
// the temporary get() returns gives an rvalue), copying does not compile.
// It used to be a "copy" constructor that moved: `auto b = a;` emptied a.
static_assert(!std::is_copy_constructible<RestRequest>::value, "auto b = a; must not compile");
static_assert(!std::is_constructible<RestRequest, RestRequest&>::value,
              "no constructor takes a request by non-const reference");
static_assert(std::is_nothrow_move_constructible<RestRequest>::value, "a real move");
static_assert(!std::is_copy_assignable<RestRequest>::value &&
                  !std::is_move_assignable<RestRequest>::value,
              "a request is not assigned over another");
static_assert(
    std::is_same<decltype(std::declval<RestRequest>().query("a", 1)), RestRequest&&>::value,
    "the chain on a temporary gives an rvalue");
static_assert(
    std::is_same<decltype(std::declval<RestRequest&>().query("a", 1)), RestRequest&>::value,
    "the chain on a variable gives that variable");

RestRequest makeRequest(ESP32HTTPClient& client, int* id) {
  return client.get("/made").getBody("id", id);  // moved out of the temporary, then elided
}

TEST(ClientRequest, MovesCarryTheBindingsAndSendOnce) {
  const ScriptStep steps[] = {
      ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{\"id\":41}"),
      ScriptStep::stall(0),  // the connection stays open between them
      ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{\"id\":42}"),
      ScriptStep::stall(0)};
  Scripted s(steps, 4);
  int a = 0, b = 0;
  char name[8] = "";
  {
    auto first = s.client.get("/first").query("q", std::string("temporary")).getBody("id", &a);
    RestRequest moved(std::move(first));
    moved.getBody("name", name);  // still being built, bindings and all
    EXPECT_EQ(first.send().message(), std::string("request already sent"));  // empty: sends nothing
    EXPECT_EQ(s.written(), "");
    EXPECT_TRUE(moved.send().isSuccess());
  }
  EXPECT_EQ(a, 41);
  EXPECT_NE(s.written().find("GET /first?q=temporary HTTP/1.1\r\n"), std::string::npos);
  makeRequest(s.client, &b);  // sent once, at the end of this statement
  EXPECT_EQ(b, 42);
  EXPECT_EQ(requestsIn(s.written()), 2u);
}

}  // namespace
