// Ours: the fluent chain on a kept-alive connection. Included by
// contenders.cpp (the library with its default settings) and by
// ours_big_buffer.cpp (the library built with a larger EHC_READ_BUFFER: the
// settings name an inline namespace, so both live in one program); the class
// is local to each. What a user writes sits between the markers (see
// contenders.cpp).
#pragma once

#include <memory>
#include <string>

#include "ESP32HTTPClient.h"
#include "contenders.h"

namespace headline {
namespace {

class Ours final : public Contender {
 public:
  Ours(const Server& s, const char* name) : url_(s.origin()), name_(name) {
    const std::string& url = url_;
    const std::string& rootCa = s.caPem;
    // [ours-setup-begin]
    client_ = std::make_unique<ESP32HTTPClient>(url);
    client_->setCACert(rootCa.c_str());
    // [ours-setup-end]
  }
  const char* name() const override { return name_; }
  bool request(const char* path, User* out) override {
    User& u = *out;
    ESP32HTTPClient& client = *client_;
    // [ours-begin]
    auto request = client.get(path);
    if (whole_)
      request.getBody("*.id", [this](const ehc::JsonMatch&) { ++elements_; });  // not counted
    request.getBody("0.id", &u.id)
        .getBody("0.name", u.name)
        .getBody("0.username", u.username)
        .getBody("0.email", u.email)
        .getBody("0.phone", u.phone)
        .getBody("0.website", u.website)
        .getBody("0.address.street", u.street)
        .getBody("0.address.suite", u.suite)
        .getBody("0.address.city", u.city)
        .getBody("0.address.zipcode", u.zipcode)
        .getBody("0.address.geo.lat", u.lat)
        .getBody("0.address.geo.lng", u.lng)
        .getBody("0.company.name", u.company)
        .getBody("0.company.catchPhrase", u.catchPhrase)
        .getBody("0.company.bs", u.bs);
    if (!request.send().isSuccess()) return false;
    // [ours-end]
    lastResumed_ = client.lastResult().sessionResumed;
    return true;
  }
  void end() override { client_->end(); }
  int linesOfCode() const override { return linesFor("ours"); }
  void readWholeBody(bool on) override { whole_ = on; }
  void forget() { client_->tls().forgetSession(); }
  bool lastResumed() const { return lastResumed_; }

 private:
  std::string url_;
  const char* name_;
  std::unique_ptr<ESP32HTTPClient> client_;
  bool whole_ = false;
  bool lastResumed_ = false;
  long elements_ = 0;
};

}  // namespace
}  // namespace headline
