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

using ehc::Deadline;
using ehc::NetError;

namespace {

struct Server {
  int fd;
  uint16_t port;
  Server() {
    fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    listen(fd, 4);
    socklen_t len = sizeof a;
    getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    port = ntohs(a.sin_port);
  }
  ~Server() { close(fd); }
};

TEST(ArduinoClientTransport, ReadsWhatArrivesLateThenSeesTheClose) {
  Server s;
  WiFiClient client;
  ehc::ArduinoClientTransport t(client);
  ASSERT_EQ(t.connect({"127.0.0.1", s.port, false}, Deadline::in(2000)), NetError::Ok);
  const int peer = accept(s.fd, nullptr, nullptr);
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
  Server s;
  WiFiClient client;
  ehc::ArduinoClientTransport t(client);
  ASSERT_EQ(t.connect({"127.0.0.1", s.port, false}, Deadline::in(2000)), NetError::Ok);
  const int peer = accept(s.fd, nullptr, nullptr);
  EXPECT_FALSE(t.peerClosed());
  uint8_t buf[4];
  size_t n;
  const uint32_t start = ehc::monotonicMs();
  EXPECT_EQ(t.read(buf, sizeof buf, &n, Deadline::in(120)), NetError::ReadTimeout);
  EXPECT_GE(ehc::monotonicMs() - start, 110u);
  close(peer);
  t.close();
  EXPECT_FALSE(t.open());
  uint16_t closedPort;
  {
    Server gone;
    closedPort = gone.port;
  }
  EXPECT_EQ(t.connect({"127.0.0.1", closedPort, false}, Deadline::in(1000)), NetError::Refused);
}

}  // namespace
