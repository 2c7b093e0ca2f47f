// ESP32HTTPClient: the client with the platform's transports built in.
//
//   ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
//   char city[32];
//   client.get("/users").getBody("0.address.city", city, sizeof city);
//
// On Arduino it talks through WiFiClient (http://) and WiFiClientSecure
// (https://); elsewhere (Linux, macOS, ESP-IDF) through BSD sockets and
// mbedTLS. Give it any Arduino Client& (Ethernet, a GSM modem) or any
// ehc::Transport& instead, in the constructor or with setClient/setTransport.
#pragma once

#include "../config.h"
#include "rest_client.h"

#if defined(ARDUINO)
#include <WiFiClient.h>
#include <WiFiClientSecure.h>

#include "../net/arduino_client_transport.h"
#else
#include "../net/mbedtls_transport.h"
#include "../net/posix_transport.h"
#endif

EHC_BEGIN_NAMESPACE

namespace detail {
#if defined(ARDUINO)
struct PlatformTransports {
  WiFiClient plainClient;
  WiFiClientSecure secureClient;
  ArduinoClientTransport plain{plainClient};
  ArduinoClientTransport secure{secureClient};
};
#else
struct PlatformTransports {
  PosixTransport plain;
  MbedTlsTransport secure;
};
#endif
}  // namespace detail

class ESP32HTTPClient : private detail::PlatformTransports, public RestClient {
 public:
  explicit ESP32HTTPClient(TextArg baseUrl, uint16_t port = 0)
      : RestClient(baseUrl, port, &plain, &secure) {}
  // Every request through this transport (whatever the scheme).
  ESP32HTTPClient(TextArg baseUrl, Transport& transport, uint16_t port = 0)
      : RestClient(baseUrl, port, &transport, &transport) {}
  void setTransport(Transport& transport) { setTransports(&transport, &transport); }

#if defined(ARDUINO)
  // Every request through this Arduino Client (EthernetClient, a modem's
  // client, a WiFiClientSecure you configured yourself, ...).
  ESP32HTTPClient(TextArg baseUrl, Client& client, uint16_t port = 0)
      : RestClient(baseUrl, port, &plain, &plain) {
    plain.setClient(client);
  }
  void setClient(Client& client) {
    plain.setClient(client);
    setTransports(&plain, &plain);
  }
  // The built-in TLS client: trust anchors, or no verification at all.
  void setCACert(const char* pem) {
    secureClient.setCACert(pem);
  }
  void setInsecure() {
    secureClient.setInsecure();
  }
  WiFiClientSecure& secureClientRef() {
    return secureClient;
  }
#else
  void setCACert(const char* pem) {
    secure.setCaPem(pem);
  }
  void setCaFile(const char* path) {
    secure.setCaFile(path);
  }
  void setInsecure() {
    secure.setInsecureSkipVerification();
  }
  // The built-in TLS transport, for pinning and record-size settings.
  MbedTlsTransport& tls() {
    return secure;
  }
#endif
};

EHC_END_NAMESPACE
