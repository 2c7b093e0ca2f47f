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
// resets exactly this (captures, sinks and visitors stay), to all zero bytes
// but minor_ (1). So it has no default member initializers: a plain struct
// (its bytes cleared at once, and none of the parser's own members placed in
// its tail padding). Ordered by size (no holes).
struct ResponseProgress {
  enum State : uint32_t {  // a word: see below
    kStatusLine,           // matched_: the position in "HTTP/1.x nnn", 13 in the reason
    kHeaderStart,
    kHeaderName,
    kHeaderValue,
    kFieldLineStart,  // after a field line: a fold (SP / HTAB) or what follows
    kLineFeed,        // after CR in the head or the trailers
    // states from here on are not in a header section (their bytes do not
    // count against EHC_HTTP_MAX_HEADER_BYTES)
    kChunkLineFeed,  // after CR of a chunk-size line
    kChunkSize,
    kChunkExtension,
    kChunkDataEnd,
    // body bytes: handed on in bulk, never looked at
    kBodyLength,
    kChunkData,
    kBodyUntilClose,
    kComplete,
    kError,
  };
  enum Field : uint32_t { kOther, kContentLength, kTransferEncoding, kConnection };

  // The fields most code reads first, each a word (rv32's compressed loads
  // and stores take words at offsets below 128, not bytes).
  State state_;
  State afterLine_;   // where a line ending leads (set with kLineFeed)
  uint32_t matched_;  // status line: see kStatusLine; after chunk data: CR seen
  Field field_;
  size_t lineLength_;
  size_t headerBytes_;   // of the head, then of the trailers
  uint32_t nameLength_;  // of name_; 32: too long for any name looked for
  bool valueStarted_;
  bool folding_;            // in the RWS of an obs-fold: one SP stands for it
  uint32_t pendingSpaces_;  // whitespace not yet known to be inside the value (< a line)
  uint32_t headerCount_;
  uint32_t captureMask_;  // captures matching the current field
  bool interim_;          // a 1xx other than 101: its fields are nobody's
  bool inTrailers_;
  size_t consumed_;
  size_t lineEnd_;  // where the last field line ended (its errors' offset)
  int minor_;
  int status_;
  uint32_t numberState_;  // Content-Length list: 0 expect digit, 1 digits, 2 after
  bool sawChunkDigit_;
  uint32_t tokenLength_;  // of token_ (17: too long for any looked for)
  bool badElement_;       // a list element's token part is not OWS token OWS
  uint32_t reasonLength_;
  uint32_t emptyLines_;
  uint32_t continues_;  // 100 Continue responses skipped before this one

  uint64_t contentLength_;
  uint64_t remaining_;
  uint64_t bodyBytes_;
  uint64_t fieldNumber_;  // Content-Length: the number being read
  size_t errorOffset_;
  HttpError error_;
  bool headRequest_;
  bool headersDone_;
  bool sawNumber_;  // Content-Length: this field held a number
  char reason_[32];

  // framing
  bool hasLength_;
  bool hasTransferEncoding_;  // the field was there (even empty)
  bool chunkedSeen_;          // a chunked coding in the list
  bool chunkedLast_;          // ... and it is the last coding so far
  bool otherCoding_;          // a coding other than chunked
  bool chunked_;              // the body is chunked
  bool coded_;                // the body has a coding other than chunked
  bool connectionClose_;
  bool connectionKeepAlive_;
  bool untilClose_;   // the body runs to the connection's close
  ParamState param_;  // in a list element or a chunk extension
};
static_assert(ResponseProgress::kStatusLine == 0 && HttpError::Ok == HttpError{} &&
                  kElementStart == 0,
              "begin() clears the progress to zero bytes");
}  // namespace detail

class ResponseParser : private detail::ResponseProgress {
 public:
  using BodySink = void (*)(void* user, const char* data, size_t length);
  // Every header (and trailer) of the final response as it streams: name
  // pieces, value pieces, end. A name, or a value's run of bytes, that lies
  // whole in one fed piece comes in one call (a few calls per field, not
  // one per byte). An interim 1xx response's fields are not visited.
  struct HeaderVisitor {
    void (*name)(void* user, const char* data, size_t length);
    void (*value)(void* user, const char* data, size_t length);
    void (*end)(void* user, bool trailer);
  };

  ResponseParser() { begin(false); }

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
  // 100 Continue responses read whole (and skipped) since begin(): what an
  // upload with Expect: 100-continue waits for.
  uint32_t continues() const { return continues_; }

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
  HttpError countByte(uint8_t c);
  size_t runRoom(size_t avail) const;
  void countRun(size_t n);
  size_t framing(const char* data, size_t length, size_t at);
  size_t body(const char* data, size_t n);
  void deliver(const char* data, size_t n);
  void statusLineByte(uint8_t c, size_t at);
  void lineFeed(uint8_t c, size_t at);
  size_t fieldBytes(const char* data, size_t i, size_t length, size_t at);
  void keepName(const char* data, size_t n);
  void startField(const char* name, size_t n);
  size_t fieldValue(const char* data, size_t n, size_t at);
  void fieldValueByte(uint8_t c, size_t at);
  void commitLength(size_t at);
  void listByte(uint8_t c);
  void elementEnd(size_t at);
  void codingEnd(bool chunked, bool withParameters, size_t at);
  void endField(size_t at);
  void endHeaders(size_t at);
  void appendCapture(Capture& c, const char* data, size_t n);
  void captureBytes(const char* data, size_t n);
  void chunkSizeByte(uint8_t c, size_t at);
  void chunkExtensionByte(uint8_t c, size_t at);
  void chunkLineEnd(uint8_t c);
  void chunkDataEnd(uint8_t c, size_t at);
  size_t chunkBoundary(const char* data, size_t n);

  // Scratch of the field in progress, written before it is read (begin()
  // leaves it): a name split between pieces (its first 32 bytes), the
  // current list token of Connection / Transfer-Encoding.
  char name_[32];
  char token_[16];
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
