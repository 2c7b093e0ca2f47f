// Host stand-in for the ESP32 core's WiFiClient, backed by a real POSIX TCP
// socket. Like the real one: read() returns -1 when no byte has arrived yet,
// available() counts bytes ready now, connected() stays true while unread
// data remains even after the peer closed.
#pragma once

#include "Arduino.h"

class WiFiClient : public Client {
 public:
  WiFiClient() = default;
  ~WiFiClient() override { stop(); }
  WiFiClient(const WiFiClient&) = delete;
  WiFiClient& operator=(const WiFiClient&) = delete;

  int connect(IPAddress ip, uint16_t port) override;
  int connect(const char* host, uint16_t port) override { return connect(host, port, 3000); }
  int connect(const char* host, uint16_t port, int32_t timeoutMs);
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
  operator bool() override { return fd_ >= 0; }
  void setNoDelay(bool on);

 protected:
  int socketFd() const { return fd_; }

 private:
  int fill();  // non-blocking: moves what the socket has into rx_
  int fd_ = -1;
  bool peerClosed_ = false;
  uint8_t rx_[1460];
  size_t rxStart_ = 0, rxEnd_ = 0;
};
