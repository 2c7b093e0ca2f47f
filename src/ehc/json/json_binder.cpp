#include "json_binder.h"

#include <string.h>

#include "json_path.h"
#include "utf8.h"

EHC_BEGIN_NAMESPACE

namespace {

enum : uint8_t { kWs = 1, kStrStop = 2, kDigit = 4 };

struct CharClass {
  uint8_t v[256];
  constexpr CharClass() : v() {
    v[0x20] = v[0x09] = v[0x0A] = v[0x0D] = kWs;  // space, tab, LF, CR
    for (int c = 0; c < 0x20; ++c) v[c] |= kStrStop;
    for (int c = 0x80; c < 0x100; ++c) v[c] |= kStrStop;
    v[0x22] |= kStrStop;  // '"'
    v[0x5C] |= kStrStop;  // '\\'
    for (int c = '0'; c <= '9'; ++c) v[c] |= kDigit;
  }
};
constexpr CharClass kClass;

inline bool isWs(uint8_t c) {
  return kClass.v[c] & kWs;
}
inline bool isDigit(uint8_t c) {
  return kClass.v[c] & kDigit;
}

// SWAR: does the machine word hold a byte that ends the fast string scan
// ('"', '\\', a control byte, or a byte >= 0x80)? Word size follows the CPU:
// 8 bytes on the host, 4 on a 32-bit MCU.
using Word = size_t;
constexpr Word kOnes = ~Word{0} / 255;
constexpr Word kHigh = kOnes * 0x80;
inline bool hasStringStop(Word w) {
  const Word quote = w ^ (kOnes * '"');
  const Word slash = w ^ (kOnes * '\\');
  const Word t = ((quote - kOnes) & ~quote) | ((slash - kOnes) & ~slash) | (w - kOnes * 0x20) | w;
  return (t & kHigh) != 0;
}
inline Word loadWord(const uint8_t* p) {
  Word w;
  memcpy(&w, p, sizeof w);
  return w;
}

const char* const kLiterals[3] = {"true", "false", "null"};

// Number stages (sub_ while in kNumber).
enum : uint8_t { kNumMinus, kNumZero, kNumInt, kNumDot, kNumFrac, kNumE, kNumESign, kNumExp };

inline int hexValue(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<uint8_t>(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

inline int lowestBit(uint32_t m) {
  return __builtin_ctz(m);
}

}  // namespace

JsonBinder::JsonBinder(JsonBinding* storage, uint8_t capacity)
    : bindings_(storage), capacity_(capacity) {
  restart();
}

TargetKind JsonBinder::integerKind(size_t size, bool isSigned) {
  switch (size) {
    case 1: return isSigned ? TargetKind::Int8 : TargetKind::Uint8;
    case 2: return isSigned ? TargetKind::Int16 : TargetKind::Uint16;
    case 4: return isSigned ? TargetKind::Int32 : TargetKind::Uint32;
    default: return isSigned ? TargetKind::Int64 : TargetKind::Uint64;
  }
}

int JsonBinder::add(const char* path, TargetKind kind, void* target, size_t size) {
  if (count_ >= capacity_) return kFull;
  if (path == nullptr) return kBadPath;
  if (kind != TargetKind::None && target == nullptr) return kBadTarget;
  if ((kind == TargetKind::Chars || kind == TargetKind::RawChars) && size == 0) return kBadTarget;
  PathInfo info;
  if (!inspectPath(path, &info) || info.segments > EHC_MAX_PATH_DEPTH) return kBadPath;
  JsonBinding& b = bindings_[count_];
  memset(&b, 0, sizeof b);
  b.path = path;
  b.target = target;
  b.size = size;
  b.kind = kind;
  b.segCount = info.segments;
  b.firstWild = info.firstWildcard;
  b.status = BindStatus::Missing;
  if (info.firstWildcard != PathInfo::kNoWildcard) anyWild_ = true;
  unresolved_ |= uint32_t{1} << count_;
  return count_++;
}

int JsonBinder::bindText(const char* path, void* object, const TextSink* sink, bool raw) {
  if (sink == nullptr) return kBadTarget;
  const int i = add(path, raw ? TargetKind::RawText : TargetKind::Text, object, 0);
  if (i >= 0) bindings_[i].sink = sink;
  return i;
}

int JsonBinder::bindCallback(const char* path, JsonMatchCallback cb, void* user) {
  if (cb == nullptr) return kBadTarget;
  const int i = add(path, TargetKind::None, nullptr, 0);
  if (i >= 0) onMatch(i, cb, user);
  return i;
}

void JsonBinder::onMatch(int index, JsonMatchCallback cb, void* user) {
  if (index < 0 || index >= count_) return;
  bindings_[index].callback = cb;
  bindings_[index].user = user;
}

void JsonBinder::restart() {
  state_ = kValue;
  sub_ = isKey_ = strMode_ = literal_ = 0;
  highSurrogate_ = 0;
  depth_ = 0;
  error_ = JsonError::Ok;
  errorOffset_ = consumed_ = 0;
  keyCandidates_ = keyMatched_ = valueMask_ = rawMask_ = 0;
  aliveTop_ = matchLength_ = 0;
  matchTruncated_ = false;
  matchPath_[0] = '\0';
  unresolved_ = count_ ? ~uint32_t{0} >> (32 - count_) : 0;
  for (int i = 0; i < count_; ++i) bindings_[i].status = BindStatus::Missing;
}

void JsonBinder::fail(JsonError e, const uint8_t* at) {
  if (state_ == kError) return;
  // Deliver what came before the error exactly as a chunk end would, so the
  // targets hold the same bytes however the document was split.
  if (strMode_ && (state_ == kString || state_ == kUtf8) && at > spanFrom_)
    stringBytes(spanFrom_, static_cast<size_t>(at - spanFrom_));
  if (rawMask_) rawFlush(at);
  // An invalid document can stop inside a UTF-8 sequence: never leave half
  // of one in a buffer.
  for (uint32_t it = rawMask_ | valueMask_; it; it &= it - 1) {
    JsonBinding& b = bindings_[lowestBit(it)];
    if (b.kind == TargetKind::Chars || b.kind == TargetKind::RawChars)
      trimPartialUtf8(static_cast<char*>(b.target), &b.written);
  }
  error_ = e;
  errorOffset_ = consumed_ + static_cast<size_t>(at - chunk_);
  state_ = kError;
}

// ---------------------------------------------------------------------------
// Binding logic. Everything below runs only for values some binding follows;
// the tokenizer calls it behind a single mask test.

uint32_t JsonBinder::childMask() {
  if (depth_ == 0) {
    const uint32_t all = count_ ? ~uint32_t{0} >> (32 - count_) : 0;
    return stopWhenDone_ ? all & unresolved_ : all;
  }
  if (depth_ > aliveTop_) return 0;
  Level& level = levels_[depth_ - 1];
  const bool isObject = kinds_[(depth_ - 1) >> 3] & (1u << ((depth_ - 1) & 7));
  uint32_t m;
  if (isObject) {
    m = keyMatched_;
    keyMatched_ = 0;
  } else {
    const uint32_t index = level.index++;
    m = 0;
    for (uint32_t it = level.mask; it; it &= it - 1) {
      const int i = lowestBit(it);
      const JsonBinding& b = bindings_[i];
      if ((b.flags & kSegWild) || b.segIndex == index) m |= uint32_t{1} << i;
    }
    if (anyWild_) {
      matchLength_ = level.pathBase;
      matchTruncated_ = false;
      appendIndex(index);
    }
  }
  return stopWhenDone_ ? m & unresolved_ : m;
}

void JsonBinder::beginValue(uint8_t c, const uint8_t* at) {
  const uint32_t here = childMask();
  valueMask_ = 0;
  if (here == 0) return;
  uint32_t followers = 0;
  const bool container = c == '{' || c == '[';
  for (uint32_t it = here; it; it &= it - 1) {
    const int i = lowestBit(it);
    JsonBinding& b = bindings_[i];
    if (b.segCount > depth_) {
      followers |= uint32_t{1} << i;
      continue;
    }
    switch (b.kind) {
      case TargetKind::RawChars:
      case TargetKind::RawText:
        if (b.kind == TargetKind::RawText)
          b.sink->clear(b.target);
        else
          static_cast<char*>(b.target)[0] = '\0';
        b.written = 0;
        b.status = BindStatus::Found;
        b.rawFrom = at;
        b.rawDepth = depth_;
        rawMask_ |= uint32_t{1} << i;
        break;
      case TargetKind::IsNull:
        *static_cast<bool*>(b.target) = c == 'n';
        deliver(i, BindStatus::Found);
        break;
      case TargetKind::None:  // callback only
        if (container)
          deliver(i, BindStatus::Found);
        else
          valueMask_ |= uint32_t{1} << i;  // told at the end of the scalar
        break;
      default:
        if (c == 'n') {
          valueMask_ |= uint32_t{1} << i;  // reported as Null once the literal is complete
        } else if (container) {
          deliver(i, BindStatus::Mismatch);
        } else if (c == '"') {
          if (b.kind == TargetKind::Chars || b.kind == TargetKind::Text) {
            if (b.kind == TargetKind::Text) b.sink->clear(b.target);
            b.written = 0;
            if (b.kind == TargetKind::Chars) static_cast<char*>(b.target)[0] = '\0';
            b.status = BindStatus::Found;
            valueMask_ |= uint32_t{1} << i;
          } else {
            deliver(i, BindStatus::Mismatch);
          }
        } else if (c == 't' || c == 'f') {
          if (b.kind == TargetKind::Bool)
            valueMask_ |= uint32_t{1} << i;
          else
            deliver(i, BindStatus::Mismatch);
        } else {  // number
          if (b.kind >= TargetKind::Int8 && b.kind <= TargetKind::Double)
            valueMask_ |= uint32_t{1} << i;
          else
            deliver(i, BindStatus::Mismatch);
        }
    }
  }
  if (followers) {
    if (container)
      enterContainer(followers);
    else
      resolve(followers, depth_);  // the path goes on, but this value has no members
  }
  if (valueMask_ && (c == '-' || isDigit(c))) number_.reset();
}

void JsonBinder::enterContainer(uint32_t followers) {
  // Called before depth_ counts the new container: its level is depth_.
  const uint16_t d = depth_;
  Level& level = levels_[d];
  level.mask = followers;
  level.index = 0;
  if (anyWild_) {
    if (d > 0) appendPath(".", 1, false);
    level.pathBase = matchLength_;
    level.pathTruncated = matchTruncated_;
  }
  aliveTop_ = static_cast<uint16_t>(d + 1);
  for (uint32_t it = followers; it; it &= it - 1) {
    JsonBinding& b = bindings_[lowestBit(it)];
    selectSegment(b, d);
  }
}

void JsonBinder::resolve(uint32_t mask, unsigned depth) {
  for (uint32_t it = mask; it; it &= it - 1) {
    const int i = lowestBit(it);
    if (bindings_[i].firstWild >= depth) unresolved_ &= ~(uint32_t{1} << i);
  }
}

void JsonBinder::deliver(int i, BindStatus s) {
  JsonBinding& b = bindings_[i];
  b.status = s;
  if (b.firstWild == PathInfo::kNoWildcard) unresolved_ &= ~(uint32_t{1} << i);
  if (b.callback) {
    JsonMatch m;
    const bool wild = b.firstWild != PathInfo::kNoWildcard;
    if (wild) matchPath_[matchLength_] = '\0';
    m.path = wild ? matchPath_ : b.path;
    m.pathTruncated = wild && matchTruncated_;
    m.status = s;
    m.binding = i;
    b.callback(m, b.user);
  }
}

void JsonBinder::deliverNumber(int i) {
  JsonBinding& b = bindings_[i];
  using R = DecimalNumber::Result;
  R r = R::Ok;
  switch (b.kind) {
    case TargetKind::Float: {
      float f;
      r = number_.toFloat(&f);
      if (r == R::Ok) *static_cast<float*>(b.target) = f;
      break;
    }
    case TargetKind::Double: {
      double d;
      r = number_.toDouble(&d);
      if (r == R::Ok) *static_cast<double*>(b.target) = d;
      break;
    }
    case TargetKind::Int8:
    case TargetKind::Int16:
    case TargetKind::Int32:
    case TargetKind::Int64: {
      int64_t v;
      r = number_.toInt64(&v);
      if (r != R::Ok) break;
      const unsigned bits =
          8u << (static_cast<unsigned>(b.kind) - static_cast<unsigned>(TargetKind::Int8));
      if (bits < 64) {
        const int64_t hi = (int64_t{1} << (bits - 1)) - 1, lo = -hi - 1;
        if (v < lo || v > hi) {
          r = R::OutOfRange;
          break;
        }
      }
      if (bits == 8) *static_cast<int8_t*>(b.target) = static_cast<int8_t>(v);
      if (bits == 16) *static_cast<int16_t*>(b.target) = static_cast<int16_t>(v);
      if (bits == 32) *static_cast<int32_t*>(b.target) = static_cast<int32_t>(v);
      if (bits == 64) *static_cast<int64_t*>(b.target) = v;
      break;
    }
    default: {  // unsigned
      uint64_t v;
      r = number_.toUint64(&v);
      if (r != R::Ok) break;
      const unsigned bits =
          8u << (static_cast<unsigned>(b.kind) - static_cast<unsigned>(TargetKind::Uint8));
      if (bits < 64 && v > (uint64_t{1} << bits) - 1) {
        r = R::OutOfRange;
        break;
      }
      if (bits == 8) *static_cast<uint8_t*>(b.target) = static_cast<uint8_t>(v);
      if (bits == 16) *static_cast<uint16_t*>(b.target) = static_cast<uint16_t>(v);
      if (bits == 32) *static_cast<uint32_t*>(b.target) = static_cast<uint32_t>(v);
      if (bits == 64) *static_cast<uint64_t*>(b.target) = v;
      break;
    }
  }
  deliver(i, r == R::Ok ? BindStatus::Found
                        : (r == R::NotIntegral ? BindStatus::Mismatch : BindStatus::OutOfRange));
}

// A scalar ended just before `after`.
void JsonBinder::endScalar(const uint8_t* after) {
  if (valueMask_) {
    for (uint32_t it = valueMask_; it; it &= it - 1) {
      const int i = lowestBit(it);
      JsonBinding& b = bindings_[i];
      if (state_ == kLiteral && literal_ == 2) {
        deliver(i, BindStatus::Null);
      } else if (b.kind == TargetKind::None) {
        deliver(i, BindStatus::Found);
      } else if (state_ == kLiteral) {
        *static_cast<bool*>(b.target) = literal_ == 0;
        deliver(i, BindStatus::Found);
      } else if (state_ == kNumber) {
        deliverNumber(i);
      } else {  // string: already written, close it
        deliver(i, b.status);
      }
    }
    valueMask_ = 0;
  }
  if (rawMask_) endRaw(after);
  afterValue();
}

void JsonBinder::closeContainer(const uint8_t* after) {
  --depth_;
  if (depth_ < aliveTop_) {
    // A followed container ends: its bindings go back to the parent's segment.
    const uint32_t mask = levels_[depth_].mask;
    resolve(mask, depth_);
    if (depth_ > 0)
      for (uint32_t it = mask; it; it &= it - 1)
        selectSegment(bindings_[lowestBit(it)], depth_ - 1u);
    aliveTop_ = depth_;
    if (anyWild_ && depth_ > 0) {
      // Back to the end of this container's own segment in the parent.
      matchTruncated_ = levels_[depth_].pathTruncated;
      matchLength_ = static_cast<uint16_t>(levels_[depth_].pathBase - (matchTruncated_ ? 0 : 1));
    }
  }
  if (rawMask_) endRaw(after);
  afterValue();
}

void JsonBinder::afterValue() {
  state_ = depth_ ? kAfterValue : kDone;
  if (stopWhenDone_ && unresolved_ == 0) state_ = kStopped;
}

void JsonBinder::rawFlush(const uint8_t* upTo) {
  for (uint32_t it = rawMask_; it; it &= it - 1) {
    JsonBinding& b = bindings_[lowestBit(it)];
    if (upTo > b.rawFrom) {
      const size_t n = static_cast<size_t>(upTo - b.rawFrom);
      if (b.kind == TargetKind::RawText)
        b.sink->append(b.target, reinterpret_cast<const char*>(b.rawFrom), n);
      else if (b.status != BindStatus::Truncated &&
               appendUtf8Safe(static_cast<char*>(b.target), b.size, &b.written,
                              reinterpret_cast<const char*>(b.rawFrom), n))
        b.status = BindStatus::Truncated;
    }
    b.rawFrom = upTo;
  }
}

void JsonBinder::endRaw(const uint8_t* after) {
  rawFlush(after);
  for (uint32_t it = rawMask_; it; it &= it - 1) {
    const int i = lowestBit(it);
    if (bindings_[i].rawDepth == depth_) {
      rawMask_ &= ~(uint32_t{1} << i);
      deliver(i, bindings_[i].status);
    }
  }
}

void JsonBinder::appendPath(const char* s, size_t n, bool escape) {
  // Once a segment is cut, nothing more of it is appended: otherwise a later
  // short character could fill the room a longer escape did not fit in, and
  // the result would depend on how the key was split across chunks.
  if (matchTruncated_) return;
  for (size_t k = 0; k < n; ++k) {
    const char c = s[k];
    const bool special = escape && (c == '.' || c == '\\' || c == '*');
    if (matchLength_ + (special ? 2u : 1u) > EHC_MAX_MATCH_PATH) {
      matchTruncated_ = true;
      return;
    }
    if (special) matchPath_[matchLength_++] = '\\';
    matchPath_[matchLength_++] = c;
  }
}

void JsonBinder::appendIndex(uint32_t index) {
  char digits[10];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + index % 10);
    index /= 10;
  } while (index);
  char text[10];
  for (int k = 0; k < n; ++k) text[k] = digits[n - 1 - k];
  appendPath(text, static_cast<size_t>(n), false);
}

void JsonBinder::keyBytes(const uint8_t* s, size_t n) {
  for (uint32_t it = keyCandidates_; it; it &= it - 1) {
    const int i = lowestBit(it);
    const JsonBinding& b = bindings_[i];
    if (b.flags & kSegWild) continue;
    if (!segmentMatches(b, keyLength_, reinterpret_cast<const char*>(s), n))
      keyCandidates_ &= ~(uint32_t{1} << i);
  }
  keyLength_ = static_cast<uint16_t>(keyLength_ + n > 0xffff ? 0xffff : keyLength_ + n);
  if (anyWild_) appendPath(reinterpret_cast<const char*>(s), n, true);
}

void JsonBinder::endKey() {
  keyMatched_ = 0;
  for (uint32_t it = keyCandidates_; it; it &= it - 1) {
    const int i = lowestBit(it);
    const JsonBinding& b = bindings_[i];
    if ((b.flags & kSegWild) || b.segDecoded == keyLength_) keyMatched_ |= uint32_t{1} << i;
  }
}

void JsonBinder::valueBytes(const uint8_t* s, size_t n) {
  for (uint32_t it = valueMask_; it; it &= it - 1) {
    JsonBinding& b = bindings_[lowestBit(it)];
    if (b.kind == TargetKind::Text)
      b.sink->append(b.target, reinterpret_cast<const char*>(s), n);
    else if (b.kind == TargetKind::Chars && b.status != BindStatus::Truncated &&
             appendUtf8Safe(static_cast<char*>(b.target), b.size, &b.written,
                            reinterpret_cast<const char*>(s), n))
      b.status = BindStatus::Truncated;
  }
}

void JsonBinder::stringBytes(const uint8_t* s, size_t n) {
  if (n == 0) return;
  if (strMode_ == 1)
    keyBytes(s, n);
  else
    valueBytes(s, n);
}

void JsonBinder::emitCodePoint(uint32_t cp) {
  char buf[4];
  const size_t n = encodeUtf8(cp, buf);
  stringBytes(reinterpret_cast<const uint8_t*>(buf), n);
}

// ---------------------------------------------------------------------------
// The tokenizer. Hot loops work on [p, end) and test for the end of the chunk
// themselves; state is saved only when a chunk ends inside a token.

void JsonBinder::feed(const char* data, size_t length) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(data);
  const uint8_t* const end = p + length;
  chunk_ = p;
  spanFrom_ = p;
  if (state_ == kStopped || state_ == kError) {
    if (state_ == kStopped) consumed_ += length;
    return;
  }
  for (uint32_t it = rawMask_; it; it &= it - 1) bindings_[lowestBit(it)].rawFrom = p;

  uint8_t c;
  for (;;) {
    switch (state_) {
      case kValue:
      case kValueOrEnd: {
        while (p < end && isWs(*p)) ++p;
        if (p == end) goto out;
        c = *p;
        if (c == ']' && state_ == kValueOrEnd) {
          ++p;
          closeContainer(p);
          break;
        }
        beginValue(c, p);
        switch (c) {
          case '{':
          case '[':
            if (depth_ >= EHC_MAX_DEPTH) {
              fail(JsonError::TooDeep, p);
              goto out;
            }
            if (c == '{')
              kinds_[depth_ >> 3] =
                  static_cast<uint8_t>(kinds_[depth_ >> 3] | (1u << (depth_ & 7)));
            else
              kinds_[depth_ >> 3] =
                  static_cast<uint8_t>(kinds_[depth_ >> 3] & ~(1u << (depth_ & 7)));
            ++depth_;
            ++p;
            state_ = c == '{' ? kKeyOrEnd : kValueOrEnd;
            break;
          case '"':
            ++p;
            isKey_ = 0;
            strMode_ = valueMask_ ? 2 : 0;
            spanFrom_ = p;
            state_ = kString;
            break;
          case 't':
          case 'f':
          case 'n':
            literal_ = c == 't' ? 0 : (c == 'f' ? 1 : 2);
            sub_ = 1;
            ++p;
            state_ = kLiteral;
            break;
          case '-':
            if (valueMask_) number_.negative = true;
            sub_ = kNumMinus;
            ++p;
            state_ = kNumber;
            break;
          default:
            if (!isDigit(c)) {
              fail(JsonError::UnexpectedByte, p);
              goto out;
            }
            sub_ = kNumMinus;  // the digit is taken by the number loop
            state_ = kNumber;
        }
        break;
      }

      case kKeyOrEnd:
      case kKey: {
        while (p < end && isWs(*p)) ++p;
        if (p == end) goto out;
        c = *p;
        if (c == '}' && state_ == kKeyOrEnd) {
          ++p;
          closeContainer(p);
          break;
        }
        if (c != '"') {
          fail(JsonError::UnexpectedByte, p);
          goto out;
        }
        ++p;
        isKey_ = 1;
        strMode_ = 0;
        if (depth_ <= aliveTop_) {
          keyCandidates_ = levels_[depth_ - 1].mask;
          keyLength_ = 0;
          strMode_ = 1;
          if (anyWild_) {
            matchLength_ = levels_[depth_ - 1].pathBase;
            matchTruncated_ = false;
          }
        }
        spanFrom_ = p;
        state_ = kString;
        break;
      }

      case kColon:
        while (p < end && isWs(*p)) ++p;
        if (p == end) goto out;
        if (*p != ':') {
          fail(JsonError::UnexpectedByte, p);
          goto out;
        }
        ++p;
        state_ = kValue;
        break;

      case kAfterValue: {
        while (p < end && isWs(*p)) ++p;
        if (p == end) goto out;
        c = *p;
        const bool isObject = kinds_[(depth_ - 1) >> 3] & (1u << ((depth_ - 1) & 7));
        if (c == ',') {
          ++p;
          state_ = isObject ? kKey : kValue;
        } else if (c == (isObject ? '}' : ']')) {
          ++p;
          closeContainer(p);
        } else {
          fail(JsonError::UnexpectedByte, p);
          goto out;
        }
        break;
      }

      case kString: {
        if (highSurrogate_) {
          if (p == end) goto out;
          if (*p != '\\') {
            fail(JsonError::InvalidSurrogate, p);
            goto out;
          }
        }
        for (;;) {
          while (end - p >= static_cast<ptrdiff_t>(sizeof(Word)) && !hasStringStop(loadWord(p)))
            p += sizeof(Word);
          while (p < end && !(kClass.v[*p] & kStrStop)) ++p;
          if (p == end) goto out;
          c = *p;
          if (c == '"' || c == '\\' || c < 0x20) break;
          // UTF-8 lead byte: check the whole sequence.
          uint8_t lo, hi;
          const int more = utf8SequenceInfo(c, &lo, &hi);
          if (more < 0) {
            fail(JsonError::InvalidUtf8, p);
            goto out;
          }
          ++p;
          if (end - p >= more) {
            if (p[0] < lo || p[0] > hi) {
              fail(JsonError::InvalidUtf8, p);
              goto out;
            }
            for (int k = 1; k < more; ++k)
              if ((p[k] & 0xC0) != 0x80) {
                fail(JsonError::InvalidUtf8, p + k);
                goto out;
              }
            p += more;
          } else {
            sub_ = static_cast<uint8_t>(more);
            utf8Lo_ = lo;
            utf8Hi_ = hi;
            state_ = kUtf8;
            goto next;
          }
        }
        if (strMode_) stringBytes(spanFrom_, static_cast<size_t>(p - spanFrom_));
        spanFrom_ = p;
        if (c == '"') {
          ++p;
          if (isKey_) {
            if (strMode_) endKey();
            state_ = kColon;
          } else {
            endScalar(p);
          }
        } else if (c == '\\') {
          ++p;
          state_ = kEscape;
        } else {
          fail(JsonError::ControlInString, p);
          goto out;
        }
        break;
      }

      case kUtf8:
        while (sub_ > 0) {
          if (p == end) goto out;
          if (*p < utf8Lo_ || *p > utf8Hi_) {
            fail(JsonError::InvalidUtf8, p);
            goto out;
          }
          utf8Lo_ = 0x80;
          utf8Hi_ = 0xBF;
          ++p;
          --sub_;
        }
        state_ = kString;
        break;

      case kEscape: {
        if (p == end) goto out;
        c = *p++;
        if (highSurrogate_ && c != 'u') {
          fail(JsonError::InvalidSurrogate, p - 1);
          goto out;
        }
        uint8_t decoded;
        switch (c) {
          case '"': decoded = '"'; break;
          case '\\': decoded = '\\'; break;
          case '/': decoded = '/'; break;
          case 'b': decoded = '\b'; break;
          case 'f': decoded = '\f'; break;
          case 'n': decoded = '\n'; break;
          case 'r': decoded = '\r'; break;
          case 't': decoded = '\t'; break;
          case 'u':
            sub_ = 0;
            unicode_ = 0;
            state_ = kUnicode;
            goto next;
          default: fail(JsonError::InvalidEscape, p - 1); goto out;
        }
        if (strMode_) stringByte(decoded);
        spanFrom_ = p;
        state_ = kString;
        break;
      }

      case kUnicode: {
        while (sub_ < 4) {
          if (p == end) goto out;
          const int v = hexValue(*p);
          if (v < 0) {
            fail(JsonError::InvalidEscape, p);
            goto out;
          }
          unicode_ = unicode_ * 16 + static_cast<uint32_t>(v);
          ++p;
          ++sub_;
        }
        uint32_t cp = unicode_;
        if (highSurrogate_) {
          if (cp < 0xDC00 || cp > 0xDFFF) {
            fail(JsonError::InvalidSurrogate, p - 1);
            goto out;
          }
          cp = 0x10000 + ((static_cast<uint32_t>(highSurrogate_) - 0xD800) << 10) + (cp - 0xDC00);
          highSurrogate_ = 0;
        } else if (cp >= 0xD800 && cp <= 0xDBFF) {
          highSurrogate_ = static_cast<uint16_t>(cp);
          cp = 0;
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
          fail(JsonError::InvalidSurrogate, p - 1);
          goto out;
        }
        if (highSurrogate_ == 0 && strMode_) emitCodePoint(cp);
        spanFrom_ = p;
        state_ = kString;
        break;
      }

      case kNumber: {
        const uint8_t* s;
        for (;;) {
          if (p == end) goto out;
          c = *p;
          switch (sub_) {
            case kNumMinus:
              if (c == '0') {
                sub_ = kNumZero;
                ++p;
              } else if (isDigit(c)) {
                sub_ = kNumInt;
              } else {
                fail(JsonError::InvalidNumber, p);
                goto out;
              }
              continue;
            case kNumZero:
              if (isDigit(c)) {
                fail(JsonError::InvalidNumber, p);
                goto out;
              }
              goto number_tail;
            case kNumInt:
              s = p;
              while (p < end && isDigit(*p)) ++p;
              if (valueMask_)
                for (; s < p; ++s) number_.addIntegerDigit(static_cast<char>(*s));
              if (p == end) goto out;
              c = *p;
              goto number_tail;
            case kNumDot:
            case kNumESign:
              if (!isDigit(c)) {
                fail(JsonError::InvalidNumber, p);
                goto out;
              }
              sub_ = sub_ == kNumDot ? kNumFrac : kNumExp;
              continue;
            case kNumFrac:
              s = p;
              while (p < end && isDigit(*p)) ++p;
              if (valueMask_)
                for (; s < p; ++s) number_.addFractionDigit(static_cast<char>(*s));
              if (p == end) goto out;
              c = *p;
              if ((c | 0x20) == 'e') {
                sub_ = kNumE;
                ++p;
                continue;
              }
              goto number_end;
            case kNumE:
              if (c == '+' || c == '-') {
                if (valueMask_) number_.setExponentSign(c == '-');
                sub_ = kNumESign;
                ++p;
              } else if (isDigit(c)) {
                sub_ = kNumExp;
              } else {
                fail(JsonError::InvalidNumber, p);
                goto out;
              }
              continue;
            default:  // kNumExp
              s = p;
              while (p < end && isDigit(*p)) ++p;
              if (valueMask_)
                for (; s < p; ++s) number_.addExponentDigit(static_cast<char>(*s));
              if (p == end) goto out;
              goto number_end;
          }
        number_tail:  // after the integer part
          if (c == '.') {
            sub_ = kNumDot;
            ++p;
            continue;
          }
          if ((c | 0x20) == 'e') {
            sub_ = kNumE;
            ++p;
            continue;
          }
          goto number_end;
        }
      number_end:
        if (valueMask_) number_.finishExponent();
        endScalar(p);
        break;
      }

      case kLiteral: {
        const char* lit = kLiterals[literal_];
        while (lit[sub_] != '\0') {
          if (p == end) goto out;
          if (*p != static_cast<uint8_t>(lit[sub_])) {
            fail(JsonError::InvalidLiteral, p);
            goto out;
          }
          ++p;
          ++sub_;
        }
        endScalar(p);
        break;
      }

      case kDone:
        while (p < end && isWs(*p)) ++p;
        if (p == end) goto out;
        fail(JsonError::TrailingData, p);
        goto out;

      case kStopped: goto out;

      case kError: return;
    }
  next:;
  }
out:
  if (state_ == kError) return;
  if (strMode_ && (state_ == kString || state_ == kUtf8))
    stringBytes(spanFrom_, static_cast<size_t>(end - spanFrom_));
  if (rawMask_) rawFlush(end);
  consumed_ += length;
}

JsonError JsonBinder::finish() {
  if (state_ == kError) return error_;
  if (state_ == kNumber && depth_ == 0 &&
      (sub_ == kNumZero || sub_ == kNumInt || sub_ == kNumFrac || sub_ == kNumExp)) {
    if (valueMask_) number_.finishExponent();
    endScalar(nullptr);
  }
  if (state_ == kDone || state_ == kStopped) return JsonError::Ok;
  chunk_ = nullptr;
  error_ = JsonError::Incomplete;
  errorOffset_ = consumed_;
  state_ = kError;
  return error_;
}

EHC_END_NAMESPACE
