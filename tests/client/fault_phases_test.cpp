// Faults in the phases the other fault tests leave out, over real loopback
// sockets (docs/net.md lists every injected fault by phase): a TLS
// handshake with a server that does not speak TLS, a server that resets or
// stops reading while the request body is written, a fault while the rest
// of a body is drained, a redirect hop that fails. Each ends in its error
// within the deadline, and the next request works.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <utility>

#include "ESP32HTTPClient.h"
#include "fault_server.h"
#include "loopback.h"
#include "test_exchange.h"

using ehc::Deadline;
using ehc::ExchangeResult;
using ehc::HttpError;
using ehc::NetError;
using ehc_test::TestExchange;

namespace {

// A peer on a loopback port that accepts one connection, sends `greeting`
// at once, and never reads; resetAfterMs after the client's first bytes
// arrived it resets the connection (< 0: never). Its receive buffer is
// small, so a large request body cannot all be buffered: the client is
// still writing when it resets.
class RawPeer {
 public:
  explicit RawPeer(int resetAfterMs, std::string greeting = "") : greeting_(std::move(greeting)) {
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int small = 4096;  // before listen(): accepted sockets inherit it
    setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    sockaddr_storage address;
    socklen_t length = ehc_test::loopbackAddress(0, false, &address);
    if (bind(fd_, reinterpret_cast<sockaddr*>(&address), length) == 0 && listen(fd_, 1) == 0 &&
        getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0)
      port_ = ntohs(reinterpret_cast<sockaddr_in*>(&address)->sin_port);
    thread_ = std::thread([this, resetAfterMs] { serve(resetAfterMs); });
  }
  ~RawPeer() {
    stop_ = true;
    thread_.join();
    close(fd_);
  }
  uint16_t port() const { return port_; }

 private:
  // Waits in 10 ms steps (stop() is noticed within one) until fd is readable.
  bool waitReadable(int fd) {
    pollfd readable{fd, POLLIN, 0};
    while (!stop_)
      if (poll(&readable, 1, 10) > 0) return true;
    return false;
  }
  void serve(int resetAfterMs) {
    if (!waitReadable(fd_)) return;
    const int peer = accept(fd_, nullptr, nullptr);
    if (peer < 0) return;
    if (!greeting_.empty()) send(peer, greeting_.data(), greeting_.size(), MSG_NOSIGNAL);
    if (waitReadable(peer))
      for (int waited = 0; !stop_ && (resetAfterMs < 0 || waited < resetAfterMs); waited += 10)
        usleep(10000);
    const linger abortive{1, 0};
    setsockopt(peer, SOL_SOCKET, SO_LINGER, &abortive, sizeof abortive);
    close(peer);
  }

  const std::string greeting_;
  int fd_ = -1;
  uint16_t port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

class FaultPhases : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(server_.start()); }

  ExchangeResult run(uint16_t port, TestExchange& request, uint32_t timeoutMs, bool tls = false) {
    request.attach(parser_);
    const ehc::Endpoint at{"127.0.0.1", port, tls};
    const uint32_t begun = ehc::monotonicMs();
    const ExchangeResult r = connection_.exchange(at, request, parser_, Deadline::in(timeoutMs));
    tookMs_ = ehc::monotonicMs() - begun;
    return r;
  }
  void expectNextRequestWorks() {
    TestExchange ok("GET", "/ok");
    const ExchangeResult r = run(server_.port(), ok, 3000);
    EXPECT_TRUE(r.ok()) << ehc::netErrorName(r.net) << " " << ehc::httpErrorName(r.http);
    EXPECT_EQ(parser_.status(), 200);
  }

  ehc_fault::FaultServer server_;
  ehc::PosixTransport tcp_;
  ehc::MbedTlsTransport tls_;
  ehc::Connection connection_{&tcp_, &tls_};
  ehc::ResponseParser parser_;
  uint32_t tookMs_ = 0;
};

// Slack for a loaded machine; every fault here would take 5 s or more when
// not cut short.
constexpr uint32_t kSlackMs = 1500;

// https:// to a port where something else listens: one that answers the
// ClientHello with what it speaks, and one that waits for more (an HTTP
// server waiting for the end of a request head).
TEST_F(FaultPhases, TlsToAServerThatDoesNotSpeakTls) {
  tls_.setInsecureSkipVerification();  // never gets as far as a certificate
  {
    RawPeer ssh(200, "SSH-2.0-OpenSSH_9.2\r\n");
    TestExchange request("GET", "/ok");
    const ExchangeResult r = run(ssh.port(), request, 3000, true);
    EXPECT_EQ(r.net, NetError::TlsHandshake) << ehc::netErrorName(r.net);
    EXPECT_LT(tookMs_, 3000 + kSlackMs);
    EXPECT_FALSE(connection_.open());
  }
  TestExchange request("GET", "/ok");
  const ExchangeResult r = run(server_.port(), request, 500, true);
  EXPECT_EQ(r.net, NetError::ConnectTimeout) << ehc::netErrorName(r.net);
  EXPECT_LT(tookMs_, 500 + kSlackMs);
  EXPECT_FALSE(connection_.open());
  expectNextRequestWorks();
}

TEST_F(FaultPhases, ResetWhileTheBodyIsWritten) {
  RawPeer peer(100);
  const std::string body(16 << 20, 'b');  // far more than the socket buffers hold
  TestExchange post("POST", "/upload", body.c_str());
  const ExchangeResult r = run(peer.port(), post, 5000);
  EXPECT_EQ(r.net, NetError::Reset) << ehc::netErrorName(r.net);
  EXPECT_FALSE(r.resent);  // a POST that was (partly) written is never sent twice
  EXPECT_EQ(post.writes, 1);
  EXPECT_LT(tookMs_, 5000u);
  EXPECT_FALSE(connection_.open());
  expectNextRequestWorks();
}

TEST_F(FaultPhases, APeerThatStopsReadingEndsInAWriteTimeout) {
  RawPeer peer(-1);
  const std::string body(16 << 20, 'b');
  TestExchange put("PUT", "/upload", body.c_str());
  const ExchangeResult r = run(peer.port(), put, 400);
  EXPECT_EQ(r.net, NetError::WriteTimeout) << ehc::netErrorName(r.net);
  EXPECT_LT(tookMs_, 400 + kSlackMs);
  EXPECT_FALSE(connection_.open());
  expectNextRequestWorks();
}

// Once the caller has what it wanted, a fault in the rest of the body only
// costs the connection: the result stands.
TEST_F(FaultPhases, AFaultWhileDrainingCostsOnlyTheConnection) {
  connection_.setDrainTimeout(200);
  const struct Case {
    const char* path;
    long wantBytes;
  } cases[] = {
      {"/stall-body?ms=5000", 3},   // 5 of 20 body bytes, then nothing
      {"/close-after-headers", 0},  // Content-Length: 100, then the close
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    TestExchange request("GET", c.path);
    request.wantBytes = c.wantBytes;
    const ExchangeResult r = run(server_.port(), request, 5000);
    EXPECT_TRUE(r.ok()) << ehc::netErrorName(r.net) << " " << ehc::httpErrorName(r.http);
    EXPECT_EQ(parser_.status(), 200);
    EXPECT_FALSE(r.drained);
    EXPECT_FALSE(r.keptAlive);
    EXPECT_LT(tookMs_, 200 + kSlackMs);  // the drain's time, not the stall's
    EXPECT_FALSE(connection_.open());
    expectNextRequestWorks();
  }
}

TEST_F(FaultPhases, ARedirectHopThatFails) {
  const std::string base = "http://127.0.0.1:" + std::to_string(server_.port());
  ESP32HTTPClient client(base.c_str());
  client.setTimeout(2000);
  const std::string refused =
      "http://127.0.0.1:" + std::to_string(ehc_test::closedLoopbackPort()) + "/ok";
  const struct Case {
    std::string to;
    int error;
  } cases[] = {
      {refused, ehc::EHC_ERROR_CONNECTION_REFUSED},
      {"/bad-chunk", ehc::EHC_ERROR_BAD_RESPONSE},
      {"/stall?ms=10000", ehc::EHC_ERROR_READ_TIMEOUT},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.to);
    int x = 0;
    const uint32_t begun = ehc::monotonicMs();
    const RestResult r = client.get("/redirect")
                             .query("to", c.to.c_str())
                             .getBody("x", &x)
                             .followRedirects(3)
                             .send();
    EXPECT_EQ(r.error, c.error) << r.message();
    EXPECT_EQ(r.redirects, 1);
    EXPECT_LT(ehc::monotonicMs() - begun, 2 * 2000 + kSlackMs);
    EXPECT_EQ(client.get("/ok").send().statusCode, 200);  // and the next request works
  }
}

}  // namespace
