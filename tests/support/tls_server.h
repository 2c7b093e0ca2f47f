// A real TLS server for tests: `openssl s_server -www` on a loopback port,
// with a CA and a certificate for "localhost" made at test time (TestCerts).
// The certificate names only DNS:localhost (CertKind::DnsOnly), so
// connecting by "127.0.0.1" is a host-name mismatch. Or with a certificate,
// chain and key of the caller's (startWith: CertFactory's files).
#pragma once

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "loopback.h"
#include "test_certs.h"

namespace ehc_test {

class TlsTestServer {
 public:
  // Returns false (with a message) when openssl is missing or fails. `extra`:
  // more s_server options (e.g. {"-tls1_3"} for a TLS 1.3-only server). The
  // port is chosen before s_server binds it, so another process may take it
  // first: then s_server exits and starts again on another.
  bool start(const char* openssl, std::string* why, const std::vector<std::string>& extra = {}) {
    if (!certs_.make(openssl, why)) return false;
    cert_ = certs_.certPath(kKind);
    key_ = certs_.keyPath(kKind);
    return launchOnSomePort(openssl, why, extra);
  }
  // The same with the caller's certificate (PEM files): `chain` holds the
  // certificates sent after it ("" for none), leaf side first. (caPem() and
  // the other accessors of the made certificates are then empty.)
  bool startWith(const char* openssl, const std::string& cert, const std::string& key,
                 const std::string& chain, std::string* why, std::vector<std::string> extra = {}) {
    cert_ = cert;
    key_ = key;
    if (!chain.empty()) extra.insert(extra.end(), {"-cert_chain", chain});
    return launchOnSomePort(openssl, why, extra);
  }
  ~TlsTestServer() { stop(); }
  uint16_t port() const { return port_; }
  const std::string& caPem() const { return certs_.caPem(); }
  const std::string& leafDer() const { return certs_.leafDer(kKind); }
  const std::string& leafKeyDer() const { return certs_.leafKeyDer(kKind); }  // its SPKI
  const TestCerts& certs() const { return certs_; }

 private:
  bool launchOnSomePort(const char* openssl, std::string* why,
                        const std::vector<std::string>& extra) {
    for (int attempt = 0; attempt < 5; ++attempt) {
      if (launch(openssl, extra)) return true;
    }
    *why = "openssl s_server did not start (5 ports tried)";
    return false;
  }
  // Starts s_server on a free port and waits (bounded) until it listens.
  bool launch(const char* openssl, const std::vector<std::string>& extra) {
    port_ = freeLoopbackPort();
    pid_ = fork();
    if (pid_ == 0) {
      if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(126);
      const std::string accept = "127.0.0.1:" + std::to_string(port_);
      std::vector<const char*> argv = {"openssl",      "s_server",   "-accept",
                                       accept.c_str(), "-cert",      cert_.c_str(),
                                       "-key",         key_.c_str(), "-www"};
      for (const std::string& e : extra) argv.push_back(e.c_str());
      argv.push_back(nullptr);
      execv(openssl, const_cast<char* const*>(argv.data()));
      _exit(127);
    }
    for (int i = 0; i < 100; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {  // it could not bind: exited
        pid_ = -1;
        return false;
      }
      if (canConnect(port_)) return true;
      usleep(50000);
    }
    stop();
    return false;
  }
  void stop() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    pid_ = -1;
  }

  static constexpr CertKind kKind = CertKind::DnsOnly;
  TestCerts certs_;  // destroyed (its directory removed) after the server is stopped
  std::string cert_, key_;
  uint16_t port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace ehc_test
