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

}  // namespace
