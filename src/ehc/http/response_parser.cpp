#include "response_parser.h"

#include <string.h>

#include "../core/bits.h"
#include "text.h"

EHC_BEGIN_NAMESPACE

namespace {

inline uint8_t lower(uint8_t c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<uint8_t>(c | 0x20) : c;
}
// field-vchar / obs-text: what a value may hold besides SP and HTAB.
inline bool valueByte(uint8_t c) {
  return (c >= 0x21 && c != 0x7F);
}
inline int hexDigit(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = lower(c);
  return (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
}
inline bool is(const char* a, size_t n, const char* lit) {
  return strlen(lit) == n && memcmp(a, lit, n) == 0;
}

const char kVersionPrefix[] = "HTTP/1.";

}  // namespace

int ResponseParser::captureHeader(const char* name, char* buf, size_t size) {
  const size_t n = name ? strlen(name) : 0;
  if (captureCount_ >= EHC_HTTP_MAX_CAPTURES || n == 0 || n >= sizeof name_ || !buf || size == 0)
    return -1;
  for (size_t k = 0; k < n; ++k)
    if (!isTokenChar(static_cast<uint8_t>(name[k]))) return -1;
  Capture& c = captures_[captureCount_];
  c = Capture{name, buf, size, 0, HeaderStatus::Missing, static_cast<uint8_t>(n)};
  buf[0] = '\0';
  return captureCount_++;
}

void ResponseParser::begin(bool headRequest) {
  static_cast<detail::ResponseProgress&>(*this) = detail::ResponseProgress();
  for (uint8_t k = 0; k < captureCount_; ++k) {
    captures_[k].used = 0;
    captures_[k].status = HeaderStatus::Missing;
    captures_[k].buf[0] = '\0';
  }
  headRequest_ = headRequest;
}

void ResponseParser::fail(HttpError e, size_t at) {
  if (state_ == kError) return;
  error_ = e;
  errorOffset_ = at;
  state_ = kError;
}

bool ResponseParser::framingAllowsReuse() const {
  if (!headersDone() || untilClose_ || status_ == 101 || connectionClose_) return false;
  return minor_ >= 1 || connectionKeepAlive_;
}

void ResponseParser::finishAtClose() {
  if (state_ == kBodyUntilClose) {
    state_ = kComplete;
  } else if (state_ != kComplete) {
    fail(HttpError::Incomplete, consumed_);
  }
}

void ResponseParser::deliver(const char* data, size_t n) {
  bodyBytes_ += n;
  if (bodySink_ && n) bodySink_(bodyUser_, data, n);
}

void ResponseParser::captureBytes(const char* data, size_t n) {
  for (uint32_t m = captureMask_; m; m &= m - 1) {
    Capture& c = captures_[lowestBit(m)];
    if (c.status == HeaderStatus::Truncated) continue;
    const size_t room = c.size - 1 - c.used;
    const size_t k = n < room ? n : room;
    memcpy(c.buf + c.used, data, k);
    c.used += k;
    c.buf[c.used] = '\0';
    if (k < n) c.status = HeaderStatus::Truncated;
  }
}

void ResponseParser::startField() {
  field_ = kOther;
  captureMask_ = 0;
  valueStarted_ = folding_ = false;
  pendingSpaces_ = 0;
  tokenLength_ = 0;
  tokenTooLong_ = false;
  fieldNumber_ = 0;
  numberState_ = 0;
  sawNumber_ = false;
  if (interim_) return;                 // an interim response's fields are nobody's
  if (!nameTooLong_ && !inTrailers_) {  // framing fields in trailers change nothing
    if (is(name_, nameLength_, "content-length")) field_ = kContentLength;
    if (is(name_, nameLength_, "transfer-encoding")) {
      field_ = kTransferEncoding;
      hasTransferEncoding_ = true;
    }
    if (is(name_, nameLength_, "connection")) field_ = kConnection;
  }
  for (uint8_t k = 0; k < captureCount_ && !nameTooLong_; ++k) {
    const Capture& c = captures_[k];
    if (c.nameLength != nameLength_) continue;
    bool same = true;
    for (size_t i = 0; i < nameLength_ && same; ++i)
      same = lower(static_cast<uint8_t>(c.name[i])) == static_cast<uint8_t>(name_[i]);
    if (same) captureMask_ |= 1u << k;
  }
  // A repeated field joins the earlier value as a list.
  for (uint32_t m = captureMask_; m; m &= m - 1) {
    Capture& c = captures_[lowestBit(m)];
    if (c.status == HeaderStatus::Missing) {
      c.status = HeaderStatus::Found;
    } else {
      const uint32_t only = captureMask_;
      captureMask_ = m & (0u - m);
      captureBytes(", ", 2);
      captureMask_ = only;
    }
  }
}

// A byte of a Connection or Transfer-Encoding list element (not a ','
// ending it): token *( OWS ";" OWS parameter ), the parameters checked by
// parameters.h and skipped.
void ResponseParser::listByte(uint8_t c) {
  if (inParameters_) {
    param_ = detail::nextParamState(param_, c);
  } else if (c == ';') {
    inParameters_ = true;
    param_ = detail::kParamNameStart;
  } else if (c == ' ' || c == '\t') {
    tokenEnded_ = tokenLength_ > 0 || tokenTooLong_;
  } else if (tokenEnded_ || !isTokenChar(c)) {
    badElement_ = true;  // "chun ked", "chunked\""
  } else if (tokenLength_ < sizeof token_) {
    token_[tokenLength_++] = static_cast<char>(lower(c));
  } else {
    tokenTooLong_ = true;
  }
}

// A Connection or Transfer-Encoding list element ended (',' or the line's end).
void ResponseParser::tokenEnd(size_t at) {
  const bool empty = tokenLength_ == 0 && !tokenTooLong_;  // allowed: RFC 9110 5.6.1
  const bool paramsEnd = detail::paramListEnds(param_) || param_ == detail::kParamNameSpace ||
                         param_ == detail::kParamValueSpace;  // OWS before ','
  const bool bad = badElement_ || (inParameters_ && (empty || !paramsEnd));
  if (field_ == kTransferEncoding) {
    if (bad)
      fail(HttpError::BadFraming, at);
    else if (!empty)
      codingEnd(!tokenTooLong_ && is(token_, tokenLength_, "chunked"), at);
  } else if (field_ == kConnection && !bad && !tokenTooLong_) {
    if (is(token_, tokenLength_, "close")) connectionClose_ = true;
    if (is(token_, tokenLength_, "keep-alive")) connectionKeepAlive_ = true;
  }
  tokenLength_ = 0;
  tokenTooLong_ = tokenEnded_ = badElement_ = false;
  inParameters_ = false;
}

// One transfer coding of the list (across Transfer-Encoding fields).
void ResponseParser::codingEnd(bool chunked, size_t at) {
  // RFC 9112 6.1: chunked is applied at most once; 7: it has no parameters.
  if (chunked && (chunkedSeen_ || inParameters_)) {
    fail(HttpError::BadFraming, at);
    return;
  }
  chunkedSeen_ = chunkedSeen_ || chunked;
  chunkedLast_ = chunked;
  otherCoding_ = otherCoding_ || !chunked;
}

void ResponseParser::fieldValueByte(uint8_t c, size_t at) {
  const char ch = static_cast<char>(c);
  if (captureMask_) captureBytes(&ch, 1);
  if (fieldVisitor_) fieldVisitor_->value(visitorUser_, &ch, 1);
  switch (field_) {
    case kContentLength:
      if (c >= '0' && c <= '9') {
        if (numberState_ == 2) {
          fail(HttpError::BadContentLength, at);  // "1 2"
          return;
        }
        const uint64_t d = static_cast<uint64_t>(c - '0');
        if (fieldNumber_ > (uint64_t{INT64_MAX} - d) / 10) {
          fail(HttpError::BadContentLength, at);
          return;
        }
        fieldNumber_ = fieldNumber_ * 10 + d;
        numberState_ = 1;
      } else if (c == ' ' || c == '\t') {
        if (numberState_ == 1) numberState_ = 2;
      } else if (c == ',') {
        commitLength(at);
      } else {
        fail(HttpError::BadContentLength, at);
      }
      break;
    case kTransferEncoding:
    case kConnection:
      if (c == ',' && !(inParameters_ && detail::paramInQuotes(param_)))
        tokenEnd(at);
      else
        listByte(c);
      break;
    case kOther: break;
  }
}

void ResponseParser::commitLength(size_t at) {
  if (numberState_ == 0) return;  // an empty list element
  if (hasLength_ && contentLength_ != fieldNumber_) {
    fail(HttpError::ConflictingContentLength, at);
    return;
  }
  hasLength_ = true;
  contentLength_ = fieldNumber_;
  sawNumber_ = true;
  fieldNumber_ = 0;
  numberState_ = 0;
}

void ResponseParser::endField(size_t at) {
  if (field_ == kContentLength) {
    commitLength(at);
    if (!sawNumber_) fail(HttpError::BadContentLength, at);
  } else if (field_ == kTransferEncoding || field_ == kConnection) {
    tokenEnd(at);
  }
  captureMask_ = 0;
  if (fieldVisitor_) fieldVisitor_->end(visitorUser_, inTrailers_);
}

void ResponseParser::endHeaders(size_t at) {
  lineLength_ = 0;
  if (inTrailers_) {
    state_ = kComplete;
    return;
  }
  if (interim_) {  // the final response follows
    const size_t consumed = consumed_;
    begin(headRequest_);
    consumed_ = consumed;
    return;
  }
  headersDone_ = true;
  chunked_ = chunkedLast_;
  coded_ = otherCoding_;
  // RFC 9112 6.1: Transfer-Encoding on HTTP/1.0 is faulty framing; 6.3: with
  // Content-Length it "ought to be handled as an error" (smuggling, splitting).
  if (hasTransferEncoding_ && (minor_ == 0 || hasLength_)) {
    fail(HttpError::BadFraming, at);
    return;
  }
  if (headRequest_ || status_ == 204 || status_ == 304 || status_ == 101) {
    state_ = kComplete;
  } else if (coded_ && !deliverCoded_) {
    fail(HttpError::UnsupportedTransferCoding, at);  // not decoded here
  } else if (chunked_) {
    state_ = kChunkSize;
  } else if (hasTransferEncoding_) {  // RFC 9112 6.3: chunked is not last, or absent
    untilClose_ = true;
    state_ = kBodyUntilClose;
  } else if (hasLength_) {
    remaining_ = contentLength_;
    state_ = remaining_ ? kBodyLength : kComplete;
  } else {
    untilClose_ = true;
    state_ = kBodyUntilClose;
  }
}

// The status line: HTTP-version SP status-code SP reason-phrase (RFC 9112 4).
EHC_ALWAYS_INLINE void ResponseParser::statusLineByte(uint8_t c, size_t at) {
  switch (state_) {
    case kStatusStart:
      if (c == '\r' || c == '\n') {  // tolerate a couple of empty lines
        if (++emptyLines_ > 2) {
          fail(HttpError::NoHttpServer, at);
          break;
        }
        if (c == '\r') {
          afterLine_ = kStatusStart;
          state_ = kLineFeed;
        }
      } else if (c == 'H') {
        matched_ = 1;
        state_ = kVersion;
      } else {
        fail(HttpError::NoHttpServer, at);
      }
      break;
    case kVersion:
      if (matched_ < 7) {
        if (c != static_cast<uint8_t>(kVersionPrefix[matched_]))
          fail(matched_ < 5 ? HttpError::NoHttpServer : HttpError::BadStatusLine, at);
        ++matched_;
      } else if (matched_ == 7) {
        if (c < '0' || c > '9') fail(HttpError::BadStatusLine, at);
        minor_ = c - '0';
        ++matched_;
      } else if (c != ' ') {  // exactly one SP after the version
        fail(HttpError::BadStatusLine, at);
      } else {
        matched_ = 0;
        status_ = 0;
        state_ = kStatusCode;
      }
      break;
    case kStatusCode:
      if (matched_ < 3) {
        if (c < '0' || c > '9' || (matched_ == 0 && c == '0')) {
          fail(HttpError::BadStatusLine, at);
          break;
        }
        status_ = status_ * 10 + (c - '0');
        if (++matched_ == 3) interim_ = status_ < 200 && status_ != 101;
      } else if (c == ' ') {
        state_ = kReason;
      } else if (c == '\r' || c == '\n') {  // no reason, no space: tolerated
        afterLine_ = kHeaderStart;
        state_ = c == '\r' ? kLineFeed : kHeaderStart;
        lineLength_ = 0;
      } else {
        fail(HttpError::BadStatusLine, at);
      }
      break;
    case kReason:
      if (c == '\r' || c == '\n') {
        afterLine_ = kHeaderStart;
        state_ = c == '\r' ? kLineFeed : kHeaderStart;
        lineLength_ = 0;
      } else if (c == '\t' || c == ' ' || valueByte(c)) {
        if (reasonLength_ < sizeof reason_ - 1) reason_[reasonLength_++] = static_cast<char>(c);
      } else {
        fail(HttpError::BadStatusLine, at);
      }
      break;
    default: break;
  }
}

// The header and trailer sections, a function per state (inlined into
// feed(): one dispatch per byte). `here` points at the byte.

// After a field line: an obs-fold, or the next line starts.
EHC_ALWAYS_INLINE void ResponseParser::fieldLineStartByte(uint8_t c, size_t at, const char* here) {
  // RFC 9112 5.2: a user agent replaces an obs-fold (OWS CRLF RWS) in a
  // response with SP: here with one SP, and the field goes on.
  if (c == ' ' || c == '\t') {
    pendingSpaces_ = valueStarted_ ? 1 : 0;
    folding_ = true;
    state_ = kHeaderValue;
    return;
  }
  endField(lineEnd_);
  if (state_ == kError) return;
  state_ = kHeaderStart;
  headerStartByte(c, at, here);
}

// A field line's first byte, or the empty line that ends the section.
EHC_ALWAYS_INLINE void ResponseParser::headerStartByte(uint8_t c, size_t at, const char* here) {
  if (c == '\r') {
    afterLine_ = kComplete;  // marks the end of the section
    state_ = kLineFeed;
  } else if (c == '\n') {
    endHeaders(at);
  } else if (c == ' ' || c == '\t') {
    fail(HttpError::ObsoleteLineFolding, at);
  } else if (!isTokenChar(c)) {
    fail(HttpError::BadHeader, at);
  } else if (++headerCount_ > EHC_HTTP_MAX_HEADERS) {
    fail(HttpError::TooManyHeaders, at);
  } else {
    fieldVisitor_ = interim_ ? nullptr : visitor_;  // an interim response's are nobody's
    nameLength_ = 0;
    nameTooLong_ = false;
    state_ = kHeaderName;
    headerNameByte(c, at, here);
  }
}

EHC_ALWAYS_INLINE void ResponseParser::headerNameByte(uint8_t c, size_t at, const char* here) {
  if (isTokenChar(c)) {
    if (nameLength_ < sizeof name_)
      name_[nameLength_++] = static_cast<char>(lower(c));
    else
      nameTooLong_ = true;
    if (fieldVisitor_) fieldVisitor_->name(visitorUser_, here, 1);
  } else if (c == ':') {
    startField();
    state_ = kHeaderValue;
  } else {
    fail(HttpError::BadHeader, at);  // includes whitespace before the colon
  }
}

EHC_ALWAYS_INLINE void ResponseParser::headerValueByte(uint8_t c, size_t at) {
  if (c == '\r' || c == '\n') {  // the field ends unless the next line folds it
    lineEnd_ = at;
    afterLine_ = kFieldLineStart;
    state_ = c == '\r' ? kLineFeed : kFieldLineStart;
    lineLength_ = 0;
  } else if (c == ' ' || c == '\t') {
    if (valueStarted_ && !folding_ && pendingSpaces_ < UINT16_MAX) ++pendingSpaces_;
  } else if (valueByte(c)) {
    folding_ = false;
    for (uint32_t k = pendingSpaces_; k; --k) fieldValueByte(' ', at);
    pendingSpaces_ = 0;
    valueStarted_ = true;
    fieldValueByte(c, at);
  } else {
    fail(HttpError::BadHeader, at);
  }
}

size_t ResponseParser::feed(const char* data, size_t length) {
  size_t i = 0;
  while (i < length && state_ != kComplete && state_ != kError) {
    const size_t at = consumed_ + i;
    // Bodies go through in bulk.
    if (state_ == kBodyLength || state_ == kChunkData) {
      const size_t avail = length - i;
      const size_t n = remaining_ < avail ? static_cast<size_t>(remaining_) : avail;
      deliver(data + i, n);
      i += n;
      remaining_ -= n;
      if (remaining_ == 0) {
        state_ = state_ == kBodyLength ? kComplete : kChunkDataEnd;
        matched_ = 0;
      }
      continue;
    }
    if (state_ == kBodyUntilClose) {
      deliver(data + i, length - i);
      i = length;
      continue;
    }
    const uint8_t c = static_cast<uint8_t>(data[i++]);
    // Limits on the header section (head or trailers) and on every line.
    if (state_ <= kLineFeed) {
      if (++headerBytes_ > EHC_HTTP_MAX_HEADER_BYTES) {
        fail(HttpError::HeadersTooLarge, at);
        break;
      }
    }
    if (c != '\r' && c != '\n' && ++lineLength_ > EHC_HTTP_MAX_LINE) {
      fail(HttpError::LineTooLong, at);
      break;
    }
    switch (state_) {
      case kStatusStart:
      case kVersion:
      case kStatusCode:
      case kReason: statusLineByte(c, at); break;
      case kLineFeed:
      case kChunkLineFeed:
        if (c != '\n') {
          fail(HttpError::BadLineEnding, at);
          break;
        }
        lineLength_ = 0;
        if (afterLine_ == kComplete)
          endHeaders(at);
        else
          state_ = afterLine_;
        break;
      case kFieldLineStart: fieldLineStartByte(c, at, data + i - 1); break;
      case kHeaderStart: headerStartByte(c, at, data + i - 1); break;
      case kHeaderName: headerNameByte(c, at, data + i - 1); break;
      case kHeaderValue: headerValueByte(c, at); break;
      case kChunkSize: chunkSizeByte(c, at); break;
      case kChunkExtension: chunkExtensionByte(c, at); break;
      case kChunkDataEnd:  // CRLF after chunk data, strictly
        if (c != (matched_ == 0 ? '\r' : '\n')) {
          fail(HttpError::BadChunkTerminator, at);
        } else if (matched_++ == 1) {
          remaining_ = 0;
          sawChunkDigit_ = false;
          lineLength_ = 0;
          state_ = kChunkSize;
        }
        break;
      default: break;
    }
  }
  consumed_ += i;
  return i;
}

// chunk-size, then BWS ";" or the line's end.
void ResponseParser::chunkSizeByte(uint8_t c, size_t at) {
  const int v = hexDigit(c);
  if (v >= 0) {
    if (remaining_ >> 59) {
      fail(HttpError::ChunkSizeOverflow, at);
      return;
    }
    remaining_ = remaining_ * 16 + static_cast<uint64_t>(v);
    sawChunkDigit_ = true;
  } else if (!sawChunkDigit_) {
    fail(HttpError::BadChunkSize, at);
  } else if (c == ';' || c == ' ' || c == '\t') {
    param_ = c == ';' ? detail::kParamNameStart : detail::kParamSpace;
    state_ = kChunkExtension;
  } else if (c == '\r' || c == '\n') {
    chunkLineEnd(c);
  } else {
    fail(HttpError::BadChunkSize, at);
  }
}

// chunk-ext (parameters.h) up to the line's end; only a whole parameter
// may end it. Whitespace after the size that no ';' follows is the size's
// fault.
void ResponseParser::chunkExtensionByte(uint8_t c, size_t at) {
  const detail::ParamState before = param_;
  if (c == '\r' || c == '\n') {
    if (detail::paramListEnds(before)) {
      chunkLineEnd(c);
      return;
    }
  } else {
    param_ = detail::nextParamState(before, c);
    if (param_ != detail::kParamBad) return;
  }
  fail(before == detail::kParamSpace ? HttpError::BadChunkSize : HttpError::BadChunkExtension, at);
}

// End of a chunk-size line: data follows, or the trailers after the last one.
void ResponseParser::chunkLineEnd(uint8_t c) {
  if (remaining_ == 0) {  // the trailer section has limits of its own
    inTrailers_ = true;
    headerCount_ = 0;
    headerBytes_ = 0;
    afterLine_ = kHeaderStart;
  } else {
    afterLine_ = kChunkData;
  }
  lineLength_ = 0;
  state_ = c == '\r' ? kChunkLineFeed : afterLine_;
}

EHC_END_NAMESPACE
