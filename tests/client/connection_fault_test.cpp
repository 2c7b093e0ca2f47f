// The kept-alive connection against the project's fault server: every fault
// ends in the right error within the deadline, leaves no descriptor behind,
// and the next request works. Also the reuse races nginx can't stage.
#include <dirent.h>
#include <gtest/gtest.h>

#include <string>

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

using ehc_test::openDescriptors;

class Faults : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(server_.start()); }

  ExchangeResult run(TestExchange& request, uint32_t timeoutMs = 3000) {
    request.attach(parser_);
    const ehc::Endpoint at{"127.0.0.1", server_.port(), false};
    return connection_.exchange(at, request, parser_, Deadline::in(timeoutMs));
  }
  // Our descriptors: the server (in this process) must have closed its
  // side of every connection first.
  size_t clientDescriptors() {
    for (int i = 0; i < 200 && server_.openConnections() > 0; ++i) usleep(10000);
    return openDescriptors();
  }
  // The next request works (on a fresh connection after a fault).
  void expectNextRequestWorks() {
    TestExchange ok("GET", "/ok");
    const ExchangeResult r = run(ok);
    EXPECT_TRUE(r.ok()) << ehc::netErrorName(r.net) << " " << ehc::httpErrorName(r.http);
    EXPECT_EQ(parser_.status(), 200);
    EXPECT_EQ(ok.received.rfind("{\"ok\":true", 0), 0u) << ok.received;
  }

  ehc_fault::FaultServer server_;
  ehc::PosixTransport tcp_;
  ehc::Connection connection_{&tcp_, nullptr};
  ehc::ResponseParser parser_;
};

TEST_F(Faults, EachFaultGivesItsErrorInTimeAndTheNextRequestWorks) {
  const struct Case {
    const char* path;
    NetError net;
    HttpError http;
    uint32_t timeoutMs;
  } cases[] = {
      {"/close-after-headers", NetError::Ok, HttpError::Incomplete, 3000},
      {"/reset-mid-body", NetError::Reset, HttpError::Ok, 3000},
      {"/stall?ms=5000", NetError::ReadTimeout, HttpError::Ok, 300},
      {"/stall-body?ms=5000", NetError::ReadTimeout, HttpError::Ok, 300},
      {"/trickle?ms=100", NetError::ReadTimeout, HttpError::Ok, 500},  // total, not per byte
      {"/bad-status", NetError::Ok, HttpError::BadStatusLine, 3000},
      {"/not-http", NetError::Ok, HttpError::NoHttpServer, 3000},
      {"/bad-chunk", NetError::Ok, HttpError::BadChunkSize, 3000},
      {"/conflicting-length", NetError::Ok, HttpError::ConflictingContentLength, 3000},
      {"/huge-headers?kb=100", NetError::Ok, HttpError::HeadersTooLarge, 3000},
      {"/huge-body?mb=1024", NetError::ReadTimeout, HttpError::Ok, 400},  // wants it all
  };
  const size_t fdsBefore = clientDescriptors();
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    TestExchange request("GET", c.path);
    const uint32_t begun = ehc::monotonicMs();
    const ExchangeResult r = run(request, c.timeoutMs);
    const uint32_t took = ehc::monotonicMs() - begun;
    EXPECT_EQ(r.net, c.net) << ehc::netErrorName(r.net);
    EXPECT_EQ(r.http, c.http) << ehc::httpErrorName(r.http);
    // Never much past the deadline (slack for a loaded machine; the faults
    // take 4 s or more when not cut short).
    EXPECT_LT(took, c.timeoutMs + 1500);
    EXPECT_FALSE(connection_.open());  // a failed connection is not kept
    expectNextRequestWorks();
  }
  connection_.end();
  EXPECT_EQ(clientDescriptors(), fdsBefore);
}

TEST_F(Faults, ASlowServerWithinTheDeadlineIsFine) {
  TestExchange request("GET", "/trickle?ms=5");
  const ExchangeResult r = run(request, 10000);
  EXPECT_TRUE(r.ok()) << ehc::netErrorName(r.net);
  EXPECT_EQ(parser_.status(), 200);
  EXPECT_FALSE(request.received.empty());
}

TEST_F(Faults, AHugeBodyNobodyWantsIsNotRead) {
  TestExchange request("GET", "/huge-body?mb=1024");
  request.wantBytes = 1;  // satisfied at once: the rest is far past the drain limit
  const ExchangeResult r = run(request);
  EXPECT_TRUE(r.ok());
  EXPECT_FALSE(r.keptAlive);
  EXPECT_LT(r.bytesReceived, 64u * 1024);
  expectNextRequestWorks();
}

TEST_F(Faults, KeptConnectionIsReusedAndDrained) {
  TestExchange a("GET", "/json?bytes=5000");
  a.wantBytes = 10;  // the rest is drained: within the limit
  ExchangeResult r = run(a);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.drained);
  EXPECT_TRUE(r.keptAlive);
  TestExchange b("GET", "/chunked?bytes=3000");
  r = run(b);
  EXPECT_TRUE(r.reused);
  EXPECT_EQ(b.received.size(), parser_.bodyBytes());
  TestExchange c("GET", "/ok");
  EXPECT_TRUE(run(c).reused);
  EXPECT_EQ(server_.connectionsAccepted(), 1u);
}

TEST_F(Faults, ServerClosedTheIdleConnection) {
  TestExchange a("GET", "/ok?then=close");
  EXPECT_TRUE(run(a).ok());
  // Let the FIN arrive: the idle check sees it and connects afresh.
  for (int i = 0; i < 100 && server_.openConnections() > 0; ++i) usleep(10000);
  TestExchange b("GET", "/ok");
  const ExchangeResult r = run(b);
  EXPECT_TRUE(r.ok());
  EXPECT_FALSE(r.reused);
  EXPECT_FALSE(r.resent);
  EXPECT_EQ(server_.connectionsAccepted(), 2u);
}

TEST_F(Faults, ServerDropsTheRequestOnAReusedConnection) {
  for (const char* then : {"/ok?then=drop", "/ok?then=reset-next"}) {
    SCOPED_TRACE(then);
    connection_.end();  // `then` applies to a's connection: start a new one
    server_.clearLog();
    const size_t before = server_.connectionsAccepted();
    TestExchange a("GET", then);
    EXPECT_TRUE(run(a).ok());
    TestExchange b("GET", "/ok");
    const ExchangeResult r = run(b);
    EXPECT_TRUE(r.ok()) << ehc::netErrorName(r.net) << " " << ehc::httpErrorName(r.http);
    EXPECT_TRUE(r.resent);
    EXPECT_EQ(b.writes, 2);
    EXPECT_EQ(server_.connectionsAccepted(), before + 2);
    EXPECT_EQ(server_.requests().size(), 3u);  // the dropped one was read, then sent again
  }
  // A POST that reached the server is never sent twice.
  TestExchange a("GET", "/ok?then=drop");
  run(a);
  TestExchange post("POST", "/ok", "{\"n\":1}");
  const ExchangeResult r = run(post);
  EXPECT_FALSE(r.ok());
  EXPECT_FALSE(r.resent);
  EXPECT_EQ(post.writes, 1);
  expectNextRequestWorks();
}

TEST_F(Faults, RefusedAndNoLeaksOverManyConnections) {
  ehc_fault::FaultServer gone;
  ASSERT_TRUE(gone.start());
  const uint16_t port = gone.port();
  gone.stop();
  TestExchange request;
  request.attach(parser_);
  const ExchangeResult refused =
      connection_.exchange({"127.0.0.1", port, false}, request, parser_, Deadline::in(2000));
  EXPECT_EQ(refused.net, NetError::Refused);

  const size_t fdsBefore = clientDescriptors();
  for (int i = 0; i < 200; ++i) {  // a new connection each time: the server closes
    TestExchange a("GET", "/ok?then=close");
    ASSERT_TRUE(run(a).ok()) << i;
    connection_.end();
  }
  EXPECT_EQ(clientDescriptors(), fdsBefore);
}

}  // namespace
