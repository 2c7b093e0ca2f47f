#include "sse.h"

#include <string.h>

#include "../core/error_text.h"

EHC_BEGIN_NAMESPACE

namespace {

constexpr ErrorText kTexts[] = {
    {"ok", "no error"},
    {"stopped", "an event callback stopped the stream"},
    {"incomplete", "the event stream ended inside an event (its data was discarded)"},
};
static_assert(sizeof kTexts / sizeof kTexts[0] == static_cast<size_t>(SseError::Incomplete) + 1,
              "one text per error");

// WHATWG UTF-8 decoder: the length of the sequence a lead byte starts (0:
// not a lead byte) and the range its second byte must be in.
uint8_t sequenceLength(uint8_t lead, uint8_t* lower, uint8_t* upper) {
  *lower = 0x80;
  *upper = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) {
    if (lead == 0xE0) *lower = 0xA0;
    if (lead == 0xED) *upper = 0x9F;
    return 3;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    if (lead == 0xF0) *lower = 0x90;
    if (lead == 0xF4) *upper = 0x8F;
    return 4;
  }
  return 0;
}

const uint8_t kReplacement[3] = {0xEF, 0xBF, 0xBD};  // U+FFFD
const uint8_t kBom[3] = {0xEF, 0xBB, 0xBF};          // U+FEFF

bool isLineEnd(char c) {
  return c == '\n' || c == '\r';
}
size_t untilLineEnd(const char* p, size_t n) {
  size_t i = 0;
  while (i < n && !isLineEnd(p[i])) ++i;
  return i;
}

// The longest prefix of valid UTF-8 s[0..n) that ends on a code point.
size_t wholeCodePoints(const char* s, size_t n) {
  size_t start = n;
  while (start > 0 && (static_cast<uint8_t>(s[start - 1]) & 0xC0) == 0x80) --start;
  if (start == 0) return 0;
  uint8_t lower, upper;
  const uint8_t lead = static_cast<uint8_t>(s[start - 1]);
  const size_t length = lead < 0x80 ? 1 : sequenceLength(lead, &lower, &upper);
  return n - (start - 1) >= length ? n : start - 1;
}

}  // namespace

const char* sseErrorName(SseError e) {
  return errorTextName<kTexts>(static_cast<size_t>(e));
}
const char* sseErrorMessage(SseError e) {
  return errorTextMessage<kTexts>(static_cast<size_t>(e));
}

void SseParser::Text::clear() {
  length = 0;
  truncated = false;
  chars[0] = '\0';
}

void SseParser::Text::append(const char* data, size_t n) {
  if (truncated) return;
  const size_t room = capacity - length;
  if (n > room) {
    truncated = true;
    memcpy(chars + length, data, room);
    length = static_cast<uint16_t>(wholeCodePoints(chars, capacity));
  } else {
    memcpy(chars + length, data, n);
    length = static_cast<uint16_t>(length + n);
  }
  chars[length] = '\0';
}

void SseParser::Text::assign(const Text& other) {
  memcpy(chars, other.chars, other.length + 1u);
  length = other.length;
  truncated = other.truncated;
}

SseParser::SseParser(char* storage, uint16_t typeCapacity, uint16_t idCapacity) {
  Text* texts[] = {&type_, &id_, &pending_, &last_};
  for (Text* t : texts) {
    t->chars = storage;
    t->capacity = t == &type_ ? typeCapacity : idCapacity;
    storage += t->capacity + 1;
  }
  reset();
}

void SseParser::reset() {
  last_.clear();
  hasRetry_ = false;
  retryMs_ = 0;
  events_ = 0;
  begin();
}

void SseParser::begin() {
  if (inEvent_ && visitor_ && visitor_->discard) visitor_->discard(user_);
  inEvent_ = false;
  state_ = kLineStart;
  error_ = SseError::Ok;
  streamStart_ = true;
  skipLineFeed_ = false;
  utf8Need_ = 0;
  type_.clear();
  pending_.clear();
  // A new stream's id buffer starts as the last event ID (as browsers do),
  // so events of a resumed stream without an id field keep it.
  id_.assign(last_);
}

void SseParser::stop() {
  state_ = kStopped;
  error_ = SseError::Stopped;
}

SseError SseParser::finish() {
  if (stopped()) return error_;
  if (inEvent_) {
    inEvent_ = false;
    if (visitor_ && visitor_->discard) visitor_->discard(user_);
    error_ = SseError::Incomplete;
  }
  state_ = kFinished;
  return error_;
}

// --- UTF-8: runs of whole code points go on to text() where they lie ------

bool SseParser::feed(const uint8_t* data, size_t length) {
  const uint8_t* p = data;
  const uint8_t* const end = data + length;
  while (utf8Need_ && p < end && state_ < kStopped) p += continueSequence(*p);
  const uint8_t* run = p;
  while (p < end && state_ < kStopped) {
    if (*p < 0x80) {
      ++p;
      continue;
    }
    uint8_t lower, upper;
    const uint8_t need = sequenceLength(*p, &lower, &upper);
    size_t have = need ? 1 : 0;
    while (have < need && p + have < end && p[have] >= lower && p[have] <= upper) {
      ++have;
      lower = 0x80;
      upper = 0xBF;
    }
    if (have == need && need) {
      p += need;
      continue;
    }
    text(run, static_cast<size_t>(p - run));
    if (p + have == end && need) {  // cut by the end of the piece
      memcpy(utf8Bytes_, p, have);
      utf8Have_ = static_cast<uint8_t>(have);
      utf8Need_ = need;
      utf8Lower_ = lower;
      utf8Upper_ = upper;
      return state_ < kStopped;
    }
    // A maximal invalid subpart becomes one U+FFFD; the byte that broke it
    // is looked at afresh.
    text(kReplacement, sizeof kReplacement);
    p += have ? have : 1;
    run = p;
  }
  text(run, static_cast<size_t>(p - run));
  return state_ < kStopped;
}

// The next byte of a sequence the previous piece cut; false: it broke the
// sequence and is still to be read.
bool SseParser::continueSequence(uint8_t c) {
  if (c < utf8Lower_ || c > utf8Upper_) {
    utf8Need_ = 0;
    text(kReplacement, sizeof kReplacement);
    return false;
  }
  utf8Bytes_[utf8Have_++] = c;
  utf8Lower_ = 0x80;
  utf8Upper_ = 0xBF;
  if (utf8Have_ == utf8Need_) {
    utf8Need_ = 0;
    text(utf8Bytes_, utf8Have_);
  }
  return true;
}

// --- lines and fields --------------------------------------------------------

void SseParser::text(const uint8_t* data, size_t n) {
  if (n == 0 || state_ >= kStopped) return;
  if (streamStart_) {
    streamStart_ = false;
    if (n >= sizeof kBom && memcmp(data, kBom, sizeof kBom) == 0) {
      data += sizeof kBom;
      n -= sizeof kBom;
    }
  }
  const char* p = reinterpret_cast<const char*>(data);
  while (n && state_ < kStopped) {
    if (skipLineFeed_) {  // the LF of a CRLF whose CR ended the line
      skipLineFeed_ = false;
      if (*p == '\n') {
        ++p;
        --n;
        continue;
      }
    }
    size_t used;
    switch (state_) {
      case kLineStart: used = lineStart(p); break;
      case kName: used = name(p, n); break;
      case kValueStart:  // one space after the colon is not part of the value
        state_ = kValue;
        used = *p == ' ' ? 1 : 0;
        break;
      case kValue: used = value(p, n); break;
      default: used = skipLine(p, n); break;
    }
    p += used;
    n -= used;
  }
}

size_t SseParser::lineStart(const char* p) {
  if (isLineEnd(*p)) {  // a blank line
    dispatch();
    lineEnd(*p);
    return 1;
  }
  if (*p == ':') {  // a comment
    state_ = kIgnore;
    return 1;
  }
  state_ = kName;
  nameLength_ = 0;
  return 0;
}

void SseParser::lineEnd(char c) {
  if (stopped()) return;
  state_ = kLineStart;
  skipLineFeed_ = c == '\r';
}

size_t SseParser::name(const char* p, size_t n) {
  size_t i = 0;
  while (i < n && p[i] != ':' && !isLineEnd(p[i])) {
    if (nameLength_ < sizeof nameChars_) nameChars_[nameLength_] = p[i];
    if (nameLength_ <= sizeof nameChars_) ++nameLength_;
    ++i;
  }
  if (i == n) return n;
  struct Known {
    const char* name;
    Field field;
  };
  static const Known kKnown[] = {
      {"data", kData}, {"event", kEvent}, {"id", kId}, {"retry", kRetry}};
  field_ = kOther;
  for (const Known& k : kKnown)
    if (strlen(k.name) == nameLength_ && memcmp(k.name, nameChars_, nameLength_) == 0)
      field_ = k.field;
  startField();
  if (p[i] == ':') {
    if (!stopped()) state_ = kValueStart;
  } else {  // a field name alone: its value is empty
    endField();
    lineEnd(p[i]);
  }
  return i + 1;
}

size_t SseParser::value(const char* p, size_t n) {
  const size_t i = untilLineEnd(p, n);
  if (i) fieldValue(p, i);
  if (i == n || stopped()) return n;
  endField();
  lineEnd(p[i]);
  return i + 1;
}

size_t SseParser::skipLine(const char* p, size_t n) {
  const size_t i = untilLineEnd(p, n);
  if (i == n) return n;
  lineEnd(p[i]);
  return i + 1;
}

void SseParser::startField() {
  switch (field_) {
    case kData:
      if (inEvent_) {
        deliver("\n", 1);  // data lines are joined with LF
      } else {
        inEvent_ = true;
        dataLength_ = 0;
        if (visitor_ && visitor_->begin && !visitor_->begin(user_)) stop();
      }
      break;
    case kEvent: type_.clear(); break;
    case kId:
      pending_.clear();
      pendingNul_ = false;
      break;
    case kRetry:
      retryValue_ = 0;
      retryState_ = 0;
      break;
    case kOther: break;
  }
}

void SseParser::fieldValue(const char* data, size_t n) {
  switch (field_) {
    case kData: deliver(data, n); break;
    case kEvent: type_.append(data, n); break;
    case kId:
      pendingNul_ = pendingNul_ || memchr(data, '\0', n) != nullptr;
      pending_.append(data, n);
      break;
    case kRetry:
      for (size_t i = 0; i < n && retryState_ != 2; ++i) {
        const uint32_t digit = static_cast<uint32_t>(data[i] - '0');
        if (digit > 9) {
          retryState_ = 2;
        } else {
          retryState_ = 1;
          retryValue_ =
              retryValue_ > (UINT32_MAX - digit) / 10 ? UINT32_MAX : retryValue_ * 10 + digit;
        }
      }
      break;
    case kOther: break;
  }
}

void SseParser::endField() {
  if (field_ == kId && !pendingNul_) id_.assign(pending_);
  if (field_ == kRetry && retryState_ == 1) {
    retryMs_ = retryValue_;
    hasRetry_ = true;
  }
}

void SseParser::dispatch() {
  last_.assign(id_);
  if (inEvent_) {
    inEvent_ = false;
    ++events_;
    const SseEvent event = {type_.length ? type_.chars : "message", last_.chars, dataLength_,
                            type_.truncated, last_.truncated};
    if (visitor_ && visitor_->end && !visitor_->end(user_, event)) stop();
  }
  type_.clear();
}

void SseParser::deliver(const char* data, size_t n) {
  dataLength_ += n;
  if (visitor_ && visitor_->data && !visitor_->data(user_, data, n)) stop();
}

EHC_END_NAMESPACE
