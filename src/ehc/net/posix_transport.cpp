#include "posix_transport.h"

#include <stdio.h>

#include "../platform/sockets.h"

EHC_BEGIN_NAMESPACE

namespace {

// revents, 0 when the deadline passed, -1 on failure; EINTR is waited out.
int pollFor(int fd, short events, const Deadline& deadline) {
  pollfd p{fd, events, 0};
  for (;;) {
    const int ms = static_cast<int>(deadline.remainingMs());
    const int r = poll(&p, 1, ms);
    if (r >= 0 || errno != EINTR) return r > 0 ? p.revents : r;
  }
}

// The addresses of a host, or nullptr. The resolver flags are dropped on a
// second try: AI_ADDRCONFIG hides loopback-only families on a host without
// network.
addrinfo* resolve(const char* host, uint16_t port, const Deadline& deadline) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = platform::kResolverFlags;
  char service[8];
  snprintf(service, sizeof service, "%u", port);
  addrinfo* list = nullptr;
  if (!host) return nullptr;
  if (getaddrinfo(host, service, &hints, &list) == 0 && list) return list;
  if (hints.ai_flags == 0 || deadline.expired()) return nullptr;
  hints.ai_flags = 0;
  list = nullptr;
  return getaddrinfo(host, service, &hints, &list) == 0 ? list : nullptr;
}

// One address within its share of the time: a connected descriptor, or -1
// with *result saying why not.
int connectOne(const addrinfo& a, const Deadline& share, NetError* result) {
  const int fd = socket(a.ai_family, a.ai_socktype, a.ai_protocol);
  if (fd < 0) {
    // A family this system cannot do is skipped; running out of descriptors is not.
    if (platform::outOfResources(errno)) *result = NetError::NoResources;
    return -1;
  }
  platform::setCloseOnExec(fd);
  platform::setNonBlocking(fd);
  int rc = ::connect(fd, a.ai_addr, a.ai_addrlen);
  *result = NetError::Refused;
  if (rc != 0 && errno == EINPROGRESS) {
    const int ev = pollFor(fd, POLLOUT, share);
    int err = 0;
    socklen_t len = sizeof err;
    if (ev == 0) {
      *result = NetError::ConnectTimeout;
    } else if (ev > 0 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0) {
      rc = 0;
    } else if (err == ETIMEDOUT) {
      *result = NetError::ConnectTimeout;
    }
  }
  if (rc == 0) return fd;
  ::close(fd);
  return -1;
}

}  // namespace

NetError PosixTransport::connect(const Endpoint& endpoint, Deadline deadline) {
  close();
  addrinfo* list = resolve(endpoint.host, endpoint.port, deadline);
  if (!list) return NetError::DnsFailed;
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
    fd_ = connectOne(*a, Deadline::in(deadline.remainingMs() / left).min(deadline), &result);
  }
  freeaddrinfo(list);
  if (fd_ < 0) return result;
  platform::setConnectedOptions(fd_);
  return NetError::Ok;
}

long PosixTransport::receiveSome(uint8_t* buf, size_t size, NetError* error) {
  if (fd_ < 0) {
    *error = NetError::NotConnected;
    return kFailed;
  }
  for (;;) {
    const ssize_t n = recv(fd_, buf, size, 0);
    if (n >= 0) return static_cast<long>(n);
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return kWouldBlock;
    *error = errno == ECONNRESET ? NetError::Reset : NetError::ReadFailed;
    return kFailed;
  }
}

long PosixTransport::sendSome(const uint8_t* data, size_t size, NetError* error) {
  if (fd_ < 0) {
    *error = NetError::NotConnected;
    return kFailed;
  }
  for (;;) {
    const ssize_t n = send(fd_, data, size, platform::kSendFlags);
    if (n > 0) return static_cast<long>(n);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return kWouldBlock;
    *error = n < 0 && errno == ECONNRESET ? NetError::Reset : NetError::WriteFailed;
    return kFailed;
  }
}

NetError PosixTransport::waitUntil(bool writable, Deadline deadline) {
  if (fd_ < 0) return NetError::NotConnected;
  const int ev = pollFor(fd_, writable ? POLLOUT : POLLIN, deadline);
  if (ev > 0) return NetError::Ok;
  if (ev == 0) return writable ? NetError::WriteTimeout : NetError::ReadTimeout;
  return writable ? NetError::WriteFailed : NetError::ReadFailed;
}

NetError PosixTransport::read(uint8_t* buf, size_t size, size_t* got, Deadline deadline) {
  *got = 0;
  for (;;) {
    NetError e = NetError::Ok;
    const long n = receiveSome(buf, size, &e);
    if (n >= 0) {
      *got = static_cast<size_t>(n);
      return NetError::Ok;
    }
    if (n == kFailed) return e;
    if ((e = waitUntil(false, deadline)) != NetError::Ok) return e;
  }
}

NetError PosixTransport::write(const uint8_t* data, size_t size, Deadline deadline) {
  if (fd_ < 0) return NetError::NotConnected;
  while (size) {
    NetError e = NetError::Ok;
    const long n = sendSome(data, size, &e);
    if (n > 0) {
      data += n;
      size -= static_cast<size_t>(n);
      continue;
    }
    if (n == kFailed) return e;
    if ((e = waitUntil(true, deadline)) != NetError::Ok) return e;
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
