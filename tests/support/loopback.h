// A listening TCP socket on the loopback interface, for network tests.
// Tests only ever talk to 127.0.0.1 / ::1.
#pragma once

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ehc_test {

// 127.0.0.1 or [::1] at `port`, in *out; returns the address's length.
inline socklen_t loopbackAddress(uint16_t port, bool v6, sockaddr_storage* out) {
  *out = sockaddr_storage{};
  if (v6) {
    auto* a = reinterpret_cast<sockaddr_in6*>(out);
    a->sin6_family = AF_INET6;
    a->sin6_addr = in6addr_loopback;
    a->sin6_port = htons(port);
    return sizeof *a;
  }
  auto* a = reinterpret_cast<sockaddr_in*>(out);
  a->sin_family = AF_INET;
  a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a->sin_port = htons(port);
  return sizeof *a;
}

// A socket connected (blocking) to the loopback port, or -1.
inline int connectLoopback(uint16_t port, bool v6 = false) {
  const int fd = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_storage address;
  const socklen_t length = loopbackAddress(port, v6, &address);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), length) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// Does something listen there?
inline bool canConnect(uint16_t port, bool v6 = false) {
  const int fd = connectLoopback(port, v6);
  if (fd >= 0) close(fd);
  return fd >= 0;
}

class LoopbackListener {
 public:
  explicit LoopbackListener(int backlog = 8, bool v6 = false) {
    fd_ = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int one = 1;
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_storage storage;
    socklen_t len = loopbackAddress(0, v6, &storage);
    ok_ = bind(fd_, reinterpret_cast<sockaddr*>(&storage), len) == 0 && listen(fd_, backlog) == 0;
    getsockname(fd_, reinterpret_cast<sockaddr*>(&storage), &len);
    port_ = ntohs(v6 ? reinterpret_cast<sockaddr_in6*>(&storage)->sin6_port
                     : reinterpret_cast<sockaddr_in*>(&storage)->sin_port);
  }
  ~LoopbackListener() { close(fd_); }
  LoopbackListener(const LoopbackListener&) = delete;
  LoopbackListener& operator=(const LoopbackListener&) = delete;

  int accept() { return ::accept(fd_, nullptr, nullptr); }
  // A connection within timeoutMs, or -1.
  int accept(int timeoutMs) {
    pollfd readable{fd_, POLLIN, 0};
    if (poll(&readable, 1, timeoutMs) <= 0) return -1;
    return ::accept(fd_, nullptr, nullptr);
  }
  uint16_t port() const { return port_; }
  bool ok() const { return ok_; }

 private:
  int fd_;
  uint16_t port_ = 0;
  bool ok_ = false;
};

// Descriptors this process has open now (Linux), to show none leaked.
inline size_t openDescriptors() {
  size_t n = 0;
  if (DIR* d = opendir("/proc/self/fd")) {
    while (readdir(d)) ++n;
    closedir(d);
  }
  return n;
}

// A loopback port free right now (a listener opened and closed again), for
// a server in another process to bind: another may take it first, so start
// the server again on a new one when its bind fails.
inline uint16_t freeLoopbackPort() {
  LoopbackListener gone;
  return gone.port();
}

// A loopback port where a connection is refused, and stays refused while
// tests run beside this one: below the ephemeral range, where no test server
// gets a port (they all bind port 0) and no connection its source port. A
// port free now may be taken by the next server any test starts (ctest -j).
// Falls back to freeLoopbackPort() when the range leaves no room below it.
inline uint16_t closedLoopbackPort() {
  unsigned low = 32768, high = 60999;  // Linux's default range
  if (FILE* f = fopen("/proc/sys/net/ipv4/ip_local_port_range", "r")) {
    if (fscanf(f, "%u %u", &low, &high) != 2) low = 32768;
    fclose(f);
  }
  for (unsigned port = low - 1; port >= 20000 && port < low; --port) {
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_storage address;
    const socklen_t length = loopbackAddress(static_cast<uint16_t>(port), false, &address);
    const bool refused = fd >= 0 &&
                         ::connect(fd, reinterpret_cast<sockaddr*>(&address), length) != 0 &&
                         errno == ECONNREFUSED;
    if (fd >= 0) close(fd);
    if (refused) return static_cast<uint16_t>(port);
  }
  return freeLoopbackPort();
}

}  // namespace ehc_test
