// The one interface the client talks to: a byte stream. POSIX sockets,
// mbedTLS over them, any Arduino Client and the in-memory test double
// implement it.
//
// Two ways to drive it, one implementation:
// * non-blocking: startConnect() then connectStep(), readSome(),
//   writeSome() each do what can be done now and return WouldBlock when
//   they would have to wait; waitFor() says for what (the socket, the
//   direction, the transport's own time limit), so that an event loop can
//   sleep in one poll() over many transports;
// * blocking: connect(), read(), write() are those steps with waitReady()
//   in between, until the deadline.
//
// An event loop's rule: after a WouldBlock, wait for waitFor(); otherwise
// call again. Bytes a TLS layer has decrypted already are not visible to
// poll(), so a transport returns them before it ever says WouldBlock.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "deadline.h"
#include "net_error.h"

EHC_BEGIN_NAMESPACE

struct Endpoint {
  const char* host;  // name, IPv4 or IPv6 literal (without brackets)
  uint16_t port;
  bool tls;  // for transports that can do both
};

// What the transport waits for after a WouldBlock: poll `fd` for the
// direction(s) given, and call again at `until` at the latest (the end of a
// connect attempt's share of time, or a short sleep for a transport without
// a descriptor); an `until` that has passed means "call again now" (e.g. a
// TLS handshake step is done and the next can run).
struct WaitFor {
  int fd = -1;  // the socket; -1: nothing to poll (Arduino's Client, the test double)
  bool readable = false;
  bool writable = false;
  Deadline until = Deadline::never();
};

enum class WaitResult : uint8_t {
  Ready,     // what it waited for is there (or its `until` came): call again
  TimedOut,  // the caller's deadline passed first
  Failed,    // the wait itself failed (poll() error)
};

class Transport {
 public:
  // --- non-blocking ---------------------------------------------------------
  // Starts a connection to the endpoint, to be done by `deadline`. Name
  // resolution is the one step that may block (getaddrinfo; see docs/net.md).
  // Ok: connected already; WouldBlock: call connectStep(); else why not.
  virtual NetError startConnect(const Endpoint& endpoint, Deadline deadline) = 0;
  // Advances the connect (TCP, every address in turn, the TLS handshake):
  // Ok once connected, WouldBlock while under way, or why it failed
  // (ConnectTimeout once the deadline given to startConnect passed).
  virtual NetError connectStep() = 0;
  // At most `size` bytes that are here now: Ok with *got > 0, Ok with
  // *got == 0 when the peer closed, WouldBlock when nothing came yet.
  virtual NetError readSome(uint8_t* buf, size_t size, size_t* got) = 0;
  // readSome() without the copy, for a transport that holds received bytes
  // in a buffer of its own anyway (PosixTransport's read-ahead): *data
  // points at them (any number, more than `size` too) and they count as
  // read; the view lasts until the next read or close. The default reads up
  // to `size` bytes into `scratch` and points there.
  // (A connection asks lendsReads() once per connection and calls
  // readView() only when it is true: a read costs one virtual call then.)
  virtual bool lendsReads() const { return false; }
  virtual NetError readView(uint8_t* scratch, size_t size, const uint8_t** data, size_t* got) {
    *data = scratch;
    return readSome(scratch, size, got);
  }
  // What the transport takes now of `data`: Ok with *sent > 0 (or 0 for
  // size 0), WouldBlock when it takes nothing now.
  virtual NetError writeSome(const uint8_t* data, size_t size, size_t* sent) = 0;
  // What the last WouldBlock waits for.
  virtual WaitFor waitFor() const = 0;
  // Blocks until waitFor() is met, its `until` came, or `deadline` passed.
  virtual WaitResult waitReady(Deadline deadline) = 0;

  // --- blocking: the steps above, waiting in between --------------------------
  NetError connect(const Endpoint& endpoint, Deadline deadline);
  // Reads what is available (at least one byte, waiting until the deadline):
  // *got > 0 bytes, or *got == 0 with Ok when the peer closed.
  NetError read(uint8_t* buf, size_t size, size_t* got, Deadline deadline);
  // Writes all of it, or fails.
  NetError write(const uint8_t* data, size_t size, Deadline deadline);

  virtual void close() = 0;
  virtual bool open() const = 0;
  // Has the peer closed (or reset) an idle connection? Non-blocking. Data
  // that arrived unasked also counts: the connection cannot be reused.
  virtual bool peerClosed() = 0;
  // For metrics, about the last connect: did it resume a TLS session, and
  // how long did the TLS handshake take (0 without TLS, or when unknown)?
  virtual bool sessionResumed() const { return false; }
  virtual uint32_t handshakeMs() const { return 0; }

 protected:
  ~Transport() = default;  // not deleted through the interface (no heap)
};

// Inline and platform-free, so that a board without sockets (the test
// double on a bare-metal link) needs nothing more.
inline NetError Transport::connect(const Endpoint& endpoint, Deadline deadline) {
  NetError e = startConnect(endpoint, deadline);
  while (e == NetError::WouldBlock) {
    // connectStep() itself tells a passed deadline, or a failed socket.
    waitReady(deadline);
    e = connectStep();
  }
  return e;
}

inline NetError Transport::read(uint8_t* buf, size_t size, size_t* got, Deadline deadline) {
  for (;;) {
    const NetError e = readSome(buf, size, got);
    if (e != NetError::WouldBlock) return e;
    const WaitResult w = waitReady(deadline);
    if (w == WaitResult::TimedOut) return NetError::ReadTimeout;
    if (w == WaitResult::Failed) return NetError::ReadFailed;
  }
}

inline NetError Transport::write(const uint8_t* data, size_t size, Deadline deadline) {
  for (;;) {
    size_t sent = 0;
    const NetError e = writeSome(data, size, &sent);
    if (e == NetError::Ok) {
      data += sent;
      size -= sent;
      if (size == 0) return NetError::Ok;
      continue;
    }
    if (e != NetError::WouldBlock) return e;
    const WaitResult w = waitReady(deadline);
    if (w == WaitResult::TimedOut) return NetError::WriteTimeout;
    if (w == WaitResult::Failed) return NetError::WriteFailed;
  }
}

EHC_END_NAMESPACE
