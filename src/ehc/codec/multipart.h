// A multipart body (RFC 2046 section 5.1, multipart/mixed as GraphQL's
// incremental delivery over HTTP sends it) split into its parts as it
// streams: fed in pieces of any size, it calls back at each part's start,
// with each part's header lines, with its body in slices, and at its end.
// Nothing is stored but the boundary and one header line.
//
//   char boundary[ehc::kMultipartBoundaryMax + 1];
//   ehc::multipartBoundary(contentType, boundary, sizeof boundary);  // "-"
//   ehc::StaticMultipartSplitter<> parts;       // header lines up to 128 bytes
//   parts.setVisitor(&visitor, &app);           // begin / header / data / end
//   parts.begin(boundary);
//   parts.feed(body, n);                        // any number of times, any split
//   parts.finish();                             // MultipartError::Ok: closed
//
// The grammar, as RFC 2046 has it and servers send it: a preamble (ignored)
// before the first delimiter, which may open the body; each delimiter is
// "--" boundary at the start of a line, then optional white space and the
// line's end; the part's header lines up to an empty line; the part's body
// up to the line break before the next delimiter (that line break belongs
// to the delimiter); the close delimiter "--" boundary "--", after which the
// epilogue is ignored. Lines end in CRLF, or in a bare LF as some servers
// send them. Anything else after a boundary, a header line longer than the
// buffer, or a body that ends before the close delimiter is an error.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../core/byte_sink.h"

EHC_BEGIN_NAMESPACE

// RFC 2046: a boundary is 1 to 70 characters.
constexpr size_t kMultipartBoundaryMax = 70;

enum class MultipartError : uint8_t {
  Ok = 0,
  Stopped,          // a callback returned false
  NotMultipart,     // the Content-Type is not multipart/*
  NoBoundary,       // multipart without a (valid) boundary parameter
  BoundaryTooLong,  // a boundary beyond 70 characters
  BadDelimiter,     // something other than white space or "--" after a boundary
  HeaderTooLong,    // a part's header line beyond the splitter's buffer
  BadHeader,        // a CR not followed by LF in a part's header lines
  MissingClose,     // the body ended before the close delimiter
};
const char* multipartErrorName(MultipartError e);
const char* multipartErrorMessage(MultipartError e);

// The boundary parameter of a multipart/* Content-Type (token or quoted
// string, RFC 2045 5.1 / RFC 9110 5.6.6) into out (NUL-terminated;
// kMultipartBoundaryMax + 1 bytes hold any valid one). `subtype`: the
// subtype required ("mixed"), or nullptr for any.
MultipartError multipartBoundary(const char* contentType, char* out, size_t size,
                                 const char* subtype = "mixed");

// Every callback may be null; one returning false stops the split
// (MultipartError::Stopped).
struct MultipartVisitor {
  bool (*begin)(void* user);                                    // a part starts
  bool (*header)(void* user, const char* line, size_t length);  // "Name: value", no line end
  bool (*data)(void* user, const char* data, size_t length);    // its body, in slices
  bool (*end)(void* user);                                      // its delimiter came
};

class MultipartSplitter {
 public:
  void setVisitor(const MultipartVisitor* visitor, void* user) {
    visitor_ = visitor;
    user_ = user;
  }
  // A new body with this boundary (copied); NoBoundary / BoundaryTooLong
  // when it is empty or longer than 70 (then feed() refuses everything).
  MultipartError begin(const char* boundary);
  // False once the split stopped or failed (error() says why). After the
  // close delimiter the rest (the epilogue) is taken and ignored.
  bool feed(const uint8_t* data, size_t length);
  bool feed(const char* data, size_t length) {
    return feed(reinterpret_cast<const uint8_t*>(data), length);
  }
  ByteSink input() { return feedSink(this); }
  // The body ended: Ok when the close delimiter came, else why not.
  MultipartError finish();
  MultipartError error() const { return error_; }
  bool closed() const { return state_ == kEpilogue; }
  bool inPart() const { return inPart_; }
  uint32_t partCount() const { return parts_; }

  // Header lines go through line[0..lineCapacity) (the caller's storage,
  // free for other uses before begin()).
  MultipartSplitter(char* line, uint16_t lineCapacity) : line_(line), lineCapacity_(lineCapacity) {}

 private:
  enum State : uint8_t {
    kText,       // the preamble or a part's body: looking for a delimiter
    kBoundary,   // after a line break: "--" boundary matched up to matched_
    kAfter,      // the boundary matched: "--", white space or the line's end
    kCloseDash,  // one '-' of the close delimiter
    kPadding,    // white space after the boundary
    kPaddingCr,  // a CR after it: its LF must follow
    kHeaders,    // a part's header lines
    kHeaderCr,   // a CR in a header line: its LF must follow
    kEpilogue,   // after the close delimiter: ignored
    kFailed,
  };

  size_t text(const char* p, size_t n);
  size_t boundary(const char* p, size_t n);
  bool delimiterByte(char c);
  bool headerByte(char c);
  void lineBreak(bool crlf);
  void mismatch();
  bool deliver(const char* data, size_t length);
  bool startPart();
  bool endPart();
  void fail(MultipartError e);

  const MultipartVisitor* visitor_ = nullptr;
  void* user_ = nullptr;
  char* line_;
  uint16_t lineCapacity_;
  uint16_t lineLength_ = 0;
  char dashBoundary_[kMultipartBoundaryMax + 3] = {};  // "--" boundary
  uint8_t dashLength_ = 0;
  uint8_t matched_ = 0;     // bytes of dashBoundary_ matched after a line break
  uint8_t breakKind_ = 0;   // that line break: 0 none (the body's start), 1 LF, 2 CRLF
  bool pendingCr_ = false;  // a CR at the end of text, its LF may come next
  bool inPart_ = false;
  State state_ = kFailed;
  MultipartError error_ = MultipartError::NoBoundary;
  uint32_t parts_ = 0;
};

// A splitter with a header line buffer of LineCapacity bytes inside.
template <uint16_t LineCapacity = 128>
class StaticMultipartSplitter : public MultipartSplitter {
 public:
  StaticMultipartSplitter() : MultipartSplitter(line_, LineCapacity) {}
  StaticMultipartSplitter(const StaticMultipartSplitter&) = delete;
  StaticMultipartSplitter& operator=(const StaticMultipartSplitter&) = delete;

 private:
  char line_[LineCapacity ? LineCapacity : 1];
};

EHC_END_NAMESPACE
