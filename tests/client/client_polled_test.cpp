// The polled API (RestRequest::start/poll/cancel) over the scripted
// transport, in simulated time: a poll makes progress exactly when the
// script has bytes for it, so these tests do not depend on the machine's
// speed. The blocking send() is the same machine with waits; here the two
// must agree whatever the poll schedule.
#include <gtest/gtest.h>
#include <string.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "ehc/net/scripted_transport.h"

using ehc::PollState;
using ehc::ScriptStep;

namespace {

const char kUsers[] =
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Count: 7\r\n\r\n"
    "1a\r\n[{\"id\":1,\"name\":\"Leanne\"},\r\n"
    "18\r\n{\"id\":2,\"name\":\"Ervin\"}]\r\n0\r\n\r\n";

struct Outcome {
  RestResult result;
  long id0 = 0;
  char name1[16] = "";
  long count = 0;
  int matches = 0;
  std::string written;
};

// Lets simulated time pass between polls; the number of polls made.
int pollToEnd(ehc::RestRequest& r, ehc::ScriptedTransport& t, uint32_t msBetween = 1) {
  int polls = 0;
  while (r.poll() == PollState::InProgress && polls < 100000) {
    ++polls;
    t.elapse(msBetween);
  }
  return polls;
}

// The users request, sent by send() or polled (with gaps in the script and
// in the writes, reads of maxRead bytes).
Outcome users(bool polled, size_t maxRead, size_t maxWrite) {
  const ScriptStep steps[] = {ScriptStep::gap(), ScriptStep::data(kUsers, 40), ScriptStep::gap(),
                              ScriptStep::data(kUsers + 40), ScriptStep::stall(10)};
  ehc::ScriptedTransport t(steps, 5);
  t.setMaxRead(maxRead);
  t.setMaxWrite(maxWrite);
  t.setWriteWouldBlock(true);
  t.setConnectDelay(3);
  ESP32HTTPClient client("http://api.test/v1", t);
  client.bearer("secret");
  Outcome o;
  auto request = client.get("/users")
                     .query("page", 2)
                     .getBody("0.id", &o.id0)
                     .getBody("1.name", o.name1)
                     .getBody("*.id", [&o](const ehc::JsonMatch&) { ++o.matches; })
                     .getHeader("X-Count", &o.count);
  if (polled) {
    request.start();
    EXPECT_EQ(t.connects(), 0u);  // start() returns at once: nothing done yet
    pollToEnd(request, t);
    o.result = request.result();
  } else {
    o.result = request.send();
  }
  o.written = t.written();
  return o;
}

TEST(ClientPolled, GivesWhatTheBlockingCallGivesWhateverTheReadsAndWrites) {
  const Outcome blocking = users(false, 512, 4096);
  ASSERT_TRUE(blocking.result.isSuccess()) << blocking.result.message();
  EXPECT_EQ(blocking.id0, 1);
  EXPECT_STREQ(blocking.name1, "Ervin");
  EXPECT_EQ(blocking.matches, 2);
  EXPECT_EQ(blocking.count, 7);
  for (size_t maxRead : {1, 3, 17, 512}) {
    for (size_t maxWrite : {1, 5, 64, 4096}) {
      SCOPED_TRACE(std::to_string(maxRead) + "/" + std::to_string(maxWrite));
      const Outcome p = users(true, maxRead, maxWrite);
      EXPECT_TRUE(p.result.isSuccess()) << p.result.message();
      EXPECT_EQ(p.result.found, blocking.result.found);
      EXPECT_EQ(p.result.headersFound, blocking.result.headersFound);
      EXPECT_EQ(p.id0, 1);
      EXPECT_STREQ(p.name1, "Ervin");
      EXPECT_EQ(p.matches, 2);
      EXPECT_EQ(p.count, 7);
      EXPECT_EQ(p.written, blocking.written);  // short writes resumed, nothing twice
    }
  }
}

TEST(ClientPolled, APollWithNothingToDoReturnsAndSaysWhatItWaitsFor) {
  const ScriptStep steps[] = {ScriptStep::stall(50), ScriptStep::data(kUsers)};
  ehc::ScriptedTransport t(steps, 2);
  ESP32HTTPClient client("http://api.test", t);
  long id = 0;
  auto r = client.get("/users").getBody("0.id", &id);
  r.start();
  EXPECT_TRUE(r.running());
  EXPECT_EQ(r.poll(), PollState::InProgress);  // connected, written, nothing came
  EXPECT_GT(t.writtenLength(), 0u);
  const size_t blocks = t.wouldBlocks();
  for (int i = 0; i < 5; ++i) EXPECT_EQ(r.poll(), PollState::InProgress);
  EXPECT_EQ(t.wouldBlocks(), blocks + 5);  // one look each, no spinning inside
  const ehc::WaitFor w = r.waitFor();
  EXPECT_TRUE(w.readable);
  EXPECT_FALSE(w.writable);
  EXPECT_GT(w.until.remainingMs(), 0u);  // the request's deadline, not "now"
  t.elapse(49);
  EXPECT_EQ(r.poll(), PollState::InProgress);
  t.elapse(1);
  EXPECT_EQ(r.poll(), PollState::Done);
  EXPECT_TRUE(r.result().isSuccess());
  EXPECT_EQ(id, 1);
  EXPECT_EQ(client.getStatusCode(), 200);
  EXPECT_FALSE(r.running());
}

// Polls of the numbers request with this budget: how many returned InProgress.
int numberPolls(uint32_t budgetBytes, size_t* responseBytes, long* matches) {
  std::string body = "[";
  for (int i = 0; i < 4000; ++i) body += std::to_string(i) + ",";
  body += "0]";
  const std::string response =
      "HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  *responseBytes = response.size();
  const ScriptStep steps[] = {ScriptStep::data(response.c_str()), ScriptStep::stall(10)};
  ehc::ScriptedTransport t(steps, 2);
  ESP32HTTPClient client("http://api.test", t);
  client.setPollBudget(0, budgetBytes);  // bytes only: deterministic
  *matches = 0;
  auto r = client.get("/n").getBody("*", [matches](const ehc::JsonMatch&) { ++*matches; });
  int polls = 0;
  while (r.poll() == PollState::InProgress && polls < 10000) ++polls;
  EXPECT_TRUE(r.result().isSuccess()) << r.result().message();
  return polls;
}

TEST(ClientPolled, OnePollDoesAtMostItsBudgetOfBytes) {
  size_t bytes = 0;
  long matches = 0;
  EXPECT_EQ(numberPolls(0, &bytes, &matches), 0);  // no budget: all in one poll
  EXPECT_EQ(matches, 4001);
  const int polls = numberPolls(2048, &bytes, &matches);
  EXPECT_EQ(matches, 4001);
  // Each poll stops once 2048 bytes moved (the request written counts too),
  // having read at most one buffer past that.
  EXPECT_GE(static_cast<size_t>(polls), bytes / (2048 + EHC_READ_BUFFER));
  EXPECT_LE(static_cast<size_t>(polls), bytes / 2048 + 1);
}

TEST(ClientPolled, CancelEndsItAndTheClientIsReadyForTheNext) {
  const std::string second = "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{\"id\":42}";
  const ScriptStep steps[] = {
      ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"a\":"),
      ScriptStep::stall(1000), ScriptStep::close(), ScriptStep::data(second.c_str()),
      ScriptStep::stall(10)};
  ehc::ScriptedTransport t(steps, 5);
  ESP32HTTPClient client("http://api.test", t);
  long a = 0, id = 0;
  int errors = 0, responses = 0, lastCode = 0;
  auto r = client.get("/slow")
               .getBody("a", &a)
               .onError([&](int code) {
                 ++errors;
                 lastCode = code;
               })
               .onResponse([&](const RestResult&) { ++responses; });
  EXPECT_EQ(r.poll(), PollState::InProgress);
  EXPECT_EQ(r.poll(), PollState::InProgress);
  r.cancel();
  EXPECT_FALSE(r.running());
  EXPECT_EQ(r.poll(), PollState::Done);
  EXPECT_EQ(r.result().error, ehc::EHC_ERROR_CANCELLED);
  EXPECT_EQ(errors, 1);
  EXPECT_EQ(lastCode, ehc::EHC_ERROR_CANCELLED);
  EXPECT_EQ(responses, 1);
  // Half a response on it: that connection is gone, a new one serves the next.
  const RestResult next = client.get("/id").getBody("id", &id).send();
  EXPECT_TRUE(next.isSuccess()) << next.message();
  EXPECT_EQ(id, 42);
  EXPECT_EQ(t.connects(), 2u);
}

TEST(ClientPolled, ABuilderThatGoesWhileRunningCancelsIt) {
  const ScriptStep steps[] = {ScriptStep::stall(1000), ScriptStep::close(),
                              ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
                              ScriptStep::stall(10)};
  ehc::ScriptedTransport t(steps, 4);
  ESP32HTTPClient client("http://api.test", t);
  {
    auto r = client.get("/slow");
    EXPECT_EQ(r.poll(), PollState::InProgress);
  }
  EXPECT_EQ(client.lastResult().error, ehc::EHC_ERROR_CANCELLED);
  EXPECT_EQ(client.get("/next").send().statusCode, 204);
}

TEST(ClientPolled, ASecondRequestWhileOneRunsIsRefusedAndTheFirstGoesOn) {
  const ScriptStep steps[] = {ScriptStep::gap(), ScriptStep::data(kUsers), ScriptStep::stall(10)};
  ehc::ScriptedTransport t(steps, 3);
  ESP32HTTPClient client("http://api.test", t);
  long id = 0;
  auto r = client.get("/users").getBody("0.id", &id);
  EXPECT_EQ(r.poll(), PollState::InProgress);
  long other = 0;
  const RestResult refused = client.get("/other").getBody("x", &other).send();
  EXPECT_EQ(refused.error, ehc::EHC_ERROR_CLIENT_BUSY);
  pollToEnd(r, t);
  EXPECT_TRUE(r.result().isSuccess()) << r.result().message();
  EXPECT_EQ(id, 1);
  EXPECT_EQ(t.connects(), 1u);
}

TEST(ClientPolled, KeepsTheConnectionAndAllocatesNothingOnceConnected) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  const std::string ok = "HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n{\"v\":12}";
  const ScriptStep steps[] = {ScriptStep::data(ok.c_str()), ScriptStep::gap(),
                              ScriptStep::data(ok.c_str()), ScriptStep::gap(),
                              ScriptStep::data(ok.c_str()), ScriptStep::stall(10)};
  ehc::ScriptedTransport t(steps, 6);
  ESP32HTTPClient client("http://api.test", t);
  long v = 0;
  {
    auto first = client.get("/v").getBody("v", &v);
    pollToEnd(first, t);
    EXPECT_TRUE(first.result().isSuccess());
  }
  for (int k = 0; k < 2; ++k) {
    ehc_test::AllocScope scope;
    v = 0;
    auto r = client.get("/v").getBody("v", &v);
    pollToEnd(r, t);
    EXPECT_TRUE(r.result().isSuccess());
    EXPECT_TRUE(r.result().reused);
    EXPECT_EQ(v, 12);
    EXPECT_EQ(scope.calls(), 0u);
  }
  EXPECT_EQ(t.connects(), 1u);
}

TEST(ClientPolled, ResendsOnADeadKeptConnectionAsTheBlockingCallDoes) {
  const std::string ok = "HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n{\"v\":12}";
  const ScriptStep steps[] = {ScriptStep::data(ok.c_str()), ScriptStep::gap(), ScriptStep::close(),
                              ScriptStep::data(ok.c_str()), ScriptStep::stall(10)};
  ehc::ScriptedTransport t(steps, 5);
  ESP32HTTPClient client("http://api.test", t);
  long v = 0;
  EXPECT_TRUE(client.get("/v").send().isSuccess());
  auto r = client.get("/v").getBody("v", &v);
  pollToEnd(r, t);
  EXPECT_TRUE(r.result().isSuccess()) << r.result().message();
  EXPECT_EQ(v, 12);
  EXPECT_EQ(t.connects(), 2u);
}

TEST(ClientPolled, TheRetryWaitIsADeadlineNotASleep) {
  // The refused connect counts as the first connection: the second reads
  // what follows its close.
  const ScriptStep steps[] = {ScriptStep::close(),
                              ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
                              ScriptStep::stall(10)};
  ehc::ScriptedTransport t(steps, 3);
  t.failConnect(ehc::NetError::Refused);
  ESP32HTTPClient client("http://api.test", t);
  auto r = client.get("/").retry(1);
  EXPECT_EQ(r.poll(), PollState::InProgress);  // refused, now waiting to retry
  const ehc::WaitFor w = r.waitFor();
  EXPECT_EQ(w.fd, -1);
  EXPECT_GT(w.until.remainingMs(), 0u);
  EXPECT_LE(w.until.remainingMs(), uint32_t{EHC_RETRY_BACKOFF_MS});
  t.failConnect(ehc::NetError::Ok);
  int polls = 0;
  while (r.poll() == PollState::InProgress && polls++ < 100000) ehc::sleepMs(1);
  EXPECT_EQ(r.result().statusCode, 204);
  EXPECT_EQ(r.result().attempts, 2);
}

TEST(ClientPolled, TheDeadlineHoldsWhenNobodyWaits) {
  const ScriptStep steps[] = {ScriptStep::stall(1000000)};
  ehc::ScriptedTransport t(steps, 1);
  ESP32HTTPClient client("http://api.test", t);
  auto r = client.get("/").timeout(30);
  int polls = 0;
  while (r.poll() == PollState::InProgress && polls++ < 100000) ehc::sleepMs(1);
  EXPECT_EQ(r.result().error, ehc::EHC_ERROR_READ_TIMEOUT);
  EXPECT_GE(r.result().totalMs, 30u);
}

}  // namespace
