// Mutual TLS against real servers, certificates made at test time: nginx with
// ssl_verify_client on (it finishes the handshake and answers 400 with its
// reason when the certificate is missing or not one it trusts), and openssl
// s_server -Verify (it refuses in the handshake, or under TLS 1.3 right after
// it, with an alert: client_cert_missing / client_cert_refused, client error
// -28). The certificate and key as PEM or DER from memory, as files, and an
// encrypted key; unusable ones are configuration errors before any byte is
// sent.
#include <gtest/gtest.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "cert_factory.h"
#include "loopback.h"
#include "nginx_server.h"
#include "suite_start.h"
#include "tls_server.h"

using ehc::Deadline;
using ehc::NetError;

namespace {

class TlsClientCert : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string why;
    certs_ = new ehc_test::CertFactory;
    if (!certs_->make(EHC_OPENSSL,
                      {
                          {"root", "ec:P-256", "ehc-mtls-server-ca", "", "", true},
                          {"server", "ec:P-256", "localhost", "DNS:localhost", "root"},
                          {"clientCa", "ec:P-256", "ehc-mtls-client-ca", "", "", true},
                          {"device", "ec:P-256", "device-1", "", "clientCa", false, true, -1.0 / 24,
                           3, true, "secret"},
                          {"deviceRsa", "rsa:2048", "device-2", "", "clientCa", false, true},
                          // Signed by a CA nginx does not take client certificates from.
                          {"stranger", "ec:P-256", "stranger", "", "root", false, true},
                      },
                      &why))
      return start_.failed(why);
    ehc_test::NginxOptions o;
    o.nginx = EHC_NGINX;
    o.files = {{"hello.json", "{\"hello\":\"nginx\"}"}};
    o.sites = {{certs_->pem("server"), certs_->key("server"),
                "ssl_verify_client on; ssl_client_certificate " + certs_->pem("clientCa") + ";"}};
    nginx_ = new ehc_test::NginxServer(o);
    if (!nginx_->start(&why)) return start_.failed(why);
    sServer_ = new ehc_test::TlsTestServer;
    if (!sServer_->start(
            EHC_OPENSSL, &why,
            {"-Verify", "1", "-verify_return_error", "-CAfile", certs_->pem("clientCa")}))
      return start_.failed(why);
  }
  static void TearDownTestSuite() {
    delete sServer_;
    delete nginx_;
    delete certs_;
    sServer_ = nullptr;
    nginx_ = nullptr;
    certs_ = nullptr;
    start_.reset();
  }
  void SetUp() override { ASSERT_TRUE(start_.started()); }

  static const char* text(const std::string& path) { return certs_->text(path).c_str(); }
  static const std::string& bytes(const std::string& path) { return certs_->text(path); }

  // The device's certificate and key as PEM text.
  static void asDevice(ehc::MbedTlsTransport& t) {
    t.setClientCertificate(text(certs_->pem("device")));
    t.setClientKey(text(certs_->key("device")));
  }

  // GET /hello.json from nginx: the status line and body, or the error.
  struct Answer {
    NetError error;
    std::string response;
  };
  static Answer get(ehc::MbedTlsTransport& t, uint16_t port, const char* path = "/hello.json") {
    t.setCaPem(text(certs_->pem("root")));
    Answer a{t.connect({"localhost", port, true}, Deadline::in(5000)), ""};
    if (a.error != NetError::Ok) return a;
    const std::string req =
        std::string("GET ") + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    a.error = t.write(reinterpret_cast<const uint8_t*>(req.data()), req.size(), Deadline::in(3000));
    uint8_t buf[512];
    size_t n = 0;
    while (a.error == NetError::Ok) {
      a.error = t.read(buf, sizeof buf, &n, Deadline::in(3000));
      if (n == 0) break;
      a.response.append(reinterpret_cast<char*>(buf), n);
    }
    t.close();
    return a;
  }
  static uint16_t nginxPort() { return nginx_->sitePort(0); }

  static inline ehc_test::CertFactory* certs_ = nullptr;
  static inline ehc_test::NginxServer* nginx_ = nullptr;
  static inline ehc_test::TlsTestServer* sServer_ = nullptr;
  static inline ehc_test::SuiteStart start_;
};

TEST_F(TlsClientCert, NginxTakesTheCertificateAsPemDerOrFiles) {
  ehc::MbedTlsTransport pem;
  asDevice(pem);
  Answer a = get(pem, nginxPort());
  EXPECT_EQ(a.error, NetError::Ok) << pem.lastTlsError();
  EXPECT_EQ(a.response.rfind("HTTP/1.1 200", 0), 0u) << a.response;
  EXPECT_NE(a.response.find("{\"hello\":\"nginx\"}"), std::string::npos);

  ehc::MbedTlsTransport der;
  const std::string &cert = bytes(certs_->der("device")), &key = bytes(certs_->keyDer("device"));
  der.setClientCertificateDer(reinterpret_cast<const uint8_t*>(cert.data()), cert.size());
  der.setClientKeyDer(reinterpret_cast<const uint8_t*>(key.data()), key.size());
  a = get(der, nginxPort());
  EXPECT_EQ(a.response.rfind("HTTP/1.1 200", 0), 0u) << a.response;

  ehc::MbedTlsTransport files;  // PEM files; the key encrypted, with its password
  const std::string certFile = certs_->pem("device"), keyFile = certs_->encryptedKey("device");
  files.setClientCertificateFile(certFile.c_str());
  files.setClientKeyFile(keyFile.c_str(), "secret");
  a = get(files, nginxPort());
  EXPECT_EQ(a.response.rfind("HTTP/1.1 200", 0), 0u) << a.response;

  ehc::MbedTlsTransport derFiles;
  const std::string derCert = certs_->der("device"), derKey = certs_->keyDer("device");
  derFiles.setClientCertificateFile(derCert.c_str());
  derFiles.setClientKeyFile(derKey.c_str());
  a = get(derFiles, nginxPort());
  EXPECT_EQ(a.response.rfind("HTTP/1.1 200", 0), 0u) << a.response;

  ehc::MbedTlsTransport rsa;  // an RSA key
  rsa.setClientCertificate(text(certs_->pem("deviceRsa")));
  rsa.setClientKey(text(certs_->key("deviceRsa")));
  a = get(rsa, nginxPort());
  EXPECT_EQ(a.response.rfind("HTTP/1.1 200", 0), 0u) << a.response;
}

// nginx finishes the handshake either way and answers 400 with its reason.
TEST_F(TlsClientCert, NginxAnswers400WithoutOrWithAWrongCertificate) {
  ehc::MbedTlsTransport none;
  Answer a = get(none, nginxPort());
  EXPECT_EQ(a.error, NetError::Ok);
  EXPECT_EQ(a.response.rfind("HTTP/1.1 400", 0), 0u) << a.response;
  EXPECT_NE(a.response.find("No required SSL certificate was sent"), std::string::npos);

  ehc::MbedTlsTransport stranger;
  stranger.setClientCertificate(text(certs_->pem("stranger")));
  stranger.setClientKey(text(certs_->key("stranger")));
  a = get(stranger, nginxPort());
  EXPECT_EQ(a.response.rfind("HTTP/1.1 400", 0), 0u) << a.response;
  EXPECT_NE(a.response.find("The SSL certificate error"), std::string::npos);
}

// openssl s_server -Verify refuses in the handshake (TLS 1.2) or just after
// it (TLS 1.3: the client's certificate goes after the server's Finished),
// with an alert that says so.
TEST_F(TlsClientCert, AServerThatRefusesInTheHandshakeSaysWhy) {
  auto request = [](ehc::MbedTlsTransport& t) {
    t.setCaPem(sServer_->caPem().c_str());
    NetError e = t.connect({"localhost", sServer_->port(), true}, Deadline::in(5000));
    const char req[] = "GET / HTTP/1.0\r\n\r\n";
    if (e == NetError::Ok)
      e = t.write(reinterpret_cast<const uint8_t*>(req), sizeof req - 1, Deadline::in(3000));
    uint8_t buf[256];
    size_t n = 0;
    if (e == NetError::Ok) e = t.read(buf, sizeof buf, &n, Deadline::in(3000));
    t.close();
    return e;
  };
  ehc::MbedTlsTransport none;
  EXPECT_EQ(request(none), NetError::ClientCertMissing) << none.lastTlsError();
  ehc::MbedTlsTransport stranger;
  stranger.setClientCertificate(text(certs_->pem("stranger")));
  stranger.setClientKey(text(certs_->key("stranger")));
  EXPECT_EQ(request(stranger), NetError::ClientCertRefused) << stranger.lastTlsError();
  ehc::MbedTlsTransport device;
  asDevice(device);
  EXPECT_EQ(request(device), NetError::Ok) << device.lastTlsError();
}

TEST_F(TlsClientCert, TheClientSetsItAndReportsARefusal) {
  ESP32HTTPClient c(("https://localhost:" + std::to_string(nginxPort())).c_str());
  c.setCACert(text(certs_->pem("root")));
  c.setCertificate(text(certs_->pem("device")));
  c.setPrivateKey(text(certs_->key("device")));
  char hello[16] = "";
  RestResult r = c.get("/hello.json").getBody("hello", hello, sizeof hello).send();
  EXPECT_EQ(r.statusCode, 200) << r.message();
  EXPECT_STREQ(hello, "nginx");

  ESP32HTTPClient refused(("https://localhost:" + std::to_string(sServer_->port())).c_str());
  refused.setCACert(sServer_->caPem().c_str());
  refused.setMaxRetry(2);
  r = refused.get("/").send();
  EXPECT_EQ(r.statusCode, ehc::EHC_ERROR_CLIENT_CERT);
  EXPECT_EQ(r.attempts, 1);  // not retried: the certificate, not the network
  EXPECT_STREQ(r.message(), ehc::netErrorMessage(NetError::ClientCertMissing));
  EXPECT_NE(std::string(r.message()).find("none is set"), std::string::npos);
}

// What cannot work fails before anything is sent (the port is a closed one:
// a connect that got that far would be `refused`).
TEST_F(TlsClientCert, UnusableCredentialsAreConfigurationErrors) {
  const uint16_t closed = ehc_test::closedLoopbackPort();
  auto tryIt = [closed](ehc::MbedTlsTransport& t) {
    t.setInsecureSkipVerification();
    return t.connect({"localhost", closed, true}, Deadline::in(2000));
  };
  const std::string missing = certs_->dir() + "/no-such.key", keyFile = certs_->key("device");
  const struct {
    const char* what;
    const char* cert;
    const char* key;
    const char* keyFile;
    const char* password;
  } cases[] = {
      {"another certificate's key", text(certs_->pem("device")), text(certs_->key("stranger")),
       nullptr, nullptr},
      {"not PEM", "-----BEGIN CERTIFICATE-----\nbm9wZQ==\n-----END CERTIFICATE-----\n",
       text(certs_->key("device")), nullptr, nullptr},
      {"no key", text(certs_->pem("device")), nullptr, nullptr, nullptr},
      {"key file missing", text(certs_->pem("device")), nullptr, missing.c_str(), nullptr},
      {"a key directory", text(certs_->pem("device")), nullptr, certs_->dir().c_str(), nullptr},
      {"wrong password", text(certs_->pem("device")), text(certs_->encryptedKey("device")), nullptr,
       "guess"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    ehc::MbedTlsTransport t;
    t.setClientCertificate(c.cert);
    if (c.key) t.setClientKey(c.key, c.password);
    if (c.keyFile) t.setClientKeyFile(c.keyFile);
    EXPECT_EQ(tryIt(t), NetError::TlsConfig);
    EXPECT_FALSE(t.open());
  }
  ehc::MbedTlsTransport good;  // and the good pair gets as far as the network
  good.setClientCertificate(text(certs_->pem("device")));
  good.setClientKeyFile(keyFile.c_str());
  EXPECT_EQ(tryIt(good), NetError::Refused);
}

// A session carries the identity it was made with.
TEST_F(TlsClientCert, AnotherCertificateForgetsTheSessions) {
  ehc::MbedTlsTransport t;
  asDevice(t);
  ASSERT_EQ(get(t, nginxPort()).response.rfind("HTTP/1.1 200", 0), 0u);
  ASSERT_TRUE(t.hasSavedSession());
  asDevice(t);  // the same again: kept
  EXPECT_TRUE(t.hasSavedSession());
  t.setClientCertificate(text(certs_->pem("deviceRsa")));
  EXPECT_FALSE(t.hasSavedSession());
  t.setClientKey(text(certs_->key("deviceRsa")));
  const Answer a = get(t, nginxPort());
  EXPECT_EQ(a.response.rfind("HTTP/1.1 200", 0), 0u) << a.response;
  EXPECT_FALSE(t.sessionResumed());
}

}  // namespace
