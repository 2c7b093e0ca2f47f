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
#include "loopback.h"

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class TlsServer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/ehc-tls-XXXXXX";
    dir_ = mkdtemp(tmpl);
    const std::string o = EHC_OPENSSL, d = dir_;
    const std::string script =
        o + " req -x509 -newkey rsa:2048 -nodes -keyout " + d + "/ca.key -out " + d +
        "/ca.pem -days 2 -subj /CN=ehc-test-ca 2>/dev/null && " + o +
        " req -newkey rsa:2048 -nodes -keyout " + d + "/leaf.key -out " + d +
        "/leaf.csr -subj /CN=localhost 2>/dev/null && printf 'subjectAltName=DNS:localhost\\n' > " +
        d + "/ext && " + o + " x509 -req -in " + d + "/leaf.csr -CA " + d + "/ca.pem -CAkey " + d +
        "/ca.key -CAcreateserial -days 2 -extfile " + d + "/ext -out " + d +
        "/leaf.pem 2>/dev/null";
    ASSERT_EQ(system(script.c_str()), 0) << "openssl could not make the test certificates";
    ca_ = slurp(d + "/ca.pem");
    port_ = ehc_test::closedLoopbackPort();
    pid_ = fork();
    if (pid_ == 0) {
      freopen("/dev/null", "w", stdout);
      freopen("/dev/null", "w", stderr);
      const std::string accept = "127.0.0.1:" + std::to_string(port_);
      execl(EHC_OPENSSL, "openssl", "s_server", "-accept", accept.c_str(), "-cert",
            (d + "/leaf.pem").c_str(), "-key", (d + "/leaf.key").c_str(), "-www", nullptr);
      _exit(127);
    }
    // Wait (bounded) until it listens.
    for (int i = 0; i < 100; ++i) {
      WiFiClient probe;
      if (probe.connect("127.0.0.1", port_)) return;
      delay(50);
    }
    FAIL() << "openssl s_server did not start";
  }
  static void TearDownTestSuite() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    system(("rm -rf " + dir_).c_str());
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
  static std::string dir_, ca_;
  static uint16_t port_;
  static pid_t pid_;
};
std::string TlsServer::dir_, TlsServer::ca_;
uint16_t TlsServer::port_;
pid_t TlsServer::pid_;

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
  WiFiClientSecure client;  // host bundle: does not know the test CA
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
