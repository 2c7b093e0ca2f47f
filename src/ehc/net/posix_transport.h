// TCP over BSD sockets: Linux, macOS, and ESP-IDF (lwIP). Every address the
// name resolves to is tried in turn (localhost may be ::1 first) within the
// deadline; connect, read and write never block past their deadline;
// TCP_NODELAY is set; writes never raise SIGPIPE; the descriptor is closed on
// every failure path.
#pragma once

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

  int fd() const { return fd_; }  // for a TLS layer on top

 private:
  int fd_ = -1;
};

EHC_END_NAMESPACE
