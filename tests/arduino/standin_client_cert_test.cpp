// Mutual TLS on Arduino, both ways a sketch can do it, against nginx with
// ssl_verify_client on: a WiFiClientSecure the sketch configured with
// setCertificate / setPrivateKey and handed to the client (any Client&), and
// the built-in TLS with ESP32HTTPClient::setCertificate / setPrivateKey.
#include <gtest/gtest.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "WiFiClientSecure.h"
#include "cert_factory.h"
#include "nginx_server.h"
#include "suite_start.h"

namespace {

class ArduinoClientCert : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string why;
    certs_ = new ehc_test::CertFactory;
    if (!certs_->make(EHC_OPENSSL,
                      {{"root", "ec:P-256", "ehc-board-ca", "", "", true},
                       {"server", "ec:P-256", "localhost", "DNS:localhost", "root"},
                       {"clientCa", "ec:P-256", "ehc-board-client-ca", "", "", true},
                       {"device", "ec:P-256", "board-1", "", "clientCa", false, true}},
                      &why))
      return start_.failed(why);
    ehc_test::NginxOptions o;
    o.nginx = EHC_NGINX;
    o.files = {{"hello.json", "{\"hello\":\"nginx\"}"}};
    o.sites = {{certs_->pem("server"), certs_->key("server"),
                "ssl_verify_client on; ssl_client_certificate " + certs_->pem("clientCa") + ";"}};
    server_ = new ehc_test::NginxServer(o);
    if (!server_->start(&why)) return start_.failed(why);
  }
  static void TearDownTestSuite() {
    delete server_;
    delete certs_;
    server_ = nullptr;
    certs_ = nullptr;
    start_.reset();
  }
  void SetUp() override { ASSERT_TRUE(start_.started()); }
  static const char* text(const std::string& path) { return certs_->text(path).c_str(); }
  static std::string url() { return "https://localhost:" + std::to_string(server_->sitePort(0)); }
  static RestResult getHello(ESP32HTTPClient& c, char (&out)[16]) {
    out[0] = '\0';
    return c.get("/hello.json").getBody("hello", out, sizeof out).send();
  }

  static inline ehc_test::CertFactory* certs_ = nullptr;
  static inline ehc_test::NginxServer* server_ = nullptr;
  static inline ehc_test::SuiteStart start_;
};

TEST_F(ArduinoClientCert, AWiFiClientSecureTheSketchConfigured) {
  WiFiClientSecure secure;
  secure.setCACert(text(certs_->pem("root")));
  ESP32HTTPClient client(url().c_str(), secure);
  char hello[16];
  RestResult r = getHello(client, hello);
  EXPECT_EQ(r.statusCode, 400) << r.message();  // nginx: "No required SSL certificate was sent"
  secure.setCertificate(text(certs_->pem("device")));
  secure.setPrivateKey(text(certs_->key("device")));
  client.end();
  r = getHello(client, hello);
  EXPECT_EQ(r.statusCode, 200) << r.message();
  EXPECT_STREQ(hello, "nginx");
}

TEST_F(ArduinoClientCert, TheBuiltInTls) {
  ESP32HTTPClient client(url().c_str());
  client.setCACert(text(certs_->pem("root")));
  client.setCertificate(text(certs_->pem("device")));
  client.setPrivateKey(text(certs_->key("device")));
  char hello[16];
  const RestResult r = getHello(client, hello);
  EXPECT_EQ(r.statusCode, 200) << r.message();
  EXPECT_STREQ(hello, "nginx");
}

}  // namespace
