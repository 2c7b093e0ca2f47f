// A request as the client makes one, for tests of the connection: writes a
// method, a path and an optional body; collects the response body; can
// declare itself satisfied after some body bytes (as a binder that found
// everything does).
#pragma once

#include <string.h>

#include <string>

#include "ESP32HTTPClient.h"

namespace ehc_test {

class TestExchange final : public ehc::Exchange {
 public:
  explicit TestExchange(const char* method = "GET", const char* path = "/r", const char* body = "",
                        const char* baseUrl = "http://api.test")
      : method_(method), path_(path), body_(body) {
    ehc::parseUrl(baseUrl, &url_);
  }
  ehc::HttpError writeRequest(ehc::RequestWriter& w, bool headOnly) override {
    if (!w.resumed()) ++writes;  // a write cut short goes on: the same attempt
    w.begin(method_, url_, path_, nullptr, 0, nullptr, 0);
    w.standardHeaders("test");
    if (expect) w.header("Expect", "100-continue");
    const size_t n = strlen(body_);
    w.endHeaders(n || strcmp(method_, "POST") == 0 ? static_cast<int64_t>(n) : -1);
    if (headOnly) return w.error();
    return w.body(body_, n);
  }
  const ehc::ContinueCalls* expectsContinue() const override {
    return expect ? &ehc::Connection::kContinueCalls : nullptr;
  }
  bool bodySatisfied() const override {
    return wantBytes >= 0 && received.size() >= static_cast<size_t>(wantBytes);
  }
  bool isHead() const override { return strcmp(method_, "HEAD") == 0; }
  bool replayable() const override {
    return strcmp(method_, "POST") != 0 && strcmp(method_, "PATCH") != 0;
  }
  // Sends the body to `received`.
  void attach(ehc::ResponseParser& p) {
    p.onBody([](void* u, const char* d, size_t n) { static_cast<std::string*>(u)->append(d, n); },
             &received);
  }

  std::string received;
  long wantBytes = -1;  // -1: wants the whole body
  int writes = 0;       // attempts: the request written from its start
  bool expect = false;  // sends Expect: 100-continue (the body waits for the 100)

 private:
  const char* method_;
  const char* path_;
  const char* body_;
  ehc::Url url_;
};

}  // namespace ehc_test
