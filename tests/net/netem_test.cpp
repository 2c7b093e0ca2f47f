// NetEm (tools/ehc-netem), observed from loopback sockets: the TLS first-flight
// classifier on made-up flights split every way; the delay, the TCP
// handshake's round trip, the bandwidth cap and the jitter in time (against
// the fault server and raw targets); the TLS-aware hold against a real TLS
// server (openssl s_server) and mbedTLS, full then resumed; counters; closes
// and resets passed on; the connection lifetime; a prompt stop(); no leaked
// descriptors; and the command. Every wait has a timeout, so nothing hangs.
// Timing bounds are generous: CI machines are noisy.
#include "netem.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ESP32HTTPClient.h"
#include "fault_server.h"
#include "loopback.h"
#include "raw_client.h"
#include "tls_flight.h"
#include "tls_server_suite.h"
#include "waiting.h"

namespace {

using ehc_fault::FaultServer;
using ehc_netem::FirstFlight;
using ehc_netem::LinkSettings;
using ehc_netem::NetEm;
using ehc_netem::TlsFlightClassifier;
using ehc_test::Clock;

constexpr int kTimeoutMs = 5000;

using ehc_test::msSince;

bool eventually(const std::function<bool()>& condition, int timeoutMs = kTimeoutMs) {
  return ehc_test::eventually(condition, timeoutMs);
}

// ---- the classifier ------------------------------------------------------------

std::string bytes(std::initializer_list<int> values) {
  std::string out;
  for (int v : values) out += static_cast<char>(v);
  return out;
}

std::string record(int type, const std::string& body) {
  return bytes({type, 3, 3, static_cast<int>(body.size() >> 8),
                static_cast<int>(body.size() & 0xff)}) +
         body;
}

std::string handshake(int type, const std::string& body) {
  const size_t n = body.size();
  return bytes({type, static_cast<int>(n >> 16), static_cast<int>((n >> 8) & 0xff),
                static_cast<int>(n & 0xff)}) +
         body;
}

constexpr unsigned char kRetryRandom[32] = {
    0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11, 0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
    0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E, 0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C};

enum class Hello { kTls12, kTls12NoExtensions, kTls13, kTls13Psk, kRetry };

// A ServerHello handshake message (header included).
std::string serverHello(Hello kind) {
  std::string body = bytes({3, 3});
  if (kind == Hello::kRetry) {
    body.append(reinterpret_cast<const char*>(kRetryRandom), sizeof kRetryRandom);
  } else {
    body.append(32, 'r');
  }
  body += static_cast<char>(32);
  body.append(32, 's');            // session id
  body += bytes({0x13, 0x01, 0});  // cipher suite, compression
  std::string extensions;
  if (kind == Hello::kTls12) extensions += bytes({0xff, 0x01, 0, 1, 0});  // renegotiation_info
  if (kind == Hello::kTls13 || kind == Hello::kTls13Psk || kind == Hello::kRetry) {
    extensions += bytes({0, 43, 0, 2, 3, 4});  // supported_versions: TLS 1.3
  }
  if (kind == Hello::kTls13Psk) extensions += bytes({0, 41, 0, 2, 0, 0});  // pre_shared_key
  if (kind != Hello::kTls12NoExtensions) {
    body += bytes({static_cast<int>(extensions.size() >> 8), static_cast<int>(extensions.size())});
    body += extensions;
  }
  return handshake(2, body);
}

const std::string kChangeCipherSpec = record(20, bytes({1}));
const std::string kCertificate = handshake(11, std::string(3000, 'c'));

// Cuts handshake messages into records of at most `size` bytes.
std::string inRecords(const std::string& messages, size_t size) {
  std::string out;
  for (size_t at = 0; at < messages.size(); at += size)
    out += record(22, messages.substr(at, size));
  return out;
}

// The decision for a server's first bytes, fed whole, in two parts split at
// every place, and byte by byte; all must agree.
FirstFlight classify(const std::string& flight) {
  const auto* data = reinterpret_cast<const uint8_t*>(flight.data());
  TlsFlightClassifier whole;
  whole.feed(data, flight.size());
  for (size_t split = 0; split <= flight.size(); ++split) {
    TlsFlightClassifier parts;
    parts.feed(data, split);
    parts.feed(data + split, flight.size() - split);
    EXPECT_EQ(parts.decision(), whole.decision()) << "split at " << split;
    if (parts.decision() != whole.decision()) break;
  }
  TlsFlightClassifier single;
  for (size_t i = 0; i < flight.size(); ++i) single.feed(data + i, 1);
  EXPECT_EQ(single.decision(), whole.decision()) << "byte by byte";
  return whole.decision();
}

TEST(TlsFlight, Tls12FullHandshakeHasACertificate) {
  const std::string messages = serverHello(Hello::kTls12) + kCertificate +
                               handshake(12, std::string(100, 'k')) + handshake(14, "");
  EXPECT_EQ(classify(record(22, messages)), FirstFlight::kTlsFull);
  EXPECT_EQ(classify(record(22, serverHello(Hello::kTls12)) + record(22, kCertificate)),
            FirstFlight::kTlsFull);
  // Handshake messages spanning records of 7 bytes.
  EXPECT_EQ(classify(inRecords(messages, 7)), FirstFlight::kTlsFull);
  EXPECT_EQ(classify(record(22, serverHello(Hello::kTls12NoExtensions) + kCertificate)),
            FirstFlight::kTlsFull);
  // PSK or anonymous key exchange: no Certificate, still a full handshake.
  EXPECT_EQ(classify(record(22, serverHello(Hello::kTls12) + handshake(14, ""))),
            FirstFlight::kTlsFull);
}

TEST(TlsFlight, Tls12AbbreviatedHandshakeGoesStraightToChangeCipherSpec) {
  const std::string finished = record(22, std::string(40, 'e'));  // encrypted
  EXPECT_EQ(classify(record(22, serverHello(Hello::kTls12)) + kChangeCipherSpec + finished),
            FirstFlight::kTlsResumed);
  // A ticket resumption that renews the ticket: NewSessionTicket first.
  EXPECT_EQ(classify(record(22, serverHello(Hello::kTls12) + handshake(4, std::string(90, 't'))) +
                     kChangeCipherSpec + finished),
            FirstFlight::kTlsResumed);
}

TEST(TlsFlight, Tls13IsToldByThePreSharedKeyExtension) {
  const std::string encrypted = record(23, std::string(2000, 'e'));
  EXPECT_EQ(classify(record(22, serverHello(Hello::kTls13)) + kChangeCipherSpec + encrypted),
            FirstFlight::kTlsFull);
  EXPECT_EQ(classify(record(22, serverHello(Hello::kTls13Psk)) + kChangeCipherSpec + encrypted),
            FirstFlight::kTlsResumed);
}

TEST(TlsFlight, HelloRetryRequestIsPassedAndTheNextServerHelloDecides) {
  const std::string retry = record(22, serverHello(Hello::kRetry)) + kChangeCipherSpec;
  TlsFlightClassifier classifier;
  bool sawRetry = false;
  for (char c : retry) {
    const FirstFlight step = classifier.feed(reinterpret_cast<const uint8_t*>(&c), 1);
    sawRetry = sawRetry || step == FirstFlight::kRetry;
  }
  EXPECT_TRUE(sawRetry);
  EXPECT_EQ(classifier.decision(), FirstFlight::kUndecided);
  const std::string hello = record(22, serverHello(Hello::kTls13Psk));
  EXPECT_EQ(classifier.feed(reinterpret_cast<const uint8_t*>(hello.data()), hello.size()),
            FirstFlight::kTlsResumed);
}

TEST(TlsFlight, PlainAndOddFirstBytes) {
  EXPECT_EQ(classify("HTTP/1.1 200 OK\r\n\r\n"), FirstFlight::kPlain);
  EXPECT_EQ(classify("H"), FirstFlight::kPlain);  // decided by the first byte
  EXPECT_EQ(classify(bytes({22, 9, 9, 0, 1, 0})), FirstFlight::kPlain);     // not TLS's version
  EXPECT_EQ(classify(bytes({22, 3, 3, 0xff, 0xff})), FirstFlight::kPlain);  // too long a record
  EXPECT_EQ(classify(record(21, bytes({2, 40}))), FirstFlight::kPlain);     // 21 != 22: not held
  // TLS, but not a ServerHello first, or an alert after it, or a huge one.
  EXPECT_EQ(classify(record(22, handshake(11, "x"))), FirstFlight::kTlsOther);
  EXPECT_EQ(classify(record(22, serverHello(Hello::kTls12)) + record(21, bytes({2, 40}))),
            FirstFlight::kTlsOther);
  EXPECT_EQ(classify(record(22, handshake(2, std::string(20, 'x')))), FirstFlight::kTlsOther);
  EXPECT_EQ(classify(record(22, bytes({2, 0, 0xff, 0xff}))), FirstFlight::kTlsOther);
  // Not enough yet.
  const std::string full = record(22, serverHello(Hello::kTls12) + kCertificate);
  for (size_t n : {0, 1, 5, 9, 60}) {
    EXPECT_EQ(classify(full.substr(0, n)), FirstFlight::kUndecided) << n;
  }
  // Once decided, later bytes change nothing.
  TlsFlightClassifier classifier;
  classifier.feed(reinterpret_cast<const uint8_t*>(full.data()), full.size());
  classifier.feed(reinterpret_cast<const uint8_t*>(kChangeCipherSpec.data()), 6);
  EXPECT_EQ(classifier.decision(), FirstFlight::kTlsFull);
  // Bytes that never decide (ChangeCipherSpec records after a retry, forever):
  // after 64 KiB, not held any longer.
  std::string flood = record(22, serverHello(Hello::kRetry));
  while (flood.size() <= TlsFlightClassifier::kMaxExaminedBytes) flood += kChangeCipherSpec;
  TlsFlightClassifier endless;
  endless.feed(reinterpret_cast<const uint8_t*>(flood.data()), 1000);
  EXPECT_EQ(endless.decision(), FirstFlight::kUndecided);
  endless.feed(reinterpret_cast<const uint8_t*>(flood.data()) + 1000, flood.size() - 1000);
  EXPECT_EQ(endless.decision(), FirstFlight::kTlsOther);
}

// ---- sockets -------------------------------------------------------------------

using End = ehc_test::RawClient::End;

// A raw connection that also reads responses framed by Content-Length.
class RawClient : public ehc_test::RawClient {
 public:
  using ehc_test::RawClient::RawClient;
  End readUntil(const std::function<bool(const std::string&)>& done, int timeoutMs = kTimeoutMs) {
    return ehc_test::RawClient::readUntil(done, timeoutMs);
  }
  End readToEnd(int timeoutMs = kTimeoutMs) { return ehc_test::RawClient::readToEnd(timeoutMs); }

  // Reads one HTTP response with a Content-Length body; returns it and keeps
  // what follows. Empty on failure.
  std::string readResponse(int timeoutMs = kTimeoutMs) {
    size_t total = 0;
    const End end = readUntil(
        [&total](const std::string& in) {
          const size_t headEnd = in.find("\r\n\r\n");
          if (headEnd == std::string::npos) return false;
          const size_t at = in.find("Content-Length: ");
          const size_t length = at < headEnd ? std::stoul(in.substr(at + 16)) : 0;
          total = headEnd + 4 + length;
          return in.size() >= total;
        },
        timeoutMs);
    return end == End::kDone ? take(total) : "";
  }
};

std::string get(std::string_view target) {
  return "GET " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
}

// A listening socket for a raw target, accepting within a bounded time.
using RawListener = ehc_test::LoopbackListener;

// Reads from fd until `count` bytes or the end: the bytes read so far, 0 at
// the end, -1 on an error or a timeout.
ssize_t readSome(int fd, std::string* into, size_t count, int timeoutMs = kTimeoutMs) {
  const Clock::time_point start = Clock::now();
  while (into->size() < count) {
    const int64_t left = timeoutMs - msSince(start);
    pollfd readable{fd, POLLIN, 0};
    if (left <= 0 || poll(&readable, 1, static_cast<int>(left)) == 0) return -1;
    char buffer[4096];
    const ssize_t got = ::read(fd, buffer, sizeof buffer);  // a socket or a pipe
    if (got <= 0) return got;
    into->append(buffer, static_cast<size_t>(got));
  }
  return static_cast<ssize_t>(into->size());
}

// A target that echoes every byte of one connection back, until it ends.
class EchoTarget {
 public:
  EchoTarget() {
    thread_ = std::thread([this] {
      const int fd = listener_.accept(kTimeoutMs);
      if (fd < 0) return;
      char buffer[64 * 1024];
      while (!stop_) {
        pollfd readable{fd, POLLIN, 0};
        if (poll(&readable, 1, 20) <= 0) continue;
        const ssize_t got = recv(fd, buffer, sizeof buffer, 0);
        if (got <= 0) break;
        if (::send(fd, buffer, static_cast<size_t>(got), MSG_NOSIGNAL) != got) break;
      }
      close(fd);
    });
  }
  ~EchoTarget() {
    stop_ = true;
    thread_.join();
  }
  uint16_t port() const { return listener_.port(); }

 private:
  RawListener listener_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

LinkSettings delayed(uint32_t oneWayDelayMs) {
  LinkSettings settings;
  settings.oneWayDelayMs = oneWayDelayMs;
  return settings;
}

// ---- the link, through the fault server ------------------------------------------

class NetEmHttp : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(server_.start()); }
  bool startNetEm(const LinkSettings& settings) { return netem_.start(server_.port(), settings); }
  std::unique_ptr<RawClient> connectClient() {
    auto client = std::make_unique<RawClient>(netem_.port());
    EXPECT_TRUE(client->connected());
    return client;
  }
  FaultServer server_;
  NetEm netem_;
};

TEST_F(NetEmHttp, RoundTripTakesTwiceTheDelayAndANewConnectionOneMore) {
  constexpr int64_t kDelay = 60;
  ASSERT_TRUE(startNetEm(delayed(kDelay)));
  Clock::time_point start = Clock::now();  // connect() returns at once, as on loopback
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/ok")));
  EXPECT_NE(client->readResponse(), "");
  const int64_t first = msSince(start);
  start = Clock::now();
  ASSERT_TRUE(client->send(get("/ok")));
  EXPECT_EQ(client->readResponse().rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
  const int64_t second = msSince(start);
  printf("[ netem ] one-way %lld ms: new connection %lld ms, kept alive %lld ms\n",
         static_cast<long long>(kDelay), static_cast<long long>(first),
         static_cast<long long>(second));
  EXPECT_GE(first, 4 * kDelay);  // the TCP handshake's round trip, then the request's
  EXPECT_LT(first, 4 * kDelay + 1000);
  EXPECT_GE(second, 2 * kDelay);
  EXPECT_LT(second, 2 * kDelay + 1000);
}

TEST_F(NetEmHttp, WithoutTheTcpHandshakeRoundTripAFirstRequestCostsOneRoundTrip) {
  constexpr int64_t kDelay = 400;  // long enough to tell 2 delays from 4 on a loaded machine
  LinkSettings settings = delayed(kDelay);
  settings.tcpHandshakeRoundTrip = false;
  ASSERT_TRUE(startNetEm(settings));
  auto client = connectClient();
  const Clock::time_point start = Clock::now();
  ASSERT_TRUE(client->send(get("/ok")));
  EXPECT_NE(client->readResponse(), "");
  const int64_t elapsed = msSince(start);
  EXPECT_GE(elapsed, 2 * kDelay);
  EXPECT_LT(elapsed, 4 * kDelay);
}

TEST_F(NetEmHttp, BandwidthCapsTransfersBothWays) {
  LinkSettings settings;
  settings.bandwidthMbit = 20;
  ASSERT_TRUE(startNetEm(settings));
  auto client = connectClient();
  // Down: 1 MB at 20 Mbit/s is 0.4 s.
  Clock::time_point start = Clock::now();
  ASSERT_TRUE(client->send(get("/json?bytes=1000000")));
  const std::string response = client->readResponse(10000);
  const int64_t down = msSince(start);
  ASSERT_GT(response.size(), 1000000u);
  EXPECT_EQ(response.substr(response.size() - 10), "\",\"end\":1}");
  EXPECT_GE(down, 390);
  EXPECT_LT(down, 4000);
  // Up: a 500 kB request body is 0.2 s.
  start = Clock::now();
  ASSERT_TRUE(
      client->send("POST /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500000\r\n\r\n" +
                   std::string(500000, 'u')));
  EXPECT_EQ(client->readResponse(10000).rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
  const int64_t up = msSince(start);
  EXPECT_GE(up, 195);
  EXPECT_LT(up, 3000);
  printf("[ netem ] 20 Mbit/s: 1 MB down in %lld ms, 500 kB up in %lld ms\n",
         static_cast<long long>(down), static_cast<long long>(up));
  EXPECT_GT(netem_.counters().bytesUp, 500000u);
  EXPECT_GT(netem_.counters().bytesDown, 1000000u);
}

TEST_F(NetEmHttp, JitterAndBandwidthKeepTheBytesIntactAndInOrder) {
  LinkSettings settings;
  settings.oneWayDelayMs = 5;
  settings.jitterMs = 20;
  settings.bandwidthMbit = 100;
  ASSERT_TRUE(startNetEm(settings));
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/json?bytes=300000") + get("/chunked?bytes=20000")));
  const std::string json = client->readResponse();
  ASSERT_FALSE(json.empty());
  const std::string body = json.substr(json.find("\r\n\r\n") + 4);
  EXPECT_EQ(body, "{\"pad\":\"" + std::string(300000 - 18, 'x') + "\",\"end\":1}");
  // The chunked one follows, whole.
  EXPECT_EQ(client->readUntil([](const std::string& in) {
    return in.find("\r\n0\r\n\r\n") != std::string::npos;
  }),
            End::kDone);
}

TEST_F(NetEmHttp, PlainConnectionsAreNotHeld) {
  LinkSettings settings;
  settings.holdFullMs = settings.holdResumedMs = 3000;
  ASSERT_TRUE(startNetEm(settings));
  auto client = connectClient();
  const Clock::time_point start = Clock::now();
  ASSERT_TRUE(client->send(get("/ok")));
  EXPECT_NE(client->readResponse(), "");
  EXPECT_LT(msSince(start), 2000);
  EXPECT_EQ(netem_.counters().tlsFull, 0u);
  EXPECT_EQ(netem_.counters().tlsResumed, 0u);
}

TEST_F(NetEmHttp, CountersCountConnectionsAndBytesEachWay) {
  ASSERT_TRUE(startNetEm(LinkSettings{}));
  uint64_t up = 0, down = 0;
  for (const char* target : {"/json?bytes=1000", "/json?bytes=5000"}) {
    auto client = connectClient();
    const std::string request = get(target);
    ASSERT_TRUE(client->send(request));
    const std::string response = client->readResponse();
    ASSERT_FALSE(response.empty());
    up += request.size();
    down += response.size();
  }
  // A byte is counted once send() returns, which may be after the client has it.
  EXPECT_TRUE(eventually([&] { return netem_.counters().bytesDown == down; }));
  NetEm::Counters counters = netem_.counters();
  EXPECT_EQ(counters.connections, 2u);
  EXPECT_EQ(counters.bytesUp, up);
  EXPECT_EQ(counters.bytesDown, down);
  EXPECT_EQ(counters.tlsFull + counters.tlsResumed, 0u);
  netem_.resetCounters();
  counters = netem_.counters();
  EXPECT_EQ(counters.connections + counters.tlsFull + counters.tlsResumed, 0u);
  EXPECT_EQ(counters.bytesUp + counters.bytesDown, 0u);
  ASSERT_TRUE(eventually([this] { return netem_.openConnections() == 0; }));
}

TEST_F(NetEmHttp, StopIsPromptWhateverTheConnectionsAreDoing) {
  LinkSettings slowLink;  // 2 MB take 16 s to come down
  slowLink.oneWayDelayMs = 300;
  slowLink.bandwidthMbit = 1;
  ASSERT_TRUE(startNetEm(slowLink));
  NetEm fast;  // for a client that does not read: the proxy waits to write
  ASSERT_TRUE(fast.start(server_.port(), LinkSettings{}));

  std::vector<std::unique_ptr<RawClient>> clients;
  clients.push_back(connectClient());  // idle
  clients.push_back(connectClient());
  ASSERT_TRUE(clients.back()->send(get("/json?bytes=2000000")));  // queued in the link
  clients.push_back(connectClient());
  ASSERT_TRUE(clients.back()->send("GET /ok HTTP/1.1\r\n"));  // half a head, delayed
  clients.push_back(std::make_unique<RawClient>(fast.port()));
  ASSERT_TRUE(clients.back()->send(get("/huge-body")));  // never read
  ASSERT_TRUE(eventually([this] { return server_.requests().size() == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // let the buffers fill
  EXPECT_EQ(netem_.openConnections(), 3u);
  EXPECT_EQ(fast.openConnections(), 1u);

  const uint16_t port = netem_.port();
  const Clock::time_point start = Clock::now();
  netem_.stop();
  fast.stop();
  EXPECT_LT(msSince(start), 3000);  // not the link's 16 s
  EXPECT_EQ(netem_.openConnections(), 0u);
  EXPECT_EQ(fast.openConnections(), 0u);
  for (auto& client : clients) EXPECT_NE(client->readToEnd(), End::kTimedOut);

  EXPECT_FALSE(RawClient(port).connected());
  ASSERT_TRUE(startNetEm(LinkSettings{}));  // and it starts again
  auto again = connectClient();
  ASSERT_TRUE(again->send(get("/ok")));
  EXPECT_NE(again->readResponse(), "");
}

TEST_F(NetEmHttp, DestructorStopsPromptly) {
  const Clock::time_point start = Clock::now();
  {
    NetEm netem;
    ASSERT_TRUE(netem.start(server_.port(), delayed(5000)));
    RawClient client(netem.port());
    ASSERT_TRUE(client.send(get("/ok")));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_LT(msSince(start), 2500);  // not the 5 s delay
}

TEST_F(NetEmHttp, NoDescriptorIsLeft) {
  const size_t before = ehc_test::openDescriptors();
  {
    NetEm netem;
    ASSERT_TRUE(netem.start(server_.port(), delayed(2)));
    for (int i = 0; i < 10; ++i) {
      RawClient client(netem.port());
      ASSERT_TRUE(client.send(get(i % 3 == 0 ? "/ok?then=reset-next" : "/ok")));
      EXPECT_NE(client.readResponse(), "");
      if (i % 2 == 0) ASSERT_TRUE(client.send(get("/ok")));  // left unread, or reset
    }
    RawClient open1(netem.port()), open2(netem.port());
    ASSERT_TRUE(eventually([&netem] { return netem.counters().connections == 12; }));
  }
  // The fault server closes its ends of the connections as it notices.
  ASSERT_TRUE(eventually([this] { return server_.openConnections() == 0; }));
  EXPECT_EQ(ehc_test::openDescriptors(), before);
}

TEST(NetEm, StartRefusesWhatItCannotDo) {
  NetEm first, second;
  const uint16_t target = ehc_test::closedLoopbackPort();
  EXPECT_FALSE(first.start(0, LinkSettings{}));
  LinkSettings negative;
  negative.bandwidthMbit = -1;
  EXPECT_FALSE(first.start(target, negative));
  LinkSettings noLifetime;
  noLifetime.maxConnectionMs = 0;
  EXPECT_FALSE(first.start(target, noLifetime));
  ASSERT_TRUE(first.start(target, LinkSettings{}));
  EXPECT_NE(first.port(), 0);
  EXPECT_FALSE(first.start(target, LinkSettings{})) << "already running";
  EXPECT_FALSE(second.start(target, LinkSettings{}, first.port())) << "port in use";
  first.stop();
  first.stop();  // idempotent
  EXPECT_EQ(first.port(), 0);
}

// ---- closes, resets, refusals, lifetime (raw targets) ------------------------------

TEST(NetEm, HalfClosesArePassedOnEachWayAfterTheDelay) {
  constexpr int64_t kDelay = 50;
  RawListener target;
  NetEm netem;
  LinkSettings settings = delayed(kDelay);
  settings.tcpHandshakeRoundTrip = false;
  ASSERT_TRUE(netem.start(target.port(), settings));
  RawClient client(netem.port());
  const int server = target.accept(kTimeoutMs);
  ASSERT_GE(server, 0);

  Clock::time_point start = Clock::now();
  ASSERT_TRUE(client.send("hello"));
  client.shutdownWrite();
  std::string got;
  EXPECT_EQ(readSome(server, &got, 1000), 0) << "the end of the client's bytes";
  EXPECT_EQ(got, "hello");
  EXPECT_GE(msSince(start), kDelay);

  // The server can still answer the half-closed client, then closes.
  start = Clock::now();
  ASSERT_EQ(::send(server, "bye", 3, MSG_NOSIGNAL), 3);
  close(server);
  EXPECT_EQ(client.readToEnd(), End::kClosed);
  EXPECT_EQ(client.received(), "bye");
  EXPECT_GE(msSince(start), kDelay);
  ASSERT_TRUE(eventually([&netem] { return netem.openConnections() == 0; }));
}

TEST(NetEm, AResetIsPassedOnAfterTheBytesBeforeIt) {
  RawListener target;
  NetEm netem;
  ASSERT_TRUE(netem.start(target.port(), delayed(20)));
  RawClient client(netem.port());
  const int server = target.accept(kTimeoutMs);
  ASSERT_GE(server, 0);
  ASSERT_EQ(::send(server, "x", 1, MSG_NOSIGNAL), 1);
  const linger abortive{1, 0};
  setsockopt(server, SOL_SOCKET, SO_LINGER, &abortive, sizeof abortive);
  close(server);
  EXPECT_EQ(client.readToEnd(), End::kReset);
  EXPECT_EQ(client.received(), "x");
  ASSERT_TRUE(eventually([&netem] { return netem.openConnections() == 0; }));
}

TEST(NetEm, ATargetThatRefusesResetsTheClient) {
  NetEm netem;
  ASSERT_TRUE(netem.start(ehc_test::closedLoopbackPort(), LinkSettings{}));
  RawClient client(netem.port());
  ASSERT_TRUE(client.connected());  // the proxy accepts first
  EXPECT_EQ(client.readToEnd(), End::kReset);
  EXPECT_EQ(netem.counters().connections, 1u);
}

TEST(NetEm, AConnectionLivesNoLongerThanItsLifetime) {
  EchoTarget target;
  NetEm netem;
  LinkSettings settings;
  settings.maxConnectionMs = 300;
  ASSERT_TRUE(netem.start(target.port(), settings));
  RawClient client(netem.port());
  const Clock::time_point start = Clock::now();
  ASSERT_TRUE(client.send("ping"));
  EXPECT_NE(client.readToEnd(), End::kTimedOut);
  EXPECT_EQ(client.received(), "ping");
  EXPECT_GE(msSince(start), 250);
  EXPECT_LT(msSince(start), 3000);
}

TEST(NetEm, JitterSpreadsRoundTripsWithinItsBounds) {
  constexpr int64_t kDelay = 10, kJitter = 40;
  EchoTarget target;
  NetEm netem;
  LinkSettings settings;
  settings.oneWayDelayMs = kDelay;
  settings.jitterMs = kJitter;
  settings.tcpHandshakeRoundTrip = false;
  ASSERT_TRUE(netem.start(target.port(), settings));
  RawClient client(netem.port());
  int64_t fastest = 1 << 30, slowest = 0;
  for (int i = 0; i < 20; ++i) {
    const std::string ping = "ping" + std::to_string(100 + i);
    const Clock::time_point start = Clock::now();
    ASSERT_TRUE(client.send(ping));
    ASSERT_EQ(client.readUntil([&](const std::string& in) { return in.size() >= ping.size(); }),
              End::kDone);
    EXPECT_EQ(client.received(), ping);
    client.received().clear();
    const int64_t roundTrip = msSince(start);
    fastest = std::min(fastest, roundTrip);
    slowest = std::max(slowest, roundTrip);
  }
  printf("[ netem ] delay %lld + jitter 0..%lld ms each way: round trips %lld..%lld ms\n",
         static_cast<long long>(kDelay), static_cast<long long>(kJitter),
         static_cast<long long>(fastest), static_cast<long long>(slowest));
  EXPECT_GE(fastest, 2 * kDelay);
  EXPECT_GT(slowest - fastest, 10);  // 20 sums of two uniform 0..40 ms
  EXPECT_LT(slowest, 2 * (kDelay + kJitter) + 1500);
}

TEST(NetEm, AFirstFlightSplitAcrossReadsWaitsForTheDecisionThenIsHeldWhole) {
  constexpr int64_t kHold = 300;
  RawListener target;
  NetEm netem;
  LinkSettings settings;
  settings.holdFullMs = kHold;
  ASSERT_TRUE(netem.start(target.port(), settings));
  RawClient client(netem.port());
  const int server = target.accept(kTimeoutMs);
  ASSERT_GE(server, 0);
  const std::string flight = record(22, serverHello(Hello::kTls12) + kCertificate);
  const Clock::time_point start = Clock::now();
  ASSERT_EQ(::send(server, flight.data(), 10, MSG_NOSIGNAL), 10);  // undecided
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(netem.counters().bytesDown, 0u) << "held until the classification is decided";
  ASSERT_EQ(::send(server, flight.data() + 10, flight.size() - 10, MSG_NOSIGNAL),
            static_cast<ssize_t>(flight.size() - 10));
  ASSERT_EQ(client.readUntil([](const std::string& in) { return !in.empty(); }), End::kDone);
  EXPECT_GE(msSince(start), kHold);  // from the first bytes, not from the decision
  EXPECT_LT(msSince(start), kHold + 1000);
  ASSERT_EQ(client.readUntil([&](const std::string& in) { return in.size() >= flight.size(); }),
            End::kDone);
  EXPECT_EQ(client.received(), flight);
  EXPECT_EQ(netem.counters().tlsFull, 1u);
  close(server);
}

// ---- TLS: the hold, full and resumed ---------------------------------------------

class NetEmTls : public ehc_test::TlsServerSuite<NetEmTls> {
 protected:
  static std::string get(ehc::Transport& t) {
    const char request[] = "GET / HTTP/1.0\r\n\r\n";
    EXPECT_EQ(t.write(reinterpret_cast<const uint8_t*>(request), sizeof request - 1,
                      ehc::Deadline::in(2000)),
              ehc::NetError::Ok);
    std::string out;
    uint8_t buffer[512];
    for (;;) {
      size_t n = 0;
      if (t.read(buffer, sizeof buffer, &n, ehc::Deadline::in(3000)) != ehc::NetError::Ok || n == 0)
        break;
      out.append(reinterpret_cast<char*>(buffer), n);
    }
    return out;
  }
  // How long connect() takes (the handshake), through the proxy.
  static int64_t connectMs(ehc::MbedTlsTransport& t, uint16_t port) {
    const Clock::time_point start = Clock::now();
    EXPECT_EQ(t.connect({"localhost", port, true}, ehc::Deadline::in(5000)), ehc::NetError::Ok)
        << t.lastTlsError();
    return msSince(start);
  }
};

TEST_F(NetEmTls, FullHandshakesAreHeldLongerThanResumedOnes) {
  // Far apart, so that a loaded machine's slower handshakes still tell them apart.
  constexpr int64_t kHoldFull = 1500, kHoldResumed = 100;
  NetEm netem;
  LinkSettings settings;
  settings.holdFullMs = kHoldFull;
  settings.holdResumedMs = kHoldResumed;
  ASSERT_TRUE(netem.start(server_->port(), settings));

  ehc::MbedTlsTransport t;
  t.setCaPem(server_->caPem().c_str());
  const int64_t full = connectMs(t, netem.port());
  EXPECT_FALSE(t.sessionResumed());
  EXPECT_EQ(netem.counters().tlsFull, 1u);
  EXPECT_EQ(netem.counters().tlsResumed, 0u);
  Clock::time_point start = Clock::now();
  EXPECT_EQ(get(t).rfind("HTTP/1.0 200 ok", 0), 0u);
  const int64_t request = msSince(start);  // only the first flight is held
  t.close();

  const int64_t resumed = connectMs(t, netem.port());
  EXPECT_TRUE(t.sessionResumed());
  EXPECT_EQ(get(t).rfind("HTTP/1.0 200 ok", 0), 0u);
  t.close();
  EXPECT_EQ(netem.counters().tlsFull, 1u);
  EXPECT_EQ(netem.counters().tlsResumed, 1u);

  t.forgetSession();
  const int64_t fullAgain = connectMs(t, netem.port());
  EXPECT_FALSE(t.sessionResumed());
  t.close();
  const NetEm::Counters counters = netem.counters();
  EXPECT_EQ(counters.tlsFull, 2u);
  EXPECT_EQ(counters.tlsResumed, 1u);
  EXPECT_EQ(counters.connections, 3u);
  EXPECT_GT(counters.bytesDown, 1000u);  // certificates, the page
  printf(
      "[ netem ] hold full %lld / resumed %lld ms: handshakes full %lld, resumed %lld, "
      "full again %lld ms; a request after the handshake %lld ms\n",
      static_cast<long long>(kHoldFull), static_cast<long long>(kHoldResumed),
      static_cast<long long>(full), static_cast<long long>(resumed),
      static_cast<long long>(fullAgain), static_cast<long long>(request));
  EXPECT_GE(full, kHoldFull);
  EXPECT_GE(fullAgain, kHoldFull);
  EXPECT_GE(resumed, kHoldResumed);
  EXPECT_LT(resumed, kHoldFull - 100);
  EXPECT_LT(request, kHoldFull / 2);  // not held again
}

// ---- the command -----------------------------------------------------------------

#ifdef EHC_NETEM
// ehc-netem run as a process, its stdout on a pipe and its stderr in a file.
class Command {
 public:
  explicit Command(const std::vector<std::string>& args) {
    char errPath[] = "/tmp/ehc-netem-test-XXXXXX";
    const int errFd = mkstemp(errPath);
    errPath_ = errPath;
    int out[2];
    if (errFd < 0 || pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], 1);
      dup2(errFd, 2);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(EHC_NETEM));
      for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
      argv.push_back(nullptr);
      execv(EHC_NETEM, argv.data());
      _exit(127);
    }
    close(out[1]);
    close(errFd);
    outFd_ = out[0];
  }
  ~Command() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (outFd_ >= 0) close(outFd_);
    unlink(errPath_.c_str());
  }
  // The port from "listening on 127.0.0.1:PORT", or 0.
  uint16_t listeningPort() {
    std::string line;
    const Clock::time_point start = Clock::now();
    while (line.find('\n') == std::string::npos && msSince(start) < kTimeoutMs) {
      if (readSome(outFd_, &line, line.size() + 1, kTimeoutMs) <= 0) return 0;
    }
    const std::string prefix = "listening on 127.0.0.1:";
    if (line.rfind(prefix, 0) != 0) return 0;
    return static_cast<uint16_t>(std::stoul(line.substr(prefix.size())));
  }
  void signal(int number) { kill(pid_, number); }
  // The exit status, or -1 if it did not exit within timeoutMs.
  int wait(int timeoutMs = kTimeoutMs) {
    const Clock::time_point start = Clock::now();
    int status = 0;
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (msSince(start) > timeoutMs) return -1;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    exited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  std::string stderrText() const {
    std::string text;
    if (FILE* file = fopen(errPath_.c_str(), "r")) {
      char buffer[4096];
      size_t n;
      while ((n = fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, n);
      fclose(file);
    }
    return text;
  }

 private:
  pid_t pid_ = -1;
  int outFd_ = -1;
  bool exited_ = false;
  std::string errPath_;
};

TEST(NetEmCommand, ForwardsUntilSignalledThenPrintsItsCounters) {
  FaultServer server;
  ASSERT_TRUE(server.start());
  Command command({"--target", std::to_string(server.port()), "--delay", "20", "--bandwidth", "50",
                   "--hold-full", "100", "--seconds", "30"});
  const uint16_t port = command.listeningPort();
  ASSERT_NE(port, 0) << command.stderrText();
  {
    const Clock::time_point start = Clock::now();
    RawClient client(port);
    ASSERT_TRUE(client.send(get("/ok")));
    EXPECT_EQ(client.readResponse().rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
    EXPECT_GE(msSince(start), 4 * 20);
  }
  command.signal(SIGTERM);
  EXPECT_EQ(command.wait(), 0);
  const std::string err = command.stderrText();
  EXPECT_NE(err.find("delay 20 ms"), std::string::npos) << err;
  EXPECT_NE(err.find("connections 1, tls full 0, tls resumed 0, bytes up "), std::string::npos)
      << err;
}

TEST(NetEmCommand, ExitsByItselfAndRefusesBadOptions) {
  {
    Command command({"--target", "9", "--seconds", "1"});
    EXPECT_NE(command.listeningPort(), 0);
    const Clock::time_point start = Clock::now();
    EXPECT_EQ(command.wait(4000), 0);
    EXPECT_LT(msSince(start), 4000);
  }
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"--delay", "10"},
                                             {"--target", "x"},
                                             {"--target", "1", "--bandwidth", "-3"},
                                             {"--target", "1", "--jitter"},
                                             {"--target", "1", "--frobnicate", "1"}}) {
    Command command(args);
    EXPECT_EQ(command.wait(), 2) << args[0] << " " << args[1];
  }
}
#endif  // EHC_NETEM

}  // namespace
