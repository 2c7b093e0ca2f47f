// Test certificates made at test time with the openssl binary, in a temp dir
// removed again by the destructor. EC P-256 keys, SHA-256 signatures.
//
//   ehc_test::TestCerts certs;
//   std::string why;
//   if (!certs.make(EHC_OPENSSL, &why)) FAIL() << why;
//   transport.setCaPem(certs.caPem().c_str());
//   server.useCertificate(certs.certPath(ehc_test::CertKind::Valid),
//                         certs.keyPath(ehc_test::CertKind::Valid));
//
// Kinds (every leaf but SelfSigned is signed by the test CA, ca.pem):
//   Valid       CN=localhost, SAN DNS:localhost, IP:127.0.0.1, IP:::1; valid from now for
//               3 days
//   WrongHost   CN=other.example, SAN DNS:other.example only
//   Expired     for localhost like Valid, but valid from 10 days ago to 2 days ago
//   SelfSigned  for localhost like Valid, self-signed (not from the CA)
//   DnsOnly     for localhost, SAN DNS:localhost only: connecting by "127.0.0.1" is a host
//               mismatch with every TLS library (mbedTLS >= 3.6 matches IP SANs, 2.28 does not)
//   OtherIp     SAN IP:127.0.0.2, IP:::2 only (CN=localhost): for other addresses
//   IpInCnOnly  CN=127.0.0.1 and no subjectAltName: an address only in the common name
#pragma once

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

namespace ehc_test {

enum class CertKind : unsigned char {
  Valid,
  WrongHost,
  Expired,
  SelfSigned,
  DnsOnly,
  OtherIp,
  IpInCnOnly
};
constexpr CertKind kAllCertKinds[] = {CertKind::Valid,      CertKind::WrongHost, CertKind::Expired,
                                      CertKind::SelfSigned, CertKind::DnsOnly,   CertKind::OtherIp,
                                      CertKind::IpInCnOnly};

// "valid", "wronghost", "expired", "selfsigned", "dnsonly" (also the file names).
inline const char* certKindName(CertKind kind) {
  switch (kind) {
    case CertKind::Valid: return "valid";
    case CertKind::WrongHost: return "wronghost";
    case CertKind::Expired: return "expired";
    case CertKind::SelfSigned: return "selfsigned";
    case CertKind::DnsOnly: return "dnsonly";
    case CertKind::OtherIp: return "otherip";
    case CertKind::IpInCnOnly: return "ipincnonly";
  }
  return "?";
}

// Whole file, binary; "" if it cannot be read.
inline std::string slurpFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline bool writeFile(const std::string& path, const std::string& contents) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << contents;
  out.close();
  return static_cast<bool>(out);
}

// The last `lines` lines of a text.
inline std::string tailLines(const std::string& text, int lines) {
  size_t pos = text.size();
  if (pos > 0 && text[pos - 1] == '\n') --pos;
  while (lines-- > 0 && pos > 0) {
    const size_t nl = text.rfind('\n', pos - 1);
    if (nl == std::string::npos) return text;
    pos = nl;
  }
  return pos == 0 ? text : text.substr(pos + 1);
}

// rm -rf without a shell (no symlinks followed).
inline void removeTree(const std::string& path) {
  if (path.empty()) return;
  nftw(
      path.c_str(), [](const char* p, const struct stat*, int, struct FTW*) { return remove(p); },
      16, FTW_DEPTH | FTW_PHYS);
}

// A word for sh, in single quotes.
inline std::string shellQuote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

class TestCerts {
 public:
  TestCerts() = default;
  ~TestCerts() { removeTree(dir_); }
  TestCerts(const TestCerts&) = delete;
  TestCerts& operator=(const TestCerts&) = delete;

  // Makes the CA and every kind of leaf. False (with the reason and the tail
  // of openssl's output) when openssl is missing or fails. Call once.
  bool make(const char* openssl, std::string* why) {
    if (!dir_.empty()) {
      *why = "TestCerts::make() called twice";
      return false;
    }
    const char* tmp = getenv("TMPDIR");
    std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/ehc-certs-XXXXXX";
    if (!mkdtemp(&tmpl[0])) {
      *why = "mkdtemp failed for " + tmpl;
      return false;
    }
    dir_ = tmpl;
    if (!writeFile(dir_ + "/openssl.cnf", config()) || !writeFile(dir_ + "/index.txt", "") ||
        !writeFile(dir_ + "/serial", "1000\n") || !writeFile(dir_ + "/make.sh", script(openssl))) {
      *why = "cannot write into " + dir_;
      return false;
    }
    const std::string log = dir_ + "/make.log";
    const int rc =
        system(("sh " + shellQuote(dir_ + "/make.sh") + " >" + shellQuote(log) + " 2>&1").c_str());
    if (rc != 0) {
      *why = std::string("openssl (") + openssl + ") could not make the test certificates (exit " +
             std::to_string(WIFEXITED(rc) ? WEXITSTATUS(rc) : -1) + "):\n" +
             tailLines(slurpFile(log), 12);
      return false;
    }
    caPem_ = slurpFile(caPemPath());
    for (const CertKind k : kAllCertKinds) {
      const int i = static_cast<int>(k);
      der_[i] = pemToDer(slurpFile(certPath(k)));
      keyDer_[i] = spkiOf(der_[i]);
      if (der_[i].empty() || keyDer_[i].empty()) {
        *why = std::string("no certificate in ") + certPath(k);
        return false;
      }
    }
    return !caPem_.empty();
  }

  const std::string& dir() const { return dir_; }
  std::string caPemPath() const { return dir_ + "/ca.pem"; }
  std::string caKeyPath() const { return dir_ + "/ca.key"; }
  const std::string& caPem() const { return caPem_; }  // contents of ca.pem
  std::string certPath(CertKind kind) const { return base(kind) + ".pem"; }
  std::string keyPath(CertKind kind) const { return base(kind) + ".key"; }
  // The leaf certificate as DER, and its SubjectPublicKeyInfo as DER (pinning).
  const std::string& leafDer(CertKind kind = CertKind::Valid) const {
    return der_[static_cast<int>(kind)];
  }
  const std::string& leafKeyDer(CertKind kind = CertKind::Valid) const {
    return keyDer_[static_cast<int>(kind)];
  }

 private:
  static constexpr int kKinds = sizeof kAllCertKinds / sizeof kAllCertKinds[0];

  std::string base(CertKind kind) const { return dir_ + "/" + certKindName(kind); }

  // openssl ca's date format, `seconds` from now.
  static std::string utcFromNow(long seconds) {
    const time_t t = time(nullptr) + seconds;
    struct tm tm {};
    gmtime_r(&t, &tm);
    char out[32];
    strftime(out, sizeof out, "%Y%m%d%H%M%SZ", &tm);
    return out;
  }

  std::string config() const {
    return "[ req ]\n"
           "distinguished_name = req_dn\n"
           "prompt = no\n"
           "[ req_dn ]\n"
           "CN = unused\n"
           "[ v3_ca ]\n"
           "basicConstraints = critical, CA:TRUE\n"
           "keyUsage = critical, keyCertSign, cRLSign\n"
           "subjectKeyIdentifier = hash\n"
           "[ ca ]\n"
           "default_ca = testca\n"
           "[ testca ]\n"
           "database = " +
           dir_ + "/index.txt\nnew_certs_dir = " + dir_ + "\nserial = " + dir_ +
           "/serial\n"
           "default_md = sha256\n"
           "policy = policy_any\n"
           "unique_subject = no\n"
           "email_in_dn = no\n"
           "[ policy_any ]\n"
           "commonName = supplied\n" +
           leafSection("localhost", "DNS:localhost, IP:127.0.0.1, IP:::1") +
           leafSection("other", "DNS:other.example") + leafSection("dnsonly", "DNS:localhost") +
           leafSection("otherip", "IP:127.0.0.2, IP:::2") + leafSection("nosan", nullptr);
  }
  static std::string leafSection(const char* name, const char* san) {
    return std::string("[ leaf_") + name +
           " ]\n"
           "basicConstraints = CA:FALSE\n"
           "keyUsage = critical, digitalSignature\n"
           "extendedKeyUsage = serverAuth\n"
           "subjectKeyIdentifier = hash\n" +
           (san ? std::string("subjectAltName = ") + san + "\n" : std::string());
  }

  // Nine openssl runs (each costs ~30 ms of start-up): the CA, five leaves
  // signed in one step (`req -CA`, OpenSSL 3.0), the expired leaf through
  // `openssl ca` (the only way to back-date in 3.0), the self-signed leaf.
  std::string script(const char* openssl) const {
    const std::string o = shellQuote(openssl),
                      cnf = " -config " + shellQuote(dir_ + "/openssl.cnf");
    const std::string newKey = " -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes";
    const std::string ca = shellQuote(caPemPath()), caKey = shellQuote(caKeyPath());
    std::string s = "set -e\n";
    s += o + " req" + cnf + " -x509" + newKey + " -keyout " + caKey + " -out " + ca +
         " -days 30 -subj /CN=ehc-test-ca -extensions v3_ca\n";
    auto leaf = [&](CertKind kind, const char* cn, const char* section, const std::string& signer) {
      s += o + " req" + cnf + " -x509" + signer + newKey + " -keyout " + shellQuote(keyPath(kind)) +
           " -out " + shellQuote(certPath(kind)) + " -days 3 -subj /CN=" + cn + " -extensions " +
           section + "\n";
    };
    const std::string byCa = " -CA " + ca + " -CAkey " + caKey;
    leaf(CertKind::Valid, "localhost", "leaf_localhost", byCa);
    leaf(CertKind::WrongHost, "other.example", "leaf_other", byCa);
    leaf(CertKind::DnsOnly, "localhost", "leaf_dnsonly", byCa);
    leaf(CertKind::OtherIp, "localhost", "leaf_otherip", byCa);
    leaf(CertKind::IpInCnOnly, "127.0.0.1", "leaf_nosan", byCa);
    leaf(CertKind::SelfSigned, "localhost", "leaf_localhost", "");
    const long day = 24 * 3600;
    const std::string csr = shellQuote(base(CertKind::Expired) + ".csr");
    s += o + " req" + cnf + " -new" + newKey + " -keyout " +
         shellQuote(keyPath(CertKind::Expired)) + " -out " + csr + " -subj /CN=localhost\n";
    s += o + " ca" + cnf + " -batch -notext -cert " + ca + " -keyfile " + caKey + " -in " + csr +
         " -out " + shellQuote(certPath(CertKind::Expired)) + " -startdate " +
         utcFromNow(-10 * day) + " -enddate " + utcFromNow(-2 * day) +
         " -extensions leaf_localhost\n";
    return s;
  }

  // The DER inside a PEM block ("" if there is none).
  static std::string pemToDer(const std::string& pem) {
    const size_t begin = pem.find("-----BEGIN ");
    const size_t body = begin == std::string::npos ? begin : pem.find('\n', begin);
    const size_t end = body == std::string::npos ? body : pem.find("-----END ", body);
    if (end == std::string::npos) return "";
    std::string der;
    unsigned bits = 0;
    int have = 0;
    for (size_t i = body; i < end; ++i) {
      const char c = pem[i];
      int v;
      if (c >= 'A' && c <= 'Z')
        v = c - 'A';
      else if (c >= 'a' && c <= 'z')
        v = c - 'a' + 26;
      else if (c >= '0' && c <= '9')
        v = c - '0' + 52;
      else if (c == '+')
        v = 62;
      else if (c == '/')
        v = 63;
      else
        continue;  // line breaks, '=' padding
      bits = (bits << 6) | static_cast<unsigned>(v);
      if ((have += 6) >= 8) {
        have -= 8;
        der += static_cast<char>((bits >> have) & 0xff);
      }
    }
    return der;
  }

  // One DER element at `pos`: where its contents start and how long they are.
  static bool derElement(const std::string& d, size_t pos, size_t* contents, size_t* length) {
    if (pos + 2 > d.size()) return false;
    size_t len = static_cast<unsigned char>(d[pos + 1]), at = pos + 2;
    if (len & 0x80) {
      const size_t n = len & 0x7f;
      if (n == 0 || n > 4 || at + n > d.size()) return false;
      len = 0;
      for (size_t i = 0; i < n; ++i) len = (len << 8) | static_cast<unsigned char>(d[at++]);
    }
    if (at + len > d.size()) return false;
    *contents = at;
    *length = len;
    return true;
  }

  // The SubjectPublicKeyInfo element of a certificate, exactly as it carries it.
  static std::string spkiOf(const std::string& cert) {
    size_t c, n, tbs, tbsLen;
    if (!derElement(cert, 0, &c, &n) || !derElement(cert, c, &tbs, &tbsLen)) return "";
    size_t pos = tbs;
    if (pos < cert.size() && static_cast<unsigned char>(cert[pos]) == 0xa0) {  // [0] version
      if (!derElement(cert, pos, &c, &n)) return "";
      pos = c + n;
    }
    for (int skip = 0; skip < 5; ++skip) {  // serial, signature, issuer, validity, subject
      if (!derElement(cert, pos, &c, &n)) return "";
      pos = c + n;
    }
    if (!derElement(cert, pos, &c, &n) || c + n > tbs + tbsLen) return "";
    return cert.substr(pos, c + n - pos);
  }

  std::string dir_, caPem_;
  std::string der_[kKinds], keyDer_[kKinds];
};

}  // namespace ehc_test
