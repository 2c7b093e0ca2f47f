// Certificates described by the test and made at test time with the openssl
// binary (in a temp dir removed by the destructor): any key type, chains of
// any depth, any names, validity in the past or the future, client
// certificates. For what TestCerts' fixed set does not cover.
//
//   ehc_test::CertFactory f;
//   std::string why;
//   ASSERT_TRUE(f.make(EHC_OPENSSL, {
//       {"root", "ec:P-256", "ehc-root", "", "", true},
//       {"inter", "ec:P-256", "ehc-inter", "", "root", true},
//       {"leaf", "rsa:2048", "localhost", "DNS:localhost", "inter"},
//   }, &why)) << why;
//   nginx: ssl_certificate f.chain({"leaf", "inter"}), ssl_certificate_key f.key("leaf")
//   client: setCaPem(f.text(f.pem("root")))
//
// Every certificate is issued by `openssl ca` (self-signed when there is no
// issuer), so its dates can be anywhere: fromDays / toDays are days from now.
#pragma once

#include <sys/wait.h>
#include <time.h>

#include <map>
#include <string>
#include <vector>

#include "test_certs.h"

namespace ehc_test {

struct CertSpec {
  std::string name;             // file names: name.pem, name.key (and name.der, name.key.der)
  std::string key;              // "ec:P-256", "ec:P-384", "rsa:2048", "rsa:4096"
  std::string cn;               // subject: /CN=cn
  std::string san;              // subjectAltName ("DNS:a, IP:127.0.0.1"); "": none
  std::string issuer;           // name of an earlier spec; "": self-signed
  bool ca = false;              // a CA (basicConstraints CA:TRUE, keyCertSign)
  bool client = false;          // extendedKeyUsage clientAuth (else serverAuth)
  double fromDays = -1.0 / 24;  // valid from an hour ago ...
  double toDays = 3;            // ... for three days
  bool der = false;             // also name.der and name.key.der
  std::string password;         // also name.enc.key, encrypted with it
};

class CertFactory {
 public:
  CertFactory() = default;
  ~CertFactory() { removeTree(dir_); }
  CertFactory(const CertFactory&) = delete;
  CertFactory& operator=(const CertFactory&) = delete;

  // Makes every certificate, in order. False with the reason (and the tail of
  // openssl's output). Call once.
  bool make(const char* openssl, const std::vector<CertSpec>& specs, std::string* why) {
    const char* tmp = getenv("TMPDIR");
    std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/ehc-factory-XXXXXX";
    if (!dir_.empty()) {
      *why = "CertFactory::make: called twice";
      return false;
    }
    if (!mkdtemp(&tmpl[0])) {
      *why = "mkdtemp failed for " + tmpl;
      return false;
    }
    dir_ = tmpl;
    std::string script = "set -e\n";
    for (const CertSpec& s : specs) script += commands(openssl, s);
    if (!writeFile(dir_ + "/openssl.cnf", config(specs)) || !writeFile(dir_ + "/index.txt", "") ||
        !writeFile(dir_ + "/serial", "2000\n") || !writeFile(dir_ + "/make.sh", script)) {
      *why = "cannot write into " + dir_;
      return false;
    }
    const std::string log = dir_ + "/make.log";
    const int rc =
        system(("sh " + shellQuote(dir_ + "/make.sh") + " >" + shellQuote(log) + " 2>&1").c_str());
    if (rc != 0) {
      *why = "openssl could not make the certificates (exit " +
             std::to_string(WIFEXITED(rc) ? WEXITSTATUS(rc) : -1) + "):\n" +
             tailLines(slurpFile(log), 12);
      return false;
    }
    return true;
  }

  const std::string& dir() const { return dir_; }
  std::string pem(const std::string& name) const { return dir_ + "/" + name + ".pem"; }
  std::string key(const std::string& name) const { return dir_ + "/" + name + ".key"; }
  std::string der(const std::string& name) const { return dir_ + "/" + name + ".der"; }
  std::string keyDer(const std::string& name) const { return dir_ + "/" + name + ".key.der"; }
  std::string encryptedKey(const std::string& name) const { return dir_ + "/" + name + ".enc.key"; }
  // A file with these certificates, in this order (a server's chain: leaf first).
  std::string chain(const std::vector<std::string>& names) const {
    std::string path = dir_ + "/chain", all;
    for (const std::string& n : names) {
      path += "-" + n;
      all += slurpFile(pem(n));
    }
    path += ".pem";
    writeFile(path, all);
    return path;
  }
  // A file's contents (kept, so the text outlives the call: the TLS
  // transport keeps PEM by reference).
  const std::string& text(const std::string& path) {
    auto it = texts_.find(path);
    if (it == texts_.end()) it = texts_.emplace(path, slurpFile(path)).first;
    return it->second;
  }

 private:
  // openssl ca's date format, `days` from now.
  static std::string utcFromNow(double days) {
    const time_t t = time(nullptr) + static_cast<time_t>(days * 86400);
    struct tm tm {};
    gmtime_r(&t, &tm);
    char out[32];
    strftime(out, sizeof out, "%Y%m%d%H%M%SZ", &tm);
    return out;
  }

  std::string config(const std::vector<CertSpec>& specs) const {
    std::string c =
        "[ req ]\ndistinguished_name = req_dn\nprompt = no\n[ req_dn ]\nCN = unused\n"
        "[ ca ]\ndefault_ca = factory\n[ factory ]\ndatabase = " +
        dir_ + "/index.txt\nnew_certs_dir = " + dir_ + "\nserial = " + dir_ +
        "/serial\ndefault_md = sha256\npolicy = policy_any\nunique_subject = no\n"
        "email_in_dn = no\ncopy_extensions = none\n[ policy_any ]\ncommonName = supplied\n";
    for (const CertSpec& s : specs) {
      c += "[ ext_" + s.name + " ]\nsubjectKeyIdentifier = hash\n";
      if (s.ca) {
        c += "basicConstraints = critical, CA:TRUE\nkeyUsage = critical, keyCertSign, cRLSign\n";
      } else {
        c +=
            "basicConstraints = CA:FALSE\nkeyUsage = critical, digitalSignature, keyEncipherment\n";
        c += std::string("extendedKeyUsage = ") + (s.client ? "clientAuth" : "serverAuth") + "\n";
      }
      if (!s.san.empty()) c += "subjectAltName = " + s.san + "\n";
    }
    return c;
  }

  std::string commands(const char* openssl, const CertSpec& s) const {
    const std::string o = shellQuote(openssl),
                      cnf = " -config " + shellQuote(dir_ + "/openssl.cnf");
    const std::string k = shellQuote(key(s.name)), p = shellQuote(pem(s.name));
    const std::string csr = shellQuote(dir_ + "/" + s.name + ".csr");
    std::string c;
    if (s.key.rfind("rsa:", 0) == 0)
      c += o + " genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:" + s.key.substr(4) + " -out " +
           k + "\n";
    else
      c += o + " genpkey -algorithm EC -pkeyopt ec_paramgen_curve:" + s.key.substr(3) + " -out " +
           k + "\n";
    c += o + " req" + cnf + " -new -key " + k + " -subj " + shellQuote("/CN=" + s.cn) + " -out " +
         csr + "\n";
    const std::string signer = s.issuer.empty() ? " -selfsign -keyfile " + k
                                                : " -cert " + shellQuote(pem(s.issuer)) +
                                                      " -keyfile " + shellQuote(key(s.issuer));
    c += o + " ca" + cnf + " -batch -notext" + signer + " -in " + csr + " -out " + p +
         " -startdate " + utcFromNow(s.fromDays) + " -enddate " + utcFromNow(s.toDays) +
         " -extensions ext_" + s.name + "\n";
    if (s.der) {
      c += o + " x509 -in " + p + " -outform DER -out " + shellQuote(der(s.name)) + "\n";
      c += o + " pkey -in " + k + " -outform DER -out " + shellQuote(keyDer(s.name)) + "\n";
    }
    if (!s.password.empty())
      c += o + " pkey -in " + k + " -traditional -aes256 -passout " +
           shellQuote("pass:" + s.password) + " -out " + shellQuote(encryptedKey(s.name)) + "\n";
    return c;
  }

  std::string dir_;
  std::map<std::string, std::string> texts_;
};

}  // namespace ehc_test
