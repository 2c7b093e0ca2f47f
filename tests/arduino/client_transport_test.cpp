// ArduinoClientTransport over the stand-in WiFiClient (real sockets): the
// "-1 means not yet" and "connected while unread data remains" semantics
// become blocking reads with deadlines.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>

#include "Arduino.h"
#include "ESP32HTTPClient.h"
#include "WiFiClient.h"
#include "loopback.h"

using ehc::Deadline;
using ehc::NetError;

namespace {

TEST(ArduinoClientTransport, ReadsWhatArrivesLateThenSeesTheClose) {
  ehc_test::LoopbackListener s;
  WiFiClient client;
  ehc::ArduinoClientTransport t(client);
  ASSERT_EQ(t.connect({"127.0.0.1", s.port(), false}, Deadline::in(2000)), NetError::Ok);
  const int peer = s.accept();
  ASSERT_EQ(t.write(reinterpret_cast<const uint8_t*>("hello"), 5, Deadline::in(1000)),
            NetError::Ok);
  char in[8] = {};
  EXPECT_EQ(::read(peer, in, sizeof in), 5);
  std::thread slow([peer] {
    usleep(50000);
    (void)!::write(peer, "ab", 2);
    usleep(50000);
    (void)!::write(peer, "cd", 2);
    close(peer);
  });
  std::string got;
  uint8_t buf[16];
  for (;;) {
    size_t n = 0;
    ASSERT_EQ(t.read(buf, sizeof buf, &n, Deadline::in(2000)), NetError::Ok);
    if (n == 0) break;  // closed, and everything was read
    got.append(reinterpret_cast<char*>(buf), n);
  }
  slow.join();
  EXPECT_EQ(got, "abcd");
  EXPECT_TRUE(t.peerClosed());
}

TEST(ArduinoClientTransport, DeadlinesAndRefusal) {
  ehc_test::LoopbackListener s;
  WiFiClient client;
  ehc::ArduinoClientTransport t(client);
  ASSERT_EQ(t.connect({"127.0.0.1", s.port(), false}, Deadline::in(2000)), NetError::Ok);
  const int peer = s.accept();
  EXPECT_FALSE(t.peerClosed());
  uint8_t buf[4];
  size_t n;
  const uint32_t start = ehc::monotonicMs();
  EXPECT_EQ(t.read(buf, sizeof buf, &n, Deadline::in(120)), NetError::ReadTimeout);
  EXPECT_GE(ehc::monotonicMs() - start, 110u);
  close(peer);
  t.close();
  EXPECT_FALSE(t.open());
  const uint16_t closedPort = ehc_test::closedLoopbackPort();
  EXPECT_EQ(t.connect({"127.0.0.1", closedPort, false}, Deadline::in(1000)), NetError::Refused);
}

TEST(ArduinoClientTransport, NonBlockingHalfTellsNothingYetFromClosed) {
  ehc_test::LoopbackListener s;
  WiFiClient client;
  ehc::ArduinoClientTransport t(client);
  // Client::connect blocks (the board's timeout): the connect is done at once.
  ASSERT_EQ(t.startConnect({"127.0.0.1", s.port(), false}, Deadline::in(2000)), NetError::Ok);
  EXPECT_EQ(t.connectStep(), NetError::Ok);
  const int peer = s.accept(1000);
  ASSERT_GE(peer, 0);
  uint8_t buf[16];
  size_t n = 99;
  EXPECT_EQ(t.readSome(buf, sizeof buf, &n), NetError::WouldBlock);  // nothing yet
  EXPECT_EQ(n, 0u);
  // No descriptor to poll: call again within a millisecond.
  const ehc::WaitFor w = t.waitFor();
  EXPECT_EQ(w.fd, -1);
  EXPECT_TRUE(w.readable);
  EXPECT_LE(w.until.remainingMs(), 1u);
  EXPECT_EQ(t.waitReady(Deadline::in(0)), ehc::WaitResult::TimedOut);
  size_t sent = 0;
  ASSERT_EQ(t.writeSome(reinterpret_cast<const uint8_t*>("hi"), 2, &sent), NetError::Ok);
  EXPECT_EQ(sent, 2u);
  char in[4] = {};
  EXPECT_EQ(::read(peer, in, sizeof in), 2);
  ASSERT_EQ(::write(peer, "abc", 3), 3);
  close(peer);
  std::string got;
  NetError e = NetError::WouldBlock;
  for (int i = 0; i < 2000 && e != NetError::Ok; ++i) {  // until the bytes are there
    e = t.readSome(buf, sizeof buf, &n);
    if (e == NetError::WouldBlock) t.waitReady(Deadline::in(2000));
  }
  ASSERT_EQ(e, NetError::Ok);
  got.append(reinterpret_cast<char*>(buf), n);
  while (got.size() < 3 && t.readSome(buf, sizeof buf, &n) == NetError::Ok && n > 0)
    got.append(reinterpret_cast<char*>(buf), n);
  EXPECT_EQ(got, "abc");
  // Everything read and the peer gone: closed (Ok with 0), not "nothing yet".
  e = NetError::WouldBlock;
  for (int i = 0; i < 2000 && e == NetError::WouldBlock; ++i) {
    e = t.readSome(buf, sizeof buf, &n);
    if (e == NetError::WouldBlock) t.waitReady(Deadline::in(2000));
  }
  EXPECT_EQ(e, NetError::Ok);
  EXPECT_EQ(n, 0u);
}

}  // namespace
