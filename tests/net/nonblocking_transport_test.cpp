// The transports' non-blocking half: PosixTransport on loopback (a connect
// under way then done, WouldBlock on an idle socket, short writes into a full
// socket buffer, one poll() over several connections) and the scripted test
// double (gaps and stalls in simulated time, a slow connect, short writes).
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "ehc/net/scripted_transport.h"
#include "event_loop.h"
#include "loopback.h"

using ehc::Deadline;
using ehc::NetError;
using ehc::ScriptStep;

namespace {

bool socketReady(int fd, short events) {
  pollfd p{fd, events, 0};
  return poll(&p, 1, 0) == 1;
}

TEST(PosixNonBlocking, ConnectUnderWayThenReady) {
  ehc_test::LoopbackListener l;
  ehc::PosixTransport t;
  NetError e = t.startConnect({"127.0.0.1", l.port(), false}, Deadline::in(2000));
  // Loopback may finish at once; while it does not, the transport waits to
  // write on its socket and is not open yet.
  int steps = 0;
  for (; e == NetError::WouldBlock && steps < 1000; ++steps) {
    const ehc::WaitFor w = t.waitFor();
    EXPECT_GE(w.fd, 0);
    EXPECT_TRUE(w.writable);
    EXPECT_FALSE(t.open());
    ehc_test::pollTransports({&t}, 1000);
    e = t.connectStep();
  }
  ASSERT_EQ(e, NetError::Ok) << steps;
  EXPECT_TRUE(t.open());
  EXPECT_EQ(t.connectStep(), NetError::Ok);  // done stays done
  EXPECT_GE(l.accept(1000), 0);
}

TEST(PosixNonBlocking, AConnectNobodyAnswersWaitsThenTimesOutAtItsDeadline) {
  ehc_test::LoopbackListener l(0);  // nobody accepts: once the queue is full, SYNs go unanswered
  std::vector<std::unique_ptr<ehc::PosixTransport>> fillers;
  for (int i = 0; i < 16; ++i) {
    fillers.emplace_back(new ehc::PosixTransport);
    if (fillers.back()->connect({"127.0.0.1", l.port(), false}, Deadline::in(300)) != NetError::Ok)
      break;
  }
  ehc::PosixTransport t;
  ASSERT_EQ(t.startConnect({"127.0.0.1", l.port(), false}, Deadline::in(300)),
            NetError::WouldBlock);
  EXPECT_EQ(t.connectStep(), NetError::WouldBlock);  // nothing happened: nothing to do
  const ehc::WaitFor w = t.waitFor();
  EXPECT_TRUE(w.writable);
  EXPECT_LE(w.until.remainingMs(), 300u);  // an event loop wakes it at its deadline
  const ehc_test::Drive d = ehc_test::connectByPolling(t, {"127.0.0.1", l.port(), false}, 300);
  EXPECT_EQ(d.result, NetError::ConnectTimeout);
  EXPECT_GT(d.polls, 0);
  EXPECT_FALSE(t.open());
  EXPECT_EQ(t.waitFor().fd, -1);  // the socket is closed
}

TEST(PosixNonBlocking, ReadSomeSaysWouldBlockOnAnIdleSocket) {
  ehc_test::LoopbackListener l;
  ehc::PosixTransport t;
  ASSERT_EQ(t.connect({"127.0.0.1", l.port(), false}, Deadline::in(2000)), NetError::Ok);
  const int peer = l.accept(1000);
  ASSERT_GE(peer, 0);
  uint8_t buf[16];
  size_t got = 99;
  EXPECT_EQ(t.readSome(buf, sizeof buf, &got), NetError::WouldBlock);
  EXPECT_EQ(got, 0u);
  const ehc::WaitFor w = t.waitFor();
  EXPECT_TRUE(w.readable);
  EXPECT_FALSE(w.writable);
  EXPECT_FALSE(socketReady(w.fd, POLLIN));
  // Nothing came: the wait ends at the caller's deadline.
  EXPECT_EQ(t.waitReady(Deadline::in(20)), ehc::WaitResult::TimedOut);
  ASSERT_EQ(::write(peer, "abc", 3), 3);
  EXPECT_EQ(t.waitReady(Deadline::in(2000)), ehc::WaitResult::Ready);
  ASSERT_EQ(t.readSome(buf, sizeof buf, &got), NetError::Ok);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(buf), got), "abc");
  EXPECT_EQ(t.readSome(buf, sizeof buf, &got), NetError::WouldBlock);
  ::close(peer);
  ASSERT_TRUE(socketReady(w.fd, POLLIN) ||
              t.waitReady(Deadline::in(2000)) == ehc::WaitResult::Ready);
  EXPECT_EQ(t.readSome(buf, sizeof buf, &got), NetError::Ok);  // closed: Ok with 0 bytes
  EXPECT_EQ(got, 0u);
}

TEST(PosixNonBlocking, ReadsWhatIsThereWithoutWaitingAndAtMostABufferAStep) {
  ehc_test::LoopbackListener l;
  ehc::PosixTransport t;
  ASSERT_EQ(t.connect({"127.0.0.1", l.port(), false}, Deadline::in(2000)), NetError::Ok);
  const int peer = l.accept(1000);
  ASSERT_GE(peer, 0);
  const std::string sent(60000, 'x');
  ASSERT_EQ(::write(peer, sent.data(), sent.size()), static_cast<ssize_t>(sent.size()));
  ASSERT_EQ(t.waitReady(Deadline::in(2000)), ehc::WaitResult::Ready);
  // The bytes are there: every step takes its buffer's worth, none waits.
  size_t total = 0;
  int steps = 0;
  for (; total < sent.size() && steps < 1000; ++steps) {
    uint8_t buf[512];
    size_t got = 0;
    const NetError e = t.readSome(buf, sizeof buf, &got);
    if (e == NetError::WouldBlock) {  // loopback delivers in segments: wait only then
      ASSERT_EQ(t.waitReady(Deadline::in(2000)), ehc::WaitResult::Ready);
      continue;
    }
    ASSERT_EQ(e, NetError::Ok);
    ASSERT_LE(got, sizeof buf);
    total += got;
  }
  EXPECT_EQ(total, sent.size());
  EXPECT_GE(steps, static_cast<int>(sent.size() / 512));
  ::close(peer);
}

TEST(PosixNonBlocking, ShortWritesIntoAFullSocketBufferThenWouldBlock) {
  ehc_test::LoopbackListener l;
  ehc::PosixTransport t;
  ASSERT_EQ(t.connect({"127.0.0.1", l.port(), false}, Deadline::in(2000)), NetError::Ok);
  const int peer = l.accept(1000);
  ASSERT_GE(peer, 0);
  const std::string big(1 << 20, 'y');
  size_t written = 0;
  bool partial = false;
  NetError e = NetError::Ok;
  for (int i = 0; i < 64 && e == NetError::Ok; ++i) {
    size_t sent = 0;
    e = t.writeSome(reinterpret_cast<const uint8_t*>(big.data()), big.size(), &sent);
    if (e == NetError::Ok) {
      EXPECT_GT(sent, 0u);
      partial = partial || sent < big.size();
      written += sent;
    }
  }
  // The peer reads nothing: the kernel took part of a write, then nothing.
  ASSERT_EQ(e, NetError::WouldBlock);
  EXPECT_TRUE(partial);
  const ehc::WaitFor w = t.waitFor();
  EXPECT_TRUE(w.writable);
  EXPECT_FALSE(socketReady(w.fd, POLLOUT));
  EXPECT_EQ(t.waitReady(Deadline::in(20)), ehc::WaitResult::TimedOut);
  // The peer reads everything: the socket takes more, every byte arrives once.
  size_t received = 0;
  std::vector<char> sink(1 << 16);
  while (received < written) {
    const ssize_t n = ::read(peer, sink.data(), sink.size());
    ASSERT_GT(n, 0);
    received += static_cast<size_t>(n);
  }
  EXPECT_EQ(received, written);
  ASSERT_EQ(t.waitReady(Deadline::in(2000)), ehc::WaitResult::Ready);
  size_t sent = 0;
  EXPECT_EQ(t.writeSome(reinterpret_cast<const uint8_t*>("z"), 1, &sent), NetError::Ok);
  EXPECT_EQ(sent, 1u);
  ::close(peer);
}

TEST(PosixNonBlocking, OnePollServesSeveralConnections) {
  ehc_test::LoopbackListener l;
  constexpr int kConnections = 4;
  ehc::PosixTransport ts[kConnections];
  int peers[kConnections];
  std::vector<ehc::Transport*> all;
  for (int i = 0; i < kConnections; ++i) {
    ASSERT_EQ(ts[i].connect({"127.0.0.1", l.port(), false}, Deadline::in(2000)), NetError::Ok);
    peers[i] = l.accept(1000);
    ASSERT_GE(peers[i], 0);
    all.push_back(&ts[i]);
  }
  std::string got[kConnections];
  uint8_t buf[64];
  size_t n = 0;
  for (ehc::Transport* t : all) ASSERT_EQ(t->readSome(buf, sizeof buf, &n), NetError::WouldBlock);
  // Peers answer in reverse order; one loop, one poll() a round, serves each.
  for (int i = kConnections - 1; i >= 0; --i) {
    const std::string answer = "answer " + std::to_string(i);
    ASSERT_EQ(::write(peers[i], answer.data(), answer.size()), static_cast<ssize_t>(answer.size()));
    ::close(peers[i]);
  }
  int open = kConnections, rounds = 0;
  for (; open > 0 && rounds < 100; ++rounds) {
    ASSERT_GT(ehc_test::pollTransports(all, 2000), 0);
    for (int i = 0; i < kConnections; ++i) {
      if (!ts[i].open()) continue;
      const NetError e = ts[i].readSome(buf, sizeof buf, &n);
      if (e == NetError::WouldBlock) continue;
      ASSERT_EQ(e, NetError::Ok);
      if (n == 0) {
        ts[i].close();
        --open;
        all.erase(std::find(all.begin(), all.end(), &ts[i]));
      }
      got[i].append(reinterpret_cast<char*>(buf), n);
    }
  }
  for (int i = 0; i < kConnections; ++i) EXPECT_EQ(got[i], "answer " + std::to_string(i));
}

TEST(PosixNonBlocking, NotConnectedAndRefusedWithoutBlocking) {
  ehc::PosixTransport t;
  uint8_t buf[4];
  size_t n = 0;
  EXPECT_EQ(t.readSome(buf, sizeof buf, &n), NetError::NotConnected);
  EXPECT_EQ(t.writeSome(buf, sizeof buf, &n), NetError::NotConnected);
  EXPECT_EQ(t.connectStep(), NetError::NotConnected);
  EXPECT_EQ(t.waitReady(Deadline::in(10)), ehc::WaitResult::Failed);
  const ehc_test::Drive d =
      ehc_test::connectByPolling(t, {"127.0.0.1", ehc_test::closedLoopbackPort(), false}, 2000);
  EXPECT_EQ(d.result, NetError::Refused);
  EXPECT_FALSE(t.open());
}

// --- the scripted double ---------------------------------------------------

TEST(ScriptedNonBlocking, AGapIsNothingYetUntilTimePasses) {
  const ScriptStep steps[] = {ScriptStep::data("ab"), ScriptStep::gap(), ScriptStep::data("cd")};
  ehc::ScriptedTransport t(steps, 3);
  ASSERT_EQ(t.startConnect({"h", 80, false}, Deadline::in(100)), NetError::Ok);
  uint8_t buf[8];
  size_t n = 0;
  ASSERT_EQ(t.readSome(buf, sizeof buf, &n), NetError::Ok);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(buf), n), "ab");
  // However often it is asked, the gap gives nothing until time passes.
  for (int i = 0; i < 3; ++i) EXPECT_EQ(t.readSome(buf, sizeof buf, &n), NetError::WouldBlock);
  EXPECT_EQ(t.wouldBlocks(), 3u);
  EXPECT_EQ(t.waitFor().fd, -1);
  EXPECT_TRUE(t.waitFor().readable);
  t.elapse(0);
  ASSERT_EQ(t.readSome(buf, sizeof buf, &n), NetError::Ok);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(buf), n), "cd");
  EXPECT_EQ(t.readSome(buf, sizeof buf, &n), NetError::Ok);  // the script is over: closed
  EXPECT_EQ(n, 0u);
}

TEST(ScriptedNonBlocking, AStallEndsWhenItsTimeHasPassed) {
  const ScriptStep steps[] = {ScriptStep::stall(100), ScriptStep::data("x")};
  ehc::ScriptedTransport t(steps, 2);
  ASSERT_EQ(t.startConnect({"h", 80, false}, Deadline::in(100)), NetError::Ok);
  uint8_t buf[4];
  size_t n = 0;
  EXPECT_EQ(t.readSome(buf, sizeof buf, &n), NetError::WouldBlock);
  t.elapse(60);
  EXPECT_EQ(t.readSome(buf, sizeof buf, &n), NetError::WouldBlock);
  t.elapse(40);
  ASSERT_EQ(t.readSome(buf, sizeof buf, &n), NetError::Ok);
  EXPECT_EQ(n, 1u);
}

TEST(ScriptedNonBlocking, WaitingPastTheDeadlineTimesOutAndUsesTheStallUp) {
  const ScriptStep steps[] = {ScriptStep::stall(5000), ScriptStep::data("late")};
  ehc::ScriptedTransport t(steps, 2);
  ASSERT_EQ(t.startConnect({"h", 80, false}, Deadline::in(100)), NetError::Ok);
  uint8_t buf[8];
  size_t n = 0;
  EXPECT_EQ(t.readSome(buf, sizeof buf, &n), NetError::WouldBlock);
  EXPECT_EQ(t.waitReady(Deadline::in(1000)), ehc::WaitResult::TimedOut);
  ASSERT_EQ(t.readSome(buf, sizeof buf, &n), NetError::Ok);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(buf), n), "late");
}

TEST(ScriptedNonBlocking, ASlowConnectTakesSimulatedTime) {
  const ScriptStep steps[] = {ScriptStep::data("x")};
  ehc::ScriptedTransport t(steps, 1);
  t.setConnectDelay(50);
  ASSERT_EQ(t.startConnect({"h", 80, false}, Deadline::in(1000)), NetError::WouldBlock);
  EXPECT_FALSE(t.open());
  EXPECT_EQ(t.connectStep(), NetError::WouldBlock);
  t.elapse(49);
  EXPECT_EQ(t.connectStep(), NetError::WouldBlock);
  t.elapse(1);
  EXPECT_EQ(t.connectStep(), NetError::Ok);
  EXPECT_TRUE(t.open());
  // Blocking: within the deadline it connects, past it it times out.
  EXPECT_EQ(t.connect({"h", 80, false}, Deadline::in(1000)), NetError::Ok);
  EXPECT_EQ(t.connect({"h", 80, false}, Deadline::in(10)), NetError::ConnectTimeout);
  EXPECT_FALSE(t.open());
  t.close();
  EXPECT_EQ(t.connectStep(), NetError::NotConnected);  // a closed one does not reopen
}

TEST(ScriptedNonBlocking, ShortWritesWithGapsStillWriteEverythingOnce) {
  const ScriptStep steps[] = {ScriptStep::data("x")};
  ehc::ScriptedTransport t(steps, 1);
  t.setMaxWrite(3);
  t.setWriteWouldBlock(true);
  ASSERT_EQ(t.connect({"h", 80, false}, Deadline::in(100)), NetError::Ok);
  size_t sent = 0;
  ASSERT_EQ(t.writeSome(reinterpret_cast<const uint8_t*>("hello"), 5, &sent), NetError::Ok);
  EXPECT_EQ(sent, 3u);
  EXPECT_EQ(t.writeSome(reinterpret_cast<const uint8_t*>("lo"), 2, &sent), NetError::WouldBlock);
  EXPECT_TRUE(t.waitFor().writable);
  EXPECT_EQ(t.waitReady(Deadline::in(100)), ehc::WaitResult::Ready);
  ASSERT_EQ(t.writeSome(reinterpret_cast<const uint8_t*>("lo"), 2, &sent), NetError::Ok);
  EXPECT_EQ(sent, 2u);
  // The blocking write goes through the same gaps.
  EXPECT_EQ(t.write(reinterpret_cast<const uint8_t*>(" world"), 6, Deadline::in(100)),
            NetError::Ok);
  EXPECT_STREQ(t.written(), "hello world");
  EXPECT_GE(t.wouldBlocks(), 3u);
}

}  // namespace
