// Host stand-in for the ESP32 core's WiFiClient, backed by a real POSIX TCP
// socket. Like the real one: read() returns -1 when no byte has arrived yet,
// available() counts bytes ready now, connected() stays true while unread
// data remains even after the peer closed.
//
// Test-harness feature (host only; no board has it): host mapping. When the
// environment variable EHC_STANDIN_HOSTS is set, e.g.
//
//   EHC_STANDIN_HOSTS="jsonplaceholder.typicode.com=127.0.0.1:8080,api.example.com=127.0.0.1:8080"
//
// connect(host, port) to a listed host name (compared without regard to
// case; any port) goes to the mapped loopback address and port instead, so
// an example sketch written for a public API runs unchanged against a local
// server. IP addresses and unlisted names are connected to as given.
// WiFiClientSecure maps too: see WiFiClientSecure.h.
#pragma once

#include "Arduino.h"
#include "standin_hosts.h"

class WiFiClient : public Client {
 public:
  WiFiClient() = default;
  ~WiFiClient() override { stop(); }
  WiFiClient(const WiFiClient&) = delete;
  WiFiClient& operator=(const WiFiClient&) = delete;

  int connect(IPAddress ip, uint16_t port) override;
  int connect(const char* host, uint16_t port) override { return connect(host, port, 3000); }
  // Every connect() ends here (WiFiClientSecure adds its handshake).
  virtual int connect(const char* host, uint16_t port, int32_t timeoutMs);
  using Print::write;
  size_t write(uint8_t c) override { return write(&c, 1); }
  size_t write(const uint8_t* buf, size_t size) override;
  int available() override;
  int read() override;
  int read(uint8_t* buf, size_t size) override;
  int peek() override;
  void flush() override {}
  void stop() override;
  uint8_t connected() override;
  operator bool() override { return linkOpen(); }
  void setNoDelay(bool on);

 protected:
  int socketFd() const { return fd_; }
  // Takes the bytes that have arrived, without waiting: > 0 bytes, 0 when
  // nothing has arrived yet, -1 when the connection is closed or failed.
  // WiFiClientSecure decrypts here.
  virtual int receive(uint8_t* buf, size_t size);
  // Is there a connection under the buffer? (WiFiClientSecure: the TLS one.)
  virtual bool linkOpen() const { return fd_ >= 0; }
  // Forget buffered bytes and the peer-closed state (a new connection).
  void resetBuffer() {
    rxStart_ = rxEnd_ = 0;
    peerClosed_ = false;
  }

 private:
  int fill();  // non-blocking: moves what receive() has into rx_
  int fd_ = -1;
  bool peerClosed_ = false;
  uint8_t rx_[1460];
  size_t rxStart_ = 0, rxEnd_ = 0;
};
