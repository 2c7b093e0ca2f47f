#include <esp_crt_bundle.h>
#include <mbedtls/error.h>

#include "WiFiClientSecure.h"

void WiFiClientSecure::setCACertBundle(const uint8_t* bundle, size_t size) {
  bundle_ = bundle != nullptr && esp_crt_bundle_set(bundle, size) == ESP_OK;
}

int WiFiClientSecure::lastError(char* buf, size_t size) {
  if (refused_) {
    if (buf && size) snprintf(buf, size, "no CA, bundle, PSK or setInsecure()");
    return refused_;
  }
  const int code = tls_.lastTlsError();
  if (buf && size) mbedtls_strerror(code, buf, size);
  return code;
}

int WiFiClientSecure::connect(const char* host, uint16_t port, int32_t timeoutMs) {
  stop();
  refused_ = 0;
  if (!caPem_ && !bundle_ && !insecure_) {  // as start_ssl_client: return -1
    refused_ = -1;
    return 0;
  }
  // The harness's host mapping (WiFiClient.h): to localhost, as localhost.
  char mappedAddress[64];
  const bool mapped = ehcStandinMapHost(host, mappedAddress, sizeof mappedAddress, &port);
  const char* harnessCa = mapped ? getenv("EHC_STANDIN_CA") : nullptr;
  if (harnessCa && *harnessCa) {
    tls_.setCaPem(nullptr);
    tls_.setCaFile(harnessCa);
  } else {
    tls_.setCaPem(caPem_);
    tls_.setCaFile(nullptr);
  }
  tls_.setClientCertificate(certPem_);
  tls_.setClientKey(keyPem_);
  if (mapped) host = "localhost";
  const uint32_t ms = static_cast<uint32_t>(timeoutMs > 0 ? timeoutMs : 0) + handshakeTimeoutMs_;
  if (tls_.connect({host, port, true}, ehc::Deadline::in(ms)) != ehc::NetError::Ok) return 0;
  resetBuffer();
  return 1;
}

size_t WiFiClientSecure::write(const uint8_t* buf, size_t size) {
  return tls_.write(buf, size, ehc::Deadline::in(timeout_)) == ehc::NetError::Ok ? size : 0;
}

int WiFiClientSecure::receive(uint8_t* buf, size_t size) {
  size_t got = 0;
  // An expired deadline: take what mbedTLS can decrypt now, never wait.
  const ehc::NetError e = tls_.read(buf, size, &got, ehc::Deadline::in(0));
  if (e == ehc::NetError::ReadTimeout) return 0;      // nothing yet
  if (e != ehc::NetError::Ok || got == 0) return -1;  // closed or failed
  return static_cast<int>(got);
}

void WiFiClientSecure::stop() {
  tls_.close();
  WiFiClient::stop();
}
