// The one interface the client talks to: a byte stream with deadlines.
// POSIX sockets, mbedTLS over them, and any Arduino Client implement it.
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

class Transport {
 public:
  virtual NetError connect(const Endpoint& endpoint, Deadline deadline) = 0;
  // Reads what is available (at least one byte, waiting until the deadline):
  // *got > 0 bytes, or *got == 0 with Ok when the peer closed.
  virtual NetError read(uint8_t* buf, size_t size, size_t* got, Deadline deadline) = 0;
  // Writes all of it, or fails.
  virtual NetError write(const uint8_t* data, size_t size, Deadline deadline) = 0;
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

EHC_END_NAMESPACE
