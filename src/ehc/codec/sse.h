// Server-Sent Events (text/event-stream) as the WHATWG HTML standard
// interprets an event stream (section 9.2.6): fed in pieces of any size, it
// calls back per event, and streams each event's data as it arrives, so a
// data value longer than any buffer (a JSON document) goes straight to the
// JSON binder. Nothing is allocated.
//
//   ehc::StaticSseParser<> sse;                 // event type 32 bytes, id 64
//   sse.setVisitor(&visitor, &app);             // begin / data / end / discard
//   sse.begin();                                // a new stream (connection)
//   sse.feed(body, n);                          // any number of times, any split
//   sse.finish();                               // the stream ended
//   sse.lastEventId();  sse.retryMs();          // for the reconnection
//
// The rules, as the standard has them: the bytes are UTF-8 (invalid
// sequences become U+FFFD, one leading BOM is dropped); lines end in CRLF,
// LF or CR (also a CR at the end of one piece and its LF at the start of the
// next); a blank line dispatches the event; "data" lines are joined with LF;
// "event" sets the type ("message" without one); "id" sets the last event
// ID unless its value holds a NUL, and it persists across events; "retry"
// with ASCII digits only sets the reconnection time; lines starting with ':'
// are comments; a field without a colon has an empty value; one space after
// the colon is dropped; unknown fields are ignored; an event without any
// data line is not dispatched (its id still counts); a stream that ends
// before an event's blank line does not dispatch it.
//
// Bounded storage: the event type and the id are kept in fixed buffers. A
// longer value keeps its start (cut at a UTF-8 boundary, NUL-terminated) and
// is flagged: SseEvent::typeTruncated / idTruncated, lastEventIdTruncated()
// (an id that did not fit must not be sent back as Last-Event-ID). The data
// is never stored, so it has no limit.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../core/byte_sink.h"

EHC_BEGIN_NAMESPACE

enum class SseError : uint8_t {
  Ok = 0,
  Stopped,     // a callback returned false
  Incomplete,  // the stream ended inside an event (its data was discarded)
};
const char* sseErrorName(SseError e);
const char* sseErrorMessage(SseError e);

struct SseEvent {
  const char* type;   // the "event" field, or "message"
  const char* id;     // the last event ID ("" when none was set yet)
  size_t dataLength;  // bytes of data delivered (data lines joined with LF)
  bool typeTruncated;
  bool idTruncated;
};

// Every callback may be null; one returning false stops the stream
// (SseError::Stopped).
struct SseVisitor {
  bool (*begin)(void* user);  // an event's first data line
  // Its data, in pieces: the lines' values with an LF between lines.
  bool (*data)(void* user, const char* data, size_t length);
  bool (*end)(void* user, const SseEvent& event);  // the blank line: dispatch
  // The stream ended (finish, begin) after begin and before end: drop it.
  void (*discard)(void* user);
};

class SseParser {
 public:
  void setVisitor(const SseVisitor* visitor, void* user) {
    visitor_ = visitor;
    user_ = user;
  }

  // A new stream (e.g. after a reconnection): line and event state cleared,
  // a BOM allowed again. The last event ID and the reconnection time stay,
  // as they do for an EventSource. An event in progress is discarded.
  void begin();
  // begin(), and the last event ID and reconnection time forgotten too.
  void reset();

  // False once the stream stopped (a callback said so) or finished.
  bool feed(const uint8_t* data, size_t length);
  bool feed(const char* data, size_t length) {
    return feed(reinterpret_cast<const uint8_t*>(data), length);
  }
  // This parser as the sink of the stage before it (a body, an inflater).
  ByteSink input() { return feedSink(this); }
  // The stream ended: a pending event is discarded (SseError::Incomplete).
  SseError finish();

  SseError error() const { return error_; }
  // The ID of the last dispatched event, kept across events and begin():
  // what a reconnection sends as Last-Event-ID.
  const char* lastEventId() const { return last_.chars; }
  bool lastEventIdTruncated() const { return last_.truncated; }
  // The reconnection time the server asked for (retry: digits; saturates at
  // UINT32_MAX), when it did.
  bool hasRetry() const { return hasRetry_; }
  uint32_t retryMs() const { return retryMs_; }
  uint32_t eventCount() const { return events_; }

 protected:
  // storage: typeCapacity + 1 + 3 * (idCapacity + 1) bytes.
  SseParser(char* storage, uint16_t typeCapacity, uint16_t idCapacity);

 private:
  enum State : uint8_t { kLineStart, kName, kValueStart, kValue, kIgnore, kStopped, kFinished };
  enum Field : uint8_t { kOther, kEvent, kData, kId, kRetry };

  // A bounded, NUL-terminated text buffer that remembers being cut.
  struct Text {
    char* chars;
    uint16_t capacity;
    uint16_t length;
    bool truncated;
    void clear();
    void append(const char* data, size_t n);
    void assign(const Text& other);
  };

  bool continueSequence(uint8_t c);
  void text(const uint8_t* data, size_t n);
  size_t lineStart(const char* p);
  size_t name(const char* p, size_t n);
  size_t value(const char* p, size_t n);
  size_t skipLine(const char* p, size_t n);
  void lineEnd(char c);
  void startField();
  void fieldValue(const char* data, size_t n);
  void endField();
  void dispatch();
  void deliver(const char* data, size_t n);
  void stop();
  bool stopped() const { return state_ == kStopped; }

  const SseVisitor* visitor_ = nullptr;
  void* user_ = nullptr;
  Text type_;
  Text id_;       // the id buffer: what the next dispatch makes the last event ID
  Text pending_;  // an id field being read (dropped if it holds a NUL)
  Text last_;     // the last event ID

  State state_ = kLineStart;
  Field field_ = kOther;
  SseError error_ = SseError::Ok;
  bool streamStart_ = true;  // a BOM may come
  bool skipLineFeed_ = false;
  bool inEvent_ = false;  // begin was called, end not yet
  bool pendingNul_ = false;
  uint8_t retryState_ = 0;  // 0 no byte yet, 1 digits only, 2 something else
  char nameChars_[5] = {};
  uint8_t nameLength_ = 0;  // 6 = longer than any known field
  uint32_t retryValue_ = 0;
  uint32_t retryMs_ = 0;
  bool hasRetry_ = false;
  size_t dataLength_ = 0;
  uint32_t events_ = 0;

  // UTF-8 decoding: a sequence cut by the end of a piece waits here.
  uint8_t utf8Bytes_[4] = {};
  uint8_t utf8Have_ = 0;
  uint8_t utf8Need_ = 0;  // total length of the pending sequence; 0: none
  uint8_t utf8Lower_ = 0x80;
  uint8_t utf8Upper_ = 0xBF;
};

// A parser with its buffers inside: event types up to TypeCapacity bytes,
// ids up to IdCapacity bytes.
template <uint16_t TypeCapacity = 32, uint16_t IdCapacity = 64>
class StaticSseParser : public SseParser {
 public:
  StaticSseParser() : SseParser(storage_, TypeCapacity, IdCapacity) {}
  StaticSseParser(const StaticSseParser&) = delete;
  StaticSseParser& operator=(const StaticSseParser&) = delete;

 private:
  char storage_[size_t{TypeCapacity} + 1 + 3 * (size_t{IdCapacity} + 1)];
};

EHC_END_NAMESPACE
