// What a request does with its response body besides the JSON bindings: a
// download target (a callback, an Arduino Stream/Print/File/Update, a file
// descriptor: see platform/fd_sink.h), progress, a check of what was
// written (Sha256Check), a size limit and the content codings it accepts.
//
//   static uint8_t window[32768];
//   static ehc::Inflater inflater(window, sizeof window);
//   ehc::Sha256Check digest("9f86d081884c7d65...");
//   RestResult r = client.get("/firmware.bin")
//                      .downloadTo(Update)                 // anything with write(data, n)
//                      .onProgress([](uint64_t got, int64_t total) { ... })
//                      .verify(digest)
//                      .acceptEncoding(inflater)           // Accept-Encoding: gzip, deflate
//                      .maxBodySize(1536 * 1024)
//                      .send();
//
// Only the body of a 2xx answer goes to the download target; an error
// page is never written to a file or a firmware slot (the JSON bindings
// still read it).
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <type_traits>

#include "../config.h"
#include "../core/byte_sink.h"
#include "../json/json_error.h"
#include "callback.h"
#include "client_error.h"

EHC_BEGIN_NAMESPACE

class Inflater;
class SseParser;
class EventStream;
class JsonBinder;
struct BodyOptions;
class ResponseBody;
class ResponseParser;
class RequestWriter;
struct ContinueCalls;

// The codec stages are called through these tables, which only the opt-in
// calls (acceptEncoding, setInflater, onEvent) name: a program that never
// makes them links no inflater and no event splitter (--gc-sections).
// A content or transfer coding as the body sees it.
enum class Coding : uint8_t { Identity, Gzip, Deflate, Chunked, Other };

struct InflateCalls {
  // The coding a Content-Encoding (transfer: Transfer-Encoding) list asks to
  // undo: Identity, one Gzip or Deflate, or Other when it cannot be undone.
  Coding (*codingOf)(const char* list, bool transfer);
  void (*begin)(Inflater& inflater, bool gzip, ByteSink out);
  bool (*feed)(Inflater& inflater, const char* data, size_t length);
  InflateError (*finish)(Inflater& inflater);
  InflateError (*failure)(const Inflater& inflater);  // why feed() failed
  // A hop's Content-Encoding and Transfer-Encoding captured.
  void (*captureCodings)(ResponseBody& body, ResponseParser& parser);
};
extern const InflateCalls kInflateCalls;  // codec_calls.cpp

// A resumed download's steps (response_body.cpp), set by resume(): only a
// program that resumes links the Range request, the Content-Range reading
// and the validators If-Range sends (validators.h).
struct ResumeCalls {
  // "bytes=FROM-" into out; its length, 0 when it does not fit.
  size_t (*range)(uint64_t from, char* out, size_t size);
  // The answer to it has come: append, start over or fail.
  void (*start)(ResponseBody& body, const ResponseParser& parser, bool toSink);
  // A hop's fields captured (Content-Range when resuming; ETag,
  // Last-Modified, Date); the If-Range value kept from the answer that
  // begins the body.
  void (*captureFields)(ResponseBody& body, ResponseParser& parser, bool resuming);
  void (*keepValidator)(ResponseBody& body, const ResponseParser& parser);
  // The resumed request's Range, and If-Range when there is a validator.
  void (*writeHeaders)(RequestWriter& w, const char* range, const char* ifRange);
};
extern const ResumeCalls kResumeCalls;

// The stage a 2xx body goes to with the JSON binder: the event splitter
// (kEventCalls; BodyOptions::events is its SseParser), or another that
// brings its own calls and state (GraphQL's multipart reader).
struct EventCalls {
  void (*begin)(EventStream& stream, const BodyOptions& options, JsonBinder* binder);
  bool (*feed)(EventStream& stream, const uint8_t* data, size_t length);
  void (*finish)(EventStream& stream);
  const char* (*lastEventId)(const EventStream& stream);
  uint32_t (*retryMs)(const EventStream& stream, uint32_t fallback);
  // After the body: EHC_OK, or the code the request fails with (a stage
  // that judges what it read; null for the event splitter).
  int (*failure)(const BodyOptions& options);
  void (*writeLastEventId)(RequestWriter& w, const char* id);  // a reconnection's header
};
extern const EventCalls kEventCalls;  // event_stream.cpp

// One Server-Sent Event, as the event callback sees it (its data went
// through the request's getBody() bindings).
struct ServerEvent {
  const char* type;   // "message" unless an event: field said otherwise
  const char* id;     // the last event ID ("" when none)
  size_t dataLength;  // bytes of data (lines joined with LF)
  JsonError json;     // the data as JSON: Ok, or why the bindings are partial
  uint32_t found;     // bit i: binding i was written by this event
};
// false: no more events (the request ends, successfully).
using EventCallback = Callback<bool(const ServerEvent& event)>;

// Takes a piece of the (decoded) body; false stops the transfer.
using DataCallback = Callback<bool(const uint8_t* data, size_t length)>;
// Body bytes delivered so far, and the total when known (-1: not known, as
// for a chunked or compressed body).
using ProgressCallback = Callback<void(uint64_t received, int64_t total)>;

// The download target forgets what it got (truncate the file): false when
// it cannot.
using RestartCallback = Callback<bool()>;

// A check of the bytes written (Sha256Check is one): sees them all, and says
// at the end whether they are right.
class BodyCheck {
 public:
  virtual void begin() = 0;
  virtual bool feed(const uint8_t* data, size_t length) = 0;
  // After the whole body: true when it passed; else *cause says why.
  virtual bool passed(ErrorCause* cause) = 0;

 protected:
  ~BodyCheck() = default;
};

// A RequestSpec holds these two made with ZeroedByHolder: its constructor
// zeroes them (one memset for the request's plain fields and callbacks), so
// their fields start at 0, false, null, empty, but UploadOptions::length at
// -1. Made on their own (a parser driven by hand, as ehc-get does), they
// zero themselves the same way.
struct BodyOptions {
  BodyOptions() { memset(static_cast<void*>(this), 0, sizeof *this); }
  explicit BodyOptions(detail::ZeroedByHolder) {}

  DataCallback sink{detail::ZeroedByHolder()};  // where a 2xx answer's body goes (empty: nowhere)
  bool sinkIsStream;                            // false from the sink is a write error, not a stop
  bool sinkEveryStatus;  // error pages too (a request kind's own format: SOAP faults)
  ProgressCallback progress{detail::ZeroedByHolder()};
  BodyCheck* check;
  Inflater* inflater;            // gzip/deflate accepted and decoded with it
  const InflateCalls* inflate;   // set with inflater
  uint64_t maxBody;              // 0: the client's setting (0 there: no limit)
  uint8_t resumes;               // continuations with Range after a drop
  void* events;                  // the stage's state: an SseParser for kEventCalls
  const EventCalls* eventCalls;  // set with events
  EventCallback onEvent{detail::ZeroedByHolder()};
  uint8_t reconnects;                                 // new streams after one ended (Last-Event-ID)
  RestartCallback restart{detail::ZeroedByHolder()};  // the target starts over (a 200 to a Range)
  const ResumeCalls* resume;                          // set with resumes
};

// Fills buffer[0..room) with the next bytes of a request body: how many,
// 0 at its end, below 0 when it failed.
using ReadCallback = Callback<long(uint8_t* buffer, size_t room)>;

// A request body from a source (upload(), uploadFrom()).
struct UploadOptions {
  UploadOptions() {
    memset(static_cast<void*>(this), 0, sizeof *this);
    length = -1;
  }
  explicit UploadOptions(detail::ZeroedByHolder) {}

  ReadCallback read{detail::ZeroedByHolder()};          // empty: no upload
  int64_t length;                                       // known: Content-Length; -1: sent chunked
  ProgressCallback progress{detail::ZeroedByHolder()};  // body bytes sent, and the length
  RestartCallback rewind{
      detail::ZeroedByHolder()};  // the source starts again (a resend); empty: never sent twice
  // Expect: 100-continue is sent (&Connection::kContinueCalls: the steps
  // that wait for the 100, linked only by a program that asks for them).
  const ContinueCalls* expectContinue;
};

// Where an upload's body is: a write the transport cut goes on from here
// at the next write step (its source is never read twice). Zero: from the
// start.
struct UploadCursor {
  uint64_t read = 0;         // the source's bytes read
  uint64_t made = 0;         // the body's bytes made of them (with chunk framing)
  bool sourceEnded = false;  // the source said its end, or the length was read
  bool done = false;         // and the last chunk went into the request
};

namespace detail {
template <typename F>
DataCallback dataCallback(F f) {
  using R = decltype(f(static_cast<const uint8_t*>(nullptr), size_t{0}));
  if constexpr (std::is_same<R, void>::value)
    return DataCallback([f](const uint8_t* d, size_t n) {
      f(d, n);
      return true;
    });
  else
    return DataCallback(f);
}

// Arduino's Print/Stream/File take const bytes, Update takes them mutable:
// the cast serves both (neither writes into them).
template <typename S>
DataCallback streamCallback(S& stream) {
  return DataCallback([&stream](const uint8_t* d, size_t n) {
    return static_cast<size_t>(stream.write(const_cast<uint8_t*>(d), n)) == n;
  });
}
// An Arduino Stream's readBytes (File, WiFiClient, ...), else read(buf, n)
// (an ehc::FdStream, POSIX-like classes).
template <typename S>
auto readSome(S& s, uint8_t* b, size_t n, int) -> decltype(s.readBytes(b, n), long()) {
  return static_cast<long>(s.readBytes(b, n));
}
template <typename S>
long readSome(S& s, uint8_t* b, size_t n, long) {
  return static_cast<long>(s.read(b, n));
}
template <typename S>
ReadCallback streamReader(S& stream) {
  return ReadCallback([&stream](uint8_t* b, size_t n) { return readSome(stream, b, n, 0); });
}
}  // namespace detail

EHC_END_NAMESPACE
