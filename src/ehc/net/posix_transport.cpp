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

enum class Attempt : uint8_t { Connected, InProgress, Failed };

// Starts a non-blocking connect to one address: *fd is the socket unless it
// Failed (then *why says why, when it is worth saying).
Attempt startOne(const addrinfo& a, int* fd, NetError* why) {
  *fd = socket(a.ai_family, a.ai_socktype, a.ai_protocol);
  if (*fd < 0) {
    // A family this system cannot do is skipped; running out of descriptors is not.
    if (platform::outOfResources(errno)) *why = NetError::NoResources;
    return Attempt::Failed;
  }
  platform::setCloseOnExec(*fd);
  platform::setNonBlocking(*fd);
  if (::connect(*fd, a.ai_addr, a.ai_addrlen) == 0) return Attempt::Connected;
  if (errno == EINPROGRESS) return Attempt::InProgress;
  *why = NetError::Refused;
  ::close(*fd);
  *fd = -1;
  return Attempt::Failed;
}

unsigned countOf(const addrinfo* list) {
  unsigned n = 0;
  for (; list; list = list->ai_next) ++n;
  return n;
}

}  // namespace

NetError PosixTransport::startConnect(const Endpoint& endpoint, Deadline deadline) {
  close();
  addresses_ = resolve(endpoint.host, endpoint.port, deadline);
  if (!addresses_) return NetError::DnsFailed;
  next_ = addresses_;
  untried_ = countOf(addresses_);
  connectBy_ = deadline;
  lastError_ = NetError::Refused;
  return tryNextAddress();
}

// Each address gets an equal share of the time left, so one that never
// answers (an unreachable ::1, say) cannot use up the whole deadline.
NetError PosixTransport::tryNextAddress() {
  while (next_) {
    if (connectBy_.expired()) {
      lastError_ = NetError::ConnectTimeout;
      break;
    }
    const addrinfo& a = *next_;
    next_ = a.ai_next;
    share_ = Deadline::in(connectBy_.remainingMs() / untried_--).min(connectBy_);
    const Attempt attempt = startOne(a, &fd_, &lastError_);
    if (attempt == Attempt::Connected) return connected();
    if (attempt == Attempt::InProgress) {
      connecting_ = true;
      waitWritable_ = true;
      return NetError::WouldBlock;
    }
  }
  forgetAddresses();
  return lastError_;
}

NetError PosixTransport::connectStep() {
  if (!connecting_) return fd_ >= 0 ? NetError::Ok : NetError::NotConnected;
  const int ev = pollFor(fd_, POLLOUT, Deadline::in(0));  // done yet?
  if (ev == 0)
    return share_.expired() ? addressFailed(NetError::ConnectTimeout) : NetError::WouldBlock;
  int err = 0;
  socklen_t len = sizeof err;
  if (ev > 0 && getsockopt(fd_, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0)
    return connected();
  return addressFailed(err == ETIMEDOUT ? NetError::ConnectTimeout : NetError::Refused);
}

NetError PosixTransport::addressFailed(NetError why) {
  ::close(fd_);
  fd_ = -1;
  connecting_ = false;
  lastError_ = why;
  return tryNextAddress();
}

NetError PosixTransport::connected() {
  connecting_ = false;
  forgetAddresses();
  platform::setConnectedOptions(fd_);
  return NetError::Ok;
}

void PosixTransport::forgetAddresses() {
  if (addresses_) freeaddrinfo(addresses_);
  addresses_ = next_ = nullptr;
  untried_ = 0;
}

// One recv(): Ok with *got > 0, Ok with 0 when the peer closed, WouldBlock
// on EAGAIN, or why not.
NetError PosixTransport::receive(uint8_t* buf, size_t size, size_t* got) {
  for (;;) {
    const ssize_t n = recv(fd_, buf, size, 0);
    if (n >= 0) {
      *got = static_cast<size_t>(n);
      return NetError::Ok;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      waitWritable_ = false;
      return NetError::WouldBlock;
    }
    return errno == ECONNRESET ? NetError::Reset : NetError::ReadFailed;
  }
}

// Bytes in the read-ahead: the ones held, or one recv() of its whole size.
// Ok (with none held when the peer closed), WouldBlock, or why not.
NetError PosixTransport::holdSome() {
  if (ahead_.size() > 0) return NetError::Ok;
  size_t n = 0;
  const NetError e = receive(ahead_.space(), ahead_.kCapacity, &n);
  ahead_.filled(n);
  return e;
}

NetError PosixTransport::readSome(uint8_t* buf, size_t size, size_t* got) {
  *got = 0;
  if (!open()) return NetError::NotConnected;
  if (ahead_.size() == 0 && ahead_.bypasses(size)) return receive(buf, size, got);
  const NetError e = holdSome();
  if (e == NetError::Ok) *got = ahead_.take(buf, size);
  return e;
}

NetError PosixTransport::readView(uint8_t* scratch, size_t size, const uint8_t** data,
                                  size_t* got) {
  *data = scratch;
  if (!open() || (ahead_.size() == 0 && ahead_.bypasses(size))) return readSome(scratch, size, got);
  *got = 0;
  const NetError e = holdSome();
  if (e == NetError::Ok) *got = ahead_.lend(data);
  return e;
}

NetError PosixTransport::writeSome(const uint8_t* data, size_t size, size_t* sent) {
  *sent = 0;
  if (!open()) return NetError::NotConnected;
  if (size == 0) return NetError::Ok;
  for (;;) {
    const ssize_t n = send(fd_, data, size, platform::kSendFlags);
    if (n > 0) {
      *sent = static_cast<size_t>(n);
      return NetError::Ok;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      waitWritable_ = true;
      return NetError::WouldBlock;
    }
    return n < 0 && errno == ECONNRESET ? NetError::Reset : NetError::WriteFailed;
  }
}

WaitFor PosixTransport::waitFor() const {
  WaitFor w;
  w.fd = fd_;
  w.readable = fd_ >= 0 && !waitWritable_;
  w.writable = fd_ >= 0 && waitWritable_;
  if (connecting_) w.until = share_;
  if (w.readable && ahead_.size() > 0) w.until = Deadline::in(0);  // held bytes: read now
  return w;
}

WaitResult PosixTransport::waitReady(Deadline deadline) {
  return waitSocket(waitWritable_, deadline, connecting_ ? share_ : Deadline::never());
}

WaitResult PosixTransport::waitSocket(bool writable, Deadline deadline, Deadline until) {
  if (fd_ < 0) return WaitResult::Failed;
  if (!writable && ahead_.size() > 0) return WaitResult::Ready;  // poll() cannot see them
  const int ev = pollFor(fd_, writable ? POLLOUT : POLLIN, deadline.min(until));
  if (ev > 0) return WaitResult::Ready;
  if (ev < 0) return WaitResult::Failed;
  return deadline.expired() ? WaitResult::TimedOut : WaitResult::Ready;  // `until` came
}

bool PosixTransport::peerClosed() {
  if (!open()) return true;
  if (ahead_.size() > 0) return true;  // bytes nobody asked for
  uint8_t b;
  const ssize_t n = recv(fd_, &b, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return false;  // idle and open
  return true;  // closed (0), reset (-1), or unexpected bytes (n > 0)
}

void PosixTransport::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  connecting_ = false;
  ahead_.clear();
  forgetAddresses();
}

EHC_END_NAMESPACE
