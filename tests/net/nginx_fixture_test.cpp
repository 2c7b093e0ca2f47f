// The real-nginx fixture (tests/support/nginx_server.h) and the test
// certificates (test_certs.h) do what the integration tests rely on:
// plain HTTP checked with raw sockets, HTTPS with openssl s_client (are the
// certificates what they claim?) and with the library's MbedTlsTransport.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <mbedtls/sha256.h>
#include <mbedtls/version.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <string>

#include "ESP32HTTPClient.h"
#include "loopback.h"
#include "nginx_server.h"
#include "suite_start.h"
#include "test_certs.h"

using ehc::Deadline;
using ehc::NetError;
using ehc_test::CertKind;

namespace {

const std::string kDocroot = EHC_SHARED_DIR "/testdata/jsonplaceholder";

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
  return s;
}

struct Response {
  int status = 0;
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
  bool chunked = false;
  int chunks = 0;  // data chunks
  bool has(const char* name) const { return headers.count(name) != 0; }
  std::string header(const char* name) const {
    const auto it = headers.find(name);
    return it == headers.end() ? "" : it->second;
  }
};

// A blocking loopback connection that reads HTTP/1.1 responses one after
// the other (keep-alive), with a 3 s limit on every wait.
class Conn {
 public:
  explicit Conn(uint16_t port, bool v6 = false)
      : fd_(ehc_test::connectLoopback(port, v6)), ok_(fd_ >= 0) {}
  ~Conn() { close(fd_); }
  bool ok() const { return ok_; }

  bool send(const std::string& data) {
    size_t done = 0;
    while (done < data.size()) {
      const ssize_t n = ::send(fd_, data.data() + done, data.size() - done, MSG_NOSIGNAL);
      if (n <= 0) return false;
      done += static_cast<size_t>(n);
    }
    return true;
  }
  bool get(const std::string& path, const char* extra = "") {
    return send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + extra + "\r\n");
  }

  // One response; false on a malformed one, a timeout or an early close.
  bool read(Response* r, bool headRequest = false) {
    *r = Response();
    std::string line;
    if (!readLine(&line) || line.compare(0, 9, "HTTP/1.1 ") != 0) return false;
    r->status = atoi(line.c_str() + 9);
    for (;;) {
      if (!readLine(&line)) return false;
      if (line.empty()) break;
      const size_t colon = line.find(':');
      if (colon == std::string::npos) return false;
      size_t v = colon + 1;
      while (v < line.size() && line[v] == ' ') ++v;
      r->headers[lower(line.substr(0, colon))] = line.substr(v);
    }
    if (headRequest || r->status == 204 || r->status == 304) return true;
    if (lower(r->header("transfer-encoding")) == "chunked") {
      r->chunked = true;
      for (;;) {
        if (!readLine(&line)) return false;
        const size_t size = strtoul(line.c_str(), nullptr, 16);
        if (size == 0) break;
        if (!take(size, &r->body) || !readLine(&line) || !line.empty()) return false;
        ++r->chunks;
      }
      do {  // trailers
        if (!readLine(&line)) return false;
      } while (!line.empty());
      return true;
    }
    if (r->has("content-length"))
      return take(strtoul(r->header("content-length").c_str(), nullptr, 10), &r->body);
    while (fill()) {  // close-delimited
    }
    r->body += buf_;
    buf_.clear();
    return true;
  }
  // True when the server has closed the connection (and sent nothing more).
  bool closedByPeer() { return buf_.empty() && !fill() && eof_; }

 private:
  bool fill() {  // more bytes into buf_; false at EOF, on error or after 3 s
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, 3000) != 1) return false;
    char tmp[4096];
    const ssize_t n = recv(fd_, tmp, sizeof tmp, 0);
    if (n <= 0) {
      eof_ = n == 0;
      return false;
    }
    buf_.append(tmp, static_cast<size_t>(n));
    return true;
  }
  bool readLine(std::string* line) {
    size_t end;
    while ((end = buf_.find("\r\n")) == std::string::npos)
      if (!fill()) return false;
    *line = buf_.substr(0, end);
    buf_.erase(0, end + 2);
    return true;
  }
  bool take(size_t n, std::string* out) {
    while (buf_.size() < n)
      if (!fill()) return false;
    out->append(buf_, 0, n);
    buf_.erase(0, n);
    return true;
  }
  int fd_ = -1;
  bool ok_ = false, eof_ = false;
  std::string buf_;
};

Response getOnce(uint16_t port, const std::string& path, bool v6 = false) {
  Response r;
  Conn c(port, v6);
  EXPECT_TRUE(c.ok()) << "connect to port " << port;
  EXPECT_TRUE(c.get(path));
  EXPECT_TRUE(c.read(&r)) << path;
  return r;
}

class Nginx : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string why;
    certs_ = new ehc_test::TestCerts;
    if (!certs_->make(EHC_OPENSSL, &why)) return start_.failed(why);
    ehc_test::NginxOptions o;
    o.nginx = EHC_NGINX;
    o.certs = certs_;
    o.docroot = kDocroot;
    o.files = {{"hello.json", "{\"hello\":\"nginx\"}"}, {"sub/dir/users.json", "[]"}};
    server_ = new ehc_test::NginxServer(o);
    if (!server_->start(&why)) start_.failed(why);
  }
  static void TearDownTestSuite() {
    delete server_;
    delete certs_;
    server_ = nullptr;
    certs_ = nullptr;
    start_.reset();
  }
  void SetUp() override { ASSERT_TRUE(start_.started()); }
  static std::string file(const char* name) { return ehc_test::slurpFile(kDocroot + "/" + name); }

  static ehc_test::TestCerts* certs_;
  static ehc_test::NginxServer* server_;
  static inline ehc_test::SuiteStart start_;
};
ehc_test::TestCerts* Nginx::certs_;
ehc_test::NginxServer* Nginx::server_;

TEST_F(Nginx, StaticFileHasContentLengthAndTheExactBytes) {
  const std::string users = file("users.json");
  ASSERT_GT(users.size(), 1000u);
  const Response r = getOnce(server_->httpPort(), "/users.json");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.header("content-type"), "application/json");
  EXPECT_EQ(r.header("content-length"), std::to_string(users.size()));
  EXPECT_FALSE(r.has("transfer-encoding"));
  EXPECT_EQ(r.body, users);
}

TEST_F(Nginx, ChunkedPrefixSendsTheSameBytesChunked) {
  const std::string users = file("users.json");
  const Response r = getOnce(server_->httpPort(), "/chunked/users.json");
  EXPECT_EQ(r.status, 200);
  EXPECT_TRUE(r.chunked);
  EXPECT_FALSE(r.has("content-length"));
  EXPECT_EQ(r.header("content-type"), "application/json");
  EXPECT_EQ(r.body, users);
  // chunkBytes (1024) per chunk: several chunks, boundaries inside the JSON.
  EXPECT_EQ(r.chunks, static_cast<int>((users.size() + 1023) / 1024));
  const Response big = getOnce(server_->httpPort(), "/chunked/comments.json");
  EXPECT_TRUE(big.chunked);
  EXPECT_EQ(big.body, file("comments.json"));
}

TEST_F(Nginx, GeneratedFilesComeFirstAndCanBeAddedWhileRunning) {
  Response r = getOnce(server_->httpPort(), "/hello.json");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, "{\"hello\":\"nginx\"}");
  EXPECT_EQ(getOnce(server_->httpPort(), "/sub/dir/users.json").body, "[]");
  EXPECT_EQ(getOnce(server_->httpPort(), "/chunked/hello.json").body, "{\"hello\":\"nginx\"}");
  EXPECT_EQ(getOnce(server_->httpPort(), "/missing.json").status, 404);
  ASSERT_TRUE(server_->addFile("/late.json", "{\"late\":true}"));
  r = getOnce(server_->httpPort(), "/late.json");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, "{\"late\":true}");
}

TEST_F(Nginx, StatusAndRedirect) {
  Response r = getOnce(server_->httpPort(), "/status/503");
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(r.header("content-type"), "application/json");
  EXPECT_EQ(r.body, "{\"status\":503}");
  r = getOnce(server_->httpPort(), "/status/404");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(r.body, "{\"status\":404}");
  r = getOnce(server_->httpPort(), "/status/204");
  EXPECT_EQ(r.status, 204);
  EXPECT_FALSE(r.has("content-length"));
  r = getOnce(server_->httpPort(), "/redirect");
  EXPECT_EQ(r.status, 302);
  const std::string location = r.header("location");
  EXPECT_EQ(location, "http://localhost:" + std::to_string(server_->httpPort()) + "/users.json");
  // 444: nginx closes the connection without a response.
  Conn c(server_->httpPort());
  ASSERT_TRUE(c.get("/status/444"));
  EXPECT_TRUE(c.closedByPeer());
}

TEST_F(Nginx, EveryListedStatusAnswers) {
  for (size_t i = 0; i < ehc_test::kNginxStatusCodeCount; ++i) {
    const int code = ehc_test::kNginxStatusCodes[i];
    if (code == 444) continue;
    Conn fresh(server_->httpPort());  // some error statuses end the connection
    ASSERT_TRUE(fresh.get("/status/" + std::to_string(code)));
    Response r;
    ASSERT_TRUE(fresh.read(&r)) << code;
    EXPECT_EQ(r.status, code);
  }
}

TEST_F(Nginx, KeepAliveReusesTheConnection) {
  Conn c(server_->httpPort());
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(c.get(i == 1 ? "/chunked/users-1.json" : "/users-1.json")) << i;
    Response r;
    ASSERT_TRUE(c.read(&r)) << i;
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(lower(r.header("connection")), "keep-alive");
    EXPECT_EQ(r.body, file("users-1.json"));
  }
}

TEST_F(Nginx, KeepaliveRequestsLimitClosesTheConnection) {
  ehc_test::NginxOptions o;
  o.nginx = EHC_NGINX;
  o.docroot = kDocroot;
  o.keepaliveRequests = 2;
  o.ipv6 = false;
  ehc_test::NginxServer two(o);
  std::string why;
  ASSERT_TRUE(two.start(&why)) << why;
  EXPECT_EQ(two.httpsPort(), 0);  // no certificates: plain only
  Conn c(two.httpPort());
  Response r;
  ASSERT_TRUE(c.get("/users-1.json"));
  ASSERT_TRUE(c.read(&r));
  EXPECT_EQ(lower(r.header("connection")), "keep-alive");
  ASSERT_TRUE(c.get("/users-1.json"));
  ASSERT_TRUE(c.read(&r));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(lower(r.header("connection")), "close");
  EXPECT_EQ(r.body, file("users-1.json"));
  EXPECT_TRUE(c.closedByPeer());
}

TEST_F(Nginx, Ipv6LoopbackWhenTheHostHasIt) {
  if (!server_->ipv6()) GTEST_SKIP() << "no ::1 here";
  const Response r = getOnce(server_->httpPort(), "/users-1.json", true);
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, file("users-1.json"));
  Conn tls(server_->httpsPort(CertKind::Valid), true);
  EXPECT_TRUE(tls.ok());
}

// `openssl s_client`'s verdict on each certificate: "Verify return code: N (text)".
std::string verifyResult(uint16_t port, const std::string& caFile) {
  const std::string cmd =
      std::string(EHC_OPENSSL) + " s_client -connect 127.0.0.1:" + std::to_string(port) +
      " -servername localhost -verify_hostname localhost -CAfile " + caFile + " </dev/null 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return "popen failed";
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  const size_t at = out.find("Verify return code: ");
  if (at == std::string::npos) return out;
  return out.substr(at + 20, out.find('\n', at) - at - 20);
}

TEST_F(Nginx, OpensslSeesWhatEachCertificateIs) {
  const std::string ca = certs_->caPemPath();
  EXPECT_EQ(verifyResult(server_->httpsPort(CertKind::Valid), ca), "0 (ok)");
  EXPECT_EQ(verifyResult(server_->httpsPort(CertKind::WrongHost), ca), "62 (hostname mismatch)");
  EXPECT_EQ(verifyResult(server_->httpsPort(CertKind::Expired), ca),
            "10 (certificate has expired)");
  EXPECT_EQ(verifyResult(server_->httpsPort(CertKind::SelfSigned), ca),
            "18 (self-signed certificate)");
  EXPECT_EQ(verifyResult(server_->httpsPort(CertKind::DnsOnly), ca), "0 (ok)");
}

// GET over TLS, Connection: close, read to the end.
std::string tlsGet(ehc::Transport& t, const std::string& path) {
  const std::string req =
      "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
  EXPECT_EQ(t.write(reinterpret_cast<const uint8_t*>(req.data()), req.size(), Deadline::in(2000)),
            NetError::Ok);
  std::string out;
  uint8_t buf[2048];
  for (;;) {
    size_t n = 0;
    if (t.read(buf, sizeof buf, &n, Deadline::in(3000)) != NetError::Ok || n == 0) break;
    out.append(reinterpret_cast<char*>(buf), n);
  }
  return out;
}

TEST_F(Nginx, MbedTlsVerifiesEachCertificate) {
  auto connect = [](CertKind kind, const char* host) {
    ehc::MbedTlsTransport t;
    t.setCaPem(certs_->caPem().c_str());
    const NetError e = t.connect({host, server_->httpsPort(kind), true}, Deadline::in(5000));
    EXPECT_EQ(e == NetError::Ok, t.open());
    return e;
  };
  EXPECT_EQ(connect(CertKind::Valid, "localhost"), NetError::Ok);
  EXPECT_EQ(connect(CertKind::DnsOnly, "localhost"), NetError::Ok);
  EXPECT_EQ(connect(CertKind::WrongHost, "localhost"), NetError::HostMismatch);
  EXPECT_EQ(connect(CertKind::Expired, "localhost"), NetError::CertExpired);
  EXPECT_EQ(connect(CertKind::SelfSigned, "localhost"), NetError::CertUntrusted);
  EXPECT_EQ(connect(CertKind::DnsOnly, "127.0.0.1"), NetError::HostMismatch);
}

TEST_F(Nginx, HttpsServesTheSameFilesAndPinsTheKey) {
  ehc::MbedTlsTransport t;
  t.setCaPem(certs_->caPem().c_str());
  ASSERT_EQ(t.connect({"localhost", server_->httpsPort(), true}, Deadline::in(5000)), NetError::Ok)
      << t.lastTlsError();
  const std::string response = tlsGet(t, "/chunked/users.json");
  EXPECT_EQ(response.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << response.substr(0, 200);
  EXPECT_NE(response.find("Transfer-Encoding: chunked\r\n"), std::string::npos);
  t.close();

  uint8_t hash[32];
  const std::string& spki = certs_->leafKeyDer(CertKind::Valid);
#if MBEDTLS_VERSION_MAJOR >= 3
  mbedtls_sha256(reinterpret_cast<const unsigned char*>(spki.data()), spki.size(), hash, 0);
#else
  mbedtls_sha256_ret(reinterpret_cast<const unsigned char*>(spki.data()), spki.size(), hash, 0);
#endif
  ehc::MbedTlsTransport pinned;
  pinned.setCaPem(certs_->caPem().c_str());
  pinned.pinSha256(hash, true);
  EXPECT_EQ(pinned.connect({"localhost", server_->httpsPort(), true}, Deadline::in(5000)),
            NetError::Ok);
  const Response plain = getOnce(server_->httpPort(), "/users.json");
  ehc::MbedTlsTransport again;
  again.setCaPem(certs_->caPem().c_str());
  ASSERT_EQ(again.connect({"localhost", server_->httpsPort(), true}, Deadline::in(5000)),
            NetError::Ok);
  const std::string body = tlsGet(again, "/users.json");
  EXPECT_EQ(body.substr(body.find("\r\n\r\n") + 4), plain.body);
}

TEST(NginxServer, StopIsBoundedAndFreesThePorts) {
  ehc_test::NginxOptions o;
  o.nginx = EHC_NGINX;
  ehc_test::NginxServer s(o);
  std::string why;
  ASSERT_TRUE(s.start(&why)) << why;
  const uint16_t port = s.httpPort();
  Conn idle(port);  // an idle keep-alive connection must not hold up the stop
  ASSERT_TRUE(idle.ok());
  const auto t0 = std::chrono::steady_clock::now();
  s.stop();
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
          .count();
  EXPECT_LT(ms, 2000);
  EXPECT_FALSE(s.running());
  EXPECT_FALSE(Conn(port).ok());
}

TEST(NginxServer, StartFailuresSayWhy) {
  ehc_test::NginxOptions missing;
  missing.nginx = "/nonexistent/nginx";
  ehc_test::NginxServer a(missing);
  std::string why;
  EXPECT_FALSE(a.start(&why));
  EXPECT_NE(why.find("/nonexistent/nginx"), std::string::npos) << why;

  ehc_test::NginxOptions bad;  // nginx refuses the configuration: its error log says why
  bad.nginx = EHC_NGINX;
  bad.chunkBytes = -1;
  ehc_test::NginxServer b(bad);
  EXPECT_FALSE(b.start(&why));
  EXPECT_NE(why.find("exited at start"), std::string::npos) << why;
  EXPECT_NE(why.find("output_buffers"), std::string::npos) << why;
  EXPECT_FALSE(b.running());
}

}  // namespace
