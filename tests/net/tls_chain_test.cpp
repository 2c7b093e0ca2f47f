// Certificate chains and names against nginx and openssl s_server, every
// certificate made at test time: intermediates (sent, missing, expired), key types (RSA-2048,
// RSA-4096, ECDSA P-256, P-384), wildcard names, a name in the common name
// only or overruled by a subjectAltName, dates in the past and the future.
// Each case connects or fails with the error that names the check, the
// same against both servers, and the onCertificate() debug callback shows
// each certificate's subject, validity and problem.
#include <gtest/gtest.h>
#include <mbedtls/x509.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "cert_factory.h"
#include "nginx_server.h"
#include "suite_start.h"
#include "test_names.h"
#include "tls_server.h"

using ehc::Deadline;
using ehc::NetError;

namespace {

struct Site {
  const char* name;
  std::vector<std::string> chain;  // what nginx sends, leaf first
  std::string key;                 // the leaf's
};

const char kLocal[] = "DNS:localhost, IP:127.0.0.1";
const ehc_test::CertSpec kRoot{"root", "ec:P-256", "ehc-chain-root", "", "", true, false, -1, 30};

enum class Server { Nginx, SServer };

std::string serverName(const ::testing::TestParamInfo<Server>& info) {
  return info.param == Server::Nginx ? "nginx" : "s_server";
}

// Every test runs against both servers (the parameter). nginx has a site per
// certificate case, one nginx per suite (CRTP: Suite::specs() and
// Suite::sites()); an s_server per case is started when a test first needs
// it. Certificates are made once per suite: each ctest process runs one
// test, and the RSA-4096 key is only made by the suite that needs it.
template <typename Suite>
class ChainSuite : public ::testing::TestWithParam<Server> {
 protected:
  static void SetUpTestSuite() {
    std::string why;
    certs_ = new ehc_test::CertFactory;
    if (!certs_->make(EHC_OPENSSL, Suite::specs(), &why)) return start_.failed(why);
    ehc_test::NginxOptions o;
    o.nginx = EHC_NGINX;
    o.files = {{"hello.json", "{\"hello\":\"nginx\"}"}};
    for (const Site& s : Suite::sites())
      o.sites.push_back({certs_->chain(s.chain), certs_->key(s.key), ""});
    nginx_ = new ehc_test::NginxServer(o);
    if (!nginx_->start(&why)) start_.failed(why);
  }
  static void TearDownTestSuite() {
    sServers_.clear();
    delete nginx_;
    delete certs_;
    nginx_ = nullptr;
    certs_ = nullptr;
    start_.reset();
  }
  void SetUp() override { ASSERT_TRUE(start_.started()); }

  // The port of a case on this test's server (0, and a failure, if none).
  uint16_t portOf(const char* siteName) {
    const std::vector<Site> sites = Suite::sites();
    for (size_t i = 0; i < sites.size(); ++i) {
      if (std::string(sites[i].name) != siteName) continue;
      return GetParam() == Server::Nginx ? nginx_->sitePort(i) : sServerPort(sites[i]);
    }
    ADD_FAILURE() << "no site " << siteName;
    return 0;
  }
  static uint16_t sServerPort(const Site& site) {
    std::unique_ptr<ehc_test::TlsTestServer>& server = sServers_[site.name];
    if (!server) {
      const std::vector<std::string> rest(site.chain.begin() + 1, site.chain.end());
      server.reset(new ehc_test::TlsTestServer);
      std::string why;
      if (!server->startWith(EHC_OPENSSL, certs_->pem(site.chain[0]), certs_->key(site.key),
                             rest.empty() ? "" : certs_->chain(rest), &why)) {
        ADD_FAILURE() << site.name << ": " << why;
        return 0;
      }
    }
    return server->port();
  }

  NetError connect(const char* siteName, const char* host = "localhost") {
    ehc::MbedTlsTransport t;
    t.setCaPem(certs_->text(certs_->pem("root")).c_str());
    t.onCertificate(record, &seen_);
    const NetError e = t.connect({host, portOf(siteName), true}, Deadline::in(10000));
    EXPECT_EQ(e == NetError::Ok, t.open());
    flags_ = t.lastVerifyFlags();
    return e;
  }

  struct Seen {
    int depth;
    std::string subject, issuer, from, to, problem;
    uint32_t flags;
  };
  static void record(void* out, const ehc::TlsCertificateInfo& i) {
    static_cast<std::vector<Seen>*>(out)->push_back({i.depth, i.subject, i.issuer, i.validFrom,
                                                     i.validTo, i.problem ? i.problem : "",
                                                     i.flags});
  }

  std::vector<Seen> seen_;
  uint32_t flags_ = 0;
  static inline ehc_test::CertFactory* certs_ = nullptr;
  static inline ehc_test::NginxServer* nginx_ = nullptr;
  static inline std::map<std::string, std::unique_ptr<ehc_test::TlsTestServer>> sServers_;
  static inline ehc_test::SuiteStart start_;
};

class TlsChains : public ChainSuite<TlsChains> {
 public:
  static std::vector<ehc_test::CertSpec> specs() {
    return {
        kRoot,
        {"inter", "ec:P-256", "ehc-chain-intermediate", "", "root", true},
        {"expiredInter", "ec:P-256", "ehc-chain-expired-intermediate", "", "root", true, false, -10,
         -2},
        {"leaf", "ec:P-256", "localhost", kLocal, "inter"},
        {"leafOfExpired", "ec:P-256", "localhost", kLocal, "expiredInter"},
        {"wildcard", "ec:P-256", "*.ehc.test", "DNS:*.ehc.test", "root"},
        {"cnOnly", "ec:P-256", "localhost", "", "root"},
        {"sanOverCn", "ec:P-256", "localhost", "DNS:other.example", "root"},
        {"future", "ec:P-256", "localhost", kLocal, "root", false, false, 2, 5},
        {"expired", "ec:P-256", "localhost", kLocal, "root", false, false, -10, -2},
    };
  }
  static std::vector<Site> sites() {
    return {
        {"via intermediate", {"leaf", "inter"}, "leaf"},
        {"missing intermediate", {"leaf"}, "leaf"},
        {"expired intermediate", {"leafOfExpired", "expiredInter"}, "leafOfExpired"},
        {"wildcard", {"wildcard"}, "wildcard"},
        {"cn only", {"cnOnly"}, "cnOnly"},
        {"san over cn", {"sanOverCn"}, "sanOverCn"},
        {"not yet valid", {"future"}, "future"},
        {"expired", {"expired"}, "expired"},
    };
  }
};

class TlsKeyTypes : public ChainSuite<TlsKeyTypes> {
 public:
  static std::vector<ehc_test::CertSpec> specs() {
    return {kRoot,
            {"rsa2048", "rsa:2048", "localhost", kLocal, "root"},
            {"rsa4096", "rsa:4096", "localhost", kLocal, "root"},
            {"p256", "ec:P-256", "localhost", kLocal, "root"},
            {"p384", "ec:P-384", "localhost", kLocal, "root"}};
  }
  static std::vector<Site> sites() {
    return {{"rsa2048", {"rsa2048"}, "rsa2048"},
            {"rsa4096", {"rsa4096"}, "rsa4096"},
            {"p256", {"p256"}, "p256"},
            {"p384", {"p384"}, "p384"}};
  }
};

TEST_P(TlsChains, AChainThroughAnIntermediate) {
  EXPECT_EQ(connect("via intermediate"), NetError::Ok);
  ASSERT_EQ(seen_.size(), 3u);  // root, intermediate, leaf: the root's side first
  EXPECT_EQ(seen_[0].depth, 2);
  EXPECT_EQ(seen_[0].subject, "CN=ehc-chain-root");
  EXPECT_EQ(seen_[1].subject, "CN=ehc-chain-intermediate");
  EXPECT_EQ(seen_[1].issuer, "CN=ehc-chain-root");
  EXPECT_EQ(seen_[2].depth, 0);
  EXPECT_EQ(seen_[2].subject, "CN=localhost");
  for (const Seen& s : seen_) {
    EXPECT_EQ(s.flags, 0u) << s.subject;
    EXPECT_EQ(s.problem, "") << s.subject;
  }
}

TEST_P(TlsChains, AMissingIntermediateIsUntrusted) {
  EXPECT_EQ(connect("missing intermediate"), NetError::CertUntrusted);
  EXPECT_TRUE(flags_ & MBEDTLS_X509_BADCERT_NOT_TRUSTED) << flags_;
  ASSERT_EQ(seen_.size(), 1u);  // the leaf, whose issuer is nowhere
  EXPECT_EQ(seen_[0].issuer, "CN=ehc-chain-intermediate");
  EXPECT_EQ(seen_[0].problem, "not trusted");
}

TEST_P(TlsChains, AnExpiredIntermediateSaysExpired) {
  EXPECT_EQ(connect("expired intermediate"), NetError::CertExpired);
  EXPECT_EQ(flags_, uint32_t{MBEDTLS_X509_BADCERT_EXPIRED});
  ASSERT_EQ(seen_.size(), 3u);
  EXPECT_EQ(seen_[1].subject, "CN=ehc-chain-expired-intermediate");
  EXPECT_EQ(seen_[1].problem, "expired");
  EXPECT_EQ(seen_[2].problem, "");  // the leaf itself is fine
}

TEST_P(TlsKeyTypes, RsaAndEcdsaKeysOfEachSize) {
  for (const char* kind : {"rsa2048", "rsa4096", "p256", "p384"}) {
    SCOPED_TRACE(kind);
    seen_.clear();
    EXPECT_EQ(connect(kind), NetError::Ok);
    EXPECT_EQ(seen_.size(), 2u);
  }
}

TEST_P(TlsChains, AWildcardMatchesOneLabel) {
  EXPECT_EQ(connect("wildcard", "api.ehc.test"), NetError::Ok);
  EXPECT_EQ(connect("wildcard", "API.EHC.TEST"), NetError::Ok);            // names ignore case
  EXPECT_EQ(connect("wildcard", "a.b.ehc.test"), NetError::HostMismatch);  // one label only
  EXPECT_EQ(connect("wildcard", "ehc.test"), NetError::HostMismatch);
  ASSERT_FALSE(seen_.empty());
  EXPECT_EQ(seen_.back().problem, "name mismatch");
}

// A DNS name in the common name only is accepted (no subjectAltName at all:
// mbedTLS, OpenSSL and curl fall back to the CN); once there is a
// subjectAltName, the CN is not looked at.
TEST_P(TlsChains, TheCommonNameCountsOnlyWithoutSubjectAltNames) {
  EXPECT_EQ(connect("cn only"), NetError::Ok);
  EXPECT_EQ(connect("san over cn"), NetError::HostMismatch);  // CN=localhost, SAN other.example
  // An address is never matched against the CN (the IpInCnOnly case of
  // tls_trust_test), and not against a DNS name either.
  EXPECT_EQ(connect("cn only", "127.0.0.1"), NetError::HostMismatch);
}

TEST_P(TlsChains, DatesSayWhichWayTheyAreWrong) {
  EXPECT_EQ(connect("not yet valid"), NetError::CertNotYetValid);
  EXPECT_EQ(flags_, uint32_t{MBEDTLS_X509_BADCERT_FUTURE});
  ASSERT_FALSE(seen_.empty());
  EXPECT_EQ(seen_.back().problem, "not yet valid");
  seen_.clear();
  EXPECT_EQ(connect("expired"), NetError::CertExpired);
  ASSERT_FALSE(seen_.empty());
  EXPECT_EQ(seen_.back().problem, "expired");
  // The validity, as text the user can compare with the clock.
  const std::string from = seen_.back().from, to = seen_.back().to;
  EXPECT_EQ(from.size(), 19u) << from;  // "2025-01-31 12:00:00"
  EXPECT_LT(from, to);
}

// The client's codes and messages for each: what the user reads.
TEST_P(TlsChains, TheClientSaysWhichCheckFailed) {
  const struct {
    const char* site;
    int code;
    const char* says;
  } cases[] = {
      {"missing intermediate", ehc::EHC_ERROR_CERT_UNTRUSTED, "missing intermediate"},
      {"expired intermediate", ehc::EHC_ERROR_CERT_EXPIRED, "has expired"},
      {"not yet valid", ehc::EHC_ERROR_CERT_NOT_YET_VALID, "is the clock set"},
      {"san over cn", ehc::EHC_ERROR_HOST_MISMATCH, "not for this host name"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.site);
    ESP32HTTPClient client(("https://localhost:" + std::to_string(portOf(c.site))).c_str());
    client.setCACert(certs_->text(certs_->pem("root")).c_str());
    client.setMaxRetry(2);
    const RestResult r = client.get("/hello.json").send();
    EXPECT_EQ(r.statusCode, c.code);
    EXPECT_EQ(r.attempts, 1);  // a certificate does not get better by trying again
    EXPECT_NE(std::string(r.message()).find(c.says), std::string::npos) << r.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Servers, TlsChains, ::testing::Values(Server::Nginx, Server::SServer),
                         serverName);
INSTANTIATE_TEST_SUITE_P(Servers, TlsKeyTypes, ::testing::Values(Server::Nginx, Server::SServer),
                         serverName);

}  // namespace
