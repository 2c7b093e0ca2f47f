// TCP over BSD sockets: Linux, macOS, and ESP-IDF / Arduino-ESP32 (lwIP).
// The socket is non-blocking from the start: connect, read and write are
// steps that never wait (Transport's non-blocking half), and the blocking
// calls wait in poll() between them, never past their deadline. Every
// address the name resolves to is tried in turn (localhost may be ::1
// first), each with an equal share of the time left; TCP_NODELAY is set;
// writes never raise SIGPIPE; the descriptor is closed on every failure path.
//
// The one step that can block is name resolution: getaddrinfo() in
// startConnect() (an address literal never asks a resolver). See docs/net.md
// for how long a resolver may take on each platform.
//
// Reads go through a read-ahead of EHC_SOCKET_READAHEAD bytes (16 KB on a
// host, off on a board: config.h says why): when it is empty, one recv()
// asks for all of it, and reads are served from it until it is used up; a
// read of at least its size, with nothing held, goes to the socket
// directly. Held bytes are what the socket would still have: they come
// before a close or an error, make the connection not idle (peerClosed),
// and make a wait for reading end at once; close() drops them.
#pragma once

#include <stddef.h>

#include "read_ahead.h"
#include "transport.h"

struct addrinfo;  // <netdb.h>'s, kept while the addresses are tried

EHC_BEGIN_NAMESPACE

class PosixTransport final : public Transport {
 public:
  PosixTransport() = default;
  ~PosixTransport() { close(); }
  PosixTransport(const PosixTransport&) = delete;
  PosixTransport& operator=(const PosixTransport&) = delete;

  NetError startConnect(const Endpoint& endpoint, Deadline deadline) override;
  NetError connectStep() override;
  // recv()/send() straight away; WouldBlock only on EAGAIN (no poll() first).
  NetError readSome(uint8_t* buf, size_t size, size_t* got) override;
  // The read-ahead's bytes lent, not copied (filled first when empty; with
  // no read-ahead, readSome() into the scratch).
  bool lendsReads() const override { return ReadAhead<EHC_SOCKET_READAHEAD>::kCapacity > 0; }
  NetError readView(uint8_t* scratch, size_t size, const uint8_t** data, size_t* got) override;
  NetError writeSome(const uint8_t* data, size_t size, size_t* sent) override;
  WaitFor waitFor() const override;
  WaitResult waitReady(Deadline deadline) override;
  void close() override;
  bool open() const override { return fd_ >= 0 && !connecting_; }
  bool peerClosed() override;

  // For a TLS layer on top (MbedTlsTransport), which knows better which way
  // it waits: the socket (-1 when closed), and a wait on it for one
  // direction until `deadline`, or `until` (then Ready: time to call again).
  int descriptor() const { return fd_; }
  // Bytes received and held in the read-ahead, not yet read.
  size_t buffered() const { return ahead_.size(); }
  WaitResult waitSocket(bool writable, Deadline deadline, Deadline until);

 private:
  NetError tryNextAddress();
  NetError addressFailed(NetError why);
  NetError connected();
  void forgetAddresses();
  NetError receive(uint8_t* buf, size_t size, size_t* got);
  NetError holdSome();

  int fd_ = -1;
  bool connecting_ = false;        // fd_ is a connect under way
  bool waitWritable_ = false;      // what the last WouldBlock waits for
  addrinfo* addresses_ = nullptr;  // the resolver's list, while connecting
  addrinfo* next_ = nullptr;       // the next address to try
  unsigned untried_ = 0;           // addresses from next_ on
  Deadline connectBy_ = Deadline::never();
  Deadline share_ = Deadline::never();      // this address's part of the time
  NetError lastError_ = NetError::Refused;  // what the last address tried said
  ReadAhead<EHC_SOCKET_READAHEAD> ahead_;
};

EHC_END_NAMESPACE
