// The TLS transport's non-blocking half against nginx on loopback: the
// handshake advanced a step at a time by an event loop, its failures and its
// deadline reported by the steps, decrypted bytes returned before anything
// waits on the socket (which cannot see them), and plain and TLS connections
// served together by one poll() loop.
#include <gtest/gtest.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "event_loop.h"
#include "loopback.h"
#include "nginx_suite.h"

using ehc::Deadline;
using ehc::NetError;
using ehc_test::CertKind;

namespace {

// A response whose head and Content-Length body are all there.
bool responseComplete(const std::string& r) {
  const size_t head = r.find("\r\n\r\n");
  if (head == std::string::npos) return false;
  const size_t field = r.find("Content-Length: ");
  if (field == std::string::npos || field > head) return false;
  return r.size() >= head + 4 + strtoul(r.c_str() + field + 16, nullptr, 10);
}

std::string get(const char* path) {
  return std::string("GET ") + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
}

class NonBlockingTls : public ehc_test::NginxSuite<NonBlockingTls> {
 public:
  static std::vector<std::pair<std::string, std::string>> files() {
    return {{"small.json", "{\"small\":true}"}, {"big.json", bigBody()}};
  }
  static std::string bigBody() { return "[\"" + std::string(12000, 'b') + "\"]"; }

 protected:
  ehc::Endpoint tlsEndpoint(CertKind kind = CertKind::Valid) const {
    return {"localhost", server_->httpsPort(kind), true};
  }
  void trust(ehc::MbedTlsTransport& t) const { t.setCaPem(certs_->caPem().c_str()); }
};

TEST_F(NonBlockingTls, AnEventLoopAdvancesTheHandshakeStepByStep) {
  ehc::MbedTlsTransport t;
  trust(t);
  const ehc_test::Drive d = ehc_test::connectByPolling(t, tlsEndpoint(), 5000);
  ASSERT_EQ(d.result, NetError::Ok) << t.lastTlsError();
  EXPECT_TRUE(t.open());
  // Steps that needed no network came back at once ("call again now"), and
  // the loop slept in poll() while the server's flights were on their way.
  EXPECT_GE(d.nows, 3);
  EXPECT_GE(d.polls, 1);
  EXPECT_GE(d.wouldBlocks, d.nows + d.polls);
  // A request and its response through the same loop.
  ASSERT_EQ(ehc_test::writeByPolling(t, get("/small.json"), 2000).result, NetError::Ok);
  std::string response;
  const ehc_test::Drive r = ehc_test::readByPolling(t, 512, &response, 2000, responseComplete);
  EXPECT_EQ(r.result, NetError::Ok);
  ASSERT_TRUE(responseComplete(response)) << response;
  EXPECT_EQ(response.rfind("HTTP/1.1 200", 0), 0u);
  EXPECT_EQ(response.substr(response.size() - 14), "{\"small\":true}");
}

TEST_F(NonBlockingTls, HandshakeFailuresComeFromTheSteps) {
  ehc::MbedTlsTransport wrongName;
  trust(wrongName);
  EXPECT_EQ(ehc_test::connectByPolling(
                wrongName, {"127.0.0.1", server_->httpsPort(CertKind::DnsOnly), true}, 5000)
                .result,
            NetError::HostMismatch);
  EXPECT_FALSE(wrongName.open());
  ehc::MbedTlsTransport expired;
  trust(expired);
  EXPECT_EQ(ehc_test::connectByPolling(expired, tlsEndpoint(CertKind::Expired), 5000).result,
            NetError::CertExpired);     // told apart from untrusted (main's TLS diagnosis)
  EXPECT_EQ(expired.waitFor().fd, -1);  // closed on failure
}

TEST_F(NonBlockingTls, AServerThatNeverAnswersTheHelloTimesOutAtTheConnectDeadline) {
  ehc_test::LoopbackListener silent;  // accepts (the kernel does), never speaks TLS
  ehc::MbedTlsTransport t;
  trust(t);
  const uint32_t start = ehc::monotonicMs();
  const ehc_test::Drive d = ehc_test::connectByPolling(t, {"127.0.0.1", silent.port(), true}, 300);
  EXPECT_EQ(d.result, NetError::ConnectTimeout);
  EXPECT_GE(ehc::monotonicMs() - start, 290u);
  EXPECT_LT(ehc::monotonicMs() - start, 5000u);
  // The loop slept in poll() (until the deadline), it did not spin.
  EXPECT_LT(d.wouldBlocks, 100);
}

TEST_F(NonBlockingTls, DecryptedBytesAreReadBeforeAnythingWaitsOnTheSocket) {
  ehc::MbedTlsTransport t;
  trust(t);
  ASSERT_EQ(t.connect(tlsEndpoint(), Deadline::in(5000)), NetError::Ok);
  ASSERT_EQ(t.write(reinterpret_cast<const uint8_t*>(get("/big.json").data()),
                    get("/big.json").size(), Deadline::in(2000)),
            NetError::Ok);
  // Small reads out of 16 KB records: once a record's last bytes have left
  // the socket, poll() sees nothing while mbedTLS still holds most of it.
  std::string response;
  int hidden = 0;  // times the socket was empty while the transport said "now"
  for (int i = 0; i < 10000 && !responseComplete(response); ++i) {
    uint8_t buf[64];
    size_t got = 0;
    const NetError e = t.readSome(buf, sizeof buf, &got);
    if (e == NetError::WouldBlock) {
      ASSERT_FALSE(t.waitFor().until.expired());  // WouldBlock: nothing held back
      ASSERT_EQ(t.waitReady(Deadline::in(2000)), ehc::WaitResult::Ready);
      continue;
    }
    ASSERT_EQ(e, NetError::Ok);
    ASSERT_GT(got, 0u);
    response.append(reinterpret_cast<char*>(buf), got);
    pollfd p{t.waitFor().fd, POLLIN, 0};
    const bool socketEmpty = poll(&p, 1, 0) == 0;
    if (socketEmpty && !responseComplete(response)) {
      EXPECT_TRUE(t.waitFor().until.expired()) << response.size();
      EXPECT_EQ(t.waitReady(Deadline::in(0)), ehc::WaitResult::Ready);
      ++hidden;
    }
  }
  ASSERT_TRUE(responseComplete(response));
  EXPECT_EQ(response.substr(response.find("\r\n\r\n") + 4), bigBody());
  EXPECT_GT(hidden, 10);
}

// Three HTTPS and three plain connections, each connect, request and
// response advanced by one loop that sleeps in one poll() for all of them.
TEST_F(NonBlockingTls, OneLoopServesPlainAndTlsConnectionsTogether) {
  struct Job {
    ehc::Transport* t;
    ehc::Endpoint at;
    enum { Connecting, Writing, Reading, Done } state = Connecting;
    std::string out, in;
    NetError error = NetError::Ok;
  };
  ehc::MbedTlsTransport tls[3];
  ehc::PosixTransport plain[3];
  std::vector<Job> jobs;
  for (auto& t : tls) {
    trust(t);
    jobs.push_back({&t, tlsEndpoint()});
  }
  for (auto& t : plain) jobs.push_back({&t, {"127.0.0.1", server_->httpPort(), false}});
  std::vector<ehc::Transport*> waiting;
  for (Job& j : jobs) {
    j.out = get("/big.json");
    j.error = j.t->startConnect(j.at, Deadline::in(5000));
  }
  int rounds = 0;
  for (size_t done = 0; done < jobs.size() && rounds < 20000; ++rounds) {
    waiting.clear();
    done = 0;
    for (Job& j : jobs) {
      // Each job goes as far as it can without waiting.
      for (bool progress = true; progress && j.state != Job::Done;) {
        progress = false;
        if (j.state == Job::Connecting) {
          if (j.error == NetError::WouldBlock) j.error = j.t->connectStep();
          if (j.error == NetError::Ok) progress = (j.state = Job::Writing, true);
        } else if (j.state == Job::Writing) {
          size_t sent = 0;
          j.error =
              j.t->writeSome(reinterpret_cast<const uint8_t*>(j.out.data()), j.out.size(), &sent);
          if (j.error == NetError::Ok) j.out.erase(0, sent);
          if (j.error == NetError::Ok && j.out.empty()) j.state = Job::Reading;
          progress = j.error == NetError::Ok;
        } else {
          uint8_t buf[512];
          size_t got = 0;
          j.error = j.t->readSome(buf, sizeof buf, &got);
          if (j.error == NetError::Ok) j.in.append(reinterpret_cast<char*>(buf), got);
          if (responseComplete(j.in)) j.state = Job::Done;
          progress = j.error == NetError::Ok && got > 0;
        }
      }
      ASSERT_TRUE(j.state == Job::Done || j.error == NetError::WouldBlock)
          << ehc::netErrorName(j.error);
      if (j.state == Job::Done) {
        ++done;
      } else {
        waiting.push_back(j.t);
      }
    }
    if (!waiting.empty()) ehc_test::pollTransports(waiting, 2000);
  }
  for (const Job& j : jobs) {
    ASSERT_EQ(j.state, Job::Done);
    EXPECT_EQ(j.in.substr(j.in.find("\r\n\r\n") + 4), bigBody());
  }
}

}  // namespace
