// RestClient: the client's engine, over transports you give it. Most code
// uses ESP32HTTPClient (esp32_http_client.h), which is a RestClient with the
// platform's transports built in.
//
// One client keeps what lasts between requests: one connection (kept
// alive), the settings (base URL, persistent headers, auth, timeouts), the
// cookie jar, the binder, callbacks and the last result. The request in
// flight is a RequestRun (request_run.h), its own object. A request's
// bindings live in the client's binder while it is built and runs, so one
// client builds or runs one request at a time (a second one fails with
// EHC_ERROR_CLIENT_BUSY); use one client per task, and one client per
// request you want in flight at once (RestRequest::start/poll).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../json/json_binder.h"
#include "../json/json_struct.h"
#include "callback.h"
#include "client_parts.h"
#include "observability.h"
#include "request_run.h"
#include "rest_request.h"
#include "rest_result.h"
#include "soap_version.h"

EHC_BEGIN_NAMESPACE

// The text type getErrorMessage(), errorToString() and toJson(obj) return:
// String on Arduino (as ESP32-HTTP-Client's), std::string elsewhere (or the
// C string, where there is none).
#if defined(ARDUINO)
using TextString = String;
inline void appendText(String& s, const char* d, size_t n) {
  s.concat(d, static_cast<unsigned int>(n));
}
#elif EHC_STD_STRING
using TextString = std::string;
inline void appendText(std::string& s, const char* d, size_t n) {
  s.append(d, n);
}
#else
using TextString = const char*;
#endif
#if defined(ARDUINO) || EHC_STD_STRING
// A writer that appends to `out` (on the heap): toJson(), the request kinds'
// buildRequestBody().
inline JsonWriter textWriter(TextString& out) {
  return JsonWriter(
      [](void* u, const char* d, size_t k) {
        appendText(*static_cast<TextString*>(u), d, k);
        return true;
      },
      &out);
}
#endif

class GraphQLRequest;
class GraphQLBatchRequest;
class JsonRpcRequest;
class SoapRequest;

class RestClient : private RequestOwner {
 public:
  // baseUrl: http(s)://host[:port][/base/path] (copied). port: 0 = from the
  // URL, else it replaces the URL's. plain / secure: the transports for
  // http:// and https:// (either may be null); they outlive the client.
  RestClient(TextArg baseUrl, int port, Transport* plain, Transport* secure);
  RestClient(const RestClient&) = delete;
  RestClient& operator=(const RestClient&) = delete;
  ~RestClient();

  // --- requests (sent at the end of the statement, or by send()) ------------
  // The path (copied) is appended to the base URL's; "" is the base URL.
  RestRequest get(TextArg path = "") { return RestRequest(*this, "GET", path.c_str()); }
  RestRequest post(TextArg path = "") { return RestRequest(*this, "POST", path.c_str()); }
  RestRequest put(TextArg path = "") { return RestRequest(*this, "PUT", path.c_str()); }
  RestRequest update(TextArg path = "") { return put(path); }
  RestRequest patch(TextArg path = "") { return RestRequest(*this, "PATCH", path.c_str()); }
  RestRequest del(TextArg path = "") { return RestRequest(*this, "DELETE", path.c_str()); }
  RestRequest head(TextArg path = "") { return RestRequest(*this, "HEAD", path.c_str()); }
  // GraphQL (graphql_request.h, graphql_batch_request.h): graphql() POSTs
  // unless told asGet(); graphqlGet/graphqlPost say it at once.
  GraphQLRequest graphql(TextArg path = "/graphql");
  GraphQLRequest graphqlGet(TextArg path = "/graphql");
  GraphQLRequest graphqlPost(TextArg path = "/graphql");
  GraphQLBatchRequest graphqlBatch(TextArg path = "/graphql");
  // JSON-RPC 2.0 (json_rpc_request.h): a call to the base URL + path; the
  // original has both spellings.
  JsonRpcRequest jsonRpc(TextArg path = "");
  JsonRpcRequest jsonrpc(TextArg path = "");
  // SOAP 1.1 / 1.2 (soap_request.h), in the client's SOAP version unless
  // the request says another.
  SoapRequest soap(TextArg path = "");
  void setSoapVersion(SoapVersion version) { soapVersion_ = static_cast<uint8_t>(version); }
  SoapVersion getSoapVersion() const { return static_cast<SoapVersion>(soapVersion_); }

  // --- settings ---------------------------------------------------------------
  // False when malformed (the next requests fail with EHC_ERROR_BAD_URL) or
  // longer than EHC_MAX_URL_LENGTH (EHC_ERROR_CAPACITY). port: 0 = the
  // URL's, else it replaces the URL's (as the constructor's: a new base URL
  // drops a port set before). A port outside 1..65535 fails the requests
  // with EHC_ERROR_BAD_URL. The kept connection closes when the host changes.
  bool setBaseUrl(TextArg baseUrl, int port = 0);
  bool setUrl(TextArg url, int port = 0) { return setBaseUrl(url, port); }
  void setPort(int port);
  const char* getBaseUrl() const { return parts_.settings.baseUrl; }  // as given
  int getPort() const { return parts_.settings.portOverride; }        // 0: the URL's
  // The whole request's deadline: every attempt, redirect and backoff wait
  // (default 60 s). A retry whose wait would end past it is not made.
  void setTimeout(uint32_t ms) { parts_.settings.timeoutMs = ms; }
  // In ESP32-HTTP-Client's type: 65 535 for longer deadlines (see timeoutMs()).
  uint16_t getTimeout() const {
    return parts_.settings.timeoutMs > 0xFFFF ? 0xFFFF
                                              : static_cast<uint16_t>(parts_.settings.timeoutMs);
  }
  uint32_t timeoutMs() const { return parts_.settings.timeoutMs; }
  void setConnectTimeout(uint32_t ms) { parts_.settings.connectTimeoutMs = ms; }  // default 10 s
  // Retries after network errors only, when resending is safe (default 1;
  // below 0 is 0, above 255 is 255).
  void setMaxRetry(int times) { parts_.settings.maxRetry = clampRetries(times); }
  int getMaxRetry() const { return parts_.settings.maxRetry; }
  static uint8_t clampRetries(int times) {
    return static_cast<uint8_t>(times < 0 ? 0 : (times > 255 ? 255 : times));
  }
  bool setContentType(TextArg type);  // of bodies (application/json); false: refused
  void setDrainLimit(uint32_t bytes) { parts_.connection.setDrainLimit(bytes); }
  // After the wanted values came, the rest of a body is read for at most
  // this long to keep the connection (EHC_DRAIN_TIMEOUT_MS); then it closes.
  void setDrainTimeout(uint32_t ms) { parts_.connection.setDrainTimeout(ms); }
  // An upload with expectContinue() sends its head, then waits this long
  // for the 100 before it sends the body anyway (EHC_CONTINUE_TIMEOUT_MS,
  // 1000 as curl's; 0: the body follows the head at once).
  void setContinueTimeout(uint32_t ms) { parts_.connection.setContinueTimeout(ms); }
  // How much one poll() of a request may do before it returns: this many
  // milliseconds (EHC_POLL_BUDGET_MS; whole milliseconds of the clock, so
  // up to one more) or this many bytes moved (EHC_POLL_BUDGET_BYTES),
  // whichever comes first. One step is never cut: a read of at most
  // EHC_READ_BUFFER bytes (a download's: what the socket's read-ahead
  // holds, up to EHC_SOCKET_READAHEAD), a TLS handshake step, the name lookup
  // (docs/net.md). 0: no limit of that kind.
  void setPollBudget(uint32_t ms, uint32_t bytes) {
    parts_.settings.pollBudgetMs = ms;
    parts_.settings.pollBudgetBytes = bytes;
  }
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
  // The key in header `name` (as ESP32-HTTP-Client has it: name first); a
  // second call with the same name replaces the value.
  bool apiKey(TextArg name, TextArg key);
  // The cookie jar (cookie_jar.h): cookies servers set (Set-Cookie) are
  // kept and sent back, with the user's. Off until this or a cookie() or
  // setCookie() turns it on (as libcurl's cookie engine and Arduino's
  // HTTPClient jar): off, no Cookie header is sent and Set-Cookie is not
  // read (a program that never turns it on links no jar). Off again keeps
  // the jar's cookies, unsent.
  void acceptCookies(bool on = true) { parts_.settings.cookies = on ? &kCookieCalls : nullptr; }
  // A cookie sent on every request to the base URL's origin; turns the jar
  // on. Credentials (Authorization, API key, cookies) never follow a
  // redirect to another scheme, host or port.
  // cookie() chains (client.cookie("a", "1").cookie("b", "2")); setCookie()
  // says whether it was kept (false: null, malformed, or no room).
  RestClient& cookie(TextArg name, TextArg value) {
    setCookie(name, value);
    return *this;
  }
  bool setCookie(TextArg name, TextArg value) {
    acceptCookies();
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
  // ESP32-HTTP-Client's names (statusName(): "Not Found", "Connection
  // Refused", "OK" ...), as its String (std::string off Arduino). What went
  // wrong in detail: lastResult().message().
  TextString getErrorMessage() const { return TextString(statusName(last_.statusCode)); }
  static TextString errorToString(int code) { return TextString(statusName(code)); }
  const RestResult& lastResult() const { return last_; }

  // Client-wide callbacks, after the request's own: same shapes as
  // RestRequest's (onResponse first, then onSuccess or onError, then
  // onObservability). onObservability takes void(const ObservabilityMetrics&)
  // (ESP32-HTTP-Client's) or void(const RestResult&): metrics of every
  // request. A callable too big to keep inline costs one heap block, here.
  template <typename F>
  void onSuccess(F f) {
    replaceCallback(onSuccess_, statusCallback(std::move(f)));
  }
  template <typename F>
  void onError(F f) {
    replaceCallback(onError_, errorCallback(std::move(f)));
  }
  template <typename F>
  void onResponse(F f) {
    replaceCallback(onResponse_, resultCallback(std::move(f)));
  }
  template <typename F>
  void onObservability(F f) {
    onMetrics_.release();
    onObservability_.release();
    if constexpr (detail::invocable<F, const ObservabilityMetrics&>(0)) {
      onMetrics_ = MetricsCallback(std::move(f));
      sendMetrics_ = sendMetrics;
    } else {
      onObservability_ = ResultCallback(std::move(f));
    }
  }
  void onObservability(decltype(nullptr)) {
    onMetrics_.release();
    onObservability_.release();
  }

  // --- JSON helpers ------------------------------------------------------------------
  // A mapped struct as JSON text into buf; false when it does not fit.
  template <typename T>
  static bool toJson(const T& object, char* buf, size_t size) {
    JsonWriter w(buf, size);
    return writeStruct(w, object) == WriteError::Ok;
  }
#if defined(ARDUINO) || EHC_STD_STRING
  // A mapped struct as JSON text in a String (std::string off Arduino):
  // grows on the heap, as ESP32-HTTP-Client's.
  template <typename T>
  static TextString toJson(const T& object) {
    TextString out;
    JsonWriter w = textWriter(out);
    writeStruct(w, object);
    return out;
  }
#endif
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
  bool startBuilding(const RestRequest& request) override {
    return claimBinder(request);
  }
  JsonBinder& binder() override {
    return parts_.binder;
  }
  void moved(const RestRequest& from, RestRequest& to) override {
    follow(from, to);
  }
  RestResult run(RestRequest& request) override {
    return runBlocking(request);
  }
  void start(RestRequest& request) override {
    startRun(request);
  }
  PollState poll(RestRequest& request) override {
    return pollRun(request);
  }
  void cancel(RestRequest& request) override {
    cancelRun(request);
  }
  WaitFor waitFor(const RestRequest& request) const override {
    return runWaitFor(request);
  }
  const RestResult& result(const RestRequest&) const override {
    return last_;
  }
  bool claimBinder(const RestRequest& request);
  void follow(const RestRequest& from, RestRequest& to);
  RestResult runBlocking(RestRequest& request);
  void startRun(RestRequest& request);
  PollState pollRun(RestRequest& request);
  void cancelRun(RestRequest& request);
  WaitFor runWaitFor(const RestRequest& request) const;
  PollState advance(uint32_t budgetMs, uint32_t budgetBytes);
  void finished();
  void report(const RequestSpec& request, const RestResult& result, uint32_t heapBefore);
  // onMetrics_'s call, named only where it is set: a program without one
  // links no metrics.
  static void sendMetrics(const RestClient& client, const RestResult& result, uint32_t heapBefore);

 protected:
  // Free heap, for ObservabilityMetrics (the platform's client sets it).
  void setHeapProbe(uint32_t (*probe)()) {
    heapProbe_ = probe;
  }

 private:
  using MetricsCallback = Callback<void(const ObservabilityMetrics&)>;

  ClientParts parts_;                      // what lasts between requests
  const RestRequest* building_ = nullptr;  // the request whose bindings the binder holds
  const RestRequest* running_ = nullptr;   // the request run_ runs
  uint32_t heapBefore_ = 0;                // free heap when it started (ObservabilityMetrics)
  RequestRun run_{parts_};                 // the request in flight

  StatusCallback onSuccess_;
  ErrorCallback onError_;
  ResultCallback onResponse_;
  ResultCallback onObservability_;
  MetricsCallback onMetrics_;
  void (*sendMetrics_)(const RestClient&, const RestResult&, uint32_t) = nullptr;  // with it
  uint32_t (*heapProbe_)() = nullptr;
  RestResult last_;
  uint8_t soapVersion_ = SOAP_1_1;  // a SoapVersion
};

EHC_END_NAMESPACE
