// WiFiClientSecure against a real TLS server (openssl s_server) with a CA and
// a certificate for "localhost" made at test time.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

#include "WiFiClientSecure.h"
#include "tls_server_suite.h"

namespace {

class TlsServer : public ehc_test::TlsServerSuite<TlsServer> {
 protected:
  static void SetUpTestSuite() {
    TlsServerSuite::SetUpTestSuite();
    ca_ = server_->caPem();
    port_ = server_->port();
  }
  static std::string get(WiFiClientSecure& c) {
    c.print("GET / HTTP/1.0\r\n\r\n");
    std::string out;
    const unsigned long start = millis();
    while (millis() - start < 5000 && (c.connected() || c.available())) {
      const int b = c.read();
      if (b >= 0)
        out += static_cast<char>(b);
      else
        delay(1);
    }
    return out;
  }
  static std::string ca_;
  static uint16_t port_;
};
std::string TlsServer::ca_;
uint16_t TlsServer::port_;

TEST_F(TlsServer, VerifiedConnectionWithTheRightCa) {
  WiFiClientSecure client;
  client.setCACert(ca_.c_str());
  ASSERT_EQ(client.connect("localhost", port_), 1) << client.lastError(nullptr, 0);
  const std::string response = get(client);
  EXPECT_EQ(response.rfind("HTTP/1.0 200 ok", 0), 0u) << response.substr(0, 80);
  client.stop();
  EXPECT_FALSE(client.connected());
}

TEST_F(TlsServer, UnknownCaIsRefused) {
  ehc_test::TestCerts other;  // a CA of its own, which did not sign the server's certificate
  std::string made;
  ASSERT_TRUE(other.make(EHC_OPENSSL, &made)) << made;
  WiFiClientSecure client;
  client.setCACert(other.caPem().c_str());
  EXPECT_EQ(client.connect("localhost", port_), 0);
  char why[128];
  EXPECT_NE(client.lastError(why, sizeof why), 0);
  EXPECT_NE(std::string(why).find("X509"), std::string::npos) << why;
}

TEST_F(TlsServer, WrongHostNameIsRefused) {
  WiFiClientSecure client;
  client.setCACert(ca_.c_str());
  EXPECT_EQ(client.connect("127.0.0.1", port_), 0);  // the certificate names "localhost"
  EXPECT_NE(client.lastError(nullptr, 0), 0);
}

TEST_F(TlsServer, InsecureSkipsVerification) {
  WiFiClientSecure client;
  client.setInsecure();
  ASSERT_EQ(client.connect("127.0.0.1", port_), 1);
  EXPECT_EQ(get(client).rfind("HTTP/1.0 200 ok", 0), 0u);
}

}  // namespace
