// Expect: 100-continue over the scripted transport, in simulated time: the
// head goes alone, the body only after the 100 (or after the wait for it);
// a final answer first withholds the body and closes the connection. The
// blocking call and the polled one (one engine) give the same outcomes.
#include <gtest/gtest.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "ehc/net/scripted_transport.h"

using ehc::PollState;
using ehc::ScriptStep;

namespace {

const char kContinue[] = "HTTP/1.1 100 Continue\r\n\r\n";
const char kHints[] = "HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n";
const char kCreated[] = "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok";
const char kNoContent[] = "HTTP/1.1 204 No Content\r\n\r\n";
const char kBody[] = "0123456789abcdef0123456789abcdef";  // 32 bytes

// What the upload's source saw: when it was first read, the script steps
// the client had read whole and the bytes it had written.
struct Source {
  ehc::ScriptedTransport* transport = nullptr;
  size_t at = 0;
  int reads = 0;
  size_t stepsReadFirst = 0;
  size_t writtenFirst = 0;
  long read(uint8_t* b, size_t room) {
    if (reads++ == 0) {
      stepsReadFirst = transport->stepsRead();
      writtenFirst = transport->writtenLength();
    }
    const size_t n = std::min(room, strlen(kBody) - at);
    memcpy(b, kBody + at, n);
    at += n;
    return static_cast<long>(n);
  }
};

struct Upload {
  RestResult result;
  Source source;
  std::string written;
  size_t connects = 0;
  size_t headLength = 0;  // of the first request's head
  bool keptOpen = false;  // the connection after the upload
};

// Sends an upload with Expect (blocking or polled), then a GET on the same
// client, over `steps`.
Upload upload(const std::vector<ScriptStep>& steps, bool polled, uint32_t continueMs = 1000,
              bool chunked = false) {
  ehc::ScriptedTransport t(steps.data(), steps.size());
  ESP32HTTPClient client("http://api.test", t);
  client.setContinueTimeout(continueMs);
  Upload run;
  run.source.transport = &t;
  Source* source = &run.source;
  auto request = client.put("/up")
                     .upload([source](uint8_t* b, size_t room) { return source->read(b, room); },
                             chunked ? -1 : static_cast<int64_t>(strlen(kBody)))
                     .expectContinue();
  if (polled) {
    int polls = 0;
    while (request.poll() == PollState::InProgress && polls++ < 100000) {
      t.elapse(1);
      ehc::sleepMs(continueMs > 100 ? 0 : 1);  // a short wait passes in real time
    }
    run.result = request.result();
  } else {
    run.result = request.send();
  }
  run.written = t.written();
  run.keptOpen = t.open();
  run.headLength = run.written.find("\r\n\r\n") + 4;
  client.get("/next").send();
  run.connects = t.connects();
  return run;
}

std::vector<ScriptStep> script(std::initializer_list<ScriptStep> s) {
  return std::vector<ScriptStep>(s);
}

TEST(ExpectContinue, TheBodyGoesAfterTheHundred) {
  for (bool polled : {false, true}) {
    SCOPED_TRACE(polled ? "polled" : "blocking");
    const Upload r =
        upload(script({ScriptStep::gap(), ScriptStep::data(kContinue), ScriptStep::gap(),
                       ScriptStep::data(kCreated), ScriptStep::stall(0),
                       ScriptStep::data(kNoContent), ScriptStep::stall(0)}),
               polled);
    ASSERT_TRUE(r.result.isSuccess()) << r.result.message();
    EXPECT_EQ(r.result.statusCode, 201);
    EXPECT_EQ(r.source.stepsReadFirst, 2u);          // the 100 was read, the 201 not yet
    EXPECT_EQ(r.source.writtenFirst, r.headLength);  // only the head had gone
    EXPECT_NE(r.written.find("Expect: 100-continue\r\n"), std::string::npos);
    EXPECT_EQ(r.written.substr(r.headLength, strlen(kBody)), kBody);
    EXPECT_TRUE(r.keptOpen);
    EXPECT_EQ(r.connects, 1u);  // the connection stays for the next request
  }
}

TEST(ExpectContinue, AnEarlyHintIsNotTheHundred) {
  for (bool polled : {false, true}) {
    SCOPED_TRACE(polled ? "polled" : "blocking");
    const Upload r =
        upload(script({ScriptStep::data(kHints), ScriptStep::gap(), ScriptStep::data(kContinue),
                       ScriptStep::gap(), ScriptStep::data(kCreated), ScriptStep::stall(0),
                       ScriptStep::data(kNoContent), ScriptStep::stall(0)}),
               polled);
    ASSERT_TRUE(r.result.isSuccess()) << r.result.message();
    EXPECT_EQ(r.source.stepsReadFirst, 3u);  // the 103, the gap, then the 100
    EXPECT_EQ(r.source.writtenFirst, r.headLength);
  }
}

// 417, 401, 413 before the body: that answer is the result, the source is
// never read, and the connection closes (the request is unfinished on it).
TEST(ExpectContinue, AFinalAnswerFirstWithholdsTheBody) {
  const char* answers[] = {
      "HTTP/1.1 417 Expectation Failed\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 401 Unauthorized\r\nContent-Length: 6\r\n\r\ndenied",
      "HTTP/1.1 413 Content Too Large\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nbig\r\n0\r\n\r\n"};
  const int statuses[] = {417, 401, 413};
  for (int i = 0; i < 3; ++i) {
    for (bool chunked : {false, true}) {
      for (bool polled : {false, true}) {
        SCOPED_TRACE(std::string(answers[i]).substr(0, 12) + (polled ? " polled" : " blocking") +
                     (chunked ? " chunked" : " sized"));
        const Upload r = upload(
            script({ScriptStep::gap(), ScriptStep::data(answers[i]), ScriptStep::stall(0),
                    ScriptStep::close(), ScriptStep::data(kNoContent), ScriptStep::stall(0)}),
            polled, 1000, chunked);
        EXPECT_EQ(r.result.statusCode, statuses[i]) << r.result.message();
        EXPECT_EQ(r.source.reads, 0);
        EXPECT_EQ(r.written.size(), r.headLength);  // nothing after the head
        EXPECT_FALSE(r.keptOpen);
      }
    }
  }
}

// A server that never answers the Expect: after the wait the body goes
// anyway. Blocking: a 5 s stall against the 1 s wait, in simulated time.
// Polled: a 200 ms stall (simulated, 1 ms a poll) against a 20 ms wait (the
// real clock's; each poll sleeps 1 ms, so a loaded machine only makes the
// wait end sooner against the stall).
TEST(ExpectContinue, NoHundredInTimeSendsTheBodyAnyway) {
  for (bool polled : {false, true}) {
    SCOPED_TRACE(polled ? "polled" : "blocking");
    const Upload r =
        upload(script({ScriptStep::stall(polled ? 200 : 5000), ScriptStep::data(kCreated),
                       ScriptStep::stall(0), ScriptStep::data(kNoContent), ScriptStep::stall(0)}),
               polled, polled ? 20 : 1000);
    EXPECT_EQ(r.result.statusCode, 201) << r.result.message();
    EXPECT_EQ(r.source.stepsReadFirst, polled ? 0u : 1u);  // the stall passed, or goes on
    EXPECT_EQ(r.written.substr(r.headLength), kBody);
    EXPECT_EQ(r.connects, 1u);
  }
}

// The request's own deadline ends before the wait for the 100 would: a
// read timeout, not a body sent late.
TEST(ExpectContinue, TheDeadlineBeforeTheWaitIsATimeout) {
  const std::vector<ScriptStep> steps = {ScriptStep::stall(5000), ScriptStep::data(kCreated)};
  ehc::ScriptedTransport t(steps.data(), steps.size());
  ESP32HTTPClient client("http://api.test", t);
  Source source;
  source.transport = &t;
  const RestResult r =
      client.put("/up")
          .upload([&](uint8_t* b, size_t room) { return source.read(b, room); }, strlen(kBody))
          .expectContinue()
          .timeout(500)
          .retry(0)
          .send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_READ_TIMEOUT);
  EXPECT_EQ(source.reads, 0);
}

// Without a wait (setContinueTimeout(0)) the body follows the head at once,
// Expect still sent: what the library did before.
TEST(ExpectContinue, AZeroWaitSendsTheBodyAtOnce) {
  const Upload r =
      upload(script({ScriptStep::gap(), ScriptStep::data(kCreated), ScriptStep::stall(0),
                     ScriptStep::data(kNoContent), ScriptStep::stall(0)}),
             false, 0);
  EXPECT_EQ(r.result.statusCode, 201);
  EXPECT_EQ(r.source.stepsReadFirst, 0u);
  EXPECT_EQ(r.written.substr(r.headLength), kBody);
  EXPECT_NE(r.written.find("Expect: 100-continue\r\n"), std::string::npos);
}

}  // namespace
