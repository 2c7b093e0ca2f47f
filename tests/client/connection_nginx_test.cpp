// The kept-alive connection against a real nginx on loopback
// (tests/support/nginx_server.h), over plain HTTP and over HTTPS with the
// test CA: whole bodies with Content-Length and chunked, reuse of one TCP
// connection, reconnecting after nginx's keepalive_requests and
// keepalive_timeout closes, TLS session resumption, certificate failures,
// draining, zero heap in steady state, no descriptor leak.
//
// TCP connections are counted outside the library: every socket to or from
// a server port shows in /proc/net/tcp{,6} (closed ones in TIME_WAIT for
// 60 s, unless reset), so the client ports seen there, sampled after each
// request, are the connections made.
#include <dirent.h>
#include <gtest/gtest.h>
#include <mbedtls/sha256.h>
#include <mbedtls/version.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <chrono>
#include <set>
#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "loopback.h"
#include "nginx_server.h"
#include "suite_start.h"
#include "test_certs.h"
#include "test_exchange.h"

using ehc::Deadline;
using ehc::ExchangeResult;
using ehc::NetError;
using ehc_test::CertKind;
using ehc_test::NginxServer;
using ehc_test::TestExchange;

namespace {

const std::string kDocroot = EHC_SHARED_DIR "/testdata/jsonplaceholder";

std::string docFile(const char* name) {
  return ehc_test::slurpFile(kDocroot + "/" + name);
}

long nowMs() {
  using namespace std::chrono;
  return static_cast<long>(
      duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count());
}

using ehc_test::openDescriptors;

// The client-side ports of every TCP socket (any state, TIME_WAIT included)
// to or from `port` on this host, from /proc/net/tcp and tcp6. The server
// ports are the fixture's own, so each client port is one connection made.
// False when /proc/net/tcp cannot be read.
bool clientPortsOf(uint16_t port, std::set<unsigned>* out) {
  out->clear();
  bool any = false;
  for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
    FILE* f = fopen(table, "r");
    if (!f) continue;
    any = true;
    char line[512];
    if (!fgets(line, sizeof line, f)) {  // the header line
      fclose(f);
      continue;
    }
    while (fgets(line, sizeof line, f)) {
      char local[64], remote[64];
      if (sscanf(line, " %*s %63s %63s", local, remote) != 2) continue;
      const char* lc = strrchr(local, ':');
      const char* rc = strrchr(remote, ':');
      if (!lc || !rc) continue;
      const unsigned lp = static_cast<unsigned>(strtoul(lc + 1, nullptr, 16));
      const unsigned rp = static_cast<unsigned>(strtoul(rc + 1, nullptr, 16));
      if (rp == port)
        out->insert(lp);  // our side
      else if (lp == port && rp != 0)
        out->insert(rp);  // nginx's side (0: the listener)
    }
    fclose(f);
  }
  return any;
}

// Counts the TCP connections made to a port from now on. A connection that
// ends with a reset leaves no TIME_WAIT entry (a TLS close with nginx's
// close_notify unread does), so call sample() while connections are open,
// e.g. after each request: every connection alive at one of the samples,
// or closed in an orderly way since, is counted.
class ConnectionCounter {
 public:
  explicit ConnectionCounter(uint16_t port) : port_(port) { ok_ = clientPortsOf(port_, &before_); }
  bool ok() const { return ok_; }
  void sample() {
    std::set<unsigned> now;
    clientPortsOf(port_, &now);
    for (const unsigned p : now)
      if (before_.count(p) == 0) seen_.insert(p);
  }
  size_t made() {
    sample();
    return seen_.size();
  }

 private:
  uint16_t port_;
  std::set<unsigned> before_, seen_;
  bool ok_ = false;
};

size_t countLines(const std::string& text) {
  size_t n = 0;
  for (const char c : text) n += c == '\n';
  return n;
}

std::string describe(const ExchangeResult& r) {
  return std::string("net=") + ehc::netErrorName(r.net) + " http=" + ehc::httpErrorName(r.http);
}

// A GET whose body sink only counts bytes: no std::string, so a run of
// them can be checked for zero heap.
class CountingExchange final : public ehc::Exchange {
 public:
  CountingExchange(const char* baseUrl, const char* path) : path_(path) {
    ehc::parseUrl(baseUrl, &url_);
  }
  ehc::HttpError writeRequest(ehc::RequestWriter& w, bool) override {
    w.begin("GET", url_, path_, nullptr, 0, nullptr, 0);
    w.standardHeaders("ehc-test");
    return w.endHeaders(-1);
  }
  void attach(ehc::ResponseParser& p) {
    p.onBody([](void* u, const char*, size_t n) { *static_cast<uint64_t*>(u) += n; }, &bytes);
  }
  uint64_t bytes = 0;

 private:
  const char* path_;
  ehc::Url url_;
};

// Servers shared by the tests of a suite, each with every HTTPS port: `main_`
// (keep-alive for 5000 requests, 5 s), `short_` (3 requests, 60 s) and
// `idle_` (100 requests, 1 s). Only the idle-close test has the 1 s timeout:
// on a loaded machine a pause between two requests can last that long.
class NginxBase : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string why;
    certs_ = new ehc_test::TestCerts;
    if (!certs_->make(EHC_OPENSSL, &why)) return start_.failed(why);
    main_ = startServer(5000, 5, &why);
    if (!main_) return start_.failed(why);
    short_ = startServer(3, 60, &why);
    if (!short_) return start_.failed(why);
    idle_ = startServer(100, 1, &why);
    if (!idle_) start_.failed(why);
  }
  static void TearDownTestSuite() {
    delete idle_;
    delete short_;
    delete main_;
    delete certs_;
    idle_ = short_ = main_ = nullptr;
    certs_ = nullptr;
    start_.reset();
  }
  static NginxServer* startServer(int keepaliveRequests, int keepaliveSeconds, std::string* why) {
    ehc_test::NginxOptions o;
    o.nginx = EHC_NGINX;
    o.certs = certs_;
    o.docroot = kDocroot;
    o.keepaliveRequests = keepaliveRequests;
    o.keepaliveTimeoutSeconds = keepaliveSeconds;
    auto* s = new NginxServer(o);
    if (s->start(why)) return s;
    delete s;
    return nullptr;
  }

  void SetUp() override {
    ASSERT_TRUE(start_.started());
    tls_.setCaPem(certs_->caPem().c_str());
  }

  // HTTPS goes to "localhost" (mbedTLS 2.28 does not match IP SANs; the
  // Valid port also listens on ::1), plain HTTP to 127.0.0.1.
  static ehc::Endpoint endpoint(const NginxServer& s, bool https, CertKind kind = CertKind::Valid) {
    return https ? ehc::Endpoint{"localhost", s.httpsPort(kind), true}
                 : ehc::Endpoint{"127.0.0.1", s.httpPort(), false};
  }
  static uint16_t port(const NginxServer& s, bool https) {
    return https ? s.httpsPort() : s.httpPort();
  }
  static std::string baseUrl(const ehc::Endpoint& at) {
    return std::string(at.tls ? "https://" : "http://") + at.host + ":" + std::to_string(at.port);
  }

  struct Got {
    ExchangeResult r;
    int status = 0;
    std::string body;
  };
  // One GET through connection_ (wantBytes >= 0: satisfied after that many
  // body bytes, as a binder that found everything).
  Got get(ehc::Connection& c, const ehc::Endpoint& at, const char* path, long wantBytes = -1) {
    const std::string base = baseUrl(at);
    TestExchange request("GET", path, "", base.c_str());
    request.wantBytes = wantBytes;
    request.attach(parser_);
    Got g;
    g.r = c.exchange(at, request, parser_, Deadline::in(5000));
    g.status = parser_.status();
    g.body = std::move(request.received);
    return g;
  }
  Got get(const ehc::Endpoint& at, const char* path, long wantBytes = -1) {
    return get(connection_, at, path, wantBytes);
  }

  static ehc_test::TestCerts* certs_;
  static NginxServer* main_;
  static NginxServer* short_;
  static NginxServer* idle_;
  static inline ehc_test::SuiteStart start_;

  ehc::PosixTransport tcp_;
  ehc::MbedTlsTransport tls_;
  ehc::Connection connection_{&tcp_, &tls_};
  ehc::ResponseParser parser_;
};
ehc_test::TestCerts* NginxBase::certs_;
NginxServer* NginxBase::main_;
NginxServer* NginxBase::short_;
NginxServer* NginxBase::idle_;

// ---------------------------------------------------------------------------
// The same tests over plain HTTP (false) and HTTPS (true).
class NginxConnection : public NginxBase, public ::testing::WithParamInterface<bool> {
 protected:
  bool https() const { return GetParam(); }
  ehc::Endpoint at(const NginxServer& s) const { return endpoint(s, https()); }
  ehc::MbedTlsTransport& tls() { return tls_; }
};

TEST_P(NginxConnection, WholeFileWithContentLengthAndChunked) {
  const std::string users = docFile("users.json");
  ASSERT_GT(users.size(), 5000u);
  Got g = get(at(*main_), "/users.json");
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_EQ(g.status, 200);
  EXPECT_EQ(parser_.contentLength(), static_cast<int64_t>(users.size()));
  EXPECT_FALSE(parser_.chunked());
  EXPECT_EQ(g.body, users);
  EXPECT_FALSE(g.r.reused);
  EXPECT_TRUE(g.r.keptAlive);
  EXPECT_EQ(g.r.bytesReceived, parser_.bytesConsumed());
  EXPECT_GT(g.r.bytesSent, 0u);
  EXPECT_LE(g.r.firstByteMs, g.r.totalMs);

  g = get(at(*main_), "/chunked/users.json");
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_EQ(g.status, 200);
  EXPECT_TRUE(parser_.chunked());
  EXPECT_EQ(parser_.contentLength(), -1);
  EXPECT_EQ(g.body, users);
  EXPECT_TRUE(g.r.reused);
  EXPECT_TRUE(g.r.keptAlive);
}

TEST_P(NginxConnection, ManyRequestsShareOneTcpConnection) {
  const std::string users = docFile("users.json");
  ConnectionCounter tcp(port(*main_, https()));
  ASSERT_TRUE(tcp.ok()) << "cannot read /proc/net/tcp";
  const size_t logged = countLines(main_->accessLog());
  const int kRequests = 50;
  for (int i = 0; i < kRequests; ++i) {
    const Got g = get(at(*main_), i % 2 ? "/chunked/users.json" : "/users.json");
    tcp.sample();
    ASSERT_TRUE(g.r.ok()) << i << " " << describe(g.r);
    EXPECT_EQ(g.status, 200) << i;
    EXPECT_EQ(g.body, users) << i;
    EXPECT_EQ(g.r.reused, i > 0) << i;
    EXPECT_FALSE(g.r.resent) << i;
    EXPECT_TRUE(g.r.keptAlive) << i;
    if (i > 0) EXPECT_EQ(g.r.connectMs, 0u) << i;
  }
  EXPECT_EQ(tcp.made(), 1u);
  // nginx saw every request (it logs each one after sending the response).
  size_t seen = 0;
  for (long until = nowMs() + 2000; nowMs() < until; usleep(10000))
    if ((seen = countLines(main_->accessLog()) - logged) >= kRequests) break;
  EXPECT_EQ(seen, static_cast<size_t>(kRequests));
}

TEST_P(NginxConnection, ReconnectsByItselfAfterKeepaliveRequestsIsUsedUp) {
  // short_: nginx ends a connection with its 3rd response (Connection: close).
  const std::string users = docFile("users.json");
  ConnectionCounter tcp(port(*short_, https()));
  ASSERT_TRUE(tcp.ok()) << "cannot read /proc/net/tcp";
  for (int i = 0; i < 10; ++i) {
    const Got g = get(at(*short_), "/users.json");
    tcp.sample();
    ASSERT_TRUE(g.r.ok()) << i << " " << describe(g.r);
    EXPECT_EQ(g.status, 200) << i;
    EXPECT_EQ(g.body, users) << i;
    EXPECT_EQ(g.r.reused, i % 3 != 0) << i;
    EXPECT_EQ(g.r.keptAlive, i % 3 != 2) << i;  // the 3rd said Connection: close
    EXPECT_EQ(connection_.open(), i % 3 != 2) << i;
    EXPECT_FALSE(g.r.resent) << i;  // the close was announced: nothing failed
    if (https()) {
      // Every reconnect resumes the session of the first (full) handshake.
      EXPECT_EQ(g.r.sessionResumed, i % 3 == 0 && i > 0) << i;
    }
  }
  EXPECT_EQ(tcp.made(), 4u);  // requests 1-3, 4-6, 7-9, 10
}

TEST_P(NginxConnection, NoticesTheIdleCloseAndConnectsAfresh) {
  // idle_: nginx closes a connection idle for 1 s.
  const std::string users = docFile("users.json");
  ConnectionCounter tcp(port(*idle_, https()));
  ASSERT_TRUE(tcp.ok()) << "cannot read /proc/net/tcp";
  Got g = get(at(*idle_), "/users.json");
  tcp.sample();
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_TRUE(g.r.keptAlive);
  EXPECT_FALSE(g.r.sessionResumed);  // the first handshake is a full one
  usleep(1200 * 1000);
  // nginx's timer is not exact: wait (up to 2 s more) until its close has arrived.
  ehc::Transport& t = https() ? static_cast<ehc::Transport&>(tls_) : tcp_;
  for (long until = nowMs() + 2000; nowMs() < until && !t.peerClosed();) usleep(20000);
  ASSERT_TRUE(t.peerClosed()) << "nginx did not close the idle connection";
  EXPECT_TRUE(connection_.open());  // not yet noticed by the connection

  g = get(at(*idle_), "/users.json");
  tcp.sample();
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_EQ(g.status, 200);
  EXPECT_EQ(g.body, users);
  EXPECT_FALSE(g.r.reused);
  EXPECT_FALSE(g.r.resent);  // noticed before sending, not by a failed attempt
  EXPECT_TRUE(g.r.keptAlive);
  if (https()) {
    EXPECT_TRUE(g.r.sessionResumed);
    EXPECT_EQ(g.r.tlsMs, tls_.handshakeMs());
    EXPECT_LE(g.r.tlsMs, g.r.connectMs);
  }
  EXPECT_EQ(tcp.made(), 2u);
}

TEST_P(NginxConnection, DrainingASmallRestKeepsTheConnection) {
  const std::string users = docFile("users.json");
  ASSERT_LT(users.size(), static_cast<size_t>(EHC_DRAIN_LIMIT));
  for (const char* path : {"/users.json", "/chunked/users.json"}) {
    SCOPED_TRACE(path);
    connection_.end();
    Got g = get(at(*main_), path, 10);  // a binder done after 10 bytes
    ASSERT_TRUE(g.r.ok()) << describe(g.r);
    EXPECT_EQ(g.status, 200);
    EXPECT_TRUE(g.r.drained);
    EXPECT_TRUE(g.r.keptAlive);
    EXPECT_TRUE(connection_.open());
    EXPECT_EQ(parser_.bodyBytes(), users.size());  // read to the end
    g = get(at(*main_), "/users.json");
    ASSERT_TRUE(g.r.ok()) << describe(g.r);
    EXPECT_TRUE(g.r.reused);
    EXPECT_FALSE(g.r.resent);
    EXPECT_EQ(g.body, users);
  }
}

TEST_P(NginxConnection, PastTheDrainLimitItClosesInstead) {
  const std::string users = docFile("users.json");
  connection_.setDrainLimit(100);
  for (const char* path : {"/users.json", "/chunked/users.json"}) {
    SCOPED_TRACE(path);
    Got g = get(at(*main_), path, 10);
    ASSERT_TRUE(g.r.ok()) << describe(g.r);  // the caller got what it wanted
    EXPECT_EQ(g.status, 200);
    EXPECT_FALSE(g.r.drained);
    EXPECT_FALSE(g.r.keptAlive);
    EXPECT_FALSE(connection_.open());
    EXPECT_LT(parser_.bodyBytes(), users.size());
    g = get(at(*main_), "/users.json");
    ASSERT_TRUE(g.r.ok()) << describe(g.r);
    EXPECT_FALSE(g.r.reused);
    EXPECT_FALSE(g.r.resent);
    EXPECT_EQ(g.body, users);
    connection_.end();
  }
}

TEST_P(NginxConnection, SteadyStateAllocatesNothing) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  const size_t size = docFile("users.json").size();
  const ehc::Endpoint to = at(*main_);  // keep-alive for 5000 requests
  const std::string base = baseUrl(to);
  CountingExchange request(base.c_str(), "/users.json");
  request.attach(parser_);
  const ExchangeResult first = connection_.exchange(to, request, parser_, Deadline::in(5000));
  ASSERT_TRUE(first.ok()) << describe(first);
  ASSERT_TRUE(first.keptAlive);
  ASSERT_EQ(request.bytes, size);

  const int kRequests = 1000;
  int ok = 0, reused = 0, status200 = 0;
  request.bytes = 0;
  ehc_test::AllocScope scope;
  for (int i = 0; i < kRequests; ++i) {
    const ExchangeResult r = connection_.exchange(to, request, parser_, Deadline::in(5000));
    ok += r.ok();
    reused += r.reused;
    status200 += parser_.status() == 200;
  }
  const size_t calls = scope.calls(), bytes = scope.bytes();
  EXPECT_EQ(calls, 0u) << bytes << " bytes";
  EXPECT_EQ(ok, kRequests);
  EXPECT_EQ(reused, kRequests);
  EXPECT_EQ(status200, kRequests);
  EXPECT_EQ(request.bytes, static_cast<uint64_t>(kRequests) * size);
}

TEST_P(NginxConnection, NoDescriptorLeakOverManyReconnects) {
  // A server of its own: 100 requests per connection.
  std::string why;
  ehc_test::NginxOptions o;
  o.nginx = EHC_NGINX;
  o.certs = certs_;
  o.docroot = kDocroot;
  o.keepaliveRequests = 100;
  o.ipv6 = false;
  NginxServer server(o);
  ASSERT_TRUE(server.start(&why)) << why;
  // ~100 reconnects. Fast enough under ASan too (about 1 s for both schemes;
  // mbedTLS itself is the system's, not instrumented), so no smaller N there.
  const int kRequests = 10000;
  const std::string small = docFile("todos-1.json");
  ASSERT_FALSE(small.empty());
  const ehc::Endpoint to = https() ? ehc::Endpoint{"localhost", server.httpsPort(), true}
                                   : ehc::Endpoint{"127.0.0.1", server.httpPort(), false};
  const size_t before = openDescriptors();
  size_t most = before;
  int ok = 0, fresh = 0, resent = 0, sameBody = 0;
  const long t0 = nowMs();
  for (int i = 0; i < kRequests; ++i) {
    const Got g = get(to, "/todos-1.json");
    ok += g.r.ok() && g.status == 200;
    fresh += !g.r.reused;
    resent += g.r.resent;
    sameBody += g.body == small;
    if (i % 50 == 0) {
      const size_t n = openDescriptors();
      if (n > most) most = n;
    }
  }
  const long ms = nowMs() - t0;
  connection_.end();
  EXPECT_EQ(ok, kRequests);
  EXPECT_EQ(sameBody, kRequests);
  EXPECT_EQ(fresh, kRequests / 100);  // one connection per 100 requests
  EXPECT_EQ(resent, 0);
  EXPECT_LE(most, before + 1);  // the one open connection
  EXPECT_EQ(openDescriptors(), before);
  printf("[ leak run ] %d %s requests, %d connections, %ld ms\n", kRequests,
         https() ? "HTTPS" : "HTTP", fresh, ms);
}

INSTANTIATE_TEST_SUITE_P(Scheme, NginxConnection, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& p) {
                           return std::string(p.param ? "Https" : "Http");
                         });

// ---------------------------------------------------------------------------
// HTTPS only: session resumption and certificate checks through the connection.
class NginxTls : public NginxBase {
 protected:
  static void sha256(const std::string& der, uint8_t hash[32]) {
#if MBEDTLS_VERSION_MAJOR >= 3
    mbedtls_sha256(reinterpret_cast<const unsigned char*>(der.data()), der.size(), hash, 0);
#else
    mbedtls_sha256_ret(reinterpret_cast<const unsigned char*>(der.data()), der.size(), hash, 0);
#endif
  }
};

TEST_F(NginxTls, FirstHandshakeIsFullAndReconnectAfterEndResumes) {
  const ehc::Endpoint to = endpoint(*main_, true);
  Got g = get(to, "/users.json");
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_FALSE(g.r.sessionResumed);
  EXPECT_GT(g.r.tlsMs, 0u);  // a full handshake: ECDHE and certificate checks
  EXPECT_EQ(g.r.tlsMs, tls_.handshakeMs());
  EXPECT_LE(g.r.tlsMs, g.r.connectMs);
  const uint32_t fullMs = g.r.tlsMs;

  g = get(to, "/users.json");  // kept: no handshake at all
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_TRUE(g.r.reused);
  EXPECT_FALSE(g.r.sessionResumed);
  EXPECT_EQ(g.r.tlsMs, 0u);
  EXPECT_EQ(g.r.connectMs, 0u);

  connection_.end();
  EXPECT_FALSE(connection_.open());
  g = get(to, "/users.json");
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_FALSE(g.r.reused);
  EXPECT_TRUE(g.r.sessionResumed);
  EXPECT_EQ(g.r.tlsMs, tls_.handshakeMs());
  EXPECT_LE(g.r.tlsMs, g.r.connectMs);
  EXPECT_EQ(g.body, docFile("users.json"));
  printf("[ handshake ] full %u ms, resumed %u ms\n", fullMs, g.r.tlsMs);

  // Without the saved session the next one is full again.
  connection_.end();
  tls_.forgetSession();
  g = get(to, "/users.json");
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_FALSE(g.r.sessionResumed);
}

TEST_F(NginxTls, CertificateFailuresEndQuicklyWithTheRightError) {
  const struct Case {
    CertKind kind;
    NetError expected;
  } cases[] = {
      {CertKind::WrongHost, NetError::HostMismatch},
      {CertKind::Expired, NetError::CertExpired},
      {CertKind::SelfSigned, NetError::CertUntrusted},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(ehc_test::certKindName(c.kind));
    const long t0 = nowMs();
    const Got g = get(endpoint(*main_, true, c.kind), "/users.json");
    const long ms = nowMs() - t0;
    EXPECT_EQ(g.r.net, c.expected) << describe(g.r) << " mbedTLS " << tls_.lastTlsError();
    EXPECT_LT(ms, 2000);
    EXPECT_FALSE(connection_.open());
    EXPECT_FALSE(g.r.keptAlive);
    EXPECT_FALSE(g.r.resent);
    EXPECT_EQ(g.r.bytesSent, 0u);  // nothing went to an unverified server
    EXPECT_EQ(g.status, 0);
    EXPECT_TRUE(g.body.empty());
  }
  // The same connection then works with a good server.
  const Got g = get(endpoint(*main_, true), "/users.json");
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_EQ(g.body, docFile("users.json"));
}

TEST_F(NginxTls, PinsTheLeafOrItsKey) {
  const ehc::Endpoint to = endpoint(*main_, true);
  uint8_t wrong[32], leaf[32], key[32];
  sha256(certs_->leafDer(CertKind::WrongHost), wrong);
  sha256(certs_->leafDer(CertKind::Valid), leaf);
  sha256(certs_->leafKeyDer(CertKind::Valid), key);

  tls_.pinSha256(wrong, false);
  Got g = get(to, "/users.json");
  EXPECT_EQ(g.r.net, NetError::PinMismatch) << describe(g.r);
  EXPECT_FALSE(connection_.open());
  EXPECT_EQ(g.r.bytesSent, 0u);

  tls_.pinSha256(leaf, true);  // the certificate's hash is not its key's
  g = get(to, "/users.json");
  EXPECT_EQ(g.r.net, NetError::PinMismatch) << describe(g.r);

  tls_.pinSha256(leaf, false);
  g = get(to, "/users.json");
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_EQ(g.status, 200);
  connection_.end();

  tls_.forgetSession();  // a full handshake: the pin is checked on the certificate sent
  tls_.pinSha256(key, true);
  g = get(to, "/users.json");
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_EQ(g.body, docFile("users.json"));

  // A resumed handshake (no certificate on the wire) is held to the pin too.
  connection_.end();
  tls_.pinSha256(wrong, false);
  g = get(to, "/users.json");
  EXPECT_EQ(g.r.net, NetError::PinMismatch) << describe(g.r);
  EXPECT_EQ(g.r.bytesSent, 0u);
}

TEST_F(NginxTls, InsecureModeAcceptsASelfSignedCertificate) {
  ehc::MbedTlsTransport insecure;
  insecure.setInsecureSkipVerification();
  ehc::Connection c(&tcp_, &insecure);
  const Got g = get(c, endpoint(*main_, true, CertKind::SelfSigned), "/users.json");
  ASSERT_TRUE(g.r.ok()) << describe(g.r);
  EXPECT_EQ(g.status, 200);
  EXPECT_EQ(g.body, docFile("users.json"));
  EXPECT_TRUE(g.r.keptAlive);
}

}  // namespace
