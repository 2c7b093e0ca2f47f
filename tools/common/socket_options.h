// Socket set-up shared by the host tools that serve on loopback (the fault
// server, the network emulator): one place for what each socket needs.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ehc_tools {

// Close-on-exec, plus the given status flags (O_NONBLOCK, or 0).
inline void setFdFlags(int fd, int statusFlags) {
  fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | statusFlags);
}

inline void setIntOption(int fd, int level, int name, int value) {
  setsockopt(fd, level, name, &value, sizeof value);
}

// Non-blocking (a peer that does not read must not pin a thread past stop()),
// unbuffered (bytes due now go now), and no SIGPIPE where sends cannot say so.
inline void prepareConnection(int fd) {
  setFdFlags(fd, O_NONBLOCK);
  setIntOption(fd, IPPROTO_TCP, TCP_NODELAY, 1);
#ifdef SO_NOSIGPIPE
  setIntOption(fd, SOL_SOCKET, SO_NOSIGPIPE, 1);
#endif
}

// close() that sends RST, not FIN. Ignores -1.
inline void closeWithReset(int fd) {
  if (fd < 0) return;
  const linger abortive{1, 0};
  setsockopt(fd, SOL_SOCKET, SO_LINGER, &abortive, sizeof abortive);
  close(fd);
}

inline sockaddr_in loopback(uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  return address;
}

// A non-blocking listening socket on 127.0.0.1:port (0: any free port),
// with the port it got in *actual; -1 on failure.
inline int listenLoopback(uint16_t port, int backlog, uint16_t* actual) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  setFdFlags(fd, O_NONBLOCK);  // a connection gone between poll() and accept()
  setIntOption(fd, SOL_SOCKET, SO_REUSEADDR, 1);
  sockaddr_in address = loopback(port);
  socklen_t length = sizeof address;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), length) != 0 || listen(fd, backlog) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    close(fd);
    return -1;
  }
  *actual = ntohs(address.sin_port);
  return fd;
}

}  // namespace ehc_tools
