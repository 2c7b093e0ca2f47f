// Host stand-in for the ESP32 core's WiFiClientSecure: TLS over a real TCP
// socket, done by the library's own MbedTlsTransport (mbedTLS, the TLS
// library inside ESP-IDF). Verifies the server certificate by default:
// against the CA given with setCACert(), else the host's CA bundle;
// setInsecure() turns verification off, as on the board.
#pragma once

#include "WiFiClient.h"
#include "ehc/net/mbedtls_transport.h"

class WiFiClientSecure : public WiFiClient {
 public:
  WiFiClientSecure() = default;
  ~WiFiClientSecure() override { stop(); }

  void setCACert(const char* rootCA) { tls_.setCaPem(rootCA); }
  void setInsecure() { tls_.setInsecureSkipVerification(); }
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
  bool linkOpen() const override { return tls_.open(); }

 private:
  ehc::MbedTlsTransport tls_;
  unsigned long handshakeTimeoutMs_ = 10000;
};
