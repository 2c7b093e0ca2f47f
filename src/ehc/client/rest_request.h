// RestRequest: the builder a client's get/post/put/patch/del/head returns.
//
//   client.get("/users/{id}").path("id", 7).query("fields", "name")
//         .getBody("name", name, sizeof name)
//         .getHeader("X-Rate-Limit", &remaining);     // sent here, at the ';'
//
//   ehc::RestResult r = client.post("/users").body("name", "Ann").send();
//
// The request is sent when the builder is destroyed at the end of the
// statement, or by send(), never both, never twice, never after it was moved
// from. Values given to path/query/body/header are copied into the builder
// (EHC_REQUEST_STORAGE bytes, on the caller's stack), so temporaries are
// safe. getBody() targets must live until the request is sent; a missing
// key leaves its target untouched. Every capacity is a compile-time setting;
// exceeding one fails the request with EHC_ERROR_CAPACITY (nothing is sent),
// never a silently shortened request.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <type_traits>
#include <utility>

#include "../config.h"
#include "../http/request_writer.h"
#include "../json/json_binder.h"
#include "../json/json_struct.h"
#include "../json/json_text_targets.h"
#include "../net/transport.h"
#include "callback.h"
#include "request_spec.h"
#include "rest_result.h"
#include "text_arg.h"

EHC_BEGIN_NAMESPACE

class RestRequest;

// Where a polled request is (RestRequest::poll).
enum class PollState : uint8_t {
  InProgress,  // call poll() again (after waitFor(), or at once)
  Done,        // result() is whole; every callback has run
};

// What a request needs of the client that made it (RestClient is one): the
// binder its getBody() bindings go into while it is built, word that it
// moved, and running it. One request is built or runs at a time per owner.
class RequestOwner {
 public:
  // `request` starts being built; false when another one still is (the
  // binder holds that one's bindings). On true the binder is cleared.
  virtual bool startBuilding(const RestRequest& request) = 0;
  virtual JsonBinder& binder() = 0;
  // `to` took over from `from`: what pointed into `from` must follow.
  virtual void moved(const RestRequest& from, RestRequest& to) = 0;
  // Sends it, once, and tells how it went (blocking; a started request is
  // driven to its end).
  virtual RestResult run(RestRequest& request) = 0;
  // The same without blocking: start, advance within the poll budget, end
  // early; what to wait for between polls; the result once Done.
  virtual void start(RestRequest& request) = 0;
  virtual PollState poll(RestRequest& request) = 0;
  virtual void cancel(RestRequest& request) = 0;
  virtual WaitFor waitFor(const RestRequest& request) const = 0;
  virtual const RestResult& result(const RestRequest& request) const = 0;

 protected:
  ~RequestOwner() = default;
};

namespace detail {
// Values for path/query/body: numbers, bool, C strings, and any string
// class with c_str() (Arduino String, std::string).

template <typename T>
ParamValue paramOf(const T& v, std::true_type /*has c_str*/) {
  return ParamValue(v.c_str());
}
template <typename T>
ParamValue paramOf(const T& v, std::false_type) {
  return ParamValue(v);
}

// Scalar getBody/getHeader targets.
template <typename T>
struct IsScalarTarget
    : std::integral_constant<bool,
                             (std::is_arithmetic<T>::value && !std::is_same<T, char>::value)> {};

template <typename F, typename... A>
constexpr auto invocable(int) -> decltype((void)std::declval<F&>()(std::declval<A>()...), true) {
  return true;
}
template <typename F, typename... A>
constexpr bool invocable(...) {
  return false;
}
}  // namespace detail

// The two shapes each callback accepts, adapted to one stored shape. nullptr
// (or an empty std::function) is no callback.
template <typename F>
StatusCallback statusCallback(F f) {
  if (detail::isEmptyCallable(f)) return {};
  if constexpr (detail::invocable<F, int>(0))
    return StatusCallback(std::move(f));
  else
    return StatusCallback([f](int) { f(); });
}
template <typename F>
ErrorCallback errorCallback(F f) {
  if (detail::isEmptyCallable(f)) return {};
  if constexpr (detail::invocable<F, int, const char*>(0))
    return ErrorCallback([f](int code) { f(code, statusName(code)); });
  else
    return ErrorCallback(std::move(f));
}
template <typename F>
ResultCallback resultCallback(F f) {
  if (detail::isEmptyCallable(f)) return {};
  if constexpr (detail::invocable<F, const RestResult&>(0))
    return ResultCallback(std::move(f));
  else
    return ResultCallback([f](const RestResult& r) { f(r.statusCode); });
}
inline StatusCallback statusCallback(decltype(nullptr)) {
  return {};
}
inline ErrorCallback errorCallback(decltype(nullptr)) {
  return {};
}
inline ResultCallback resultCallback(decltype(nullptr)) {
  return {};
}

// Replaces a kept callback, freeing the one it held.
template <typename C>
void replaceCallback(C& kept, C next) {
  kept.release();
  kept = next;
}

// Every call of the chain on a temporary (what get() returns) returns it as
// an rvalue, so that `auto r = client.get("/x").query("a", 1);` moves the
// request into r, while `auto b = a;` does not compile: a request exists once.
#define EHC_CHAIN_ON_TEMPORARY(call)                                          \
  template <typename... A>                                                    \
  RestRequest&& call(A&&... args)&& {                                         \
    return static_cast<RestRequest&&>(this->call(static_cast<A&&>(args)...)); \
  }

class RestRequest {
 public:
  // Made by a client's get/post/put/patch/del/head (or any RequestOwner);
  // the path is copied.
  RestRequest(RequestOwner& owner, const char* method, const char* path);
  // Moves the request here:
  //   auto request = client.post("/users").body("name", "Ann");  // not sent here
  //   RestResult r = request.send();
  // The request it came from becomes empty and sends nothing.
  RestRequest(RestRequest&& other) noexcept;
  RestRequest(const RestRequest&) = delete;
  RestRequest& operator=(const RestRequest&) = delete;
  RestRequest& operator=(RestRequest&&) = delete;
  ~RestRequest();

  // --- what to send --------------------------------------------------------
  // {name} placeholders of the path.
  template <typename T>
  RestRequest& path(const char* name, const T& value) & {
    return addParam(spec_.pathParams, spec_.pathCount, EHC_MAX_PATH_PARAMS, name, toParam(value));
  }
  template <typename T>
  RestRequest& query(const char* name, const T& value) & {
    return addParam(spec_.query, spec_.queryCount, EHC_MAX_QUERY_PARAMS, name, toParam(value));
  }
  // A member of the JSON object body, the key as it is ("a.b" makes
  // {"a.b":...}, as ESP32-HTTP-Client writes it). nullptr gives JSON null.
  template <typename T>
  RestRequest& body(const char* key, const T& value) & {
    return addBodyField(key, toParam(value), false);
  }
  // A member at a path: "a.b" makes {"a":{"b":...}} ("a\\.b": the key "a.b").
  // Members of one object stay together, in the order first given.
  template <typename T>
  RestRequest& bodyAt(const char* path, const T& value) & {
    return addBodyField(path, toParam(value), true);
  }
  // A mapped struct (REST_JSON_MAP) as the body: written as JSON into the
  // request at this call (so a temporary is fine).
  template <typename T, typename std::enable_if<detail::isMapped<T>(), int>::type = 0>
  RestRequest& body(const T& object) & {
    return setJsonBody(&object, [](JsonWriter& w, const void* o) {
      return writeStruct(w, *static_cast<const T*>(o));
    });
  }
  // A JSON body that write(writer, context) writes when the request is sent
  // (measured for Content-Length, then written into the connection: no copy,
  // so no limit but the writer's). For request kinds that make their own JSON
  // envelope (JsonRpcRequest, GraphQLRequest). Checked here: a body that does
  // not write as one JSON value is refused (EHC_ERROR_INVALID_REQUEST).
  // `context` must stay where it is until the request is sent, and write
  // must produce the same text each time. contentType: the client's if null.
  RestRequest& jsonBody(WriteError (*write)(JsonWriter&, const void*), const void* context,
                        const char* contentType = nullptr) &;
  // A request kind built on this one (JsonRpcRequest, GraphQLRequest) found a
  // mistake of its own: the request fails with `code` and `cause`, nothing is
  // sent (the first failure stays).
  RestRequest& refuse(int code, RequestError cause) & {
    fail(code, cause);
    return *this;
  }
  // A body as it is, copied into the request (EHC_REQUEST_STORAGE). The
  // content type defaults to the client's (application/json).
  RestRequest& rawBody(const char* text, const char* contentType = nullptr) &;
  RestRequest& rawBody(const char* text, size_t length, const char* contentType) &;
  // A body too big to copy, by reference: it must live until the request is
  // sent (a temporary does not, even in the same statement).
  RestRequest& rawBodyRef(const char* text, size_t length, const char* contentType = nullptr) &;
  RestRequest& header(const char* name, const char* value) &;
  template <typename S, typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0>
  RestRequest& header(const char* name, const S& value) & {
    return header(name, value.c_str());
  }

  // --- how ------------------------------------------------------------------
  RestRequest& timeout(uint32_t ms) &;
  // Retries on network errors (not on HTTP error statuses), with backoff.
  // (Below 0 is 0, above 255 is 255.)
  RestRequest& retry(int times) &;
  RestRequest& maxRetry(int times) & { return retry(times); }
  // This POST/PATCH may be sent twice (the server de-duplicates): allow
  // retries and resends after it was written.
  RestRequest& idempotent(bool yes = true) &;
  // Follow 301/302/303/307/308 up to `max` times (off by default).
  RestRequest& followRedirects(uint8_t max = 5) &;

  // --- Server-Sent Events (text/event-stream) --------------------------------
  // A 2xx body is split into events by `parser` (an ehc::StaticSseParser<>,
  // living until the request is sent); each event's data goes through this
  // request's getBody() bindings, then f(const ehc::ServerEvent&) runs:
  // returning false ends the stream (the request succeeds). The stream
  // lasts at most the request's timeout.
  template <typename F>
  RestRequest& onEvent(SseParser& parser, F f) & {
    spec_.body.events = &parser;
    spec_.body.eventCalls = &kEventCalls;
    spec_.reconnectStream = reconnectOrDone;
    replaceCallback(spec_.body.onEvent, EventCallback(f));
    return *this;
  }
  // A stream that ended (closed, dropped) is asked for again, at most
  // `times` times, after the server's retry: time (EHC_SSE_RETRY_MS when it
  // sent none) with Last-Event-ID.
  RestRequest& reconnect(uint8_t times) &;

  // --- a request body from a source (body_options.h) ---------------------------
  // read(uint8_t* buffer, size_t room) -> long: bytes given, 0 at the end,
  // < 0 failed (EHC_ERROR_NO_STREAM). With `length` (>= 0) the body is sent
  // with Content-Length and must have exactly that many bytes; without, it
  // is sent chunked. Content-Type: application/octet-stream unless a
  // Content-Type header is given. The source is read once: the request is
  // not sent twice (resend, retry) unless uploadRewind() says it can start
  // over.
  template <typename F>
  RestRequest& upload(F read, int64_t length = -1) & {
    if (ready() && bodyIsFree(RequestError::UploadWithOtherBody)) {
      replaceCallback(spec_.upload.read, ReadCallback(read));
      spec_.writeBody = writeUploadedBody;
      spec_.upload.length = length;
    }
    return *this;
  }
  // ... from an Arduino Stream / File (readBytes), an ehc::FdStream (read);
  // it must live until the request is sent.
  template <typename S, typename std::enable_if<std::is_class<S>::value, int>::type = 0>
  RestRequest& uploadFrom(S& stream, int64_t length = -1) & {
    if (ready() && bodyIsFree(RequestError::UploadWithOtherBody)) {
      replaceCallback(spec_.upload.read, detail::streamReader(stream));
      spec_.writeBody = writeUploadedBody;
      spec_.upload.length = length;
    }
    return *this;
  }
  // f(uint64_t sent, int64_t length) after each piece of the body went out.
  template <typename F>
  RestRequest& onUploadProgress(F f) & {
    replaceCallback(spec_.upload.progress, ProgressCallback(f));
    return *this;
  }
  // bool(): the source starts again from its beginning (a seek), so that
  // the request may be sent once more after a failure.
  template <typename F>
  RestRequest& uploadRewind(F f) & {
    replaceCallback(spec_.upload.rewind, RestartCallback(f));
    return *this;
  }
  // Sends Expect: 100-continue and the head alone; the body follows the
  // 100, or the end of the client's setContinueTimeout() wait. A final
  // answer first (417, 401, 413) is the result: the body is not sent (its
  // source not read) and the connection closes after the answer.
  RestRequest& expectContinue(bool on = true) &;

  // --- where the body goes besides the bindings (body_options.h) ---------------
  // A 2xx answer's body, decoded, to f(const uint8_t* data, size_t n):
  // returning false (or a bool-less f: never) stops the transfer
  // (EHC_ERROR_STOPPED). The request is then not retried once a byte went.
  template <typename F>
  RestRequest& download(F f) & {
    replaceCallback(spec_.body.sink, detail::dataCallback(f));
    spec_.body.sinkIsStream = false;
    return *this;
  }
  // ... to anything with write(const uint8_t*, size_t) returning the count:
  // an Arduino Stream/Print/File, Update, an ehc::FdStream. A short write is
  // EHC_ERROR_STREAM_WRITE. The stream must live until the request is sent.
  template <typename S, typename std::enable_if<std::is_class<S>::value, int>::type = 0>
  RestRequest& downloadTo(S& stream) & {
    replaceCallback(spec_.body.sink, detail::streamCallback(stream));
    spec_.body.sinkIsStream = true;
    return *this;
  }
  // The download target gets the body of every answer, error statuses
  // included: for a request kind that reads its own format from the body
  // (SoapRequest: a SOAP fault comes with a 500). Off by default, so that an
  // error page is never written to a file or a firmware slot.
  RestRequest& downloadEveryStatus(bool on = true) & {
    spec_.body.sinkEveryStatus = on;
    return *this;
  }
  // f(uint64_t received, int64_t total) after each piece delivered; total
  // is the Content-Length, -1 when not known (chunked, compressed).
  template <typename F>
  RestRequest& onProgress(F f) & {
    replaceCallback(spec_.body.progress, ProgressCallback(f));
    return *this;
  }
  // What the download target got is checked (a Sha256Check): a failure is
  // EHC_ERROR_DIGEST_MISMATCH. `check` must live until the request is sent.
  RestRequest& verify(BodyCheck& check) &;
  // A body (as sent, or decoded) beyond `bytes` fails with
  // EHC_ERROR_BODY_TOO_LARGE; an announced one before any of it is read.
  RestRequest& maxBodySize(uint64_t bytes) &;
  // Sends Accept-Encoding: gzip, deflate and decodes such bodies (and
  // Transfer-Encoding: gzip) with `inflater` for the bindings and the
  // download; it must live until the request is sent (client-wide:
  // setInflater).
  RestRequest& acceptEncoding(Inflater& inflater) &;
  // A download dropped after some of it arrived (connection lost, reset,
  // a read timeout with time left) continues with Range: bytes=N- up to
  // `attempts` times: a 206 from N appends; a 200 (the server ignored the
  // range) starts over when restart() (bool(), e.g. truncating the file)
  // says the target could, else EHC_ERROR_RESUME_FAILED, as for a 206
  // elsewhere or a changed length. The bytes counted are the body's as sent
  // (a gzip body goes on through the same inflater).
  RestRequest& resume(uint8_t attempts) & {
    spec_.body.resumes = attempts;
    spec_.body.resume = &kResumeCalls;
    spec_.resumeDownload = resumeOrDone;
    spec_.restartDownload = ehc::restartDownload;
    replaceCallback(spec_.body.restart, RestartCallback());
    return *this;
  }
  template <typename F>
  RestRequest& resume(uint8_t attempts, F restart) & {
    spec_.body.resumes = attempts;
    spec_.body.resume = &kResumeCalls;
    spec_.resumeDownload = resumeOrDone;
    spec_.restartDownload = ehc::restartDownload;
    replaceCallback(spec_.body.restart, RestartCallback(restart));
    return *this;
  }

  // onSuccess(void(int status) | void()): 2xx and no error.
  template <typename F>
  RestRequest& onSuccess(F f) & {
    replaceCallback(spec_.onSuccess, statusCallback(std::move(f)));
    return *this;
  }
  // onError(void(int code, const char* message) | void(int code)): a
  // negative error code, or an HTTP status >= 400.
  template <typename F>
  RestRequest& onError(F f) & {
    replaceCallback(spec_.onError, errorCallback(std::move(f)));
    return *this;
  }
  // onResponse(void(const RestResult&) | void(int status)): always, first
  // (before onSuccess / onError, as ESP32-HTTP-Client runs them).
  template <typename F>
  RestRequest& onResponse(F f) & {
    replaceCallback(spec_.onResponse, resultCallback(std::move(f)));
    return *this;
  }

  // --- what to read from the JSON body ---------------------------------------
  // bool, every integer type, float, double.
  template <typename T, typename std::enable_if<detail::IsScalarTarget<T>::value, int>::type = 0>
  RestRequest& getBody(const char* path, T* target) & {
    if (ready()) track(binder().bind(keep(path), target));
    return *this;
  }
  // Decoded text into buf (NUL-terminated, cut to fit: see truncated).
  RestRequest& getBody(const char* path, char* buf, size_t size) &;
  template <size_t N>
  RestRequest& getBody(const char* path, char (&buf)[N]) & {
    return getBody(path, buf, N);
  }
  // The JSON text of any value (objects and arrays included).
  RestRequest& getRawBody(const char* path, char* buf, size_t size) &;
  // String / std::string (they grow: the heap): a string decoded, any other
  // value as its JSON text (an object, an array, 12.5, true), null as "".
#if EHC_STD_STRING
  RestRequest& getBody(const char* path, std::string* text) &;  // grows: uses the heap
#endif
#if defined(ARDUINO)
  RestRequest& getBody(const char* path, String* text) &;  // grows: uses the heap
#endif
  // A mapped struct: the whole body, or the value at path.
  template <typename T, typename std::enable_if<detail::isMapped<T>(), int>::type = 0>
  RestRequest& getBody(T* object) & {
    return getBody("", object);
  }
  template <typename T, typename std::enable_if<detail::isMapped<T>(), int>::type = 0>
  RestRequest& getBody(const char* path, T* object) & {
    if (ready()) track(bindStruct(binder(), keep(path), *object));
    return *this;
  }
  // "*" paths: each match lands in the target, then each(match) runs.
  template <typename T, typename F,
            typename std::enable_if<detail::IsScalarTarget<T>::value, int>::type = 0>
  RestRequest& getBody(const char* path, T* target, F each) & {
    if (ready()) addEach(binder().bind(keep(path), target), MatchCallback(each));
    return *this;
  }
  template <typename F>
  RestRequest& getBody(const char* path, char* buf, size_t size, F each) & {
    if (ready()) addEach(binder().bind(keep(path), buf, size), MatchCallback(each));
    return *this;
  }
  // Only the callback: to count or locate matches.
  template <typename F, typename = decltype(std::declval<F&>()(std::declval<const JsonMatch&>()))>
  RestRequest& getBody(const char* path, F each) & {
    if (ready())
      addEach(binder().bindCallback(keep(path), ignoreMatch, nullptr), MatchCallback(each));
    return *this;
  }

  // --- what to read from the response headers --------------------------------
  template <typename T, typename std::enable_if<detail::IsScalarTarget<T>::value, int>::type = 0>
  RestRequest& getHeader(const char* name, T* target) & {
    return addHeaderTarget(name, target, 0, [](const char* text, void* t) {
      if constexpr (std::is_same<T, bool>::value) return headerBool(text, static_cast<bool*>(t));
      // The body's number rules, for one value, read aside: the binder
      // writes a number before it knows what follows ("12abc", "7, 8").
      T value{};
      StaticJsonBinder<1> b;
      b.bind("", &value);
      b.feed(text, strlen(text));
      const BindStatus s = b.finish() == JsonError::Ok ? b.status(0) : BindStatus::Mismatch;
      if (s == BindStatus::Found) *static_cast<T*>(t) = value;
      return s;
    });
  }
  RestRequest& getHeader(const char* name, char* buf, size_t size) &;
  template <size_t N>
  RestRequest& getHeader(const char* name, char (&buf)[N]) & {
    return getHeader(name, buf, N);
  }
#if EHC_STD_STRING
  RestRequest& getHeader(const char* name, std::string* text) &;
#endif
#if defined(ARDUINO)
  RestRequest& getHeader(const char* name, String* text) &;
#endif

  EHC_CHAIN_ON_TEMPORARY(path)
  EHC_CHAIN_ON_TEMPORARY(query)
  EHC_CHAIN_ON_TEMPORARY(body)
  EHC_CHAIN_ON_TEMPORARY(bodyAt)
  EHC_CHAIN_ON_TEMPORARY(rawBody)
  EHC_CHAIN_ON_TEMPORARY(rawBodyRef)
  EHC_CHAIN_ON_TEMPORARY(header)
  EHC_CHAIN_ON_TEMPORARY(timeout)
  EHC_CHAIN_ON_TEMPORARY(retry)
  EHC_CHAIN_ON_TEMPORARY(maxRetry)
  EHC_CHAIN_ON_TEMPORARY(idempotent)
  EHC_CHAIN_ON_TEMPORARY(followRedirects)
  EHC_CHAIN_ON_TEMPORARY(download)
  EHC_CHAIN_ON_TEMPORARY(downloadTo)
  EHC_CHAIN_ON_TEMPORARY(onProgress)
  EHC_CHAIN_ON_TEMPORARY(verify)
  EHC_CHAIN_ON_TEMPORARY(maxBodySize)
  EHC_CHAIN_ON_TEMPORARY(acceptEncoding)
  EHC_CHAIN_ON_TEMPORARY(resume)
  EHC_CHAIN_ON_TEMPORARY(upload)
  EHC_CHAIN_ON_TEMPORARY(onEvent)
  EHC_CHAIN_ON_TEMPORARY(reconnect)
  EHC_CHAIN_ON_TEMPORARY(uploadFrom)
  EHC_CHAIN_ON_TEMPORARY(onUploadProgress)
  EHC_CHAIN_ON_TEMPORARY(uploadRewind)
  EHC_CHAIN_ON_TEMPORARY(expectContinue)
  EHC_CHAIN_ON_TEMPORARY(onSuccess)
  EHC_CHAIN_ON_TEMPORARY(onError)
  EHC_CHAIN_ON_TEMPORARY(onResponse)
  EHC_CHAIN_ON_TEMPORARY(getBody)
  EHC_CHAIN_ON_TEMPORARY(getRawBody)
  EHC_CHAIN_ON_TEMPORARY(getHeader)

  // --- for request kinds built on this one (GraphQLRequest) -------------------
  // The HTTP method while the request is built (a string that outlives it,
  // e.g. "GET").
  RestRequest& method(const char* name) &;
  // A binding made in the client's binder whose every delivery (each match
  // of a "*" path) also goes to each(match, user). path, target and user
  // are not copied: they must stay where they are until the request is sent.
  template <typename T, typename std::enable_if<detail::IsScalarTarget<T>::value, int>::type = 0>
  RestRequest& watchBody(const char* path, T* target, JsonMatchCallback each, void* user) & {
    if (ready()) watchBinding(binder().bind(path, target), each, user);
    return *this;
  }
  RestRequest& watchBody(const char* path, char* buf, size_t size, JsonMatchCallback each,
                         void* user) & {
    if (ready()) watchBinding(binder().bind(path, buf, size), each, user);
    return *this;
  }
  RestRequest& watchRawBody(const char* path, char* buf, size_t size, JsonMatchCallback each,
                            void* user) & {
    if (ready()) watchBinding(binder().bindRaw(path, buf, size), each, user);
    return *this;
  }
  RestRequest& watchBody(const char* path, JsonMatchCallback each, void* user) & {
    if (ready()) watchBinding(binder().bindCallback(path, each, user), nullptr, nullptr);
    return *this;
  }
  // A 2xx body goes to `stage` (with the binder) through `calls` instead
  // of straight to the bindings; its calls' failure() judges it at the end.
  // stage must stay where it is until the request is sent.
  RestRequest& bodyStage(void* stage, const EventCalls& calls) & {
    spec_.body.events = stage;
    spec_.body.eventCalls = &calls;
    spec_.reconnectStream = endEventStage;
    return *this;
  }
  // Sends now (once) and tells how it went. A started request: waits for
  // its end.
  RestResult send();

  // --- without blocking (docs/client.md, "Requests that do not block") -----
  //   auto r = client.get("/sensor").getBody("t", &t);  // built, not sent
  //   r.start();                                         // returns at once
  //   ... in loop():  if (r.poll() == ehc::PollState::Done) use(r.result());
  // start() begins it; poll() does what can be done now without waiting
  // (connect progress, writing, reading what has arrived, the parsers, the
  // callbacks) for at most the client's poll budget; cancel() ends it at
  // once. The builder must live until it is Done: destroying it earlier
  // cancels it. poll() before start() starts it. One request per client
  // runs at a time (others fail with EHC_ERROR_CLIENT_BUSY): for several
  // at once, use several clients.
  void start();
  PollState poll();
  void cancel();
  bool running() const {
    return phase_ == Phase::Running;
  }
  // What to wait for before the next poll (an event loop's select/poll):
  // the socket (fd -1: none, e.g. a retry's wait) and direction, and the
  // time by which to poll again whatever happens.
  WaitFor waitFor() const;
  // Once Done: how it went (the client's lastResult(): read it before the
  // client's next request ends).
  const RestResult& result() const;

  // What the request is, for the engine that runs it.
  const RequestSpec& spec() const {
    return spec_;
  }

 private:
  using StructWriter = WriteError (*)(JsonWriter&, const void*);

  template <typename T>
  static ParamValue toParam(const T& v) {
    return detail::paramOf(v, detail::HasCStr<T>{});
  }
  bool ready() const {
    return owner_ && spec_.error == EHC_OK;
  }
  static void ignoreMatch(const JsonMatch&, void*) {}
  JsonBinder& binder() {
    return owner_->binder();
  }
  const char* keep(const char* text);  // a copy in the storage, or nullptr (full)
  const char* keep(const char* text, size_t length);
  void fail(int code, RequestError cause);
  void track(int bindResult);
  void addEach(int binding, MatchCallback callback);
  int watchBinding(int binding, JsonMatchCallback each, void* user);
  void releaseCallbacks();
  RestRequest& addParam(Param* list, uint8_t& count, size_t capacity, const char* name,
                        ParamValue value);
  ParamValue keepValue(ParamValue value);
  RestRequest& addBodyField(const char* key, ParamValue value, bool nested);
  const char* stageFlatKey(const char* key);
  bool bodyIsFree(RequestError what);
  RestRequest& setJsonBody(const void* object, StructWriter writer);
  RestRequest& addHeaderTarget(const char* name, void* target, size_t size,
                               HeaderTarget::Convert convert, const TextSink* sink = nullptr);

  enum class Phase : uint8_t { Building, Running, Done };

  RequestSpec spec_;
  RequestOwner* owner_;  // null once sent by send() or moved from
  Phase phase_ = Phase::Building;
};

#undef EHC_CHAIN_ON_TEMPORARY

EHC_END_NAMESPACE
