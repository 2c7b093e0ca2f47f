// The stand-in must behave like the real core where the library depends on it.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "Arduino.h"
#include "WiFiClient.h"
#include "loopback.h"

namespace {

TEST(StandIn, StringBasics) {
  String s("Hello");
  s += ", ";
  s += 42;
  s.concat(" world", 6);
  EXPECT_STREQ(s.c_str(), "Hello, 42 world");
  EXPECT_EQ(s.length(), 15u);
  EXPECT_EQ(s.indexOf("42"), 7);
  EXPECT_EQ(s.substring(7, 9), String("42"));
  EXPECT_TRUE(s.startsWith("Hell"));
  EXPECT_TRUE(s.endsWith("world"));
  String n(" 123 ");
  n.trim();
  EXPECT_EQ(n.toInt(), 123);
  EXPECT_EQ(String(-5), "-5");
  EXPECT_EQ(String(255, 16), "FF");
  EXPECT_EQ(String(3.14159, 3), "3.142");
}

using Listener = ehc_test::LoopbackListener;

TEST(StandIn, WiFiClientReadsLikeTheCore) {
  Listener server;
  WiFiClient client;
  ASSERT_EQ(client.connect("127.0.0.1", server.port()), 1);
  const int peer = server.accept();
  ASSERT_GE(peer, 0);
  EXPECT_EQ(client.read(), -1);  // nothing yet: -1, not a block
  EXPECT_EQ(client.available(), 0);
  EXPECT_TRUE(client.connected());
  ASSERT_EQ(write(peer, "abc", 3), 3);
  const unsigned long start = millis();
  while (client.available() < 3 && millis() - start < 2000) delay(1);
  EXPECT_EQ(client.available(), 3);
  close(peer);  // peer gone, but unread data keeps the client "connected"
  delay(20);
  EXPECT_TRUE(client.connected());
  EXPECT_EQ(client.read(), 'a');
  uint8_t rest[8];
  EXPECT_EQ(client.read(rest, sizeof rest), 2);
  EXPECT_FALSE(client.connected());
  client.stop();
  EXPECT_FALSE(static_cast<bool>(client));
}

TEST(StandIn, WiFiClientWritesToThePeer) {
  Listener server;
  WiFiClient client;
  ASSERT_EQ(client.connect("localhost", server.port()), 1);
  const int peer = server.accept();
  EXPECT_EQ(client.print("GET / HTTP/1.1\r\n"), 16u);
  char buf[32] = {};
  EXPECT_EQ(read(peer, buf, sizeof buf), 16);
  EXPECT_STREQ(buf, "GET / HTTP/1.1\r\n");
  close(peer);
}

TEST(StandIn, WiFiClientConnectToClosedPortFails) {
  const uint16_t port = ehc_test::closedLoopbackPort();
  WiFiClient client;
  EXPECT_EQ(client.connect("127.0.0.1", port), 0);
  EXPECT_FALSE(client.connected());
}

}  // namespace
