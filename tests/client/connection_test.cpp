// The kept-alive connection over the scripted transport: reuse, reconnect
// after an idle close, resend rules, draining, and what ends a connection.
#include <gtest/gtest.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "ehc/net/scripted_transport.h"
#include "test_exchange.h"

using ehc::Deadline;
using ehc::ExchangeResult;
using ehc::HttpError;
using ehc::NetError;
using ehc::ScriptStep;

namespace {

const ehc::Endpoint kHost{"api.test", 80, false};
const char kOk[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
const char kOk2[] = "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nok2";

using TestRequest = ehc_test::TestExchange;

struct Fixture {
  Fixture(const ScriptStep* steps, size_t n)
      : transport(steps, n), connection(&transport, nullptr) {}
  ExchangeResult run(TestRequest& request, const ehc::Endpoint& at = kHost) {
    request.attach(parser);
    return connection.exchange(at, request, parser, Deadline::in(1000));
  }
  size_t requestsWritten() const {
    size_t count = 0;
    for (const char* p = transport.written(); (p = strstr(p, " HTTP/1.1\r\n")); ++p) ++count;
    return count;
  }
  ehc::ScriptedTransport transport;
  ehc::Connection connection;
  ehc::ResponseParser parser;
};

TEST(Connection, ConnectsOnFirstUseAndReusesWhileTheServerAllows) {
  // stall(0): the server idles between requests (shorter than any deadline)
  const ScriptStep steps[] = {ScriptStep::data(kOk), ScriptStep::stall(0), ScriptStep::data(kOk2),
                              ScriptStep::stall(0)};
  Fixture f(steps, 4);
  TestRequest a, b;
  const ExchangeResult r1 = f.run(a);
  EXPECT_TRUE(r1.ok());
  EXPECT_FALSE(r1.reused);
  EXPECT_TRUE(r1.keptAlive);
  EXPECT_EQ(a.received, "ok");
  EXPECT_EQ(r1.bytesReceived, sizeof kOk - 1);
  EXPECT_EQ(r1.bytesSent, strlen(f.transport.written()));
  const ExchangeResult r2 = f.run(b);
  EXPECT_TRUE(r2.ok());
  EXPECT_TRUE(r2.reused);
  EXPECT_EQ(b.received, "ok2");
  EXPECT_EQ(f.transport.connects(), 1u);
  EXPECT_EQ(f.requestsWritten(), 2u);
}

TEST(Connection, ReconnectsWhenTheServerClosedTheIdleConnection) {
  const ScriptStep steps[] = {ScriptStep::data(kOk), ScriptStep::close(), ScriptStep::data(kOk2)};
  Fixture f(steps, 3);
  TestRequest a, b;
  EXPECT_TRUE(f.run(a).keptAlive);  // nothing said it would close
  const ExchangeResult r = f.run(b);
  EXPECT_TRUE(r.ok());
  EXPECT_FALSE(r.reused);  // noticed before sending: a fresh connection, no resend
  EXPECT_FALSE(r.resent);
  EXPECT_EQ(b.received, "ok2");
  EXPECT_EQ(f.transport.connects(), 2u);
  EXPECT_EQ(f.requestsWritten(), 2u);
}

// The server closes just as the request goes out (the idle check passed).
const ScriptStep kDiesOnReuse[] = {ScriptStep::data(kOk), ScriptStep::stall(0), ScriptStep::close(),
                                   ScriptStep::data(kOk2)};

TEST(Connection, ResendsAnIdempotentRequestOnceWhenTheKeptConnectionDied) {
  for (const char* method : {"GET", "PUT", "DELETE", "HEAD", "OPTIONS"}) {
    SCOPED_TRACE(method);
    Fixture f(kDiesOnReuse, 4);
    TestRequest a, b(method);
    f.run(a);
    const ExchangeResult r = f.run(b);
    EXPECT_TRUE(r.ok()) << ehc::netErrorName(r.net) << " " << ehc::httpErrorName(r.http);
    EXPECT_TRUE(r.resent);
    EXPECT_EQ(f.parser.status(), 200);
    EXPECT_EQ(b.writes, 2);
    EXPECT_EQ(f.transport.connects(), 2u);
  }
}

TEST(Connection, NeverResendsAPostThatWasWritten) {
  for (const char* method : {"POST", "PATCH"}) {
    SCOPED_TRACE(method);
    Fixture f(kDiesOnReuse, 4);
    TestRequest a, b(method, "/r", "{\"a\":1}");
    f.run(a);
    const ExchangeResult r = f.run(b);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.http, HttpError::Incomplete);  // closed before any response
    EXPECT_FALSE(r.resent);
    EXPECT_EQ(b.writes, 1);
    EXPECT_EQ(f.transport.connects(), 1u);
    EXPECT_FALSE(f.connection.open());
  }
}

TEST(Connection, ResendsAPostWhenNoneOfItWasWritten) {
  const ScriptStep steps[] = {ScriptStep::data(kOk), ScriptStep::stall(0), ScriptStep::close(),
                              ScriptStep::data(kOk2)};
  Fixture f(steps, 4);
  TestRequest a, b("POST", "/r", "{}");
  f.run(a);
  f.transport.failWriteAfter(f.transport.writtenLength(), NetError::Reset);  // the next write fails
  const ExchangeResult r = f.run(b);
  EXPECT_TRUE(r.ok()) << ehc::netErrorName(r.net);
  EXPECT_TRUE(r.resent);
  EXPECT_EQ(b.received, "ok2");
}

// The server answered while the request was going out, then stopped
// reading: its answer is the outcome, and the request is not sent again.
TEST(Connection, AnAnswerBeforeTheWriteFailedIsTheOutcome) {
  const std::string body(2000, 'x');  // more than one write
  const ScriptStep steps[] = {
      ScriptStep::data("HTTP/1.1 413 Content Too Large\r\nContent-Length: 2\r\n\r\nno"),
      ScriptStep::reset(), ScriptStep::data(kOk2)};
  Fixture f(steps, 3);
  TestRequest a("POST", "/upload", body.c_str());
  f.transport.failWriteAfter(600, NetError::Reset);
  const ExchangeResult r = f.run(a);
  EXPECT_TRUE(r.ok()) << ehc::netErrorName(r.net);
  EXPECT_EQ(f.parser.status(), 413);
  EXPECT_EQ(a.received, "no");
  EXPECT_FALSE(r.resent);
  EXPECT_EQ(a.writes, 1);
  EXPECT_LT(r.bytesSent, body.size());
  EXPECT_FALSE(f.connection.open());  // the rest of the request never went
}

// A kept connection that died as a replayable request was half written, with
// no answer on it: sent again on a fresh one, as before.
TEST(Connection, AHalfWrittenRequestOnADeadConnectionIsStillResent) {
  const std::string body(2000, 'x');
  const ScriptStep steps[] = {ScriptStep::data(kOk), ScriptStep::stall(0), ScriptStep::close(),
                              ScriptStep::data(kOk2)};
  Fixture f(steps, 4);
  TestRequest a, b("PUT", "/r", body.c_str());
  f.run(a);
  f.transport.failWriteAfter(f.transport.writtenLength() + 600, NetError::Reset);
  const ExchangeResult r = f.run(b);
  EXPECT_TRUE(r.ok()) << ehc::netErrorName(r.net);
  EXPECT_TRUE(r.resent);
  EXPECT_EQ(b.received, "ok2");
  EXPECT_EQ(b.writes, 2);
}

TEST(Connection, ResetBeforeTheResponseIsResentButResetMidBodyIsAnError) {
  const ScriptStep early[] = {ScriptStep::data(kOk), ScriptStep::stall(0), ScriptStep::reset(),
                              ScriptStep::data(kOk2)};
  Fixture f(early, 4);
  TestRequest a, b;
  f.run(a);
  const ExchangeResult r = f.run(b);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.resent);

  const ScriptStep late[] = {ScriptStep::data(kOk), ScriptStep::stall(0),
                             ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nhal"),
                             ScriptStep::reset(), ScriptStep::data(kOk2)};
  Fixture g(late, 5);
  TestRequest c, d;
  g.run(c);
  const ExchangeResult r2 = g.run(d);
  EXPECT_EQ(r2.net, NetError::Reset);
  EXPECT_FALSE(r2.resent);
  EXPECT_EQ(d.received, "hal");
  EXPECT_FALSE(g.connection.open());
  TestRequest e;  // the next request gets a fresh connection
  EXPECT_TRUE(g.run(e).ok());
  EXPECT_EQ(e.received, "ok2");
}

TEST(Connection, ATimeoutOnAKeptConnectionIsNotResent) {
  const ScriptStep steps[] = {ScriptStep::data(kOk), ScriptStep::stall(0), ScriptStep::stall(5000),
                              ScriptStep::data(kOk2)};
  Fixture f(steps, 4);
  TestRequest a, b;
  f.run(a);
  const ExchangeResult r = f.run(b);
  EXPECT_EQ(r.net, NetError::ReadTimeout);  // the server may be working on it
  EXPECT_FALSE(r.resent);
  EXPECT_EQ(b.writes, 1);
  EXPECT_FALSE(f.connection.open());
}

TEST(Connection, DrainsUnwantedBodyBytesWithinTheLimitAndStaysOpen) {
  const std::string body(3000, 'x');
  const std::string response = "HTTP/1.1 200 OK\r\nContent-Length: 3000\r\n\r\n" + body;
  const ScriptStep steps[] = {ScriptStep::data(response.data(), response.size()),
                              ScriptStep::stall(0), ScriptStep::data(kOk)};
  Fixture f(steps, 3);
  f.transport.setMaxRead(700);
  f.connection.setDrainLimit(4000);
  TestRequest a;
  a.wantBytes = 10;
  const ExchangeResult r = f.run(a);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.drained);
  EXPECT_TRUE(r.keptAlive);
  EXPECT_EQ(f.parser.bodyBytes(), 3000u);
  TestRequest b;
  EXPECT_TRUE(f.run(b).reused);
  EXPECT_EQ(b.received, "ok");
}

TEST(Connection, ClosesInsteadOfDrainingPastTheLimit) {
  const std::string body(3000, 'x');
  const std::string length = "HTTP/1.1 200 OK\r\nContent-Length: 3000\r\n\r\n" + body;
  const std::string chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" +
                              std::string("bb8\r\n") + body + "\r\n0\r\n\r\n";
  for (const std::string* response : {&length, &chunked}) {
    const ScriptStep steps[] = {ScriptStep::data(response->data(), response->size()),
                                ScriptStep::stall(100000)};
    Fixture f(steps, 2);
    f.transport.setMaxRead(100);
    f.connection.setDrainLimit(1000);
    TestRequest a;
    a.wantBytes = 1;
    const ExchangeResult r = f.run(a);
    EXPECT_TRUE(r.ok());  // the caller had all it wanted
    EXPECT_FALSE(r.drained);
    EXPECT_FALSE(r.keptAlive);
    EXPECT_FALSE(f.connection.open());
    // A declared length too long to drain is not read at all; chunked is
    // read up to the limit.
    EXPECT_LE(r.bytesReceived, response == &length ? 200u : 1300u);
  }
}

TEST(Connection, WhatEndsAConnection) {
  struct Case {
    const char* response;
    bool keep;
  } cases[] = {
      {"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", true},
      {"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok", false},
      {"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok", false},
      {"HTTP/1.0 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok", true},
      {"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA", false},  // unasked bytes
      {"HTTP/1.1 200 OK\r\n\r\nuntil close", false},
      {"HTTP/1.1 2x0 OK\r\n\r\n", false},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.response);
    const ScriptStep steps[] = {ScriptStep::data(c.response), ScriptStep::stall(100000)};
    Fixture f(steps, 2);
    f.run(*std::make_unique<TestRequest>());
    EXPECT_EQ(f.connection.open(), c.keep);
  }
}

TEST(Connection, ChangingEndpointReconnects) {
  const ScriptStep steps[] = {ScriptStep::data(kOk), ScriptStep::stall(100000), ScriptStep::close(),
                              ScriptStep::data(kOk2), ScriptStep::stall(100000)};
  Fixture f(steps, 5);
  TestRequest a, b;
  f.run(a);
  const ExchangeResult r = f.run(b, {"other.test", 80, false});
  EXPECT_FALSE(r.reused);
  EXPECT_EQ(b.received, "ok2");
  EXPECT_EQ(f.transport.connects(), 2u);
}

TEST(Connection, HeadResponseHasNoBody) {
  const ScriptStep steps[] = {ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n"),
                              ScriptStep::stall(0), ScriptStep::data(kOk2)};
  Fixture f(steps, 3);
  TestRequest head("HEAD");
  const ExchangeResult r = f.run(head);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.keptAlive);
  EXPECT_EQ(f.parser.contentLength(), 500);
  TestRequest next;  // the 500 bytes were not waited for: the next response is the next one
  const ExchangeResult r2 = f.run(next);
  EXPECT_TRUE(r2.reused);
  EXPECT_EQ(next.received, "ok2");
}

TEST(Connection, ErrorsOfTheRequestAndTheConnect) {
  const ScriptStep steps[] = {ScriptStep::data(kOk)};
  Fixture f(steps, 1);
  TestRequest bad("GET", "/r\r\nX-Evil: 1");
  const ExchangeResult r = f.run(bad);
  EXPECT_EQ(r.http, HttpError::HeaderInjection);
  EXPECT_FALSE(f.connection.open());

  Fixture g(steps, 1);
  g.transport.failConnect(NetError::Refused);
  TestRequest a;
  EXPECT_EQ(g.run(a).net, NetError::Refused);

  TestRequest tls;  // no transport for https
  EXPECT_EQ(f.run(tls, {"api.test", 443, true}).net, NetError::NotConnected);

  const std::string longHost(EHC_MAX_HOST_LENGTH + 1, 'h');
  TestRequest c;
  EXPECT_EQ(f.run(c, {longHost.c_str(), 80, false}).http, HttpError::BadUrl);
}

TEST(Connection, EveryReadSplitGivesTheSameOutcome) {
  const char response[] =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n";
  for (size_t split = 1; split <= sizeof response; ++split) {
    const ScriptStep steps[] = {ScriptStep::data(response), ScriptStep::stall(100000)};
    Fixture f(steps, 2);
    f.transport.setMaxRead(split);
    TestRequest a;
    const ExchangeResult r = f.run(a);
    ASSERT_TRUE(r.ok()) << split;
    EXPECT_EQ(a.received, "hello");
    EXPECT_TRUE(r.keptAlive);
  }
}

TEST(Connection, ExchangesAllocateNothing) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  const ScriptStep steps[] = {ScriptStep::data(kOk), ScriptStep::stall(0), ScriptStep::close(),
                              ScriptStep::data(kOk2), ScriptStep::stall(1000000)};
  Fixture f(steps, 5);
  TestRequest a, b;
  ehc_test::AllocScope scope;
  f.run(a);
  f.run(b);  // with a resend
  EXPECT_EQ(scope.calls(), 0u);
  EXPECT_EQ(b.received, "ok2");
}

}  // namespace
