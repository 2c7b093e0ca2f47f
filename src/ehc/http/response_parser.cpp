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
  if (!headersDone() || framingCloses_ || untilClose_ || status_ == 101 || connectionClose_)
    return false;
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
  valueStarted_ = false;
  pendingSpaces_ = 0;
  tokenLength_ = 0;
  tokenTooLong_ = false;
  fieldNumber_ = 0;
  numberState_ = 0;
  sawNumber_ = false;
  if (interim_) return;  // an interim response's fields are nobody's
  if (!nameTooLong_ && !inTrailers_) {  // framing fields in trailers change nothing
    if (is(name_, nameLength_, "content-length")) field_ = kContentLength;
    if (is(name_, nameLength_, "transfer-encoding")) field_ = kTransferEncoding;
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

// A Connection or Transfer-Encoding list token ended.
void ResponseParser::tokenEnd(size_t at) {
  if (tokenLength_ == 0 && !tokenTooLong_) return;
  const bool chunked = !tokenTooLong_ && is(token_, tokenLength_, "chunked");
  if (field_ == kTransferEncoding) {
    if (chunked_)  // chunked must be applied once, and last
      fail(HttpError::UnsupportedTransferCoding, at);
    else if (chunked)
      chunked_ = true;
    else
      otherCoding_ = true;
  } else if (field_ == kConnection && !tokenTooLong_) {
    if (is(token_, tokenLength_, "close")) connectionClose_ = true;
    if (is(token_, tokenLength_, "keep-alive")) connectionKeepAlive_ = true;
  }
  tokenLength_ = 0;
  tokenTooLong_ = false;
  inParameters_ = false;
}

void ResponseParser::fieldValueByte(uint8_t c, size_t at) {
  const char ch = static_cast<char>(c);
  if (captureMask_) captureBytes(&ch, 1);
  if (const HeaderVisitor* v = visitor()) v->value(visitorUser_, &ch, 1);
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
      if (c == ',') {
        tokenEnd(at);
      } else if (c == ';') {
        inParameters_ = true;  // transfer-coding parameters: not ours to read
      } else if (c == ' ' || c == '\t' || inParameters_) {
        // OWS around tokens, or parameter text
      } else if (tokenLength_ < sizeof token_) {
        token_[tokenLength_++] = static_cast<char>(lower(c));
      } else {
        tokenTooLong_ = true;
      }
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
  if (const HeaderVisitor* v = visitor()) v->end(visitorUser_, inTrailers_);
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
  if ((chunked_ || otherCoding_) && minor_ == 0) {
    fail(HttpError::BadFraming, at);  // RFC 9112 6.1: faulty framing on HTTP/1.0
    return;
  }
  if (otherCoding_) {
    fail(HttpError::UnsupportedTransferCoding, at);
    return;
  }
  if (headRequest_ || status_ == 204 || status_ == 304 || status_ == 101) {
    state_ = kComplete;
  } else if (chunked_) {
    framingCloses_ = hasLength_;  // RFC 9112 6.3: chunked wins, then close
    hasLength_ = false;
    remaining_ = 0;
    chunkDigits_ = 0;
    state_ = kChunkSize;
  } else if (hasLength_) {
    remaining_ = contentLength_;
    state_ = remaining_ ? kBodyLength : kComplete;
  } else {
    untilClose_ = true;
    state_ = kBodyUntilClose;
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
        } else {
          if (c != ' ') fail(HttpError::BadStatusLine, at);
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
      case kHeaderStart:
        if (c == '\r') {
          afterLine_ = kComplete;  // marks the end of the section
          state_ = kLineFeed;
        } else if (c == '\n') {
          endHeaders(at);
        } else if (c == ' ' || c == '\t') {
          fail(HttpError::ObsoleteLineFolding, at);
        } else if (isTokenChar(c)) {
          if (++headerCount_ > EHC_HTTP_MAX_HEADERS) {
            fail(HttpError::TooManyHeaders, at);
            break;
          }
          nameLength_ = 0;
          nameTooLong_ = false;
          name_[nameLength_++] = static_cast<char>(lower(c));
          if (const HeaderVisitor* v = visitor()) v->name(visitorUser_, data + i - 1, 1);
          state_ = kHeaderName;
        } else {
          fail(HttpError::BadHeader, at);
        }
        break;
      case kHeaderName:
        if (isTokenChar(c)) {
          if (nameLength_ < sizeof name_)
            name_[nameLength_++] = static_cast<char>(lower(c));
          else
            nameTooLong_ = true;
          if (const HeaderVisitor* v = visitor()) v->name(visitorUser_, data + i - 1, 1);
        } else if (c == ':') {
          startField();
          state_ = kHeaderValue;
        } else {
          fail(HttpError::BadHeader, at);  // includes whitespace before the colon
        }
        break;
      case kHeaderValue:
        if (c == '\r' || c == '\n') {  // trailing whitespace is dropped
          endField(at);
          if (state_ == kError) break;
          afterLine_ = kHeaderStart;
          state_ = c == '\r' ? kLineFeed : kHeaderStart;
          lineLength_ = 0;
        } else if (c == ' ' || c == '\t') {
          if (valueStarted_ && pendingSpaces_ < 255) ++pendingSpaces_;
        } else if (valueByte(c)) {
          for (; pendingSpaces_; --pendingSpaces_) fieldValueByte(' ', at);
          valueStarted_ = true;
          fieldValueByte(c, at);
        } else {
          fail(HttpError::BadHeader, at);
        }
        break;
      case kChunkSize: {
        const int v = hexDigit(c);
        if (v >= 0) {
          if (remaining_ >> 59) {
            fail(HttpError::ChunkSizeOverflow, at);
            break;
          }
          remaining_ = remaining_ * 16 + static_cast<uint64_t>(v);
          ++chunkDigits_;
        } else if (chunkDigits_ == 0) {
          fail(HttpError::BadChunkSize, at);
        } else if (c == ';' || c == ' ' || c == '\t') {
          state_ = kChunkExtension;
        } else if (c == '\r' || c == '\n') {
          chunkLineEnd(c);
        } else {
          fail(HttpError::BadChunkSize, at);
        }
        break;
      }
      case kChunkExtension:  // chunk extensions are skipped
        if (c == '\r' || c == '\n')
          chunkLineEnd(c);
        else if (c < 0x20 && c != '\t')
          fail(HttpError::BadChunkSize, at);
        break;
      case kChunkDataEnd:  // CRLF after chunk data, strictly
        if (c != (matched_ == 0 ? '\r' : '\n')) {
          fail(HttpError::BadChunkTerminator, at);
        } else if (matched_++ == 1) {
          remaining_ = 0;
          chunkDigits_ = 0;
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
