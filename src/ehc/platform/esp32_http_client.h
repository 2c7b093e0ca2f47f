// ESP32HTTPClient: the client with the platform's transports built in.
//
//   ESP32HTTPClient client("https://jsonplaceholder.typicode.com");
//   char city[32];
//   client.get("/users").getBody("0.address.city", city, sizeof city);
//
// Everywhere it runs (Linux, macOS, ESP-IDF, and Arduino-ESP32, which is
// built on ESP-IDF) it talks through BSD sockets (lwIP on a board) and
// mbedTLS, verifying the server against the platform's trust store by
// default: the host's system bundle, or ESP-IDF's certificate bundle (the
// Arduino core has it too). The TLS session is kept across end(), so the
// next connection resumes it. Give it any ehc::Transport&, or on Arduino any
// Client& (WiFiClient, a WiFiClientSecure you configured, EthernetClient, a
// modem's client), in the constructor or with setTransport/setClient.
//
// This header is the platform wiring (it names mbedTLS): the client layer
// itself (ehc/client) knows only the Transport interface.
#pragma once

#include "../client/rest_client.h"
#include "../config.h"
#include "../net/mbedtls_transport.h"
#include "../net/posix_transport.h"

#if defined(ARDUINO)
#include <Client.h>

#include "../net/arduino_client_transport.h"
#endif

EHC_BEGIN_NAMESPACE

namespace detail {
struct PlatformTransports {
  PosixTransport plain;
  MbedTlsTransport secure;
#if defined(ARDUINO)
  ArduinoClientTransport client;  // a Client& given by the sketch
#endif
};
}  // namespace detail

class ESP32HTTPClient : private detail::PlatformTransports, public RestClient {
 public:
  explicit ESP32HTTPClient(TextArg baseUrl, uint16_t port = 0)
      : RestClient(baseUrl, port, &plain, &secure) {}
  // Every request through this transport (whatever the scheme).
  ESP32HTTPClient(TextArg baseUrl, Transport& transport, uint16_t port = 0)
      : RestClient(baseUrl, port, &transport, &transport) {}
  void setTransport(Transport& transport) { setTransports(&transport, &transport); }
  // Back to the built-in transports.
  void useBuiltInTransports() { setTransports(&plain, &secure); }

#if defined(ARDUINO)
  // Every request through this Arduino Client (EthernetClient, a modem's
  // client, a WiFiClientSecure you configured yourself, ...).
  ESP32HTTPClient(TextArg baseUrl, Client& c, uint16_t port = 0)
      : RestClient(baseUrl, port, &client, &client) {
    client.setClient(c);
  }
  void setClient(Client& c) {
    client.setClient(c);
    setTransports(&client, &client);
  }
#endif

  // The built-in TLS: trust anchors (PEM text or a file, kept by reference),
  // or no verification at all. Each change forgets the saved TLS session.
  void setCACert(const char* pem) {
    secure.setCaPem(pem);
  }
  void setCaFile(const char* path) {
    secure.setCaFile(path);
  }
  void setInsecure() {
    secure.setInsecureSkipVerification();
  }
  // Mutual TLS for the built-in TLS, as WiFiClientSecure has it: this
  // client's certificate and its private key, PEM text kept by reference
  // (DER and files: tls().setClientCertificateDer/File, setClientKey...). A
  // server that refuses it (or wants one) fails the request with
  // EHC_ERROR_CLIENT_CERT (-28); one that answers instead (nginx: 400) gives
  // its status. Each change forgets the saved TLS sessions.
  void setCertificate(const char* pem) {
    secure.setClientCertificate(pem);
  }
  void setPrivateKey(const char* pem, const char* password = nullptr) {
    secure.setClientKey(pem, password);
  }
  // The built-in TLS transport, for pinning, client certificates from DER or
  // files, record sizes, the certificate debug callback, the negotiated
  // version and cipher suite.
  MbedTlsTransport& tls() {
    return secure;
  }
};

EHC_END_NAMESPACE
