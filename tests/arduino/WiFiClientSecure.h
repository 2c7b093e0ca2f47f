// Host stand-in for the ESP32 core's WiFiClientSecure: TLS over a real TCP
// socket with mbedTLS, the TLS library inside ESP-IDF. Verifies the server
// certificate by default: against the CA given with setCACert(), else the
// host's CA bundle; setInsecure() turns verification off, as on the board.
#pragma once

#include "WiFiClient.h"

class WiFiClientSecure : public WiFiClient {
 public:
  WiFiClientSecure();
  ~WiFiClientSecure() override;

  void setCACert(const char* rootCA) { caPem_ = rootCA; }
  void setInsecure() { insecure_ = true; }
  void setHandshakeTimeout(unsigned long seconds) { handshakeTimeoutMs_ = seconds * 1000; }
  // Last TLS error (mbedTLS code, 0 if none) and its text.
  int lastError(char* buf, size_t size);

  using WiFiClient::connect;
  int connect(const char* host, uint16_t port, int32_t timeoutMs) override;
  using Print::write;
  size_t write(uint8_t c) override { return write(&c, 1); }
  size_t write(const uint8_t* buf, size_t size) override;
  void stop() override;

 protected:
  int receive(uint8_t* buf, size_t size) override;

 private:
  struct Tls;
  Tls* tls_ = nullptr;  // allocated at connect, freed at stop: as on the board
  const char* caPem_ = nullptr;
  bool insecure_ = false;
  unsigned long handshakeTimeoutMs_ = 10000;
  int lastError_ = 0;
};
