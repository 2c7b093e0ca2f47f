// Adapts any Arduino Client (WiFiClient, WiFiClientSecure, EthernetClient, a
// GSM modem's client) to the Transport interface. Header-only: it needs the
// board's Client.h, which only an Arduino build has.
//
// Arduino clients do not block on reads and writes: read() returns -1 while
// bytes are still on their way, and connected() stays true while unread
// bytes remain. readSome() uses available(), so "nothing yet" (WouldBlock)
// is told from "closed"; writeSome() takes what write() takes. A Client has
// no descriptor to poll: waitFor() asks to be called again within 1 ms, and
// the blocking calls sleep 1 ms between tries (yield() alone would spin and
// starve the ESP32's idle task).
//
// Client::connect() blocks, with the board's own timeout (WiFiClient's
// setTimeout / setConnectionTimeout): startConnect() is the one step here
// that does, and it reports only success or failure (all the Client API can
// tell).
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

  NetError startConnect(const Endpoint& endpoint, Deadline deadline) override {
    if (!client_) return NetError::NotConnected;
    client_->stop();
    if (deadline.expired()) return NetError::ConnectTimeout;
    if (!client_->connect(endpoint.host, endpoint.port)) {
      client_->stop();
      return deadline.expired() ? NetError::ConnectTimeout : NetError::Refused;
    }
    return NetError::Ok;
  }
  NetError connectStep() override { return open() ? NetError::Ok : NetError::NotConnected; }

  NetError readSome(uint8_t* buf, size_t size, size_t* got) override {
    *got = 0;
    if (!client_) return NetError::NotConnected;
    waitWritable_ = false;
    const int avail = client_->available();
    if (avail > 0) {
      const size_t want = static_cast<size_t>(avail) < size ? static_cast<size_t>(avail) : size;
      const int n = client_->read(buf, want);
      if (n <= 0) return NetError::WouldBlock;
      *got = static_cast<size_t>(n);
      return NetError::Ok;
    }
    return client_->connected() ? NetError::WouldBlock : NetError::Ok;  // Ok, 0: closed
  }

  NetError writeSome(const uint8_t* data, size_t size, size_t* sent) override {
    *sent = 0;
    if (!client_) return NetError::NotConnected;
    if (size == 0) return NetError::Ok;
    waitWritable_ = true;
    const size_t n = client_->write(data, size);
    if (n > size) return NetError::WriteFailed;
    if (n > 0) {
      *sent = n;
      return NetError::Ok;
    }
    return client_->connected() ? NetError::WouldBlock : NetError::WriteFailed;
  }

  WaitFor waitFor() const override {
    WaitFor w;
    w.readable = !waitWritable_;
    w.writable = waitWritable_;
    w.until = Deadline::in(1);
    return w;
  }
  WaitResult waitReady(Deadline deadline) override {
    if (deadline.expired()) return WaitResult::TimedOut;
    delay(1);
    return WaitResult::Ready;
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
  bool waitWritable_ = false;  // what the last WouldBlock waits for
};

EHC_END_NAMESPACE
