// A real TLS server for tests: `openssl s_server -www` on a loopback port,
// with a CA and a certificate for "localhost" made at test time.
#pragma once

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

#include "loopback.h"

namespace ehc_test {

class TlsTestServer {
 public:
  // Returns false (with a message) when openssl is missing or fails.
  bool start(const char* openssl, std::string* why) {
    char tmpl[] = "/tmp/ehc-tls-XXXXXX";
    dir_ = mkdtemp(tmpl);
    const std::string o = openssl, d = dir_;
    const std::string script =
        o + " req -x509 -newkey rsa:2048 -nodes -keyout " + d + "/ca.key -out " + d +
        "/ca.pem -days 2 -subj /CN=ehc-test-ca 2>/dev/null && " + o +
        " req -newkey rsa:2048 -nodes -keyout " + d + "/leaf.key -out " + d +
        "/leaf.csr -subj /CN=localhost 2>/dev/null && printf " +
        "'subjectAltName=DNS:localhost\\n' > " + d + "/ext && " + o + " x509 -req -in " + d +
        "/leaf.csr -CA " + d + "/ca.pem -CAkey " + d + "/ca.key -CAcreateserial -days 2 -extfile " +
        d + "/ext -out " + d + "/leaf.pem 2>/dev/null && " + o + " x509 -in " + d +
        "/leaf.pem -outform DER -out " + d + "/leaf.der && " + o + " x509 -in " + d +
        "/leaf.pem -pubkey -noout | " + o + " pkey -pubin -outform DER -out " + d + "/leaf-key.der";
    if (system(script.c_str()) != 0) {
      *why = "openssl could not make the test certificates";
      return false;
    }
    ca_ = slurp(d + "/ca.pem");
    leafDer_ = slurp(d + "/leaf.der");
    leafKeyDer_ = slurp(d + "/leaf-key.der");
    port_ = closedLoopbackPort();
    pid_ = fork();
    if (pid_ == 0) {
      if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(126);
      const std::string accept = "127.0.0.1:" + std::to_string(port_);
      execl(openssl, "openssl", "s_server", "-accept", accept.c_str(), "-cert",
            (d + "/leaf.pem").c_str(), "-key", (d + "/leaf.key").c_str(), "-www", nullptr);
      _exit(127);
    }
    for (int i = 0; i < 100; ++i) {  // bounded wait until it listens
      if (canConnect()) return true;
      usleep(50000);
    }
    *why = "openssl s_server did not start";
    return false;
  }
  ~TlsTestServer() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    if (!dir_.empty()) (void)!system(("rm -rf " + dir_).c_str());
  }
  uint16_t port() const { return port_; }
  const std::string& caPem() const { return ca_; }
  const std::string& leafDer() const { return leafDer_; }
  const std::string& leafKeyDer() const { return leafKeyDer_; }  // SubjectPublicKeyInfo

 private:
  static std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  bool canConnect() const {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(port_);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    close(fd);
    return ok;
  }
  std::string dir_, ca_, leafDer_, leafKeyDer_;
  uint16_t port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace ehc_test
