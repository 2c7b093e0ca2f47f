// The scripted transport drives the response parser through faults: a body
// split into short reads, a stall past the deadline, a reset mid-body.
#include "ehc/net/scripted_transport.h"

#include <gtest/gtest.h>
#include <string.h>

#include <set>
#include <string>

#include "ESP32HTTPClient.h"

using ehc::Deadline;
using ehc::NetError;
using ehc::ScriptStep;

namespace {

// Reads a response through the parser the way the client will.
struct Outcome {
  NetError net = NetError::Ok;
  ehc::HttpError http = ehc::HttpError::Ok;
  std::string body;
  int status = 0;
};
Outcome fetch(ehc::Transport& t, uint32_t timeoutMs) {
  Outcome o;
  ehc::ResponseParser p;
  p.onBody([](void* u, const char* d, size_t n) { static_cast<std::string*>(u)->append(d, n); },
           &o.body);
  p.begin(false);
  uint8_t buf[64];
  while (!p.complete() && !p.failed()) {
    size_t n = 0;
    o.net = t.read(buf, sizeof buf, &n, Deadline::in(timeoutMs));
    if (o.net != NetError::Ok) break;
    if (n == 0) {
      p.finishAtClose();
      break;
    }
    p.feed(reinterpret_cast<const char*>(buf), n);
  }
  o.http = p.error();
  o.status = p.status();
  return o;
}

TEST(ScriptedTransport, ShortReadsStillGiveTheWholeBody) {
  const ScriptStep steps[] = {
      ScriptStep::data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"),
      ScriptStep::data("5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")};
  ehc::ScriptedTransport t(steps, 2);
  t.setMaxRead(3);
  ASSERT_EQ(t.connect({"h", 80, false}, Deadline::in(100)), NetError::Ok);
  const Outcome o = fetch(t, 1000);
  EXPECT_EQ(o.net, NetError::Ok);
  EXPECT_EQ(o.http, ehc::HttpError::Ok);
  EXPECT_EQ(o.body, "hello world");
}

TEST(ScriptedTransport, StallPastTheDeadlineIsATimeout) {
  const ScriptStep steps[] = {ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf"),
                              ScriptStep::stall(60000)};
  ehc::ScriptedTransport t(steps, 2);
  t.connect({"h", 80, false}, Deadline::in(100));
  const uint32_t start = ehc::monotonicMs();
  const Outcome o = fetch(t, 10000);
  EXPECT_EQ(o.net, NetError::ReadTimeout);
  EXPECT_EQ(o.body, "half");
  EXPECT_LT(ehc::monotonicMs() - start, 5000u);  // simulated: a real wait takes the 10 s
}

TEST(ScriptedTransport, ResetAndEarlyCloseMidBody) {
  const ScriptStep reset[] = {ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"),
                              ScriptStep::reset()};
  ehc::ScriptedTransport t(reset, 2);
  t.connect({"h", 80, false}, Deadline::in(100));
  EXPECT_EQ(fetch(t, 500).net, NetError::Reset);
  EXPECT_FALSE(t.open());
  const ScriptStep closed[] = {ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"),
                               ScriptStep::close()};
  ehc::ScriptedTransport c(closed, 2);
  c.connect({"h", 80, false}, Deadline::in(100));
  EXPECT_EQ(fetch(c, 500).http, ehc::HttpError::Incomplete);
}

TEST(ScriptedTransport, RecordsWritesAndInjectsWriteAndConnectFailures) {
  ehc::ScriptedTransport t(nullptr, 0);
  t.failWriteAfter(8, NetError::WriteFailed);
  ASSERT_EQ(t.connect({"h", 80, false}, Deadline::in(100)), NetError::Ok);
  EXPECT_EQ(t.write(reinterpret_cast<const uint8_t*>("GET / "), 6, Deadline::in(100)),
            NetError::Ok);
  EXPECT_EQ(t.write(reinterpret_cast<const uint8_t*>("HTTP/1.1"), 8, Deadline::in(100)),
            NetError::WriteFailed);
  EXPECT_STREQ(t.written(), "GET / ");
  ehc::ScriptedTransport refused(nullptr, 0);
  refused.failConnect(NetError::Refused);
  EXPECT_EQ(refused.connect({"h", 80, false}, Deadline::in(100)), NetError::Refused);
  EXPECT_EQ(refused.connects(), 1u);
}

}  // namespace

namespace {

// Every error of the transports and of the HTTP engine has its own name and
// a sentence; a value past the last one reads "unknown".
TEST(ErrorTexts, EveryErrorHasItsOwnNameAndAMessage) {
  std::set<std::string> names;
  for (int i = 0; i <= static_cast<int>(NetError::TlsVersion); ++i) {
    const auto e = static_cast<NetError>(i);
    EXPECT_TRUE(names.insert(std::string("net:") + ehc::netErrorName(e)).second) << i;
    EXPECT_GT(strlen(ehc::netErrorMessage(e)), 5u) << i;
  }
  for (int i = 0; i <= static_cast<int>(ehc::HttpError::RequestTooLarge); ++i) {
    const auto e = static_cast<ehc::HttpError>(i);
    EXPECT_TRUE(names.insert(std::string("http:") + ehc::httpErrorName(e)).second) << i;
    EXPECT_GT(strlen(ehc::httpErrorMessage(e)), 5u) << i;
  }
  EXPECT_STREQ(ehc::netErrorName(static_cast<NetError>(200)), "unknown");
  EXPECT_STREQ(ehc::httpErrorMessage(static_cast<ehc::HttpError>(200)), "unknown error");
  EXPECT_STREQ(ehc::netErrorMessage(NetError::HostMismatch),
               "the server certificate is not for this host name");
}

}  // namespace
