// PosixTransport's read-ahead (EHC_SOCKET_READAHEAD) over real loopback
// sockets: one recv() takes what the socket has (the kernel's queue is
// empty after it, FIONREAD), and the bytes it holds behave as if they were
// still in the socket: in order across reads of any size (lent views
// included), before the close or the reset that followed them, a
// connection not idle (peerClosed), a wait for reading that ends at once,
// and gone after close().
#include <gtest/gtest.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>

#include "ESP32HTTPClient.h"
#include "loopback.h"

using ehc::Deadline;
using ehc::NetError;
using ehc::WaitResult;

namespace {

static_assert(EHC_SOCKET_READAHEAD >= 4096, "these tests need the host's read-ahead");

// Bytes the kernel still holds for the transport's socket.
int queued(const ehc::PosixTransport& t) {
  int n = -1;
  return ioctl(t.descriptor(), FIONREAD, &n) == 0 ? n : -1;
}

// A connected transport and the peer's end of it.
struct Pair {
  ehc_test::LoopbackListener listener;
  ehc::PosixTransport t;
  int peer = -1;
  Pair() {
    if (t.connect({"127.0.0.1", listener.port(), false}, Deadline::in(2000)) == NetError::Ok)
      peer = listener.accept(2000);
  }
  ~Pair() {
    if (peer >= 0) ::close(peer);
  }
  // The peer sends `bytes`; returns once the transport's socket has them all.
  bool send(const std::string& bytes) {
    if (::write(peer, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size()))
      return false;
    for (int i = 0; i < 2000; ++i) {
      if (queued(t) >= static_cast<int>(bytes.size())) return true;
      usleep(1000);
    }
    return false;
  }
  std::string readSome(size_t size) {
    std::string out(size, '\0');
    size_t got = 0;
    EXPECT_EQ(t.read(reinterpret_cast<uint8_t*>(&out[0]), size, &got, Deadline::in(2000)),
              NetError::Ok);
    out.resize(got);
    return out;
  }
};

// Byte i of the test stream: no period a misplaced read could hide in.
char patternAt(size_t i) {
  return static_cast<char>((i * 7 + i / 251 + i / 65521) & 0xFF);
}

TEST(PosixReadAhead, OneRecvTakesWhatTheSocketHasAndServesTheReadsAfterIt) {
  Pair p;
  ASSERT_GE(p.peer, 0);
  std::string sent(10000, '\0');
  for (size_t i = 0; i < sent.size(); ++i) sent[i] = patternAt(i);
  ASSERT_TRUE(p.send(sent));
  EXPECT_EQ(p.readSome(512), sent.substr(0, 512));
  EXPECT_EQ(queued(p.t), 0);  // all of it came out in that one recv()
  EXPECT_EQ(p.t.buffered(), sent.size() - 512);
  std::string rest;
  while (rest.size() < sent.size() - 512) {
    size_t got = 0;
    uint8_t buf[700];
    // Nothing left in the socket, yet no read says WouldBlock while bytes are held.
    ASSERT_EQ(p.t.readSome(buf, sizeof buf, &got), NetError::Ok);
    ASSERT_GT(got, 0u);
    rest.append(reinterpret_cast<char*>(buf), got);
  }
  EXPECT_EQ(rest, sent.substr(512));
  uint8_t b;
  size_t got = 0;
  EXPECT_EQ(p.t.readSome(&b, 1, &got), NetError::WouldBlock);
}

TEST(PosixReadAhead, BytesComeInOrderAcrossReadsOfManySizesThenTheClose) {
  Pair p;
  ASSERT_GE(p.peer, 0);
  const size_t total = 300000;
  std::string sent(total, '\0');
  for (size_t i = 0; i < total; ++i) sent[i] = patternAt(i);
  std::thread writer([&] {
    EXPECT_EQ(::write(p.peer, sent.data(), sent.size()), static_cast<ssize_t>(total));
    ::shutdown(p.peer, SHUT_WR);
  });
  // Smaller than the read-ahead, its size and larger (straight from the
  // socket when nothing is held, else the bytes held), and lent views of it.
  const size_t sizes[] = {
      1, EHC_SOCKET_READAHEAD, 3,   EHC_SOCKET_READAHEAD + 5000, 511, 512, EHC_SOCKET_READAHEAD - 1,
      7, 0 /* a view */,       2048};
  std::string got;
  std::string buf(EHC_SOCKET_READAHEAD + 5000, '\0');
  uint8_t* scratch = reinterpret_cast<uint8_t*>(&buf[0]);
  bool closed = false;
  for (size_t i = 0; !closed && i < 100000; ++i) {
    const size_t size = sizes[i % (sizeof sizes / sizeof sizes[0])];
    size_t n = 0;
    const uint8_t* data = scratch;
    NetError e;
    if (size == 0)
      e = p.t.readView(scratch, 64, &data, &n);
    else
      e = p.t.readSome(scratch, size, &n);
    if (e == NetError::WouldBlock) {
      ASSERT_EQ(p.t.waitReady(Deadline::in(5000)), WaitResult::Ready);
      continue;
    }
    ASSERT_EQ(e, NetError::Ok);
    if (size != 0) ASSERT_LE(n, size);
    closed = n == 0;
    got.append(reinterpret_cast<const char*>(data), n);
  }
  writer.join();
  EXPECT_TRUE(closed);
  ASSERT_EQ(got.size(), total);
  EXPECT_TRUE(got == sent) << "bytes out of order";
}

TEST(PosixReadAhead, TheCloseComesAfterTheBytesHeld) {
  Pair p;
  ASSERT_GE(p.peer, 0);
  ASSERT_TRUE(p.send(std::string(1000, 'a')));
  ::close(p.peer);
  p.peer = -1;
  EXPECT_EQ(p.readSome(10), std::string(10, 'a'));
  EXPECT_EQ(p.t.buffered(), 990u);
  // Not idle: bytes nobody asked for (the peer's close is behind them).
  EXPECT_TRUE(p.t.peerClosed());
  EXPECT_EQ(p.readSome(4000), std::string(990, 'a'));
  EXPECT_EQ(p.readSome(4000), "");  // then the close: Ok with 0 bytes
}

TEST(PosixReadAhead, AResetComesAfterTheBytesHeld) {
  Pair p;
  ASSERT_GE(p.peer, 0);
  ASSERT_TRUE(p.send(std::string(100, 'r')));
  EXPECT_EQ(p.readSome(1), "r");
  linger lg{1, 0};  // close with RST
  setsockopt(p.peer, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
  ::close(p.peer);
  p.peer = -1;
  EXPECT_EQ(p.readSome(1000), std::string(99, 'r'));
  uint8_t buf[16];
  size_t got = 0;
  EXPECT_EQ(p.t.read(buf, sizeof buf, &got, Deadline::in(2000)), NetError::Reset);
}

TEST(PosixReadAhead, BytesHeldMakeTheConnectionNotIdle) {
  Pair p;
  ASSERT_GE(p.peer, 0);
  EXPECT_FALSE(p.t.peerClosed());
  ASSERT_TRUE(p.send(std::string(100, 'x')));
  EXPECT_EQ(p.readSome(1), "x");
  ASSERT_EQ(queued(p.t), 0);
  EXPECT_TRUE(p.t.peerClosed());  // 99 bytes no request asked for: not reusable
  EXPECT_EQ(p.readSome(200), std::string(99, 'x'));
  EXPECT_FALSE(p.t.peerClosed());  // read up: idle and open again
}

TEST(PosixReadAhead, AWaitForReadingEndsAtOnceWhileBytesAreHeld) {
  Pair p;
  ASSERT_GE(p.peer, 0);
  uint8_t b;
  size_t got = 0;
  ASSERT_EQ(p.t.readSome(&b, 1, &got), NetError::WouldBlock);  // waits to read from now on
  ASSERT_TRUE(p.send(std::string(100, 'w')));
  EXPECT_EQ(p.readSome(1), "w");
  ASSERT_EQ(queued(p.t), 0);  // poll() on the socket would wait now
  // An event loop is told to call again now, not to poll the socket...
  const ehc::WaitFor w = p.t.waitFor();
  EXPECT_TRUE(w.until.expired());
  // ...and a blocking wait does not wait for the socket.
  EXPECT_EQ(p.t.waitReady(Deadline::in(3000)), WaitResult::Ready);
  EXPECT_EQ(p.readSome(200), std::string(99, 'w'));
  EXPECT_FALSE(p.t.waitFor().until.expired());
  EXPECT_EQ(p.t.waitReady(Deadline::in(20)), WaitResult::TimedOut);  // nothing more
}

TEST(PosixReadAhead, CloseDropsTheBytesHeld) {
  Pair p;
  ASSERT_GE(p.peer, 0);
  ASSERT_TRUE(p.send("first connection"));
  EXPECT_EQ(p.readSome(5), "first");
  EXPECT_GT(p.t.buffered(), 0u);
  p.t.close();
  EXPECT_EQ(p.t.buffered(), 0u);
  uint8_t b;
  size_t got = 0;
  EXPECT_EQ(p.t.readSome(&b, 1, &got), NetError::NotConnected);
  // A new connection reads its own bytes only.
  ASSERT_EQ(p.t.connect({"127.0.0.1", p.listener.port(), false}, Deadline::in(2000)), NetError::Ok);
  const int second = p.listener.accept(2000);
  ASSERT_GE(second, 0);
  ASSERT_EQ(::write(second, "second", 6), 6);
  EXPECT_EQ(p.readSome(100), "second");
  ::close(second);
}

TEST(PosixReadAhead, ALentViewIsTheBytesHeldWithoutACopy) {
  Pair p;
  ASSERT_GE(p.peer, 0);
  ASSERT_TRUE(p.send(std::string(3000, 'v')));
  uint8_t scratch[64];
  const uint8_t* data = nullptr;
  size_t got = 0;
  // All 3000 bytes from one recv(), though the scratch holds 64.
  ASSERT_EQ(p.t.readView(scratch, sizeof scratch, &data, &got), NetError::Ok);
  EXPECT_EQ(got, 3000u);
  EXPECT_NE(data, scratch);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(data), got), std::string(3000, 'v'));
  EXPECT_EQ(p.t.buffered(), 0u);  // lent bytes count as read
  EXPECT_EQ(p.t.readView(scratch, sizeof scratch, &data, &got), NetError::WouldBlock);
  // A read as large as the read-ahead goes to the socket: into the scratch.
  ASSERT_TRUE(p.send("big"));
  std::string big(EHC_SOCKET_READAHEAD, '\0');
  uint8_t* to = reinterpret_cast<uint8_t*>(&big[0]);
  ASSERT_EQ(p.t.readView(to, big.size(), &data, &got), NetError::Ok);
  EXPECT_EQ(data, to);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(data), got), "big");
}

}  // namespace
