#include "posix_transport.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0  // macOS: SO_NOSIGPIPE is set on the socket instead
#endif

EHC_BEGIN_NAMESPACE

namespace {

int pollFor(int fd, short events, const Deadline& deadline) {
  pollfd p{fd, events, 0};
  for (;;) {
    const int ms = static_cast<int>(deadline.remainingMs());
    const int r = poll(&p, 1, ms);
    if (r >= 0 || errno != EINTR) return r > 0 ? p.revents : r;
  }
}

void setNonBlocking(int fd) {
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
}

}  // namespace

NetError PosixTransport::connect(const Endpoint& endpoint, Deadline deadline) {
  close();
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_ADDRCONFIG;
  char port[8];
  snprintf(port, sizeof port, "%u", endpoint.port);
  addrinfo* list = nullptr;
  if (!endpoint.host || getaddrinfo(endpoint.host, port, &hints, &list) != 0 || !list) {
    // AI_ADDRCONFIG hides loopback-only families on a host without network.
    if (!endpoint.host || deadline.expired()) return NetError::DnsFailed;
    hints.ai_flags = 0;
    if (!endpoint.host || getaddrinfo(endpoint.host, port, &hints, &list) != 0 || !list)
      return NetError::DnsFailed;
  }
  // Each address gets an equal share of the time left, so one that never
  // answers (an unreachable ::1, say) cannot use up the whole deadline.
  unsigned left = 0;
  for (addrinfo* a = list; a; a = a->ai_next) ++left;
  NetError result = NetError::Refused;  // what the last address tried said
  for (addrinfo* a = list; a && fd_ < 0; a = a->ai_next, --left) {
    if (deadline.expired()) {
      result = NetError::ConnectTimeout;
      break;
    }
    const Deadline share = Deadline::in(deadline.remainingMs() / left).min(deadline);
    const int fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) {
      // A family this system cannot do is skipped; running out of descriptors is not.
      if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
        result = NetError::NoResources;
      continue;
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    setNonBlocking(fd);
    int rc = ::connect(fd, a->ai_addr, a->ai_addrlen);
    if (rc != 0 && errno != EINPROGRESS) result = NetError::Refused;
    if (rc != 0 && errno == EINPROGRESS) {
      result = NetError::Refused;
      const int ev = pollFor(fd, POLLOUT, share);
      int err = 0;
      socklen_t len = sizeof err;
      if (ev == 0) {
        result = NetError::ConnectTimeout;
      } else if (ev > 0 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0) {
        rc = 0;
      } else if (err == ETIMEDOUT) {
        result = NetError::ConnectTimeout;
      }
    }
    if (rc == 0) {
      fd_ = fd;
    } else {
      ::close(fd);
    }
  }
  freeaddrinfo(list);
  if (fd_ < 0) return result;
  const int one = 1;
  setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
#ifdef SO_NOSIGPIPE
  setsockopt(fd_, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
  return NetError::Ok;
}

NetError PosixTransport::read(uint8_t* buf, size_t size, size_t* got, Deadline deadline) {
  *got = 0;
  if (fd_ < 0) return NetError::NotConnected;
  for (;;) {
    const ssize_t n = recv(fd_, buf, size, 0);
    if (n >= 0) {
      *got = static_cast<size_t>(n);
      return NetError::Ok;
    }
    if (errno == EINTR) continue;
    if (errno == ECONNRESET) return NetError::Reset;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return NetError::ReadFailed;
    const int ev = pollFor(fd_, POLLIN, deadline);
    if (ev == 0) return NetError::ReadTimeout;
    if (ev < 0) return NetError::ReadFailed;
  }
}

NetError PosixTransport::write(const uint8_t* data, size_t size, Deadline deadline) {
  if (fd_ < 0) return NetError::NotConnected;
  while (size) {
    const ssize_t n = send(fd_, data, size, MSG_NOSIGNAL);
    if (n > 0) {
      data += n;
      size -= static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      const int ev = pollFor(fd_, POLLOUT, deadline);
      if (ev == 0) return NetError::WriteTimeout;
      if (ev < 0) return NetError::WriteFailed;
      continue;
    }
    return errno == ECONNRESET ? NetError::Reset : NetError::WriteFailed;
  }
  return NetError::Ok;
}

bool PosixTransport::peerClosed() {
  if (fd_ < 0) return true;
  uint8_t b;
  const ssize_t n = recv(fd_, &b, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return false;  // idle and open
  return true;  // closed (0), reset (-1), or unexpected bytes (n > 0)
}

void PosixTransport::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

EHC_END_NAMESPACE
