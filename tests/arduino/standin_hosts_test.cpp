// The stand-in's test-harness host mapping (EHC_STANDIN_HOSTS, and
// EHC_STANDIN_CA for TLS): a sketch's public host names reach a loopback
// server. Each test sets the variables it needs and clears them again.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <string>

#include "WiFiClient.h"
#include "WiFiClientSecure.h"
#include "loopback.h"
#include "tls_server_suite.h"

namespace {

// Sets an environment variable for the scope (nullptr: unset).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() { unsetenv(name_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

TEST(StandInHosts, ParsesTheList) {
  char address[32];
  uint16_t port = 0;
  {
    ScopedEnv hosts("EHC_STANDIN_HOSTS", nullptr);
    EXPECT_FALSE(ehcStandinMapHost("api.example.com", address, sizeof address, &port));
  }
  ScopedEnv hosts("EHC_STANDIN_HOSTS",
                  "jsonplaceholder.typicode.com=127.0.0.1:8081,Api.Example.COM=localhost:9,"
                  "bad.example=127.0.0.1,zero.example=127.0.0.1:0,v6.example=::1:443");
  ASSERT_TRUE(ehcStandinMapHost("jsonplaceholder.typicode.com", address, sizeof address, &port));
  EXPECT_STREQ(address, "127.0.0.1");
  EXPECT_EQ(port, 8081);
  ASSERT_TRUE(ehcStandinMapHost("api.example.COM", address, sizeof address, &port));  // any case
  EXPECT_STREQ(address, "localhost");
  EXPECT_EQ(port, 9);
  ASSERT_TRUE(ehcStandinMapHost("v6.example", address, sizeof address, &port));  // the last ':'
  EXPECT_STREQ(address, "::1");
  EXPECT_EQ(port, 443);
  port = 7;
  EXPECT_FALSE(ehcStandinMapHost("example.com", address, sizeof address, &port));  // not listed
  EXPECT_FALSE(ehcStandinMapHost("api.example", address, sizeof address, &port));  // a prefix
  EXPECT_FALSE(ehcStandinMapHost("bad.example", address, sizeof address, &port));  // no port
  EXPECT_FALSE(ehcStandinMapHost("zero.example", address, sizeof address, &port));
  EXPECT_EQ(port, 7);  // untouched when not mapped
}

TEST(StandInHosts, WiFiClientConnectsToTheMappedAddressWhateverThePort) {
  ehc_test::LoopbackListener server;
  ASSERT_TRUE(server.ok());
  const std::string list = "api.example.com=127.0.0.1:" + std::to_string(server.port());
  ScopedEnv hosts("EHC_STANDIN_HOSTS", list.c_str());
  WiFiClient client;
  for (uint16_t port : {80, 8080}) {
    ASSERT_EQ(client.connect("api.example.com", port), 1);
    const int peer = server.accept();
    ASSERT_GE(peer, 0);
    EXPECT_EQ(client.print("hi"), 2u);
    char buf[4] = {};
    EXPECT_EQ(read(peer, buf, sizeof buf), 2);
    EXPECT_STREQ(buf, "hi");
    close(peer);
    client.stop();
  }
}

class StandInHostsTls : public ehc_test::TlsServerSuite<StandInHostsTls> {
 protected:
  // The mapped host over TLS: connects, sends a request, gets the answer.
  static bool fetch(WiFiClientSecure& client) {
    if (client.connect("secure.example.com", 443) != 1) return false;
    client.print("GET / HTTP/1.0\r\n\r\n");
    std::string out;
    const unsigned long start = millis();
    while (millis() - start < 5000 && (client.connected() || client.available())) {
      const int b = client.read();
      if (b >= 0)
        out += static_cast<char>(b);
      else
        delay(1);
    }
    return out.rfind("HTTP/1.0 200 ok", 0) == 0;
  }
};

TEST_F(StandInHostsTls, MappedHostIsVerifiedAsLocalhost) {
  const std::string list = "secure.example.com=127.0.0.1:" + std::to_string(server_->port());
  ScopedEnv hosts("EHC_STANDIN_HOSTS", list.c_str());
  WiFiClientSecure client;
  client.setCACert(server_->caPem().c_str());  // the test CA; the name checked is localhost
  EXPECT_TRUE(fetch(client)) << client.lastError(nullptr, 0);
}

TEST_F(StandInHostsTls, HarnessCaReplacesTheSketchCaOnlyForMappedHosts) {
  const std::string list = "secure.example.com=127.0.0.1:" + std::to_string(server_->port());
  ScopedEnv hosts("EHC_STANDIN_HOSTS", list.c_str());
  const std::string caPath = server_->certs().caPemPath();
  ScopedEnv ca("EHC_STANDIN_CA", caPath.c_str());
  WiFiClientSecure client;
  client.setCACert("-----BEGIN CERTIFICATE-----\nnot the test CA\n-----END CERTIFICATE-----\n");
  EXPECT_TRUE(fetch(client)) << client.lastError(nullptr, 0);
  client.stop();
  // Not mapped: the sketch's (here useless) CA applies, so verification fails.
  EXPECT_EQ(client.connect("localhost", server_->port()), 0);
}

TEST_F(StandInHostsTls, WithoutTheHarnessCaTheSketchCaMustFit) {
  const std::string list = "secure.example.com=127.0.0.1:" + std::to_string(server_->port());
  ScopedEnv hosts("EHC_STANDIN_HOSTS", list.c_str());
  WiFiClientSecure client;  // the host bundle does not know the test CA
  EXPECT_FALSE(fetch(client));
  EXPECT_NE(client.lastError(nullptr, 0), 0);
}

}  // namespace
