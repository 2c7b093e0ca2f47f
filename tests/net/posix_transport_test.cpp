// PosixTransport against real sockets on loopback: connect, every address
// tried, refused, timeouts, reset, peer close, no SIGPIPE, no descriptor leak.
#include <arpa/inet.h>
#include <dirent.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "loopback.h"

using ehc::Deadline;
using ehc::NetError;

namespace {

using Listener = ehc_test::LoopbackListener;

using ehc_test::openDescriptors;

TEST(PosixTransport, ConnectWriteReadClose) {
  Listener l;
  ASSERT_TRUE(l.ok());
  ehc::PosixTransport t;
  ASSERT_EQ(t.connect({"127.0.0.1", l.port(), false}, Deadline::in(2000)), NetError::Ok);
  EXPECT_TRUE(t.open());
  const int peer = l.accept();
  ASSERT_GE(peer, 0);
  EXPECT_FALSE(t.peerClosed());
  ASSERT_EQ(t.write(reinterpret_cast<const uint8_t*>("ping"), 4, Deadline::in(1000)), NetError::Ok);
  char in[8] = {};
  EXPECT_EQ(::read(peer, in, sizeof in), 4);
  EXPECT_STREQ(in, "ping");
  ASSERT_EQ(::write(peer, "pong", 4), 4);
  uint8_t buf[16];
  size_t got = 0;
  ASSERT_EQ(t.read(buf, sizeof buf, &got, Deadline::in(1000)), NetError::Ok);
  EXPECT_EQ(std::string(reinterpret_cast<char*>(buf), got), "pong");
  ::close(peer);
  // The peer closed: read says so with 0 bytes, and peerClosed() sees it.
  ASSERT_EQ(t.read(buf, sizeof buf, &got, Deadline::in(1000)), NetError::Ok);
  EXPECT_EQ(got, 0u);
  EXPECT_TRUE(t.peerClosed());
  t.close();
  EXPECT_FALSE(t.open());
  EXPECT_EQ(t.read(buf, sizeof buf, &got, Deadline::in(10)), NetError::NotConnected);
}

TEST(PosixTransport, LocalhostTriesEveryAddress) {
  // Bound to 127.0.0.1 only: if "localhost" gives ::1 first, that one is
  // refused and the next address must be tried.
  Listener l;
  ehc::PosixTransport t;
  EXPECT_EQ(t.connect({"localhost", l.port(), false}, Deadline::in(2000)), NetError::Ok);
  Listener v6(8, true);
  if (v6.ok()) {
    ehc::PosixTransport t6;
    EXPECT_EQ(t6.connect({"::1", v6.port(), false}, Deadline::in(2000)), NetError::Ok);
  }
}

TEST(PosixTransport, RefusedAndBadNames) {
  const uint16_t port = ehc_test::closedLoopbackPort();
  ehc::PosixTransport t;
  EXPECT_EQ(t.connect({"127.0.0.1", port, false}, Deadline::in(2000)), NetError::Refused);
  EXPECT_FALSE(t.open());
  // No host at all: a resolver error, not a crash (no name is looked up).
  EXPECT_EQ(t.connect({nullptr, port, false}, Deadline::in(100)), NetError::DnsFailed);
}

TEST(PosixTransport, ReadTimeoutHonoursTheDeadline) {
  Listener l;
  ehc::PosixTransport t;
  ASSERT_EQ(t.connect({"127.0.0.1", l.port(), false}, Deadline::in(2000)), NetError::Ok);
  const int peer = l.accept();
  uint8_t buf[4];
  size_t got;
  const uint32_t start = ehc::monotonicMs();
  EXPECT_EQ(t.read(buf, sizeof buf, &got, Deadline::in(150)), NetError::ReadTimeout);
  const uint32_t took = ehc::monotonicMs() - start;
  EXPECT_GE(took, 140u);
  EXPECT_LT(took, 1000u);
  ::close(peer);
}

TEST(PosixTransport, ResetIsReported) {
  Listener l;
  ehc::PosixTransport t;
  ASSERT_EQ(t.connect({"127.0.0.1", l.port(), false}, Deadline::in(2000)), NetError::Ok);
  const int peer = l.accept();
  ASSERT_EQ(t.write(reinterpret_cast<const uint8_t*>("x"), 1, Deadline::in(100)), NetError::Ok);
  linger lg{1, 0};  // close with RST
  setsockopt(peer, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
  ::close(peer);
  uint8_t buf[4];
  size_t got;
  EXPECT_EQ(t.read(buf, sizeof buf, &got, Deadline::in(1000)), NetError::Reset);
  // Writing to a dead connection is an error, never a SIGPIPE.
  NetError w = NetError::Ok;
  for (int i = 0; i < 50 && w == NetError::Ok; ++i)
    w = t.write(reinterpret_cast<const uint8_t*>("data"), 4, Deadline::in(100));
  EXPECT_NE(w, NetError::Ok);
}

TEST(PosixTransport, WriteTimeoutWhenThePeerDoesNotRead) {
  Listener l;
  ehc::PosixTransport t;
  ASSERT_EQ(t.connect({"127.0.0.1", l.port(), false}, Deadline::in(2000)), NetError::Ok);
  const int peer = l.accept();
  std::string big(1 << 20, 'x');
  NetError e = NetError::Ok;
  const uint32_t start = ehc::monotonicMs();
  for (int i = 0; i < 64 && e == NetError::Ok; ++i)
    e = t.write(reinterpret_cast<const uint8_t*>(big.data()), big.size(), Deadline::in(200));
  EXPECT_EQ(e, NetError::WriteTimeout);
  EXPECT_LT(ehc::monotonicMs() - start, 5000u);
  ::close(peer);
}

TEST(PosixTransport, ConnectTimeoutWhenTheBacklogIsFull) {
  Listener l(0);  // nobody accepts: once the queue is full, SYNs go unanswered
  std::vector<std::unique_ptr<ehc::PosixTransport>> fillers;
  NetError e = NetError::Ok;
  const uint32_t start = ehc::monotonicMs();
  for (int i = 0; i < 16 && e == NetError::Ok; ++i) {
    fillers.emplace_back(new ehc::PosixTransport);
    e = fillers.back()->connect({"127.0.0.1", l.port(), false}, Deadline::in(300));
  }
  EXPECT_EQ(e, NetError::ConnectTimeout);
  EXPECT_LT(ehc::monotonicMs() - start, 16u * 400u);
}

TEST(Deadline, LongAndNeverDeadlines) {
  EXPECT_FALSE(Deadline::in(0xFFFFFFFFu).expired());  // clamped, not wrapped into the past
  EXPECT_GT(Deadline::in(0xFFFFFFFFu).remainingMs(), 1000000000u);
  EXPECT_FALSE(Deadline::never().expired());
  EXPECT_TRUE(Deadline::in(0).expired());
  EXPECT_EQ(Deadline::never().min(Deadline::in(0)).remainingMs(), 0u);
}

TEST(PosixTransport, NoDescriptorLeaksOverManyConnections) {
  Listener l(128);
  const size_t before = openDescriptors();
  for (int i = 0; i < 10000; ++i) {
    ehc::PosixTransport t;
    ASSERT_EQ(t.connect({"127.0.0.1", l.port(), false}, Deadline::in(2000)), NetError::Ok) << i;
    const int peer = l.accept();
    ::close(peer);
  }
  const uint16_t port = ehc_test::closedLoopbackPort();
  for (int i = 0; i < 1000; ++i) {
    ehc::PosixTransport t;
    ASSERT_EQ(t.connect({"127.0.0.1", port, false}, Deadline::in(500)), NetError::Refused);
  }
  EXPECT_EQ(openDescriptors(), before);
  EXPECT_STREQ(ehc::netErrorName(NetError::ConnectTimeout), "connect_timeout");
}

}  // namespace
