// A listening TCP socket on the loopback interface, for network tests.
// Tests only ever talk to 127.0.0.1 / ::1.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ehc_test {

class LoopbackListener {
 public:
  explicit LoopbackListener(int backlog = 8, bool v6 = false) {
    fd_ = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0);
    const int one = 1;
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_storage storage{};
    socklen_t len;
    if (v6) {
      auto* a = reinterpret_cast<sockaddr_in6*>(&storage);
      a->sin6_family = AF_INET6;
      a->sin6_addr = in6addr_loopback;
      len = sizeof *a;
    } else {
      auto* a = reinterpret_cast<sockaddr_in*>(&storage);
      a->sin_family = AF_INET;
      a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      len = sizeof *a;
    }
    ok_ = bind(fd_, reinterpret_cast<sockaddr*>(&storage), len) == 0 && listen(fd_, backlog) == 0;
    getsockname(fd_, reinterpret_cast<sockaddr*>(&storage), &len);
    port_ = ntohs(v6 ? reinterpret_cast<sockaddr_in6*>(&storage)->sin6_port
                     : reinterpret_cast<sockaddr_in*>(&storage)->sin_port);
  }
  ~LoopbackListener() { close(fd_); }
  LoopbackListener(const LoopbackListener&) = delete;
  LoopbackListener& operator=(const LoopbackListener&) = delete;

  int accept() { return ::accept(fd_, nullptr, nullptr); }
  uint16_t port() const { return port_; }
  bool ok() const { return ok_; }

 private:
  int fd_;
  uint16_t port_ = 0;
  bool ok_ = false;
};

// A loopback port nobody listens on (a listener opened and closed again).
inline uint16_t closedLoopbackPort() {
  LoopbackListener gone;
  return gone.port();
}

}  // namespace ehc_test
