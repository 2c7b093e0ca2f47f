// RestClient: the client's engine, over transports you give it. Most code
// uses ESP32HTTPClient (esp32_http_client.h), which is a RestClient with the
// platform's transports built in.
//
// One client keeps one connection (kept alive between requests), the base
// URL, persistent headers, auth, cookies, settings and the last result. A
// request's bindings live in the client's binder while it is built, so one
// client builds one request at a time (a second one fails with
// EHC_ERROR_CLIENT_BUSY); use one client per task.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../http/response_parser.h"
#include "../http/url.h"
#include "../json/json_binder.h"
#include "../json/json_struct.h"
#include "callback.h"
#include "connection.h"
#include "cookie_jar.h"
#include "rest_request.h"
#include "rest_result.h"

EHC_BEGIN_NAMESPACE

class RestClient {
 public:
  // baseUrl: http(s)://host[:port][/base/path] (copied). port: 0 = from the
  // URL, else it replaces the URL's. plain / secure: the transports for
  // http:// and https:// (either may be null); they outlive the client.
  RestClient(const char* baseUrl, uint16_t port, Transport* plain, Transport* secure);
  RestClient(const RestClient&) = delete;
  RestClient& operator=(const RestClient&) = delete;
  ~RestClient() { end(); }

  // --- requests (sent at the end of the statement, or by send()) ------------
  RestRequest get(const char* path = "") { return RestRequest(this, "GET", path); }
  RestRequest post(const char* path = "") { return RestRequest(this, "POST", path); }
  RestRequest put(const char* path = "") { return RestRequest(this, "PUT", path); }
  RestRequest update(const char* path = "") { return put(path); }
  RestRequest patch(const char* path = "") { return RestRequest(this, "PATCH", path); }
  RestRequest del(const char* path = "") { return RestRequest(this, "DELETE", path); }
  RestRequest head(const char* path = "") { return RestRequest(this, "HEAD", path); }
  template <typename S, typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0>
  RestRequest get(const S& path) {
    return get(path.c_str());
  }

  // --- settings ---------------------------------------------------------------
  // False (and the next requests fail with EHC_ERROR_BAD_URL) when malformed
  // or longer than EHC_MAX_URL_LENGTH. The kept connection closes when the
  // host changes.
  bool setBaseUrl(const char* baseUrl);
  bool setUrl(const char* url) { return setBaseUrl(url); }
  void setPort(uint16_t port);
  void setTimeout(uint32_t ms) { timeoutMs_ = ms; }  // total per attempt (default 60 s)
  void setConnectTimeout(uint32_t ms) { connectTimeoutMs_ = ms; }  // default 10 s
  void setMaxRetry(uint8_t times) { maxRetry_ = times; }           // network errors only
  void setContentType(const char* type);                           // of bodies (application/json)
  void setDrainLimit(uint32_t bytes) { connection_.setDrainLimit(bytes); }
  void setTransports(Transport* plain, Transport* secure);

  // Persistent headers, sent with every request (EHC_CLIENT_HEADER_STORAGE
  // bytes in all). False when they do not fit, or hold CR/LF (injection), or
  // the name is not a token. Setting a name again replaces it; nullptr value
  // removes it.
  bool setHeader(const char* name, const char* value);
  bool bearer(const char* token);                      // Authorization: Bearer
  bool basic(const char* user, const char* password);  // Authorization: Basic
  bool apiKey(const char* key, const char* headerName = "X-API-Key");
  // A cookie sent on every request (server cookies are kept automatically).
  bool cookie(const char* name, const char* value) { return cookies_.set(name, value); }
  void clearCookies() { cookies_.clear(); }

  // Closes the kept connection, freeing the TLS context (about 37 KB with
  // mbedTLS's default buffers); the TLS session is kept for a quick resume.
  void end() { connection_.end(); }

  // --- the last request ---------------------------------------------------------
  int getStatusCode() const { return last_.statusCode; }
  bool isSuccess() const { return last_.isSuccess(); }
  bool hasError() const { return last_.hasError(); }
  const char* getErrorMessage() const { return last_.message; }
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
  // text keep their values).
  template <typename T>
  static bool fromJson(const char* json, T* object) {
    StaticJsonBinder<EHC_MAX_BINDINGS, EHC_PATH_ARENA> b;
    if (bindStruct(b, "", *object) < 0) return false;
    b.feed(json, strlen(json));
    return b.finish() == JsonError::Ok;
  }

 private:
  friend class RestRequest;
  class Exchanger;

  RestResult execute(RestRequest& request);
  void runAttempt(RestRequest& request, RestResult& result);
  void finish(RestRequest& request, RestResult& result);
  bool nextHop(int status);
  bool storeHeader(const char* name, const char* value, const char* prefix = "");
  bool crossHost() const;
  void registerHeaderCaptures(RestRequest& request);
  void convertHeaders(RestRequest& request, RestResult& result);
  bool wantsBody(const RestRequest& request) const;
  static void onBodyBytes(void* self, const char* data, size_t length);

  // base URL
  char baseUrl_[EHC_MAX_URL_LENGTH + 1] = {};
  Url url_;
  uint16_t portOverride_ = 0;
  bool urlValid_ = false;

  // the exchange in progress: the hop's URL (a redirect's Location), host
  char hopUrlText_[EHC_MAX_URL_LENGTH + 1] = {};
  Url hopUrl_;
  char host_[EHC_MAX_HOST_LENGTH + 1] = {};
  char baseHost_[EHC_MAX_HOST_LENGTH + 1] = {};
  const char* hopMethod_ = nullptr;
  bool hopHasBody_ = true;
  RestRequest* current_ = nullptr;  // the request being exchanged (its body feeds the binder)
  uint8_t hop_ = 0;
  char location_[EHC_MAX_URL_LENGTH + 1] = {};
  int locationCapture_ = -1;
  char headerText_[EHC_MAX_HEADER_TARGETS][EHC_HEADER_VALUE_MAX];
  int headerCaptures_[EHC_MAX_HEADER_TARGETS] = {};

  // settings
  uint32_t timeoutMs_ = EHC_DEFAULT_TIMEOUT_MS;
  uint32_t connectTimeoutMs_ = EHC_DEFAULT_CONNECT_TIMEOUT_MS;
  uint8_t maxRetry_ = 0;
  char contentType_[48] = "application/json";
  // "Name\0value\0" records
  char headers_[EHC_CLIENT_HEADER_STORAGE] = {};
  size_t headersUsed_ = 0;

  Transport* plain_;
  Transport* secure_;
  Connection connection_;
  ResponseParser parser_;
  StaticJsonBinder<EHC_MAX_BINDINGS, EHC_PATH_ARENA> binder_;
  RestRequest* building_ = nullptr;  // the request whose bindings the binder holds
  CookieJar cookies_;

  StatusCallback onSuccess_;
  ErrorCallback onError_;
  ResultCallback onResponse_;
  ResultCallback onObservability_;
  RestResult last_;
};

EHC_END_NAMESPACE
