// Record sizes (RFC 6066 max_fragment_length) against OpenSSL's servers,
// watched on the wire through a relay: nginx and s_server take the client's
// extension and then send records no larger than agreed (the length of
// every record the server sends is read); without it they send 16 KB
// records. s_server -max_send_frag makes records small on the server's own
// account, which the client cannot know (it still needs 16 KB buffers).
#include <gtest/gtest.h>
#include <mbedtls/ssl.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "nginx_suite.h"
#include "tls_relay.h"
#include "tls_server.h"

using ehc::Deadline;
using ehc::NetError;

namespace {

// What a TLS 1.2 record adds to its payload with the suites negotiated here
// (AES-GCM: an 8-byte nonce and a 16-byte tag; ChaCha20-Poly1305: 16).
constexpr size_t kRecordOverhead = 64;

const std::string& bigFile() {
  static const std::string text = [] {
    std::string t = "[";
    for (int i = 0; i < 2000; ++i) t += (i ? "," : "") + std::to_string(1000000 + i);
    return t + "]";
  }();
  return text;
}

// Fetches `path` through a relay in front of `port`: the largest record of
// application data the server sent, and how many bytes came (*got).
size_t largestRecord(ehc::MbedTlsTransport& t, uint16_t port, const std::string& path,
                     size_t* got) {
  ehc_test::TlsRelay relay;
  EXPECT_TRUE(relay.start(port));
  EXPECT_EQ(t.connect({"localhost", relay.port(), true}, Deadline::in(5000)), NetError::Ok)
      << t.lastTlsError();
  const std::string req = "GET " + path + " HTTP/1.0\r\nHost: localhost\r\n\r\n";
  EXPECT_EQ(t.write(reinterpret_cast<const uint8_t*>(req.data()), req.size(), Deadline::in(3000)),
            NetError::Ok);
  *got = 0;
  uint8_t buf[512];
  size_t n = 0;
  while (t.read(buf, sizeof buf, &n, Deadline::in(3000)) == NetError::Ok && n > 0) *got += n;
  t.close();
  relay.stop();
  const auto seen = relay.connections();
  EXPECT_EQ(seen.size(), 1u);
  return seen.empty() ? 0 : seen[0].largestServerData;
}

class TlsRecords : public ehc_test::NginxSuite<TlsRecords> {
 public:
  static std::vector<std::pair<std::string, std::string>> files() {
    return {{"big.json", bigFile()}};
  }
};

TEST_F(TlsRecords, NginxSendsRecordsNoLargerThanAgreed) {
  size_t got = 0;
  ehc::MbedTlsTransport full;
  full.setCaPem(certs_->caPem().c_str());
  const size_t unlimited = largestRecord(full, server_->httpsPort(), "/big.json", &got);
  EXPECT_GT(got, bigFile().size());
  EXPECT_EQ(full.incomingRecordLimit(), size_t{MBEDTLS_SSL_IN_CONTENT_LEN});
  EXPECT_GT(unlimited, 4096 + kRecordOverhead);  // 16 KB records without the extension
  for (const uint16_t limit : {512, 1024, 2048, 4096}) {
    SCOPED_TRACE(limit);
    ehc::MbedTlsTransport t;
    t.setCaPem(certs_->caPem().c_str());
    t.setMaxFragmentLength(limit);
    const size_t largest = largestRecord(t, server_->httpsPort(), "/big.json", &got);
    EXPECT_EQ(t.incomingRecordLimit(), limit);    // nginx (OpenSSL) agreed ...
    EXPECT_LE(largest, limit + kRecordOverhead);  // ... and keeps to it
    EXPECT_GT(largest, limit / 2);
    EXPECT_GT(got, bigFile().size());         // in many records, all of it
    EXPECT_STREQ(t.tlsVersion(), "TLSv1.2");  // the extension is TLS 1.2's (see mbedtls_compat.h)
  }
}

TEST(TlsRecordsServer, OpenSslsServerHonoursTheExtension) {
  ehc_test::TlsTestServer server;
  std::string why;
  ASSERT_TRUE(server.start(EHC_OPENSSL, &why)) << why;
  size_t got = 0;
  ehc::MbedTlsTransport unlimited;
  unlimited.setCaPem(server.caPem().c_str());
  EXPECT_GT(largestRecord(unlimited, server.port(), "/", &got), 512 + kRecordOverhead);
  ehc::MbedTlsTransport t;
  t.setCaPem(server.caPem().c_str());
  t.setMaxFragmentLength(512);
  const size_t largest = largestRecord(t, server.port(), "/", &got);
  EXPECT_EQ(t.incomingRecordLimit(), 512u);
  EXPECT_LE(largest, 512 + kRecordOverhead);
  EXPECT_GT(got, 1024u);  // the -www page, in several records
}

// -max_send_frag is the server's own choice: small records, but nothing the
// client was told, so it must still be ready for 16 KB ones. Only the
// extension lets a client (built for it) shrink its buffers.
TEST(TlsRecordsServer, AServersOwnSmallRecordsAreNotAnAgreement) {
  ehc_test::TlsTestServer server;
  std::string why;
  ASSERT_TRUE(server.start(EHC_OPENSSL, &why, {"-max_send_frag", "512"})) << why;
  ehc::MbedTlsTransport t;
  t.setCaPem(server.caPem().c_str());
  size_t got = 0;
  EXPECT_LE(largestRecord(t, server.port(), "/", &got), 512 + kRecordOverhead);
  EXPECT_GT(got, 1024u);
  EXPECT_EQ(t.incomingRecordLimit(), size_t{MBEDTLS_SSL_IN_CONTENT_LEN});
}

}  // namespace
