// RestClient: the client's engine, over transports you give it. Most code
// uses ESP32HTTPClient (esp32_http_client.h), which is a RestClient with the
// platform's transports built in.
//
// One client keeps what lasts between requests: one connection (kept
// alive), the settings (base URL, persistent headers, auth, timeouts), the
// cookie jar, the binder, callbacks and the last result. The request in
// flight is a RequestRun (request_run.h), its own object. A request's
// bindings live in the client's binder while it is built, so one client
// builds one request at a time (a second one fails with
// EHC_ERROR_CLIENT_BUSY); use one client per task.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../json/json_binder.h"
#include "../json/json_struct.h"
#include "callback.h"
#include "client_parts.h"
#include "request_run.h"
#include "rest_request.h"
#include "rest_result.h"

EHC_BEGIN_NAMESPACE

class RestClient : private RequestOwner {
 public:
  // baseUrl: http(s)://host[:port][/base/path] (copied). port: 0 = from the
  // URL, else it replaces the URL's. plain / secure: the transports for
  // http:// and https:// (either may be null); they outlive the client.
  RestClient(TextArg baseUrl, uint16_t port, Transport* plain, Transport* secure);
  RestClient(const RestClient&) = delete;
  RestClient& operator=(const RestClient&) = delete;
  ~RestClient() { end(); }

  // --- requests (sent at the end of the statement, or by send()) ------------
  // The path (copied) is appended to the base URL's; "" is the base URL.
  RestRequest get(TextArg path = "") { return RestRequest(*this, "GET", path.c_str()); }
  RestRequest post(TextArg path = "") { return RestRequest(*this, "POST", path.c_str()); }
  RestRequest put(TextArg path = "") { return RestRequest(*this, "PUT", path.c_str()); }
  RestRequest update(TextArg path = "") { return put(path); }
  RestRequest patch(TextArg path = "") { return RestRequest(*this, "PATCH", path.c_str()); }
  RestRequest del(TextArg path = "") { return RestRequest(*this, "DELETE", path.c_str()); }
  RestRequest head(TextArg path = "") { return RestRequest(*this, "HEAD", path.c_str()); }

  // --- settings ---------------------------------------------------------------
  // False when malformed (the next requests fail with EHC_ERROR_BAD_URL) or
  // longer than EHC_MAX_URL_LENGTH (EHC_ERROR_CAPACITY). The kept connection
  // closes when the host changes.
  bool setBaseUrl(TextArg baseUrl);
  bool setUrl(TextArg url) { return setBaseUrl(url); }
  void setPort(uint16_t port);
  // The whole request's deadline: every attempt, redirect and backoff wait
  // (default 60 s). A retry whose wait would end past it is not made.
  void setTimeout(uint32_t ms) { parts_.settings.timeoutMs = ms; }
  void setConnectTimeout(uint32_t ms) { parts_.settings.connectTimeoutMs = ms; }  // default 10 s
  void setMaxRetry(uint8_t times) { parts_.settings.maxRetry = times; }  // network errors only
  bool setContentType(TextArg type);  // of bodies (application/json); false: refused
  void setDrainLimit(uint32_t bytes) { parts_.connection.setDrainLimit(bytes); }
  // After the wanted values came, the rest of a body is read for at most
  // this long to keep the connection (EHC_DRAIN_TIMEOUT_MS); then it closes.
  void setDrainTimeout(uint32_t ms) { parts_.connection.setDrainTimeout(ms); }
  // Idle release (EHC_IDLE_RELEASE_MS, default 0: off): the kept connection,
  // unused this long, is closed at the next request or by releaseIdle(),
  // which a sketch calls from loop(). An idle TLS connection holds its
  // record buffers (about 39 KB); released, only the TLS session (a few
  // hundred bytes), and the next request resumes it in one round trip.
  void setIdleRelease(uint32_t ms) { parts_.connection.setIdleRelease(ms); }
  bool releaseIdle() { return parts_.connection.releaseIdle(); }
  void setTransports(Transport* plain, Transport* secure);
  // Every request's body limit (a request's maxBodySize() overrides it);
  // 0: none. Beyond it: EHC_ERROR_BODY_TOO_LARGE.
  void setMaxBodySize(uint64_t bytes) { parts_.settings.maxBodySize = bytes; }
  // Every request sends Accept-Encoding: gzip, deflate and decodes such
  // bodies with `inflater` (its window: 32 KB reads any stream); nullptr:
  // off (the default). A request's acceptEncoding() overrides it.
  void setInflater(Inflater* inflater) {
    parts_.settings.inflater = inflater;
    parts_.settings.inflate = inflater ? &kInflateCalls : nullptr;
  }

  // Persistent headers, sent with every request (EHC_CLIENT_HEADER_STORAGE
  // bytes in all). False, and the old value kept, when it does not fit,
  // holds CR/LF or control bytes, the name is not a token, or it is one the
  // library writes (Host, Content-Length, Transfer-Encoding, Connection,
  // Cookie). Setting a name again replaces it; a nullptr value removes it.
  // A request's header() of the same name replaces it for that request.
  bool setHeader(TextArg name, TextArg value);
  bool bearer(TextArg token);                  // Authorization: Bearer
  bool basic(TextArg user, TextArg password);  // Authorization: Basic
  bool apiKey(TextArg key, TextArg headerName = "X-API-Key");
  // A cookie sent on every request to the base URL's origin (server cookies
  // are kept automatically). Credentials (Authorization, API key, cookies)
  // never follow a redirect to another scheme, host or port.
  bool cookie(TextArg name, TextArg value) {
    return parts_.cookies.set(name.c_str(), value.c_str());
  }
  void clearCookies() { parts_.cookies.clear(); }
  size_t cookiesDropped() const { return parts_.cookies.dropped(); }  // pushed out, or not kept

  // Closes the kept connection, freeing the TLS context (about 39 KB with
  // mbedTLS's default buffers); the TLS session is kept for a quick resume.
  void end() { parts_.connection.end(); }

  // --- the last request ---------------------------------------------------------
  int getStatusCode() const { return last_.statusCode; }
  bool isSuccess() const { return last_.isSuccess(); }
  bool hasError() const { return last_.hasError(); }
  const char* getErrorMessage() const { return last_.message(); }
  static const char* errorToString(int code) { return ehc::errorToString(code); }
  const RestResult& lastResult() const { return last_; }

  // Client-wide callbacks, after the request's own: same shapes as
  // RestRequest's. onObservability(void(const RestResult&)): metrics of
  // every request.
  template <typename F>
  void onSuccess(F f) {
    onSuccess_ = statusCallback(f);
  }
  template <typename F>
  void onError(F f) {
    onError_ = errorCallback(f);
  }
  template <typename F>
  void onResponse(F f) {
    onResponse_ = resultCallback(f);
  }
  void onObservability(ResultCallback f) { onObservability_ = f; }

  // --- JSON helpers ------------------------------------------------------------------
  // A mapped struct as JSON text into buf; false when it does not fit.
  template <typename T>
  static bool toJson(const T& object, char* buf, size_t size) {
    JsonWriter w(buf, size);
    return writeStruct(w, object) == WriteError::Ok;
  }
  // JSON text into a mapped struct; false when invalid (fields not in the
  // text keep their values). Its binder is on the stack (about 2.5 KB on a
  // 32-bit board).
  template <typename T>
  static bool fromJson(TextArg json, T* object) {
    if (!json.c_str() || !object) return false;
    StaticJsonBinder<EHC_MAX_BINDINGS, EHC_PATH_ARENA> b;
    if (bindStruct(b, "", *object) < 0) return false;
    b.feed(json.c_str(), strlen(json.c_str()));
    return b.finish() == JsonError::Ok;
  }

 private:
  // RequestOwner: what the requests this client makes need of it. Defined
  // here, so that RestClient has no key function: its vtable and type info
  // are made wherever they are needed, also by code built with RTTI over a
  // library built without.
  bool startBuilding(const RestRequest& request) override { return claimBinder(request); }
  JsonBinder& binder() override { return parts_.binder; }
  void moved(const RestRequest& from, RestRequest& to) override { follow(from, to); }
  RestResult run(RestRequest& request) override { return execute(request); }
  bool claimBinder(const RestRequest& request);
  void follow(const RestRequest& from, RestRequest& to);
  RestResult execute(RestRequest& request);
  void report(const RequestSpec& request, const RestResult& result);

  ClientParts parts_;                      // what lasts between requests
  const RestRequest* building_ = nullptr;  // the request whose bindings the binder holds
  RequestRun run_{parts_};                 // the request in flight

  StatusCallback onSuccess_;
  ErrorCallback onError_;
  ResultCallback onResponse_;
  ResultCallback onObservability_;
  RestResult last_;
};

EHC_END_NAMESPACE
