// Host stand-in for the ESP32 core's WiFiClientSecure (NetworkClientSecure in
// 3.x): TLS over a real TCP socket, done by the library's own
// MbedTlsTransport (mbedTLS, the TLS library inside ESP-IDF). Like the real
// one (start_ssl_client in ssl_client.cpp), connect() refuses (returns 0,
// lastError -1) unless it was given a CA (setCACert), a bundle
// (setCACertBundle: the core's own, or any; as in 3.x it sets ESP-IDF's
// bundle for the whole program) or setInsecure(). PSK is not stood in for.
//
// Test-harness feature (host only): a host name listed in EHC_STANDIN_HOSTS
// (see WiFiClient.h) is reached at localhost:<mapped port>, and the TLS host
// name checked against the server's certificate is "localhost", so a test
// server with a certificate for localhost stands in for any public host. If
// EHC_STANDIN_CA names a PEM file, a mapped connection trusts that CA instead
// of the one given with setCACert() (the sketch's CA is for the real host).
#pragma once

#include "WiFiClient.h"
#include "ehc/net/mbedtls_transport.h"

class WiFiClientSecure : public WiFiClient {
 public:
  WiFiClientSecure() = default;
  ~WiFiClientSecure() override { stop(); }

  void setCACert(const char* rootCA) { caPem_ = rootCA; }
  void setCertificate(const char* clientCa) { certPem_ = clientCa; }
  void setPrivateKey(const char* privateKey) { keyPem_ = privateKey; }
  // 3.x: the bundle and its size (2.x took only the bundle). Here PEM text.
  void setCACertBundle(const uint8_t* bundle, size_t size);
  void setInsecure() {
    insecure_ = true;
    tls_.setInsecureSkipVerification();
  }
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
  const char* caPem_ = nullptr;    // setCACert(): applied at each connect
  const char* certPem_ = nullptr;  // setCertificate() and setPrivateKey(): the same
  const char* keyPem_ = nullptr;
  bool bundle_ = false;
  bool insecure_ = false;
  int refused_ = 0;  // lastError() after a refused connect
  unsigned long handshakeTimeoutMs_ = 10000;
};
