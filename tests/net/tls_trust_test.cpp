// What the TLS transport trusts, against real servers (nginx, openssl
// s_server) with certificates made at test time: IP-address hosts checked
// against iPAddress names (IPv4 and IPv6, no common-name fallback), errors of
// the settings told apart from the network's and never retried, a TLS
// version mismatch named as such, and a saved session dropped when the
// trust settings change.
#include <gtest/gtest.h>
#include <mbedtls/ssl.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "nginx_suite.h"
#include "test_certs.h"
#include "tls_server.h"

using ehc::Deadline;
using ehc::NetError;
using ehc_test::CertKind;

namespace {

class TlsTrust : public ehc_test::NginxSuite<TlsTrust> {
 protected:
  static void SetUpTestSuite() {
    NginxSuite::SetUpTestSuite();
    std::string why;
    otherCa_ = new ehc_test::TestCerts;  // a CA of its own, which signed none of nginx's
    if (!otherCa_->make(EHC_OPENSSL, &why)) start_.failed(why);
  }
  static void TearDownTestSuite() {
    delete otherCa_;
    otherCa_ = nullptr;
    NginxSuite::TearDownTestSuite();
  }
  static NetError connect(ehc::MbedTlsTransport& t, const char* host, CertKind kind) {
    const NetError e = t.connect({host, server_->httpsPort(kind), true}, Deadline::in(5000));
    EXPECT_EQ(e == NetError::Ok, t.open());
    t.close();
    return e;
  }
  static NetError connect(const char* host, CertKind kind) {
    ehc::MbedTlsTransport t;
    t.setCaPem(certs_->caPem().c_str());
    return connect(t, host, kind);
  }

  // Connects and makes one request, as a client does: under TLS 1.3 the
  // session ticket comes after the handshake, with the first response.
  static NetError connectAndGet(ehc::MbedTlsTransport& t, CertKind kind = CertKind::Valid) {
    const NetError e = t.connect({"localhost", server_->httpsPort(kind), true}, Deadline::in(5000));
    if (e != NetError::Ok) return e;
    const char req[] = "GET /hello.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    EXPECT_EQ(t.write(reinterpret_cast<const uint8_t*>(req), sizeof req - 1, Deadline::in(2000)),
              NetError::Ok);
    uint8_t buf[512];
    size_t n = 0;
    while (t.read(buf, sizeof buf, &n, Deadline::in(3000)) == NetError::Ok && n > 0) {
    }
    t.close();
    return e;
  }

  static inline ehc_test::TestCerts* otherCa_ = nullptr;
};

TEST_F(TlsTrust, AnIpv4AddressMatchesItsIpAddressName) {
  EXPECT_EQ(connect("127.0.0.1", CertKind::Valid), NetError::Ok);  // DNS:localhost, IP:127.0.0.1
  EXPECT_EQ(connect("localhost", CertKind::Valid), NetError::Ok);
  // Another address only (127.0.0.2): refused, however close.
  EXPECT_EQ(connect("127.0.0.1", CertKind::OtherIp), NetError::HostMismatch);
  // The address in the common name and nowhere else: no fallback to the CN.
  EXPECT_EQ(connect("127.0.0.1", CertKind::IpInCnOnly), NetError::HostMismatch);
  // A DNS name that reads like the address does not stand for it either.
  EXPECT_EQ(connect("127.0.0.1", CertKind::DnsOnly), NetError::HostMismatch);
}

TEST_F(TlsTrust, AnIpv6AddressMatchesItsIpAddressName) {
  if (!server_->ipv6()) GTEST_SKIP() << "this host has no IPv6 loopback";
  EXPECT_EQ(connect("::1", CertKind::Valid), NetError::Ok);              // IP:::1
  EXPECT_EQ(connect("0:0:0:0:0:0:0:1", CertKind::Valid), NetError::Ok);  // the same 16 bytes
  EXPECT_EQ(connect("::1", CertKind::OtherIp), NetError::HostMismatch);  // IP:::2 only
}

TEST_F(TlsTrust, TheClientReachesAnAddressWithAStandardCertificate) {
  ESP32HTTPClient c(("https://127.0.0.1:" + std::to_string(server_->httpsPort())).c_str());
  c.setCACert(certs_->caPem().c_str());
  char hello[16] = "";
  const RestResult r = c.get("/hello.json").getBody("hello", hello, sizeof hello).send();
  EXPECT_EQ(r.statusCode, 200) << r.message();
  EXPECT_STREQ(hello, "nginx");
}

TEST_F(TlsTrust, AMissingOrUnreadableCaFileIsAConfigurationError) {
  const std::string garbage = certs_->dir() + "/garbage.pem";
  ASSERT_TRUE(ehc_test::writeFile(garbage, "not a certificate\n"));
  for (const std::string& path :
       {certs_->dir() + "/no-such-file.pem", certs_->dir() /* a directory */, garbage}) {
    SCOPED_TRACE(path);
    ehc::MbedTlsTransport t;
    t.setCaFile(path.c_str());
    EXPECT_EQ(connect(t, "localhost", CertKind::Valid), NetError::TlsConfig);
  }
  ehc::MbedTlsTransport pem;
  pem.setCaPem("-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n");
  EXPECT_EQ(connect(pem, "localhost", CertKind::Valid), NetError::TlsConfig);
}

TEST_F(TlsTrust, AConfigurationErrorHasItsOwnCodeAndIsNotRetried) {
  ESP32HTTPClient c(("https://localhost:" + std::to_string(server_->httpsPort())).c_str());
  const std::string missing = certs_->dir() + "/no-such-file.pem";
  c.setCaFile(missing.c_str());
  c.setMaxRetry(3);
  const RestResult r = c.get("/hello.json").send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_TLS_CONFIG);
  EXPECT_EQ(r.statusCode, -25);
  EXPECT_EQ(r.attempts, 1);  // the settings do not get better by waiting
  EXPECT_STREQ(ehc::errorToString(-25),
               "TLS configuration error (CA file missing or unreadable, CA not PEM)");
}

TEST_F(TlsTrust, ChangingTheCaFileDropsTheSavedSession) {
  ehc::MbedTlsTransport t;
  const std::string ca = certs_->caPemPath();
  t.setCaFile(ca.c_str());
  ASSERT_EQ(connectAndGet(t), NetError::Ok);
  ASSERT_EQ(connectAndGet(t), NetError::Ok);
  ASSERT_TRUE(t.sessionResumed());  // the session is kept while nothing changes
  // A CA that did not sign the server's certificate: the old session, verified
  // under the old CA, must not carry the connection through.
  const std::string other = otherCa_->caPemPath();
  t.setCaFile(other.c_str());
  EXPECT_FALSE(t.hasSavedSession());
  EXPECT_EQ(connectAndGet(t), NetError::CertUntrusted);
  // Back to a CA that signed it, by another path: a full handshake.
  const std::string copy = certs_->dir() + "/ca-copy.pem";
  ASSERT_TRUE(ehc_test::writeFile(copy, certs_->caPem()));
  t.setCaFile(copy.c_str());
  ASSERT_EQ(connectAndGet(t), NetError::Ok);
  EXPECT_FALSE(t.sessionResumed());
  t.setCaFile(copy.c_str());  // the same file again changes nothing: the session stays
  ASSERT_EQ(connectAndGet(t), NetError::Ok);
  EXPECT_TRUE(t.sessionResumed());
}

TEST_F(TlsTrust, APinOrTheVerificationModeDropsTheSavedSession) {
  ehc::MbedTlsTransport t;
  t.setCaPem(certs_->caPem().c_str());
  ASSERT_EQ(connectAndGet(t), NetError::Ok);
  const uint8_t wrongPin[32] = {1, 2, 3};
  t.pinSha256(wrongPin, true);
  EXPECT_EQ(connectAndGet(t), NetError::PinMismatch);  // checked on a full handshake
  EXPECT_FALSE(t.hasSavedSession());

  ehc::MbedTlsTransport u;
  u.setCaPem(certs_->caPem().c_str());
  ASSERT_EQ(connectAndGet(u), NetError::Ok);
  ASSERT_TRUE(u.hasSavedSession());
  u.setInsecureSkipVerification();
  EXPECT_FALSE(u.hasSavedSession());
  ASSERT_EQ(connectAndGet(u), NetError::Ok);
  EXPECT_FALSE(u.sessionResumed());
}

// A server that speaks TLS 1.3 only, to a client whose mbedTLS has no 1.3
// (Debian's 2.28; ESP-IDF's default configuration too): the server's
// protocol_version alert, named as such and not retried.
TEST(TlsVersion, ATls13OnlyServerIsAVersionMismatch) {
#if defined(MBEDTLS_SSL_PROTO_TLS1_3)
  GTEST_SKIP() << "this mbedTLS speaks TLS 1.3: there is no mismatch to see";
#endif
  ehc_test::TlsTestServer server;
  std::string why;
  ASSERT_TRUE(server.start(EHC_OPENSSL, &why, {"-tls1_3"})) << why;
  ehc::MbedTlsTransport t;
  t.setCaPem(server.caPem().c_str());
  EXPECT_EQ(t.connect({"localhost", server.port(), true}, Deadline::in(5000)),
            NetError::TlsVersion);
  EXPECT_EQ(t.lastTlsError(), MBEDTLS_ERR_SSL_FATAL_ALERT_MESSAGE);

  ESP32HTTPClient c(("https://localhost:" + std::to_string(server.port())).c_str());
  c.setCACert(server.caPem().c_str());
  c.setMaxRetry(2);
  const RestResult r = c.get("/").send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_TLS_VERSION);
  EXPECT_EQ(r.attempts, 1);
  EXPECT_STREQ(r.message(), ehc::netErrorMessage(NetError::TlsVersion));
}

}  // namespace
