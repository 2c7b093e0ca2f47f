// NetEm: see netem.h. One thread accepts; each connection gets a thread of its
// own that runs both directions in one poll loop: read what a side sends,
// give every segment the time the link delivers it, write what is due. Every
// poll also watches the wake pipe, so stop() interrupts all of them at once.
#include "netem.h"

#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "socket_options.h"
#include "tls_flight.h"

namespace ehc_netem {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

#ifdef MSG_NOSIGNAL
constexpr int kSendFlags = MSG_NOSIGNAL;
#else
constexpr int kSendFlags = 0;  // macOS: SO_NOSIGPIPE is set on the socket instead
#endif

constexpr size_t kReadBytes = 64 * 1024;

// ---- sockets -------------------------------------------------------------------

using ehc_tools::closeWithReset;
using ehc_tools::loopback;
using ehc_tools::prepareConnection;
using ehc_tools::setIntOption;

// Owns a socket; closes it with a reset unless released.
struct OwnedFd {
  int fd = -1;
  explicit OwnedFd(int owned) : fd(owned) {}
  ~OwnedFd() { closeWithReset(fd); }
  OwnedFd(const OwnedFd&) = delete;
  OwnedFd& operator=(const OwnedFd&) = delete;
};

// poll() until deadline (time_point::max(): no deadline). On Linux with
// ppoll(), to the microsecond: a link's delays should not grow by up to a
// millisecond at every hop.
int pollUntil(pollfd* fds, nfds_t count, Clock::time_point deadline) {
  const bool forever = deadline == Clock::time_point::max();
  const int64_t leftNs =
      forever ? 0 : std::max<int64_t>(0, nanoseconds(deadline - Clock::now()).count());
#ifdef __linux__
  timespec timeout{static_cast<time_t>(leftNs / 1000000000),
                   static_cast<long>(leftNs % 1000000000)};
  return ppoll(fds, count, forever ? nullptr : &timeout, nullptr);
#else
  const int64_t leftMs = (leftNs + 999999) / 1000000;
  return poll(fds, count, forever ? -1 : static_cast<int>(std::min<int64_t>(leftMs, 60000)));
#endif
}

// ---- one direction of the link -------------------------------------------------

// A segment's last byte (a position in the direction's byte stream) and when
// the link delivers it.
struct Mark {
  uint64_t end;
  Clock::time_point at;
};

struct Direction {
  int from = -1, to = -1;
  std::atomic<uint64_t>* delivered = nullptr;  // the NetEm's byte counter

  std::string buffer;  // bytes read and not written yet, from buffer[consumed]
  size_t consumed = 0;
  uint64_t readPos = 0, sentPos = 0;  // stream positions
  std::deque<Mark> marks;             // in stream order, their times never decreasing
  Clock::time_point linkFreeAt{};     // when the last segment's serialization ends
  Clock::time_point lastAt{};         // the time of the last segment queued

  bool eofRead = false, resetRead = false;
  Clock::time_point eofAt{};  // when the close reaches the other side
  bool shut = false;          // done: the close is delivered, or `to` is gone

  // While pending, bytes from pendingFrom on wait for the classification.
  bool pending = false;
  uint64_t pendingFrom = 0;

  bool wantsWrite = false;  // bytes are due but the socket is full

  bool canRead() const { return !eofRead && readPos - sentPos < NetEm::kMaxQueuedBytes; }
  size_t readRoom() const {
    return std::min(kReadBytes, static_cast<size_t>(NetEm::kMaxQueuedBytes - (readPos - sentPos)));
  }
};

enum class Step { kOk, kPassReset };

struct ConnectionContext {
  int clientFd;
  Clock::time_point acceptedAt;
  uint16_t targetPort;
  LinkSettings settings;
  int wakeFd;
  uint64_t seed;
  std::atomic<size_t>* tlsFull;
  std::atomic<size_t>* tlsResumed;
  std::atomic<uint64_t>* bytesUp;
  std::atomic<uint64_t>* bytesDown;
};

// ---- one connection --------------------------------------------------------------

class Connection {
 public:
  explicit Connection(const ConnectionContext& context)
      : context_(context),
        client_(context.clientFd),
        settings_(context.settings),
        delay_(milliseconds(settings_.oneWayDelayMs)),
        random_(context.seed),
        jitterUs_(0, int64_t{settings_.jitterMs} * 1000),
        readBuffer_(kReadBytes) {}

  // Relays until both directions are done, the connection is aborted, its
  // lifetime ends or stop() is called; then closes both sockets.
  void run();

 private:
  enum class End { kClosed, kAborted, kStopped };

  int connectToTarget();
  End relay();
  void read(Direction& direction, Clock::time_point now);
  void onServerBytes(const uint8_t* data, size_t size, Clock::time_point now);
  void enqueue(Direction& direction, const uint8_t* data, size_t size, Clock::time_point now);
  void onEof(Direction& direction, bool reset, Clock::time_point now);
  void releaseHeld(uint32_t holdMs);
  Step deliver(Direction& direction, Clock::time_point now);
  Clock::time_point nextEvent(const Direction& direction) const;
  nanoseconds serialization(size_t bytes) const;

  const ConnectionContext& context_;
  OwnedFd client_, server_{-1};  // first: closed whatever fails after them
  const LinkSettings settings_;
  const nanoseconds delay_;
  std::mt19937_64 random_;
  std::uniform_int_distribution<int64_t> jitterUs_;
  std::vector<uint8_t> readBuffer_;

  Direction up_, down_;
  TlsFlightClassifier classifier_;
  bool classified_ = false;
  bool targetResetEarly_ = false;  // connectToTarget() found the reset
  Clock::time_point classifyDeadline_{};
};

void Connection::run() {
  server_.fd = connectToTarget();
  if (server_.fd < 0) return;  // the client sees the refusal as a reset
  up_.from = down_.to = client_.fd;
  up_.to = down_.from = server_.fd;
  up_.delivered = context_.bytesUp;
  down_.delivered = context_.bytesDown;
  up_.linkFreeAt = down_.linkFreeAt = context_.acceptedAt;
  if (settings_.tcpHandshakeRoundTrip) up_.linkFreeAt += 2 * delay_;

  if (relay() != End::kAborted) {  // else both are reset by ~OwnedFd
    for (OwnedFd* owned : {&client_, &server_}) {
      close(owned->fd);
      owned->fd = -1;
    }
  }
}

int Connection::connectToTarget() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  prepareConnection(fd);
  const sockaddr_in address = loopback(context_.targetPort);
  if (connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) return fd;
  if (errno == EINPROGRESS) {
    const Clock::time_point deadline = Clock::now() + milliseconds(NetEm::kConnectTimeoutMs);
    for (;;) {
      pollfd fds[2] = {{context_.wakeFd, POLLIN, 0}, {fd, POLLOUT, 0}};
      const int ready = pollUntil(fds, 2, deadline);
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0 || fds[0].revents != 0) break;
      int error = 0;
      socklen_t length = sizeof error;
      if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0) break;
      if (error == 0) return fd;
      // Connected, and reset already (a target that sends and resets at
      // once): what it sent is still to be read, then its end is a reset.
      if (error == ECONNRESET) {
        targetResetEarly_ = true;
        return fd;
      }
      break;
    }
  }
  close(fd);
  return -1;
}

Connection::End Connection::relay() {
  const Clock::time_point end = context_.acceptedAt + milliseconds(settings_.maxConnectionMs);
  for (;;) {
    Clock::time_point now = Clock::now();
    if (now >= end) return End::kAborted;
    if (down_.pending && now >= classifyDeadline_) {
      classified_ = true;  // undecided for too long: not held
      releaseHeld(0);
    }
    if (deliver(up_, now) == Step::kPassReset || deliver(down_, now) == Step::kPassReset) {
      return End::kAborted;
    }
    if (up_.shut && down_.shut) return End::kClosed;

    const auto events = [](const Direction& reading, const Direction& writing) {
      const short wanted =
          static_cast<short>((reading.canRead() ? POLLIN : 0) | (writing.wantsWrite ? POLLOUT : 0));
      return wanted;
    };
    const short clientEvents = events(up_, down_), serverEvents = events(down_, up_);
    // A side with nothing to wait for is left out: a closed socket would
    // otherwise report POLLHUP at every poll.
    pollfd fds[3] = {{context_.wakeFd, POLLIN, 0},
                     {clientEvents != 0 ? up_.from : -1, clientEvents, 0},
                     {serverEvents != 0 ? down_.from : -1, serverEvents, 0}};
    Clock::time_point deadline = std::min({end, nextEvent(up_), nextEvent(down_)});
    if (down_.pending) deadline = std::min(deadline, classifyDeadline_);
    const int ready = pollUntil(fds, 3, deadline);
    if (ready < 0 && errno != EINTR) return End::kAborted;
    if (fds[0].revents != 0) return End::kStopped;
    if (ready <= 0) continue;
    now = Clock::now();
    constexpr short kReadable = POLLIN | POLLHUP | POLLERR;
    if ((fds[1].revents & kReadable) != 0 && up_.canRead()) read(up_, now);
    if ((fds[2].revents & kReadable) != 0 && down_.canRead()) read(down_, now);
  }
}

void Connection::read(Direction& direction, Clock::time_point now) {
  const ssize_t got = recv(direction.from, readBuffer_.data(), direction.readRoom(), 0);
  if (got > 0) {
    const size_t size = static_cast<size_t>(got);
    if (&direction == &down_) {
      onServerBytes(readBuffer_.data(), size, now);
    } else {
      enqueue(direction, readBuffer_.data(), size, now);
    }
  } else if (got == 0) {
    onEof(direction, &direction == &down_ && targetResetEarly_, now);
  } else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
    onEof(direction, true, now);
  }
}

void Connection::onServerBytes(const uint8_t* data, size_t size, Clock::time_point now) {
  if (classified_) return enqueue(down_, data, size, now);
  if (!down_.pending) {
    down_.pending = true;
    down_.pendingFrom = down_.readPos;
    classifyDeadline_ = now + milliseconds(NetEm::kClassifyTimeoutMs);
  }
  const FirstFlight flight = classifier_.feed(data, size);
  enqueue(down_, data, size, now);
  switch (flight) {
    case FirstFlight::kUndecided: break;
    case FirstFlight::kRetry: down_.pending = false; break;  // the HelloRetryRequest goes on
    case FirstFlight::kTlsFull:
      ++*context_.tlsFull;
      classified_ = true;
      releaseHeld(settings_.holdFullMs);
      break;
    case FirstFlight::kTlsResumed:
      ++*context_.tlsResumed;
      classified_ = true;
      releaseHeld(settings_.holdResumedMs);
      break;
    case FirstFlight::kPlain:
    case FirstFlight::kTlsOther:
      classified_ = true;
      releaseHeld(0);
      break;
  }
}

nanoseconds Connection::serialization(size_t bytes) const {
  if (settings_.bandwidthMbit <= 0) return nanoseconds(0);
  // bytes * 8 bits at B * 10^6 bit/s: bytes * 8000 / B nanoseconds.
  return nanoseconds(llround(static_cast<double>(bytes) * 8000.0 / settings_.bandwidthMbit));
}

void Connection::enqueue(Direction& direction, const uint8_t* data, size_t size,
                         Clock::time_point now) {
  direction.buffer.append(reinterpret_cast<const char*>(data), size);
  // Unlimited bandwidth: one segment per read, they all leave at once anyway.
  const size_t segment = settings_.bandwidthMbit > 0 ? NetEm::kSegmentBytes : size;
  for (size_t at = 0; at < size; at += segment) {
    const size_t length = std::min(segment, size - at);
    direction.linkFreeAt = std::max(now, direction.linkFreeAt) + serialization(length);
    Clock::time_point deliverAt = direction.linkFreeAt + delay_;
    if (settings_.jitterMs > 0) deliverAt += std::chrono::microseconds(jitterUs_(random_));
    deliverAt = std::max(deliverAt, direction.lastAt);  // never overtakes
    direction.lastAt = deliverAt;
    direction.marks.push_back({direction.readPos + at + length, deliverAt});
  }
  direction.readPos += size;
}

void Connection::onEof(Direction& direction, bool reset, Clock::time_point now) {
  if (&direction == &down_ && !classified_) {
    classified_ = true;  // closed before a decision: nothing to hold
    releaseHeld(0);
  }
  direction.eofRead = true;
  direction.resetRead = reset;
  direction.eofAt = std::max(std::max(now, direction.linkFreeAt) + delay_, direction.lastAt);
}

// The classification is decided: the server's first bytes are held holdMs
// more, and nothing after them may overtake them.
void Connection::releaseHeld(uint32_t holdMs) {
  Direction& direction = down_;
  if (!direction.pending) return;
  direction.pending = false;
  if (holdMs == 0) return;
  bool held = false;
  Clock::time_point previous{};
  for (Mark& mark : direction.marks) {
    if (mark.end <= direction.pendingFrom) continue;
    if (!held) {
      mark.at += milliseconds(holdMs);
      held = true;
    } else {
      mark.at = std::max(mark.at, previous);
    }
    previous = mark.at;
  }
  if (held) direction.lastAt = std::max(direction.lastAt, previous);
  if (direction.eofRead) direction.eofAt = std::max(direction.eofAt, direction.lastAt);
}

Step Connection::deliver(Direction& direction, Clock::time_point now) {
  direction.wantsWrite = false;
  if (direction.shut) return Step::kOk;
  const uint64_t limit = direction.pending ? direction.pendingFrom : direction.readPos;
  uint64_t due = direction.sentPos;
  for (const Mark& mark : direction.marks) {
    if (mark.at > now || mark.end > limit) break;
    due = mark.end;
  }
  while (direction.sentPos < due) {
    const ssize_t sent = send(direction.to, direction.buffer.data() + direction.consumed,
                              static_cast<size_t>(due - direction.sentPos), kSendFlags);
    if (sent > 0) {
      direction.sentPos += static_cast<uint64_t>(sent);
      direction.consumed += static_cast<size_t>(sent);
      *direction.delivered += static_cast<uint64_t>(sent);
    } else if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      direction.wantsWrite = true;
      break;
    } else if (!(sent < 0 && errno == EINTR)) {
      // The receiving side is gone: this direction is over. The other one
      // goes on; reading from that side will tell it how it ended.
      direction.buffer.clear();
      direction.consumed = 0;
      direction.marks.clear();
      direction.sentPos = direction.readPos;
      direction.eofRead = direction.shut = true;
      direction.pending = false;
      return Step::kOk;
    }
  }
  while (!direction.marks.empty() && direction.marks.front().end <= direction.sentPos) {
    direction.marks.pop_front();
  }
  if (direction.consumed == direction.buffer.size()) {
    direction.buffer.clear();
    direction.consumed = 0;
  } else if (direction.consumed > 256 * 1024 && direction.consumed * 2 > direction.buffer.size()) {
    direction.buffer.erase(0, direction.consumed);
    direction.consumed = 0;
  }
  if (direction.eofRead && !direction.pending && direction.sentPos == direction.readPos &&
      now >= direction.eofAt) {
    if (direction.resetRead) return Step::kPassReset;
    shutdown(direction.to, SHUT_WR);
    direction.shut = true;
  }
  return Step::kOk;
}

Clock::time_point Connection::nextEvent(const Direction& direction) const {
  if (direction.shut || direction.wantsWrite) return Clock::time_point::max();  // POLLOUT
  if (!direction.marks.empty()) {
    const Mark& front = direction.marks.front();
    if (direction.pending && front.end > direction.pendingFrom) return Clock::time_point::max();
    return front.at;
  }
  if (direction.eofRead) return direction.eofAt;
  return Clock::time_point::max();
}

}  // namespace

// ---- NetEm -----------------------------------------------------------------------

NetEm::~NetEm() {
  stop();
}

bool NetEm::start(uint16_t targetPort, const LinkSettings& settings, uint16_t listenPort) {
  if (server_.port() != 0 || targetPort == 0) return false;
  if (!(settings.bandwidthMbit >= 0) || !std::isfinite(settings.bandwidthMbit)) return false;
  if (settings.maxConnectionMs == 0) return false;
  targetPort_ = targetPort;
  settings_ = settings;
  return server_.start(listenPort, 128,
                       [this](int fd, size_t number, Clock::time_point acceptedAt) {
                         serveConnection(fd, number, acceptedAt);
                       });
}

void NetEm::stop() {
  server_.stop();
}

NetEm::Counters NetEm::counters() const {
  Counters counters;
  counters.connections = connections_.load();
  counters.tlsFull = tlsFull_.load();
  counters.tlsResumed = tlsResumed_.load();
  counters.bytesUp = bytesUp_.load();
  counters.bytesDown = bytesDown_.load();
  return counters;
}

void NetEm::resetCounters() {
  connections_ = 0;
  tlsFull_ = 0;
  tlsResumed_ = 0;
  bytesUp_ = 0;
  bytesDown_ = 0;
}

size_t NetEm::openConnections() const {
  return server_.openConnections();
}

void NetEm::serveConnection(int fd, size_t number, Clock::time_point acceptedAt) {
  ++connections_;
  const ConnectionContext context{fd,     acceptedAt, targetPort_,  settings_, server_.wakeFd(),
                                  number, &tlsFull_,  &tlsResumed_, &bytesUp_, &bytesDown_};
  Connection connection(context);  // owns the socket from here on
  connection.run();
}

}  // namespace ehc_netem
