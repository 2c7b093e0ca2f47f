// Adapts any Arduino Client (WiFiClient, WiFiClientSecure, EthernetClient, a
// GSM modem's client) to the Transport interface. Header-only: it needs the
// board's Client.h, which only an Arduino build has.
//
// Arduino clients do not block: read() returns -1 while bytes are still on
// their way, and connected() stays true while unread bytes remain. This
// adapter waits for data until the deadline (sleeping 1 ms between polls:
// yield() alone would spin and starve the ESP32's idle task), tells "nothing
// yet" from "closed", and loops over short writes.
#pragma once

#include <Arduino.h>
#include <Client.h>

#include "transport.h"

EHC_BEGIN_NAMESPACE

class ArduinoClientTransport final : public Transport {
 public:
  explicit ArduinoClientTransport(Client& client) : client_(&client) {}
  ArduinoClientTransport() = default;  // no client yet: NotConnected until setClient
  // Another client from now on (the old one is left as it is).
  void setClient(Client& client) { client_ = &client; }

  NetError connect(const Endpoint& endpoint, Deadline deadline) override {
    if (!client_) return NetError::NotConnected;
    client_->stop();
    if (deadline.expired()) return NetError::ConnectTimeout;
    // Client::connect blocks with the board's own timeout; it reports only
    // success or failure (which is all the Client API can tell).
    if (!client_->connect(endpoint.host, endpoint.port)) {
      client_->stop();
      return deadline.expired() ? NetError::ConnectTimeout : NetError::Refused;
    }
    return NetError::Ok;
  }

  NetError read(uint8_t* buf, size_t size, size_t* got, Deadline deadline) override {
    *got = 0;
    if (!client_) return NetError::NotConnected;
    for (;;) {
      const int avail = client_->available();
      if (avail > 0) {
        const size_t want = static_cast<size_t>(avail) < size ? static_cast<size_t>(avail) : size;
        const int n = client_->read(buf, want);
        if (n > 0) {
          *got = static_cast<size_t>(n);
          return NetError::Ok;
        }
      } else if (!client_->connected()) {
        return NetError::Ok;  // closed, nothing left: *got == 0
      }
      if (deadline.expired()) return NetError::ReadTimeout;
      delay(1);
    }
  }

  NetError write(const uint8_t* data, size_t size, Deadline deadline) override {
    if (!client_) return NetError::NotConnected;
    while (size) {
      const size_t n = client_->write(data, size);
      if (n > size) return NetError::WriteFailed;
      data += n;
      size -= n;
      if (!size) break;
      if (!client_->connected()) return NetError::WriteFailed;
      if (deadline.expired()) return NetError::WriteTimeout;
      if (n == 0) delay(1);
    }
    return NetError::Ok;
  }

  void close() override {
    if (client_) client_->stop();
  }
  bool open() const override { return client_ && client_->connected(); }
  // Closed by the peer, or bytes nobody asked for: not reusable.
  bool peerClosed() override {
    return !client_ || !client_->connected() || client_->available() > 0;
  }

 private:
  Client* client_ = nullptr;
};

EHC_END_NAMESPACE
