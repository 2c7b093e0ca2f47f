#include "multipart.h"

#include <string.h>

#include "../core/error_text.h"

EHC_BEGIN_NAMESPACE

namespace {

constexpr ErrorText kTexts[] = {
    {"ok", "no error"},
    {"stopped", "a part callback stopped the multipart body"},
    {"not_multipart", "the Content-Type is not the multipart type expected"},
    {"no_boundary", "the multipart Content-Type has no valid boundary parameter"},
    {"boundary_too_long", "the multipart boundary is longer than 70 characters"},
    {"bad_delimiter", "a multipart boundary line holds more than the boundary"},
    {"header_too_long", "a multipart part's header line is longer than the buffer"},
    {"bad_header", "a multipart part's header line holds a bare CR"},
    {"missing_close", "the multipart body ended before its close delimiter"},
};
static_assert(sizeof kTexts / sizeof kTexts[0] ==
                  static_cast<size_t>(MultipartError::MissingClose) + 1,
              "one text per error");

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
bool space(char c) {
  return c == ' ' || c == '\t';
}
// RFC 9110 5.6.2 tchar.
bool tokenChar(char c) {
  return (c >= '0' && c <= '9') || (lower(c) >= 'a' && lower(c) <= 'z') ||
         (c != '\0' && strchr("!#$%&'*+-.^_`|~", c) != nullptr);
}
// RFC 2046 bchars (a space only inside).
bool boundaryChar(char c) {
  return (c >= '0' && c <= '9') || (lower(c) >= 'a' && lower(c) <= 'z') ||
         (c != '\0' && strchr("'()+_,-./:=? ", c) != nullptr);
}
const char* skipSpace(const char* p) {
  while (space(*p)) ++p;
  return p;
}
// The text [p, p+n) is `word`, ignoring case.
bool sameWord(const char* p, size_t n, const char* word) {
  if (strlen(word) != n) return false;
  for (size_t i = 0; i < n; ++i)
    if (lower(p[i]) != lower(word[i])) return false;
  return true;
}

// A parameter value (token or quoted string) into out; its length, or -1
// when it is malformed, -2 when it does not fit. *p is moved past it.
long paramValue(const char** p, char* out, size_t size) {
  const char* s = *p;
  size_t n = 0;
  const bool quoted = *s == '"';
  if (quoted) ++s;
  for (;; ++s) {
    char c = *s;
    if (quoted) {
      if (c == '\0') return -1;
      if (c == '"') {
        ++s;
        break;
      }
      if (c == '\\' && s[1] != '\0') c = *++s;
    } else if (!tokenChar(c)) {
      break;
    }
    if (n + 1 >= size) return -2;
    out[n++] = c;
  }
  out[n] = '\0';
  *p = s;
  return static_cast<long>(n);
}

MultipartError checkBoundary(const char* b, long n) {
  if (n == -2 || n > static_cast<long>(kMultipartBoundaryMax))
    return MultipartError::BoundaryTooLong;
  if (n <= 0 || b[n - 1] == ' ') return MultipartError::NoBoundary;
  for (long i = 0; i < n; ++i)
    if (!boundaryChar(b[i])) return MultipartError::NoBoundary;
  return MultipartError::Ok;
}

}  // namespace

const char* multipartErrorName(MultipartError e) {
  return errorTextName<kTexts>(static_cast<size_t>(e));
}
const char* multipartErrorMessage(MultipartError e) {
  return errorTextMessage<kTexts>(static_cast<size_t>(e));
}

MultipartError multipartBoundary(const char* contentType, char* out, size_t size,
                                 const char* subtype) {
  if (size) out[0] = '\0';
  if (!contentType) return MultipartError::NotMultipart;
  const char* p = skipSpace(contentType);
  if (!sameWord(p, 10, "multipart/") || strlen(p) < 10) return MultipartError::NotMultipart;
  p += 10;
  const char* sub = p;
  while (tokenChar(*p)) ++p;
  if (p == sub || (subtype && !sameWord(sub, static_cast<size_t>(p - sub), subtype)))
    return MultipartError::NotMultipart;
  char value[kMultipartBoundaryMax + 2];
  for (;;) {
    p = skipSpace(p);
    if (*p != ';') return MultipartError::NoBoundary;  // the end, or junk
    p = skipSpace(p + 1);
    const char* name = p;
    while (tokenChar(*p)) ++p;
    const size_t nameLength = static_cast<size_t>(p - name);
    if (nameLength == 0 || *p != '=') continue;  // ";;" or a name without value: skipped
    ++p;
    const long n = paramValue(&p, value, sizeof value);
    if (n == -1) return MultipartError::NoBoundary;
    if (!sameWord(name, nameLength, "boundary")) continue;
    const MultipartError e = checkBoundary(value, n);
    if (e != MultipartError::Ok) return e;
    if (static_cast<size_t>(n) >= size) return MultipartError::BoundaryTooLong;
    memcpy(out, value, static_cast<size_t>(n) + 1);
    return MultipartError::Ok;
  }
}

MultipartError MultipartSplitter::begin(const char* boundary) {
  const size_t n = boundary ? strlen(boundary) : 0;
  lineLength_ = 0;
  matched_ = breakKind_ = 0;
  pendingCr_ = inPart_ = false;
  parts_ = 0;
  state_ = kFailed;
  if (n == 0) return error_ = MultipartError::NoBoundary;
  if (n > kMultipartBoundaryMax) return error_ = MultipartError::BoundaryTooLong;
  dashBoundary_[0] = dashBoundary_[1] = '-';
  memcpy(dashBoundary_ + 2, boundary, n);
  dashLength_ = static_cast<uint8_t>(n + 2);
  state_ = kBoundary;  // the body's start is a line's start
  return error_ = MultipartError::Ok;
}

void MultipartSplitter::fail(MultipartError e) {
  if (state_ == kFailed) return;
  state_ = kFailed;
  error_ = e;
}

bool MultipartSplitter::deliver(const char* data, size_t length) {
  if (!inPart_ || length == 0 || !visitor_ || !visitor_->data) return true;
  if (visitor_->data(user_, data, length)) return true;
  fail(MultipartError::Stopped);
  return false;
}

bool MultipartSplitter::startPart() {
  inPart_ = true;
  ++parts_;
  lineLength_ = 0;
  state_ = kHeaders;
  if (visitor_ && visitor_->begin && !visitor_->begin(user_)) fail(MultipartError::Stopped);
  return state_ != kFailed;
}

bool MultipartSplitter::endPart() {
  if (!inPart_) return true;  // the preamble ended
  inPart_ = false;
  if (visitor_ && visitor_->end && !visitor_->end(user_)) fail(MultipartError::Stopped);
  return state_ != kFailed;
}

// A line break in the text: what follows may be a delimiter, which the
// line break would belong to. It is held (not delivered) until that is known.
void MultipartSplitter::lineBreak(bool crlf) {
  breakKind_ = crlf ? 2 : 1;
  matched_ = 0;
  state_ = kBoundary;
}

// What looked like a delimiter is text: the held bytes are the line break
// and the start of "--boundary", delivered from where they are known.
void MultipartSplitter::mismatch() {
  state_ = kText;
  const char* lineEnd = breakKind_ == 2 ? "\r\n" : "\n";
  if (breakKind_ && !deliver(lineEnd, breakKind_)) return;
  deliver(dashBoundary_, matched_);
}

size_t MultipartSplitter::text(const char* p, size_t n) {
  if (pendingCr_) {  // a CR ended the last piece
    pendingCr_ = false;
    if (*p == '\n') {
      lineBreak(true);
      return 1;
    }
    if (!deliver("\r", 1)) return 0;
  }
  const char* end = p + n;
  const char* q = p;
  while (q < end && *q != '\r' && *q != '\n') ++q;
  if (!deliver(p, static_cast<size_t>(q - p)) || q == end) return n;
  if (*q == '\n') {
    lineBreak(false);
    return static_cast<size_t>(q - p) + 1;
  }
  if (q + 1 == end) {  // its LF may be in the next piece
    pendingCr_ = true;
    return n;
  }
  if (q[1] == '\n') {
    lineBreak(true);
    return static_cast<size_t>(q - p) + 2;
  }
  deliver(q, 1);  // a CR on its own is text
  return static_cast<size_t>(q - p) + 1;
}

size_t MultipartSplitter::boundary(const char* p, size_t n) {
  size_t i = 0;
  while (i < n && matched_ < dashLength_) {
    if (p[i] != dashBoundary_[matched_]) {
      mismatch();  // p[i] is read again as text
      return i;
    }
    ++matched_;
    ++i;
  }
  if (matched_ == dashLength_) state_ = kAfter;
  return i;
}

// After "--boundary": "--" closes; white space and the line's end open the
// next part.
bool MultipartSplitter::delimiterByte(char c) {
  switch (state_) {
    case kAfter:
      if (c == '-') {
        state_ = kCloseDash;
        return true;
      }
      break;
    case kCloseDash:
      if (c == '-') {
        state_ = kEpilogue;
        return endPart();
      }
      break;
    case kPaddingCr:
      if (c == '\n') return endPart() && startPart();
      break;
    default: break;
  }
  if (state_ == kAfter || state_ == kPadding) {
    if (space(c)) {
      state_ = kPadding;
      return true;
    }
    if (c == '\r') {
      state_ = kPaddingCr;
      return true;
    }
    if (c == '\n') return endPart() && startPart();
  }
  fail(MultipartError::BadDelimiter);
  return false;
}

bool MultipartSplitter::headerByte(char c) {
  if (state_ == kHeaderCr && c != '\n') {
    fail(MultipartError::BadHeader);
    return false;
  }
  if (c == '\r') {
    state_ = kHeaderCr;
    return true;
  }
  if (c != '\n') {
    if (lineLength_ >= lineCapacity_) {
      fail(MultipartError::HeaderTooLong);
      return false;
    }
    line_[lineLength_++] = c;
    return true;
  }
  state_ = kHeaders;
  if (lineLength_ == 0) {  // the empty line: the body starts, and may be empty
    breakKind_ = matched_ = 0;
    state_ = kBoundary;
    return true;
  }
  const size_t n = lineLength_;
  lineLength_ = 0;
  if (visitor_ && visitor_->header && !visitor_->header(user_, line_, n)) {
    fail(MultipartError::Stopped);
    return false;
  }
  return true;
}

bool MultipartSplitter::feed(const uint8_t* data, size_t length) {
  const char* p = reinterpret_cast<const char*>(data);
  const char* end = p + length;
  while (p < end && state_ != kFailed && state_ != kEpilogue) {
    const size_t n = static_cast<size_t>(end - p);
    if (state_ == kText) {
      p += text(p, n);
    } else if (state_ == kBoundary) {
      p += boundary(p, n);
    } else if (state_ == kHeaders || state_ == kHeaderCr) {
      headerByte(*p++);
    } else {
      delimiterByte(*p++);
    }
  }
  return state_ != kFailed;
}

MultipartError MultipartSplitter::finish() {
  if (state_ != kFailed && state_ != kEpilogue) fail(MultipartError::MissingClose);
  return state_ == kEpilogue ? MultipartError::Ok : error_;
}

EHC_END_NAMESPACE
