#pragma once
// An in-memory server with the shape of the stub ESP32-HTTP-Client's own
// tests use (its tests/stubs/HTTPClient.h): queued responses (status, body,
// headers), each consumed by one request, and what the last request sent
// (URL, method, headers, payload, the time it was given). A status below 0
// plays a failure: -1 (HTTPC_ERROR_CONNECTION_REFUSED) refuses the connect,
// -5 (HTTPC_ERROR_CONNECTION_LOST) resets the connection before a byte of
// the response. Each response closes its connection, so every request
// connects: its endpoint and deadline are recorded there.
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "ESP32HTTPClient.h"
#include "ehc/net/transport.h"

namespace compat_original {

using Headers = std::vector<std::pair<std::string, std::string>>;

struct Response {
  int status = 200;
  std::string body = "{}";
  Headers headers;
};

// What one request sent, parsed back out of the bytes written.
struct SentRequest {
  std::string url;  // scheme://host[:port]target, the port when not the scheme's
  std::string method;
  Headers headers;
  std::string payload;
  uint32_t timeoutMs = 0;  // the deadline the connect was given
};

class StubServer final : public ehc::Transport {
 public:
  void reset() { *this = StubServer(); }
  void setResponse(int status, const std::string& body) {
    next_ = {status, body, next_.headers};
    queue_.clear();
  }
  void setResponseHeaders(const Headers& h) { next_.headers = h; }
  void queueResponse(int status, const std::string& body, const Headers& h = {}) {
    queue_.push_back({status, body, h});
  }

  int requestCount = 0;
  SentRequest last() const { return parse(); }
  std::string lastUrl() const { return parse().url; }
  std::string lastMethod() const { return parse().method; }
  std::string lastPayload() const { return parse().payload; }
  // How many times the last request sent this header, and its (last) value.
  size_t headerCount(const char* name) const;
  std::string header(const char* name) const;
  size_t writtenBytes() const { return written_.size(); }  // the last request's, all of it

  ehc::NetError startConnect(const ehc::Endpoint& e, ehc::Deadline deadline) override;
  ehc::NetError connectStep() override {
    return open_ ? ehc::NetError::Ok : ehc::NetError::NotConnected;
  }
  ehc::NetError readSome(uint8_t* buf, size_t size, size_t* got) override;
  ehc::NetError writeSome(const uint8_t* data, size_t size, size_t* sent) override {
    if (!open_) return ehc::NetError::NotConnected;
    written_.append(reinterpret_cast<const char*>(data), size);
    *sent = size;
    return ehc::NetError::Ok;
  }
  ehc::WaitFor waitFor() const override {
    ehc::WaitFor w;
    w.readable = true;
    return w;
  }
  ehc::WaitResult waitReady(ehc::Deadline) override { return ehc::WaitResult::Ready; }
  void close() override { open_ = false; }
  bool open() const override { return open_; }
  bool peerClosed() override { return !open_ || at_ == reply_.size(); }

 private:
  Response take();
  SentRequest parse() const;

  Response next_;
  std::deque<Response> queue_;
  bool open_ = false;
  bool resetFirst_ = false;
  std::string scheme_, hostPort_;
  uint32_t timeoutMs_ = 0;
  std::string written_;  // the last connection's
  std::string reply_;
  size_t at_ = 0;
};

}  // namespace compat_original
