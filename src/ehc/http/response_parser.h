// Push parser for HTTP/1.1 responses (RFC 9112), picohttpparser's spirit
// with streaming input: feed it bytes in any split; it reports the status,
// copies the headers you registered into your buffers, and hands body bytes
// to a sink where they lie (no copy), de-chunked.
//
//   ehc::ResponseParser p;
//   char type[48];
//   p.captureHeader("Content-Type", type, sizeof type);
//   p.onBody(sink, user);
//   p.begin(/*headRequest=*/false);
//   while (!p.complete() && !p.failed()) {
//     n = read(...);                       // 0: the peer closed
//     if (n == 0) { p.finishAtClose(); break; }
//     size_t used = p.feed(buf, n);        // stops at the end of the message:
//   }                                      // buf[used..n) is the next response
//   p.status(); p.keepAlive(); p.error(); p.errorOffset();
//
// Interim 1xx responses (100 Continue, 103 Early Hints) are skipped: their
// header sections are checked (syntax, limits) but their fields are not the
// response's. The header visitor and the captures see the fields of the
// final response only (its headers, then its trailers), and an interim
// response's Content-Length, Transfer-Encoding and Connection change
// nothing. status(), reason() and httpMinor() are the final response's once
// its status line is read. Nothing is allocated; the parser is a few
// hundred bytes.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "http_error.h"
#include "parameters.h"

EHC_BEGIN_NAMESPACE

// One bit per capture in a 32-bit mask; fields counted in 16 bits.
static_assert(EHC_HTTP_MAX_CAPTURES >= 1 && EHC_HTTP_MAX_CAPTURES <= 32,
              "EHC_HTTP_MAX_CAPTURES must be 1..32");
static_assert(EHC_HTTP_MAX_HEADERS >= 1 && EHC_HTTP_MAX_HEADERS < 65535,
              "EHC_HTTP_MAX_HEADERS must be 1..65534");

enum class HeaderStatus : uint8_t { Missing = 0, Found, Truncated };

namespace detail {
// What a ResponseParser knows about the response in progress: begin()
// resets exactly this (captures, sinks and visitors stay).
struct ResponseProgress {
  enum State : uint8_t {
    kStatusStart,
    kVersion,
    kStatusCode,
    kReason,
    kHeaderStart,
    kHeaderName,
    kHeaderValue,
    kFieldLineStart,  // after a field line: a fold (SP / HTAB) or what follows
    kLineFeed,        // after CR in the head or the trailers
    // states from here on are not in a header section (their bytes do not
    // count against EHC_HTTP_MAX_HEADER_BYTES)
    kChunkLineFeed,  // after CR of a chunk-size line
    kBodyLength,
    kBodyUntilClose,
    kChunkSize,
    kChunkExtension,
    kChunkData,
    kChunkDataEnd,
    kComplete,
    kError,
  };
  enum Field : uint8_t { kOther, kContentLength, kTransferEncoding, kConnection };

  State state_ = kStatusStart;
  State afterLine_ = kStatusStart;  // where a line ending leads (set with kLineFeed)
  bool headRequest_ = false;
  bool headersDone_ = false;
  bool inTrailers_ = false;
  HttpError error_ = HttpError::Ok;
  size_t errorOffset_ = 0;
  size_t consumed_ = 0;

  // status line
  uint8_t matched_ = 0;  // bytes of "HTTP/1." matched, or digits of the code
  uint8_t emptyLines_ = 0;
  int minor_ = 1;
  int status_ = 0;
  bool interim_ = false;  // a 1xx other than 101: its fields are nobody's
  char reason_[32] = {};
  uint8_t reasonLength_ = 0;

  // headers
  size_t lineLength_ = 0;
  size_t headerBytes_ = 0;  // of the head, then of the trailers
  uint16_t headerCount_ = 0;
  char name_[32] = {};
  uint8_t nameLength_ = 0;
  bool nameTooLong_ = false;
  Field field_ = kOther;
  uint32_t captureMask_ = 0;    // captures matching the current field
  uint16_t pendingSpaces_ = 0;  // whitespace not yet known to be inside the value
  bool folding_ = false;        // in the RWS of an obs-fold: one SP stands for it
  size_t lineEnd_ = 0;          // where the last field line ended (its errors' offset)
  bool valueStarted_ = false;
  char token_[16] = {};  // the current list token of Connection / Transfer-Encoding
  uint8_t tokenLength_ = 0;
  bool tokenTooLong_ = false;
  uint64_t fieldNumber_ = 0;  // Content-Length: the number being read
  uint8_t numberState_ = 0;   // Content-Length list: 0 expect digit, 1 digits, 2 after
  bool sawNumber_ = false;    // Content-Length: this field held a number
  // list fields (Connection, Transfer-Encoding): where in the element
  bool inParameters_ = false;  // after ';' of a coding (param_ says where)
  bool tokenEnded_ = false;    // whitespace after the token: only ',' or ';' may follow
  bool badElement_ = false;    // not a token [ parameters ]

  // framing
  bool hasLength_ = false;
  uint64_t contentLength_ = 0;
  bool hasTransferEncoding_ = false;  // the field was there (even empty)
  bool chunkedSeen_ = false;          // a chunked coding in the list
  bool chunkedLast_ = false;          // ... and it is the last coding so far
  bool otherCoding_ = false;          // a coding other than chunked
  bool chunked_ = false;              // the body is chunked
  bool coded_ = false;                // the body has a coding other than chunked
  bool connectionClose_ = false;
  bool connectionKeepAlive_ = false;
  bool untilClose_ = false;  // the body runs to the connection's close
  uint64_t remaining_ = 0;
  uint64_t bodyBytes_ = 0;
  bool sawChunkDigit_ = false;
  ParamState param_ = kParamSpace;  // in a chunk extension or coding parameters
};
}  // namespace detail

class ResponseParser : private detail::ResponseProgress {
 public:
  using BodySink = void (*)(void* user, const char* data, size_t length);
  // Every header (and trailer) of the final response as it streams: name
  // pieces, value pieces, end. An interim 1xx response's fields are not
  // visited.
  struct HeaderVisitor {
    void (*name)(void* user, const char* data, size_t length);
    void (*value)(void* user, const char* data, size_t length);
    void (*end)(void* user, bool trailer);
  };

  ResponseParser() = default;

  // Copy the value of header `name` (matched case-insensitively; names up to
  // 31 bytes) into buf (NUL-terminated; repeated fields joined with ", ").
  // Returns its index, or -1 (full, name too long). Kept across begin().
  // Only the final response's fields are captured, never an interim one's.
  int captureHeader(const char* name, char* buf, size_t size);
  HeaderStatus headerStatus(int index) const { return captures_[index].status; }
  void clearCaptures() { captureCount_ = 0; }
  // Transfer codings other than chunked (gzip, deflate, unknown ones) are not
  // decoded. By default such a response fails with UnsupportedTransferCoding
  // once its head is read (headersDone(), status and headers known). With
  // `on`, its body is framed by RFC 9112 6.3 (chunked if chunked is the last
  // coding, else until the close) and handed to the body sink still coded;
  // transferCoded() tells. Kept across begin().
  void deliverCodedBodies(bool on) { deliverCoded_ = on; }
  void onBody(BodySink sink, void* user) {
    bodySink_ = sink;
    bodyUser_ = user;
  }
  void onHeaders(const HeaderVisitor* visitor, void* user) {
    visitor_ = visitor;
    visitorUser_ = user;
  }

  // Ready for a response; `headRequest`: it answers a HEAD (no body).
  void begin(bool headRequest);
  // Consumes bytes up to the end of the message (or all of them); returns how
  // many. After complete() or failed() it consumes nothing.
  size_t feed(const char* data, size_t length);
  // The peer closed the connection: completes a body that runs to the close,
  // anything else unfinished is HttpError::Incomplete.
  void finishAtClose();

  // The header section ended (also after a failure in the body; not after
  // one before the headers ended).
  bool headersDone() const { return headersDone_; }
  bool complete() const { return state_ == kComplete; }
  bool failed() const { return state_ == kError; }
  HttpError error() const { return error_; }
  size_t errorOffset() const { return errorOffset_; }

  int status() const { return status_; }
  int httpMinor() const { return minor_; }
  // Reason phrase, cut to 31 bytes.
  const char* reason() const { return reason_; }
  bool chunked() const { return chunked_; }
  // The body has a transfer coding other than chunked, not undone here
  // (known when the headers are done).
  bool transferCoded() const { return coded_; }
  // Declared length, or -1 (chunked, until close, or no body).
  int64_t contentLength() const { return hasLength_ ? static_cast<int64_t>(contentLength_) : -1; }
  // May the connection carry another request after this response?
  bool keepAlive() const { return complete() && framingAllowsReuse(); }
  // Will it, once the body is complete? (Known when the headers are done.)
  bool framingAllowsReuse() const;
  uint64_t bodyBytes() const { return bodyBytes_; }
  size_t bytesConsumed() const { return consumed_; }

 private:
  struct Capture {
    const char* name;
    char* buf;
    size_t size;
    size_t used;
    HeaderStatus status;
    uint8_t nameLength;
  };

  void fail(HttpError e, size_t at);
  void commitLength(size_t at);
  void statusLineByte(uint8_t c, size_t at);
  void fieldLineStartByte(uint8_t c, size_t at, const char* here);
  void headerStartByte(uint8_t c, size_t at, const char* here);
  void headerNameByte(uint8_t c, size_t at, const char* here);
  void headerValueByte(uint8_t c, size_t at);
  void chunkLineEnd(uint8_t c);
  void chunkSizeByte(uint8_t c, size_t at);
  void chunkExtensionByte(uint8_t c, size_t at);
  void listByte(uint8_t c);
  void codingEnd(bool chunked, size_t at);
  void startField();
  void fieldValueByte(uint8_t c, size_t at);
  void endField(size_t at);
  void tokenEnd(size_t at);
  void endHeaders(size_t at);
  void captureBytes(const char* data, size_t n);
  void deliver(const char* data, size_t n);

  Capture captures_[EHC_HTTP_MAX_CAPTURES] = {};
  uint8_t captureCount_ = 0;
  BodySink bodySink_ = nullptr;
  void* bodyUser_ = nullptr;
  const HeaderVisitor* visitor_ = nullptr;
  const HeaderVisitor* fieldVisitor_ = nullptr;  // the current field's: none if interim
  void* visitorUser_ = nullptr;
  bool deliverCoded_ = false;
};

EHC_END_NAMESPACE
