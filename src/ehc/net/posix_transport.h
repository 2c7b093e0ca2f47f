// TCP over BSD sockets: Linux, macOS, and ESP-IDF / Arduino-ESP32 (lwIP).
// Every address the name resolves to is tried in turn (localhost may be ::1
// first) within the deadline; connect, read and write never block past their
// deadline; TCP_NODELAY is set; writes never raise SIGPIPE; the descriptor is
// closed on every failure path.
#pragma once

#include <stddef.h>

#include "transport.h"

EHC_BEGIN_NAMESPACE

class PosixTransport final : public Transport {
 public:
  PosixTransport() = default;
  ~PosixTransport() { close(); }
  PosixTransport(const PosixTransport&) = delete;
  PosixTransport& operator=(const PosixTransport&) = delete;

  NetError connect(const Endpoint& endpoint, Deadline deadline) override;
  NetError read(uint8_t* buf, size_t size, size_t* got, Deadline deadline) override;
  NetError write(const uint8_t* data, size_t size, Deadline deadline) override;
  void close() override;
  bool open() const override { return fd_ >= 0; }
  bool peerClosed() override;

  // For a TLS layer on top (MbedTlsTransport): one non-blocking attempt, and
  // the wait for the socket, with the same errno mapping as read/write.
  //   > 0: bytes moved; 0: (receive) the peer closed; kWouldBlock: try again
  //   after waitUntil(); kFailed: *error says why (Reset, ReadFailed, ...).
  static constexpr long kWouldBlock = -1;
  static constexpr long kFailed = -2;
  long sendSome(const uint8_t* data, size_t size, NetError* error);
  long receiveSome(uint8_t* buf, size_t size, NetError* error);
  // Waits until the socket can be written (or read): Ok, the timeout error
  // (WriteTimeout / ReadTimeout) when the deadline passed, or the failure.
  NetError waitUntil(bool writable, Deadline deadline);

 private:
  int fd_ = -1;
};

EHC_END_NAMESPACE
