// Expect: 100-continue against the fault server's /continue route, sent and
// polled: a 100 then the final answer (the body held until the 100), a
// final answer at once (the body never sent, the connection closed, though
// the server keeps it), and a server that never sends a 100 (the body goes
// after the wait).
#include <gtest/gtest.h>
#include <poll.h>
#include <string.h>
#include <zlib.h>

#include <algorithm>
#include <string>

#include "ESP32HTTPClient.h"
#include "fault_server.h"

using namespace ehc;  // the error codes

namespace {

const std::string kData = [] {
  std::string s;
  for (int i = 0; s.size() < 20000; ++i) s += "line " + std::to_string(i) + " of the upload\n";
  return s;
}();

uint32_t crcOf(const std::string& s) {
  return static_cast<uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(s.data()), s.size()));
}

// What /continue reported, and what the source saw.
struct Outcome {
  RestResult result;
  uint64_t bytes = 0;
  uint32_t crc = 0;
  bool expect = false;
  bool early = true;
  long waitedMs = -1;
  int reads = 0;  // of the source
};

class ExpectContinueFaults : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server_.start());
    client_.reset(
        new ESP32HTTPClient(("http://127.0.0.1:" + std::to_string(server_.port())).c_str()));
  }
  Outcome upload(const std::string& target, bool polled, bool chunked = false) {
    Outcome o;
    size_t at = 0;
    auto request = client_->put(target.c_str())
                       .upload(
                           [&](uint8_t* b, size_t room) {
                             ++o.reads;
                             const size_t n = std::min(room, kData.size() - at);
                             memcpy(b, kData.data() + at, n);
                             at += n;
                             return static_cast<long>(n);
                           },
                           chunked ? -1 : static_cast<int64_t>(kData.size()))
                       .expectContinue()
                       .retry(0)
                       .getBody("bytes", &o.bytes)
                       .getBody("crc32", &o.crc)
                       .getBody("expect", &o.expect)
                       .getBody("early", &o.early)
                       .getBody("waitedMs", &o.waitedMs);
    o.result = polled ? poll(request) : request.send();
    return o;
  }
  static RestResult poll(RestRequest& request) {
    request.start();
    for (int polls = 0; request.poll() == PollState::InProgress && polls < 100000; ++polls) {
      const WaitFor w = request.waitFor();
      const uint32_t ms = std::min<uint32_t>(w.until.remainingMs(), 50);
      if (w.fd >= 0) {
        pollfd p{w.fd, static_cast<short>((w.readable ? POLLIN : 0) | (w.writable ? POLLOUT : 0)),
                 0};
        ::poll(&p, 1, static_cast<int>(ms));
      } else if (ms > 0) {
        sleepMs(1);
      }
    }
    return request.result();
  }
  ehc_fault::FaultServer server_;
  std::unique_ptr<ESP32HTTPClient> client_;
};

TEST_F(ExpectContinueFaults, TheBodyWaitsForTheHundred) {
  for (bool polled : {false, true}) {
    for (bool chunked : {false, true}) {
      SCOPED_TRACE(std::string(polled ? "polled" : "sent") + (chunked ? " chunked" : " sized"));
      const Outcome o = upload("/continue", polled, chunked);
      ASSERT_EQ(o.result.statusCode, 200) << o.result.message();
      EXPECT_TRUE(o.expect);
      EXPECT_FALSE(o.early);  // nothing of the body came before the 100
      EXPECT_TRUE(o.result.continued);
      EXPECT_EQ(o.bytes, kData.size());
      EXPECT_EQ(o.crc, crcOf(kData));
      EXPECT_TRUE(client_->get("/ok").send().reused);  // the connection stays
    }
  }
  EXPECT_EQ(server_.connectionsAccepted(), 1u);
}

// The server answers 417 (401, 413) at once and keeps the connection, ready
// to read and drop the body: the client sends none, reports the answer, and
// closes, so its next request is not taken for that body.
TEST_F(ExpectContinueFaults, AFinalAnswerFirstIsTheResultAndTheConnectionCloses) {
  for (int status : {417, 401, 413}) {
    for (bool polled : {false, true}) {
      for (bool chunked : {false, true}) {
        SCOPED_TRACE(std::to_string(status) + (polled ? " polled" : " sent") +
                     (chunked ? " chunked" : " sized"));
        const Outcome o = upload("/continue?answer=" + std::to_string(status), polled, chunked);
        EXPECT_EQ(o.result.statusCode, status) << o.result.message();
        EXPECT_EQ(o.reads, 0);  // the source was never read
        EXPECT_TRUE(o.result.bodyWithheld);
        EXPECT_LT(o.result.bytesSent, 400u);  // the head only
        const RestResult next = client_->get("/ok").send();
        EXPECT_EQ(next.statusCode, 200) << next.message();
        EXPECT_FALSE(next.reused);
      }
    }
  }
  // Each upload went on the connection the GET before it kept (the first on
  // a new one), each GET on a new one: 1 + 12.
  EXPECT_EQ(server_.connectionsAccepted(), 13u);
}

// No 100 ever: the body goes after the wait (300 ms here), whole. The
// server measures how long after the head it began: at least the wait
// (less the head's own trip; a loaded machine only makes it longer).
TEST_F(ExpectContinueFaults, NoHundredSendsTheBodyAfterTheWait) {
  client_->setContinueTimeout(300);
  for (bool polled : {false, true}) {
    SCOPED_TRACE(polled ? "polled" : "sent");
    const Outcome o = upload("/continue?answer=none", polled);
    ASSERT_EQ(o.result.statusCode, 200) << o.result.message();
    EXPECT_EQ(o.bytes, kData.size());
    EXPECT_EQ(o.crc, crcOf(kData));
    EXPECT_GE(o.waitedMs, 150);
    EXPECT_FALSE(o.result.continued);
    EXPECT_FALSE(o.result.bodyWithheld);
  }
}

}  // namespace
