// What ehc-get's two ways of running (one request after another, or
// --parallel) share: the options, the request they describe, the TLS setup.
#pragma once

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

#include "ESP32HTTPClient.h"
#include "json_bindings.h"

namespace ehc_get {

struct Options {
  const char* url = nullptr;
  std::vector<const char*> urls;  // every URL given (--parallel takes several)
  long parallel = 0;              // --parallel N: N requests at once on one thread
  const char* caFile = nullptr;
  const char* certFile = nullptr;  // a client certificate (mutual TLS), with keyFile
  const char* keyFile = nullptr;
  const char* keyPassword = nullptr;
  std::string pin;
  bool pinKey = false;
  bool insecure = false;
  long repeat = 1;
  uint32_t timeoutMs = 30000;
  std::string method = "GET";
  const char* body = nullptr;
  std::vector<std::pair<std::string, std::string>> headers;
  std::vector<ehc_tools::CliBinding> bindings;
  const char* output = nullptr;  // -o
  bool compressed = false;
  const char* sha256 = nullptr;
  uint64_t maxSize = 0;
  bool events = false;
  const char* upload = nullptr;  // -T
  int uploadFd = -1;
  int64_t uploadLength = -1;
};

namespace detail {
inline bool parseHex32(const std::string& hex, uint8_t out[32]) {
  if (hex.size() != 64) return false;
  for (size_t i = 0; i < 32; ++i) {
    char pair[3] = {hex[2 * i], hex[2 * i + 1], 0};
    char* end = nullptr;
    const long v = strtol(pair, &end, 16);
    if (*end) return false;
    out[i] = static_cast<uint8_t>(v);
  }
  return true;
}

}  // namespace detail

inline bool validPin(const std::string& hex) {
  uint8_t hash[32];
  return detail::parseHex32(hex, hash);
}

// The certificate options on a TLS transport (a pin already checked valid).
inline void configureTls(ehc::MbedTlsTransport& tls, const Options& o) {
  if (o.caFile) tls.setCaFile(o.caFile);
  if (o.insecure) tls.setInsecureSkipVerification();
  if (o.certFile) {
    tls.setClientCertificateFile(o.certFile);
    tls.setClientKeyFile(o.keyFile, o.keyPassword);
  }
  if (!o.pin.empty()) {
    uint8_t hash[32];
    detail::parseHex32(o.pin, hash);
    tls.pinSha256(hash, o.pinKey);
  }
}

// The request the options describe, written the same way on every attempt.
class CliRequest final : public ehc::Exchange {
 public:
  CliRequest(const Options& o, const ehc::Url& url, const ehc::JsonBinder* binder,
             const ehc::ResponseBody* body = nullptr)
      : o_(o), url_(url), binder_(binder), body_(body) {}
  ehc::HttpError writeRequest(ehc::RequestWriter& w, bool) override {
    w.begin(o_.method.c_str(), url_, "", nullptr, 0, nullptr, 0);
    w.standardHeaders("ehc-get/" EHC_VERSION_TEXT);
    bool typed = false;
    bool encodings = false;
    for (const auto& h : o_.headers) {
      w.header(h.first.c_str(), h.second.c_str());
      typed |= strcasecmp(h.first.c_str(), "Content-Type") == 0;
      encodings |= strcasecmp(h.first.c_str(), "Accept-Encoding") == 0;
    }
    if (o_.compressed && !encodings) w.header("Accept-Encoding", "gzip, deflate");
    if (o_.uploadFd >= 0) return writeUpload(w, typed);
    const size_t length = o_.body ? strlen(o_.body) : 0;
    if (o_.body && !typed) w.header("Content-Type", "application/json");
    const bool sendsBody =
        o_.body || o_.method == "POST" || o_.method == "PUT" || o_.method == "PATCH";
    w.endHeaders(sendsBody ? static_cast<int64_t>(length) : -1);
    return w.body(o_.body ? o_.body : "", length);
  }
  // The file (again from its start on a resend: stdin cannot, see replayable).
  ehc::HttpError writeUpload(ehc::RequestWriter& w, bool typed) {
    if (o_.uploadLength >= 0) lseek(o_.uploadFd, 0, SEEK_SET);
    ehc::FdStream file{o_.uploadFd};
    ehc::UploadOptions upload;
    upload.read = [&file](uint8_t* b, size_t n) { return static_cast<long>(file.read(b, n)); };
    upload.length = o_.uploadLength;
    if (!typed) w.header("Content-Type", "application/octet-stream");
    ehc::writeUploadHead(w, upload);
    return ehc::writeUploadBody(w, upload);
  }
  // A file wants the whole body; the bindings until they are resolved.
  bool bodySatisfied() const override {
    if (body_ && body_->failed()) return true;
    return !o_.output && binder_ && binder_->done();
  }
  bool isHead() const override { return o_.method == "HEAD"; }
  bool replayable() const override {
    if (o_.uploadFd >= 0 && o_.uploadLength < 0) return false;  // stdin is read once
    return o_.method != "POST" && o_.method != "PATCH";
  }

 private:
  const Options& o_;
  const ehc::Url& url_;
  const ehc::JsonBinder* binder_;
  const ehc::ResponseBody* body_;
};

// --parallel: o.parallel requests at once over o.urls in turn, one thread;
// the exit code.
int runParallel(const Options& o);

}  // namespace ehc_get
