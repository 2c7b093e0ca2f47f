#include "response_parser.h"

#include <string.h>

#include <type_traits>

#include "text.h"

EHC_BEGIN_NAMESPACE

namespace {

inline uint8_t lower(uint8_t c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<uint8_t>(c | 0x20) : c;
}
inline bool isSpace(uint8_t c) {
  return c == ' ' || c == '\t';
}
inline bool isLineEnd(uint8_t c) {
  return c == '\r' || c == '\n';
}
// field-vchar / obs-text: what a value may hold besides SP and HTAB.
inline bool valueByte(uint8_t c) {
  return (c >= 0x21 && c != 0x7F);
}
// isTokenChar for the name loop, where a call would cost more than the test.
EHC_ALWAYS_INLINE bool tokenByte(uint8_t c) {
  return (kTokenBits.bits[c >> 3] >> (c & 7)) & 1u;
}
// The same for the bytes after a name's first: letters and '-' (nearly all
// of them) tested first.
EHC_ALWAYS_INLINE bool nameByte(uint8_t c) {
  return static_cast<uint8_t>((c | 0x20) - 'a') < 26 || c == '-' || tokenByte(c);
}
inline int hexDigit(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  const unsigned v = static_cast<uint8_t>(c | 0x20) - unsigned{'a'};  // only A-F and a-f are < 6
  return v < 6 ? static_cast<int>(v) + 10 : -1;
}
// Same text, ASCII letters in any case.
bool sameText(const char* a, const char* b, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (lower(static_cast<uint8_t>(a[i])) != lower(static_cast<uint8_t>(b[i]))) return false;
  return true;
}
// Same text as `lower`, which has only a-z and '-', for a field name (token
// bytes): of those, only letters of either case and '-' itself give one of
// them with the 0x20 bit set, so one OR per byte does what lower() does.
bool sameTokenAsLower(const char* token, const char* lower, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if ((static_cast<uint8_t>(token[i]) | 0x20) != static_cast<uint8_t>(lower[i])) return false;
  return true;
}
// Which of the words, each after its length byte, `text` is (any case):
// 1, 2, 3 ..., or 0. (The words are lower case and a list element's token
// is token bytes: see sameTokenAsLower.)
int wordIndex(const char* text, size_t n, const char* words) {
  for (int k = 1; *words; ++k, words += 1 + *words)
    if (static_cast<size_t>(*words) == n &&
        (EHC_HTTP_HOST_SPEED ? sameTokenAsLower : sameText)(text, words + 1, n))
      return k;
  return 0;
}
// The list tokens the parser acts on.
const char kListTokens[] = "\007chunked\005close\012keep-alive";
enum ListToken { kChunked = 1, kClose, kKeepAlive };

// The fields that frame the message, told apart by their length first.
detail::ResponseProgress::Field framingField(const char* name, size_t n) {
  using P = detail::ResponseProgress;
  const char* lit = n == 14   ? "content-length"
                    : n == 17 ? "transfer-encoding"
                    : n == 10 ? "connection"
                              : nullptr;
  if (!lit || !(EHC_HTTP_HOST_SPEED ? sameTokenAsLower : sameText)(name, lit, n)) return P::kOther;
  return n == 14 ? P::kContentLength : n == 17 ? P::kTransferEncoding : P::kConnection;
}

// The end of a run of value bytes and the single spaces between them, from
// data[i] up to data[stop].
size_t valueRun(const char* data, size_t i, size_t stop) {
  while (i < stop) {
#if EHC_HTTP_HOST_SPEED && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    // 64-bit hosts: eight bytes at a time up to the first that is not a
    // value byte (below 0x21 among the ASCII ones, or DEL): the lowest flag
    // of the borrow test is exact, so it says where that byte is.
    if (stop - i >= 8) {
      constexpr uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
      uint64_t w;
      memcpy(&w, data + i, 8);
      const uint64_t del = w ^ (kOnes * 0x7F);
      const uint64_t flags = ((w - kOnes * 0x21) & ~w & kHigh) | ((del - kOnes) & ~del & kHigh);
      if (!flags) {
        i += 8;
        continue;
      }
      i += static_cast<size_t>(__builtin_ctzll(flags)) / 8;
    }
#endif
    if (valueByte(static_cast<uint8_t>(data[i]))) {
      ++i;
    } else if (data[i] == ' ' && i + 1 < stop && valueByte(static_cast<uint8_t>(data[i + 1]))) {
      i += 2;
    } else {
      break;
    }
  }
  return i;
}

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
  static_assert(std::is_trivial<detail::ResponseProgress>::value &&
                    std::is_standard_layout<detail::ResponseProgress>::value,
                "a plain struct: cleared whole, no member of the parser in its padding");
  memset(static_cast<void*>(static_cast<detail::ResponseProgress*>(this)), 0,
         sizeof(detail::ResponseProgress));
  minor_ = 1;
  headRequest_ = headRequest;
  for (uint8_t k = 0; k < captureCount_; ++k) {
    captures_[k].used = 0;
    captures_[k].status = HeaderStatus::Missing;
    captures_[k].buf[0] = '\0';
  }
}

// Out of line: one call at each of its many sites.
__attribute__((noinline)) void ResponseParser::fail(HttpError e, size_t at) {
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

// Body bytes go through in bulk, where they lie. (Inline: feed()'s one
// call, made once per read and per chunk.)
EHC_ALWAYS_INLINE size_t ResponseParser::body(const char* data, size_t n) {
  if (state_ != kBodyUntilClose) {
    if (remaining_ < n) n = static_cast<size_t>(remaining_);
    remaining_ -= n;
    if (remaining_ == 0) state_ = state_ == kBodyLength ? kComplete : kChunkDataEnd;
  }
  deliver(data, n);
  return n;
}

EHC_ALWAYS_INLINE void ResponseParser::deliver(const char* data, size_t n) {
  bodyBytes_ += n;
  if (bodySink_ && n) bodySink_(bodyUser_, data, n);
}

size_t ResponseParser::feed(const char* data, size_t length) {
  size_t i = 0;
  while (i < length && state_ < kComplete) {
    if (state_ >= kBodyLength) {
      i += body(data + i, length - i);
      continue;
    }
    const size_t n = state_ == kChunkDataEnd ? chunkBoundary(data + i, length - i) : 0;
    i += n ? n : framing(data + i, length - i, consumed_ + i);
  }
  consumed_ += i;
  return i;
}

// --- framing: the status line, the header and trailer sections, chunk lines

// Counts a framing byte against the limits: the header section's (head or
// trailers) and the line's. The limit it would cross (not counted), or Ok.
#if EHC_HTTP_HOST_SPEED
EHC_ALWAYS_INLINE  // a call per framing byte outside the runs
#endif
    HttpError
    ResponseParser::countByte(uint8_t c) {
  const bool head = state_ <= kLineFeed;
  if (head && headerBytes_ >= EHC_HTTP_MAX_HEADER_BYTES) return HttpError::HeadersTooLarge;
  if (isLineEnd(c)) {
    lineLength_ = 0;
  } else if (lineLength_ >= EHC_HTTP_MAX_LINE) {
    return HttpError::LineTooLong;
  } else {
    ++lineLength_;
  }
  if (head) ++headerBytes_;
  return HttpError::Ok;
}

// How many of `avail` header-section bytes (no line end among them) a run
// may take within both limits; the caller counts them.
EHC_ALWAYS_INLINE size_t ResponseParser::runRoom(size_t avail) const {
  const size_t head = EHC_HTTP_MAX_HEADER_BYTES - headerBytes_;
  const size_t line = EHC_HTTP_MAX_LINE - lineLength_;
  if (head < avail) avail = head;
  return line < avail ? line : avail;
}

// Counts n bytes of a run that runRoom() allowed.
EHC_ALWAYS_INLINE void ResponseParser::countRun(size_t n) {
  lineLength_ += n;
  headerBytes_ += n;
}

// The status line's fixed part (see statusLineByte).
namespace {
constexpr char kStatusShape[] = "HTTP/1.d ddd ";  // d: a digit
constexpr size_t kStatusShapeLength = sizeof kStatusShape - 1;
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
}  // namespace

// Framing bytes up to the body, the end of the message or a failure.
size_t ResponseParser::framing(const char* data, size_t length, size_t at) {
  size_t i = EHC_HTTP_HOST_SPEED && statusLineAtOnce(data, length) ? kStatusShapeLength : 0;
  while (i < length && state_ < kBodyLength) {
    const uint8_t c = static_cast<uint8_t>(data[i]);
    const HttpError limit = countByte(c);
    if (limit != HttpError::Ok) {
      fail(limit, at + i);
      return i + 1;
    }
    switch (state_) {
      case kStatusLine: statusLineByte(c, at + i); break;
      case kHeaderStart:
      case kHeaderName:
      case kHeaderValue:
      case kFieldLineStart:
      case kLineFeed: i = fieldBytes(data, i, length, at); continue;
      case kChunkLineFeed: lineFeed(c, at + i); break;
      case kChunkSize: chunkSizeByte(c, at + i); break;
      case kChunkExtension: chunkExtensionByte(c, at + i); break;
      default: chunkDataEnd(c, at + i); break;
    }
    ++i;
  }
  return i;
}

// The status line, HTTP-version SP status-code SP reason-phrase (RFC 9112 4):
// "HTTP/1." a digit, SP, three digits (the first not 0), then SP and the
// reason, or (tolerated) the line's end.
// A response's first piece mostly holds the status line's fixed part whole:
// taken at once, as statusLineByte() would take it byte by byte (anything
// else is left to it, errors included).
bool ResponseParser::statusLineAtOnce(const char* d, size_t length) {
  if (state_ != kStatusLine || matched_ != 0 || length < kStatusShapeLength ||
      runRoom(kStatusShapeLength) < kStatusShapeLength)
    return false;
  if (memcmp(d, kStatusShape, 7) != 0 || !isDigit(d[7]) || d[8] != ' ' || !isDigit(d[9]) ||
      d[9] == '0' || !isDigit(d[10]) || !isDigit(d[11]) || d[12] != ' ')
    return false;
  countRun(kStatusShapeLength);
  minor_ = d[7] - '0';
  status_ = (d[9] - '0') * 100 + (d[10] - '0') * 10 + (d[11] - '0');
  interim_ = status_ < 200 && status_ != 101;
  matched_ = kStatusShapeLength;
  return true;
}

void ResponseParser::statusLineByte(uint8_t c, size_t at) {
  static const char* const kShape = kStatusShape;
  const uint32_t k = matched_;
  if (isLineEnd(c) && (k == 12 || k == 13)) {
    afterLine_ = kHeaderStart;
    state_ = c == '\r' ? kLineFeed : kHeaderStart;
  } else if (k == 13) {  // the reason
    if (!isSpace(c) && !valueByte(c))
      fail(HttpError::BadStatusLine, at);
    else if (reasonLength_ < sizeof reason_ - 1)
      reason_[reasonLength_++] = static_cast<char>(c);
  } else if (k == 0 && isLineEnd(c)) {  // tolerate a couple of empty lines
    if (++emptyLines_ > 2) {
      fail(HttpError::NoHttpServer, at);
    } else if (c == '\r') {
      afterLine_ = kStatusLine;
      state_ = kLineFeed;
    }
  } else if (kShape[k] == 'd' ? c < '0' || c > '9' || (k == 9 && c == '0') : c != kShape[k]) {
    fail(k < 5 ? HttpError::NoHttpServer : HttpError::BadStatusLine, at);
  } else {
    if (k == 7) minor_ = c - '0';
    if (k >= 9 && k <= 11) status_ = status_ * 10 + (c - '0');
    if (k == 11) interim_ = status_ < 200 && status_ != 101;
    matched_ = k + 1;
  }
}

// The LF of a CRLF, strictly.
void ResponseParser::lineFeed(uint8_t c, size_t at) {
  if (c != '\n')
    fail(HttpError::BadLineEnding, at);
  else if (afterLine_ == kComplete)
    endHeaders(at);
  else
    state_ = afterLine_;
}

// The header or trailer section from data[i] (counted): field lines, each a
// name and a value read in runs, the line ends and what follows them, as
// far as the piece and both limits allow. Returns where it stopped.
size_t ResponseParser::fieldBytes(const char* data, size_t i, size_t length, size_t at) {
  for (;;) {
    const uint8_t c = static_cast<uint8_t>(data[i]);
    switch (state_) {
      case kLineFeed: lineFeed(c, at + i); break;
      case kFieldLineStart:
        // RFC 9112 5.2: a user agent replaces an obs-fold (OWS CRLF RWS) in
        // a response with SP: here with one SP, and the field goes on.
        if (isSpace(c)) {
          pendingSpaces_ = valueStarted_ ? 1 : 0;
          folding_ = true;
          state_ = kHeaderValue;
          break;
        }
        endField(lineEnd_);
        if (state_ == kError) return i + 1;
        state_ = kHeaderStart;
        [[fallthrough]];
      case kHeaderStart:
        if (c == '\r') {
          afterLine_ = kComplete;  // marks the end of the section
          state_ = kLineFeed;
          break;
        }
        if (c == '\n') {
          endHeaders(at + i);
          break;
        }
        if (!tokenByte(c) || ++headerCount_ > EHC_HTTP_MAX_HEADERS) {
          fail(isSpace(c)     ? HttpError::ObsoleteLineFolding
               : tokenByte(c) ? HttpError::TooManyHeaders
                              : HttpError::BadHeader,
               at + i);
          return i + 1;
        }
        fieldVisitor_ = interim_ ? nullptr : visitor_;  // an interim response's are nobody's
        nameLength_ = 0;
        state_ = kHeaderName;
        [[fallthrough]];
      case kHeaderName: {
        if (c == ':') {  // a name kept in name_
          startField(name_, nameLength_);
          state_ = kHeaderValue;
          break;
        }
        if (!tokenByte(c)) {
          fail(HttpError::BadHeader, at + i);  // includes whitespace before the colon
          return i + 1;
        }
        size_t end = i + 1 + runRoom(length - i - 1);
        size_t j = i + 1;
        while (j < end && nameByte(static_cast<uint8_t>(data[j]))) ++j;
        // A name whole here is looked at in place, else kept.
        if (nameLength_ != 0 || j == end || data[j] != ':') {
          countRun(j - i - 1);
          keepName(data + i, j - i);
          i = j - 1;
          break;
        }
        countRun(j - i);  // with the ':'
        if (fieldVisitor_) fieldVisitor_->name(visitorUser_, data + i, j - i);
        startField(data + i, j - i < sizeof name_ ? j - i : sizeof name_);
        state_ = kHeaderValue;
        // OWS, then the value from its first byte on, at once.
        i = j + 1;
        end = i + runRoom(length - i);
        while (i < end && isSpace(static_cast<uint8_t>(data[i]))) ++i;
        const bool value = i < end && valueByte(static_cast<uint8_t>(data[i]));
        countRun(i - j - (value ? 0 : 1));
        if (value) continue;
        --i;
        break;
      }
      default:               // kHeaderValue: OWS around it dropped, a fold one SP
        if (isLineEnd(c)) {  // the field ends unless the next line folds it
          lineEnd_ = at + i;
          afterLine_ = kFieldLineStart;
          state_ = c == '\r' ? kLineFeed : kFieldLineStart;
        } else if (isSpace(c)) {  // inside the value if a value byte follows
          if (valueStarted_ && !folding_) ++pendingSpaces_;
        } else if (!valueByte(c)) {
          fail(HttpError::BadHeader, at + i);
          return i + 1;
        } else {
          for (; pendingSpaces_; --pendingSpaces_) fieldValue(" ", 1, at + i);  // never fails
          folding_ = false;
          valueStarted_ = true;
          const size_t j = valueRun(data, i + 1, i + 1 + runRoom(length - i - 1));
          countRun(j - i - 1);
          const size_t taken = fieldValue(data + i, j - i, at + i);
          if (state_ == kError) return i + taken;
          i = j - 1;
          // The line's CRLF at once.
          if (j + 1 < length && data[j] == '\r' && data[j + 1] == '\n' &&
              headerBytes_ + 2 <= EHC_HTTP_MAX_HEADER_BYTES) {
            headerBytes_ += 2;
            lineLength_ = 0;
            lineEnd_ = at + j;
            state_ = kFieldLineStart;
            i = j + 1;
          }
        }
        break;
    }
    ++i;
    if (state_ < kHeaderStart || state_ > kLineFeed || i == length ||
        countByte(static_cast<uint8_t>(data[i])) != HttpError::Ok)
      return i;
  }
}

// Up to 32 bytes of a name split between pieces (or cut by a limit).
void ResponseParser::keepName(const char* data, size_t n) {
  for (size_t k = 0; k < n && nameLength_ < sizeof name_; ++k) name_[nameLength_++] = data[k];
  if (fieldVisitor_) fieldVisitor_->name(visitorUser_, data, n);
}

// The field's name is known (`n` of 32 or more: longer than any the parser
// looks for).
void ResponseParser::startField(const char* name, size_t n) {
  field_ = kOther;
  captureMask_ = 0;
  valueStarted_ = folding_ = false;
  pendingSpaces_ = 0;
  fieldNumber_ = 0;
  numberState_ = 0;
  sawNumber_ = false;
  if (interim_) return;  // an interim response's fields are nobody's
  if (!inTrailers_) {    // framing fields in trailers change nothing
    field_ = framingField(name, n);
    if (field_ == kTransferEncoding) hasTransferEncoding_ = true;
  }
  for (uint8_t k = 0; k < captureCount_; ++k) {
    Capture& c = captures_[k];
    if (c.nameLength != n || !sameText(c.name, name, n)) continue;
    captureMask_ |= 1u << k;
    if (c.status == HeaderStatus::Missing)
      c.status = HeaderStatus::Found;
    else
      appendCapture(c, ", ", 2);  // a repeated field joins the earlier value as a list
  }
}

// A run of a field's value (OWS taken out, an obs-fold one SP): a framing
// field's grammar sees each byte, the captures and the visitor the run.
// Returns the bytes taken: all, or up to the one a framing field failed on.
size_t ResponseParser::fieldValue(const char* data, size_t n, size_t at) {
  size_t k = n;
  if (field_ != kOther)
    for (k = EHC_HTTP_HOST_SPEED && field_ != kContentLength ? listTokenRun(data, n) : 0;
         k < n && state_ != kError; ++k)
      fieldValueByte(static_cast<uint8_t>(data[k]), at + k);
  if (captureMask_) captureBytes(data, k);
  if (fieldVisitor_) fieldVisitor_->value(visitorUser_, data, k);
  return k;
}

void ResponseParser::fieldValueByte(uint8_t c, size_t at) {
  if (field_ != kContentLength) {  // Connection, Transfer-Encoding
    if (c == ',' && !detail::paramInQuotes(param_))
      elementEnd(at);
    else
      listByte(c);
    return;
  }
  // Content-Length: 1#DIGIT, equal numbers (RFC 9110 8.6)
  if (c >= '0' && c <= '9') {
    const uint64_t d = static_cast<uint64_t>(c - '0');
    constexpr uint64_t kMax = uint64_t{INT64_MAX};  // no 64-bit division on rv32
    if (numberState_ == 2 ||                        // "1 2"
        fieldNumber_ > kMax / 10 || (fieldNumber_ == kMax / 10 && d > kMax % 10)) {
      fail(HttpError::BadContentLength, at);
      return;
    }
    fieldNumber_ = fieldNumber_ * 10 + d;
    numberState_ = 1;
  } else if (isSpace(c)) {
    if (numberState_ == 1) numberState_ = 2;
  } else if (c == ',') {
    commitLength(at);
  } else {
    fail(HttpError::BadContentLength, at);
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

// A byte of a Connection or Transfer-Encoding list element (not a ','
// ending it): OWS token OWS *( ";" OWS parameter ), the token kept, the
// parameters checked by parameters.h and skipped.
// The token bytes a Connection or Transfer-Encoding list element starts
// with ("keep-alive"), taken at once: listByte() would step each to
// kElementToken and keep it. Returns how many.
size_t ResponseParser::listTokenRun(const char* data, size_t n) {
  if (param_ != detail::kElementStart && param_ != detail::kElementToken) return 0;
  size_t k = 0;
  while (k < n && tokenByte(static_cast<uint8_t>(data[k]))) ++k;
  if (k == 0) return 0;
  // As listByte() keeps them: the first sizeof token_ bytes, and a count
  // that stops at one more (too long for any token looked for).
  const size_t room = tokenLength_ < sizeof token_ ? sizeof token_ - tokenLength_ : 0;
  if (room) memcpy(token_ + tokenLength_, data, k < room ? k : room);
  tokenLength_ = static_cast<uint32_t>(tokenLength_ + k < sizeof token_ + 1 ? tokenLength_ + k
                                                                            : sizeof token_ + 1);
  param_ = detail::kElementToken;
  return k;
}

void ResponseParser::listByte(uint8_t c) {
  const detail::ParamState next = detail::nextParamState(param_, c);
  if (next == detail::kParamBad && detail::inElementToken(param_)) {
    badElement_ = true;  // "chun ked", "chunked\""
    return;
  }
  if (next == detail::kElementToken && tokenLength_ <= sizeof token_) {
    if (tokenLength_ < sizeof token_) token_[tokenLength_] = static_cast<char>(c);
    ++tokenLength_;
  }
  param_ = next;
}

// A Connection or Transfer-Encoding list element ended (',' or the line's end).
void ResponseParser::elementEnd(size_t at) {
  const bool empty = tokenLength_ == 0;  // allowed: RFC 9110 5.6.1
  const bool parameters = !detail::inElementToken(param_);
  const bool bad = badElement_ || (parameters && (empty || !detail::paramsEnd(param_)));
  const int token = wordIndex(token_, tokenLength_, kListTokens);
  if (field_ == kTransferEncoding) {
    if (bad)
      fail(HttpError::BadFraming, at);
    else if (!empty)
      codingEnd(token == kChunked, parameters, at);
  } else if (!bad) {
    connectionClose_ = connectionClose_ || token == kClose;
    connectionKeepAlive_ = connectionKeepAlive_ || token == kKeepAlive;
  }
  tokenLength_ = 0;
  badElement_ = false;
  param_ = detail::kElementStart;
}

// One transfer coding of the list (across Transfer-Encoding fields).
void ResponseParser::codingEnd(bool chunked, bool withParameters, size_t at) {
  // RFC 9112 6.1: chunked is applied at most once; 7: it has no parameters.
  if (chunked && (chunkedSeen_ || withParameters)) {
    fail(HttpError::BadFraming, at);
    return;
  }
  chunkedSeen_ = chunkedSeen_ || chunked;
  chunkedLast_ = chunked;
  otherCoding_ = otherCoding_ || !chunked;
}

void ResponseParser::endField(size_t at) {
  if (field_ == kContentLength) {
    commitLength(at);
    if (!sawNumber_) fail(HttpError::BadContentLength, at);
  } else if (field_ != kOther) {
    elementEnd(at);
  }
  captureMask_ = 0;
  if (fieldVisitor_) fieldVisitor_->end(visitorUser_, inTrailers_);
}

void ResponseParser::endHeaders(size_t at) {
  if (inTrailers_) {
    state_ = kComplete;
    return;
  }
  if (interim_) {  // the final response follows
    const size_t consumed = consumed_;
    const uint32_t continues = continues_ + (status_ == 100);
    begin(headRequest_);
    consumed_ = consumed;
    continues_ = continues;
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
  } else if (hasLength_ && !hasTransferEncoding_) {
    remaining_ = contentLength_;
    state_ = remaining_ ? kBodyLength : kComplete;
  } else {  // RFC 9112 6.3: chunked not last, or no framing at all
    untilClose_ = true;
    state_ = kBodyUntilClose;
  }
}

void ResponseParser::appendCapture(Capture& c, const char* data, size_t n) {
  if (c.status == HeaderStatus::Truncated) return;
  const size_t room = c.size - 1 - c.used;
  const size_t k = n < room ? n : room;
  memcpy(c.buf + c.used, data, k);
  c.used += k;
  c.buf[c.used] = '\0';
  if (k < n) c.status = HeaderStatus::Truncated;
}

void ResponseParser::captureBytes(const char* data, size_t n) {
  for (uint8_t k = 0; k < captureCount_; ++k)
    if (captureMask_ >> k & 1) appendCapture(captures_[k], data, n);
}

// --- chunk lines

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
  } else if (sawChunkDigit_ && isLineEnd(c)) {
    chunkLineEnd(c);
  } else if (sawChunkDigit_ && (c == ';' || isSpace(c))) {
    param_ = c == ';' ? detail::kParamNameStart : detail::kParamSpace;
    state_ = kChunkExtension;
  } else {
    fail(HttpError::BadChunkSize, at);
  }
}

// chunk-ext (parameters.h) up to the line's end; only a whole parameter
// may end it. Whitespace after the size that no ';' follows is the size's
// fault.
void ResponseParser::chunkExtensionByte(uint8_t c, size_t at) {
  const detail::ParamState before = param_;
  if (isLineEnd(c)) {
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
    matched_ = 0;  // of the CRLF after the data
  }
  state_ = c == '\r' ? kChunkLineFeed : afterLine_;
}

// The CRLF after a chunk's data and the next chunk-size line, when they are
// whole in the piece and plain (up to 8 digits, no extension, not the last
// chunk): read at once. Else 0, and the byte path reads them.
size_t ResponseParser::chunkBoundary(const char* data, size_t n) {
  constexpr size_t kDigits = EHC_HTTP_MAX_LINE < 8 ? EHC_HTTP_MAX_LINE : 8;
  if (matched_ != 0 || n < 5 || data[0] != '\r' || data[1] != '\n') return 0;
  // The digits end by data[n - 2] (the CRLF after them is in the piece).
  const size_t last = n - 2 < kDigits + 2 ? n - 2 : kDigits + 2;
  uint32_t size = 0;
  size_t i = 2;
  for (int v; i < last && (v = hexDigit(static_cast<uint8_t>(data[i]))) >= 0; ++i)
    size = size << 4 | static_cast<uint32_t>(v);
  if (size == 0 || data[i] != '\r' || data[i + 1] != '\n') return 0;
  remaining_ = size;
  state_ = kChunkData;
  return i + 2;
}

// CRLF after chunk data, strictly.
void ResponseParser::chunkDataEnd(uint8_t c, size_t at) {
  if (c != (matched_ == 0 ? '\r' : '\n')) {
    fail(HttpError::BadChunkTerminator, at);
  } else if (matched_++ == 1) {
    sawChunkDigit_ = false;
    state_ = kChunkSize;
  }
}

EHC_END_NAMESPACE
