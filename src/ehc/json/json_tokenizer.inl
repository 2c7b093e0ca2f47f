// The tokenizer: RFC 8259's grammar and UTF-8 validation, pushed a chunk at
// a time.
// Part of json_binder.cpp's one translation unit.
#pragma once

#include <string.h>

#include "../core/bits.h"
#include "json_binder.h"
#include "json_chars.h"
#include "json_path_matcher.inl"
#include "json_scan.inl"
#include "json_value_delivery.inl"
#include "utf8.h"

EHC_BEGIN_NAMESPACE

namespace {

using json_chars::endsValue;

const char* const kLiterals[3] = {"true", "false", "null"};

// Number stages (sub_ while in kNumber).
enum : uint8_t { kNumMinus, kNumZero, kNumInt, kNumDot, kNumFrac, kNumE, kNumESign, kNumExp };

// A byte the grammar does not allow where it is. A NUL, or a byte UTF-8
// never has (F5-FF: the UTF-16 and UTF-32 byte order marks begin with FE or
// FF), says the text is not UTF-8: UTF-16 or UTF-32.
inline JsonError unexpectedByte(uint8_t c) {
  return c == 0 || c >= 0xF5 ? JsonError::InvalidUtf8 : JsonError::UnexpectedByte;
}

// Whether a[0..3] are b[0..3]: one load each where unaligned loads are
// cheap, else four byte compares inline (memcmp is a call on the MCUs).
inline bool sameFour(const uint8_t* a, const char* b) {
  if (!kAlignLoads) {
    uint32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return x == y;
  }
  return a[0] == static_cast<uint8_t>(b[0]) && a[1] == static_cast<uint8_t>(b[1]) &&
         a[2] == static_cast<uint8_t>(b[2]) && a[3] == static_cast<uint8_t>(b[3]);
}

inline int hexValue(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<uint8_t>(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

// ---------------------------------------------------------------------------
// The tokenizer: a state machine over RFC 8259's grammar. Within a chunk every
// transition is a direct jump (run()'s labels, readString()'s for the inside
// of a string); the binding logic runs behind a single test (is the current
// container followed?). Hot loops work on [p, end) and test for the end of the
// chunk themselves.
//
// One mechanism ends a chunk: the code that meets its end returns the state
// the next chunk resumes in. run() returns its own states, which feed()
// stores; a token's reader stores its state with pause() and returns kPaused
// (failAt() too, after fail() stored kError), which run() passes on. Short of
// that, a reader returns the state its input leads to. The states and their
// transitions:
//
//   state        input                          next
//   kValue       whitespace                     kValue
//                '"'                            kString (a value)
//                '{' / '['                      kKeyOrEnd / kValueOrEnd, one level deeper
//                't' 'f' 'n'                    kLiteral
//                '-' or a digit                 kNumber
//   kValueOrEnd  ']'                            close
//                another byte                   as kValue
//   kKeyOrEnd    '}'                            close
//                another byte                   as kKey
//   kKey         whitespace / '"'               kKey / kString (a key)
//   kColon       whitespace / ':'               kColon / kValue
//   kAfterValue  whitespace                     kAfterValue
//                ','                            kKey in an object, kValue in an array
//                the open container's '}' / ']' close
//   kString      '"'                            kColon after a key, after value after a value
//                '\\'                           kEscape
//                a UTF-8 lead byte              kUtf8 (its bytes continue)
//                another byte >= 0x20           kString
//   kEscape      '"' '\\' '/' 'b' 'f' 'n' 'r' 't'  kString
//                'u'                            kUnicode
//   kUnicode     four hex digits                kString ('\\' 'u' next after a high surrogate)
//   kUtf8        a continuation byte            kUtf8, after the character's last kString
//   kNumber      the number's digits . e E + -  kNumber; a byte that ends a value: after value
//   kLiteral     the literal's next letter      kLiteral; a byte after it: after value
//   kDone        whitespace                     kDone
//   kStopped     anything                       kStopped (counted, not read)
//
// "close": one level up, then after value. "after value": kDone at the
// root, else kAfterValue. Any other input: kError. A value no binding wants,
// or a plain string, is mostly taken whole from kValue, a plain key from kKey.

void JsonBinder::feed(const char* data, size_t length) {
  const uint8_t* const p = reinterpret_cast<const uint8_t*>(data);
  const uint8_t* const end = p + length;
  chunk_ = p;
  spanFrom_ = p;
  if (state_ == kStopped || state_ == kError) {
    if (state_ == kStopped) consumed_ += length;
    return;
  }
  for (uint32_t it = rawMask_; it; it &= it - 1) bindings_[lowestBitCall(it)].rawFrom = p;
  const State at = run(p, end);
  if (at != kPaused) state_ = at;  // (else pause() or fail() stored it)
  if (state_ == kError) return;
  // Inside a string a binding reads: the bytes of it this chunk had.
  if (strMode_ && (state_ == kString || state_ == kUtf8)) {
    stringBytes(spanFrom_, static_cast<size_t>(end - spanFrom_));
  }
  if (rawMask_) rawFlush(end);
  consumed_ += length;
}

EHC_ALWAYS_INLINE JsonBinder::State JsonBinder::run(const uint8_t* p, const uint8_t* const end) {
  State r;
  State inString;  // where readString resumes: kString, or the state a chunk ended in
  ScalarKind scalar;
  uint8_t c;
  switch (state_) {
    case kValue: goto value;
    case kValueOrEnd: goto value_or_end;
    case kKeyOrEnd: goto key_or_end;
    case kKey: goto key;
    case kColon: goto colon;
    case kAfterValue: goto after_value;
    case kString:
    case kEscape:
    case kUnicode:
    case kUtf8: inString = state_; goto string_resume;
    case kNumber: goto number;
    case kLiteral: goto literal;
    case kDone: goto done;
    default: return kPaused;  // (feed() takes no chunk in kStopped or kError)
  }

value_or_end:
  p = skipWhitespace(p, end);
  if (p == end) return kValueOrEnd;
  if (*p == ']') {
    ++p;
    goto close;
  }
  goto value_start;
value:
  p = skipWhitespace(p, end);
  if (p == end) return kValue;
value_start:
  switch (r = startValue(p, end)) {
    case kString: goto string;
    case kKeyOrEnd: goto key_or_end;
    case kValueOrEnd: goto value_or_end;
    case kLiteral: goto literal;
    case kNumber: goto number;
    case kStringClosed: goto string_closed;
    case kAfterValue: goto value_end;
    default: return r;  // kPaused
  }
close:  // a closing bracket was just consumed
  --depth_;
  if (depth_ < aliveTop_ || rawMask_) {
    closeFollowed(p);
    if (allResolved()) return kStopped;
  }
  inObject_ = depth_ && (kinds_[(depth_ - 1) >> 3] & (1u << ((depth_ - 1) & 7)));
value_end:
  if (depth_ == 0) goto done;
after_value:
  if (p < end && *p <= ' ') p = skipWhitespace(p, end);  // (mostly a ',' comes straight)
  if (p == end) return kAfterValue;
  c = *p++;
  if (c == ',') {
    if (inObject_) goto key;
    goto value;
  }
  if (c == (inObject_ ? '}' : ']')) goto close;
  --p;
  goto unexpected;
key_or_end:
  p = skipWhitespace(p, end);
  if (p == end) return kKeyOrEnd;
  if (*p == '}') {
    ++p;
    goto close;
  }
  goto key_start;
key:
  p = skipWhitespace(p, end);
  if (p == end) return kKey;
key_start:
  if (*p != '"') goto unexpected;
  ++p;
  // A plain key whole in this chunk, then (mostly) its colon, is taken at once;
  // anything else (escape, UTF-8, control byte, chunk end) takes kString.
  // (isKey_ and strMode_ are read only there.)
  if (depth_ <= aliveTop_) {  // a followed object
    const uint8_t* q = scanString(p, end);
    if (q == end || *q != '"') {
      beginKey();  // (strMode_ 1)
      goto key_string;
    }
    matchWholeKey(p, static_cast<size_t>(q - p));
    p = q + 1;
  } else {
    const uint8_t* q = scanString(p, end);
    if (q == end || *q != '"') {
      strMode_ = 0;
      goto key_string;
    }
    p = q + 1;
  }
  // Mostly the colon and one space, "key": value: one load and compare where
  // unaligned loads are cheap, else no whitespace scan.
  if (kCheapWordLoads && end - p >= 4) {
    uint32_t w;
    memcpy(&w, p, 4);
    if ((w & 0xFFFF) == (':' | ' ' << 8) && static_cast<uint8_t>(w >> 16) > ' ') {
      p += 2;
      goto value_start;
    }
  }
  if (p < end && *p == ':') {
    ++p;
    // (Mostly the colon and one space, "key": value: no whitespace scan.)
    if (end - p >= 2 && p[0] == ' ' && p[1] > ' ') {
      ++p;
      goto value_start;
    }
    goto value;
  }
colon:
  if (p < end && *p <= ' ') p = skipWhitespace(p, end);
  if (p == end) return kColon;
  if (*p != ':') goto unexpected;
  ++p;
  goto value;
key_string:
  isKey_ = 1;
string:  // a string that is not taken whole at its start: from p on
  spanFrom_ = p;
  inString = kString;
string_resume:
  r = readString(p, end, inString);
  if (r == kColon) goto colon;
  if (r != kStringClosed) return r;  // kPaused
string_closed:
  if (valueMask_ | rawMask_) {
    endScalarInline(p, ScalarKind::String);
    if (allResolved()) return kStopped;
  }
  goto value_end;
number:
  if (readNumber(p, end) == kPaused) return kPaused;
  if (!(valueMask_ | rawMask_)) goto value_end;
  if (valueMask_) number_.finishExponent();
  scalar = ScalarKind::Number;
  goto scalar_end;
literal:
  if (readLiteral(p, end) == kPaused) return kPaused;
  if (!(valueMask_ | rawMask_)) goto value_end;
  if (p == end) return kLiteral;  // whole once the byte after it comes
  scalar = ScalarKind::Literal;
// A bound number or literal ends at the byte after it (p), which must be one
// that may follow a value: only then is the value whole (`12abc` is not 12).
scalar_end:
  if (!endsValue(*p)) goto cut_short;
  endScalar(p, scalar);
  if (allResolved()) return kStopped;
  goto value_end;

cut_short:
  if (depth_ == 0) goto done;  // (trailing data)
unexpected:                    // *p is a byte the grammar does not allow here
  return failAt(unexpectedByte(*p), p);
done:
  p = skipWhitespace(p, end);
  if (p != end) return failAt(JsonError::TrailingData, p);
  return kDone;
}

// The first byte of a value, at p: the value taken whole when no binding
// wants it (or a bound plain string) and it is all in this chunk, else
// the state that reads it.
EHC_ALWAYS_INLINE JsonBinder::State JsonBinder::startValue(const uint8_t*& p, const uint8_t* end) {
  // Any byte: one that cannot start a value is an error, found by the
  // dispatch below; a value some binding follows is tested before the
  // bindings are told of it (a container at the depth limit too). A value
  // nothing follows (most) takes no test but the dispatch.
  const uint8_t c = *p;
  if (depth_ <= aliveTop_) {  // the root, or a followed container
    if (!(json_chars::kTable.v[c] & json_chars::kValueStart)) goto unexpected;
    if (depth_ >= EHC_MAX_DEPTH && (c == '{' || c == '[')) goto too_deep;
    beginValue(c, p);
  }
  if (c == '"') {  // (most values: tested before the switch's dispatch)
    ++p;
    // A plain string whole in this chunk is taken at once: skimmed when
    // nothing wants it, else handed to its text targets (isKey_ and
    // strMode_ are read only in kString, and reset at a bound value's end).
    if (!rawMask_) {
      const uint8_t* q = scanString(p, end);
      if (q < end && *q == '"') {
        const uint8_t* const from = p;
        p = q + 1;
        if (!valueMask_) return kAfterValue;
        valueBytesInline(from, static_cast<size_t>(q - from));
        return kStringClosed;
      }
    }
    isKey_ = 0;
    strMode_ = valueMask_ ? 2 : 0;
    return kString;
  }
  switch (c) {
    case '{':
    case '[':
      if (depth_ >= EHC_MAX_DEPTH) goto too_deep;
      inObject_ = c == '{';
      if (inObject_)
        kinds_[depth_ >> 3] = static_cast<uint8_t>(kinds_[depth_ >> 3] | (1u << (depth_ & 7)));
      else
        kinds_[depth_ >> 3] = static_cast<uint8_t>(kinds_[depth_ >> 3] & ~(1u << (depth_ & 7)));
      ++depth_;
      ++p;
      return inObject_ ? kKeyOrEnd : kValueOrEnd;
    case 't':
    case 'f':
    case 'n':
      literal_ = c == 't' ? 0 : (c == 'f' ? 1 : 2);
      if (!(valueMask_ | rawMask_)) {  // nothing wants it: match it whole
        const size_t n = literal_ == 1 ? 5 : 4;
        // (Its first letter is c: the last four are compared.)
        if (static_cast<size_t>(end - p) >= n && sameFour(p + n - 4, kLiterals[literal_] + n - 4)) {
          p += n;
          return kAfterValue;
        }
      }
      sub_ = 1;
      ++p;
      return kLiteral;
    case '-':
      if (valueMask_) number_.negative = true;
      sub_ = kNumMinus;
      ++p;
      return kNumber;
    default:  // a digit, or not a value
      if (!isDigit(c)) goto unexpected;
      if (c != '0' && !(valueMask_ | rawMask_)) {
        // Nothing wants it: a plain integer is its digits up to a byte that
        // cannot continue a number.
        const uint8_t* q = scanDigits(p + 1, end);
        if (q < end && *q != '.' && (*q | 0x20) != 'e') {
          p = q;
          return kAfterValue;
        }
      }
      sub_ = kNumMinus;  // the digit is taken by the number loop
      return kNumber;
  }
unexpected:
  return failAt(unexpectedByte(c), p);
too_deep:
  return failAt(JsonError::TooDeep, p);
}

// Inside a string, in state `at` (kString, or where a chunk ended: kEscape,
// kUnicode, kUtf8): up to its closing quote, then kColon after a key,
// kStringClosed after a value (p after the quote), or kPaused.
EHC_ALWAYS_INLINE JsonBinder::State JsonBinder::readString(const uint8_t*& p, const uint8_t* end,
                                                           State at) {
  State r;
  switch (at) {
    case kEscape: goto escape;
    case kUnicode: goto unicode;
    case kUtf8: goto utf8;
    default: break;
  }
characters:
  switch (r = stringCharacters(p, end)) {
    case kEscape: goto escape;
    case kUtf8: goto utf8;
    default: return r;  // kColon, kStringClosed, kPaused
  }
escape:
  r = escapeCharacter(p, end);
  if (r == kString) goto characters;
  if (r != kUnicode) return r;  // kPaused
unicode:
  r = unicodeEscape(p, end);
  if (r == kString) goto characters;
  return r;  // kPaused
utf8:
  r = utf8Continuation(p, end);
  if (r == kString) goto characters;
  return r;  // kPaused
}

// A string's characters up to its closing quote (past it: kColon or
// kStringClosed), a backslash (past it: kEscape) or a UTF-8 character cut by
// the chunk's end (kUtf8); kPaused in kString at the chunk's end.
EHC_ALWAYS_INLINE JsonBinder::State JsonBinder::stringCharacters(const uint8_t*& p,
                                                                 const uint8_t* end) {
  if (highSurrogate_) {
    if (p == end) return pause(kString);
    if (*p != '\\') return failAt(JsonError::InvalidSurrogate, p);
  }
  uint8_t c;
  for (;;) {
    p = scanString(p, end);
    if (p == end) return pause(kString);
    c = *p;
    if (c == '"' || c == '\\' || c < 0x20) break;
    // Multi-byte UTF-8. Runs of 2- and 3-byte characters (most non-Latin
    // text) are checked inline, runs of 3-byte ones first where the scans
    // are wide; the rest takes the general path below.
    if (kWideScans && (c & 0xF0) == 0xE0) {
      p = skipThreeByteRun(p, end);
      if (p == end) continue;
      c = *p;
    }
    while (end - p >= 3) {
      if (c >= 0xE1 && c <= 0xEF && c != 0xED) {
        if (((p[1] & 0xC0) | ((p[2] & 0xC0) >> 2)) != 0xA0) break;  // both 10xxxxxx
        p += 3;
      } else if (c >= 0xC2 && c <= 0xDF) {
        if ((p[1] & 0xC0) != 0x80) break;
        p += 2;
      } else {
        break;
      }
      if (p == end || (c = *p) < 0x80) break;
    }
    if (p == end || c < 0x80) continue;
    uint8_t lo, hi;
    const int more = utf8SequenceInfo(c, &lo, &hi);
    if (more < 0) return failAt(JsonError::InvalidUtf8, p);
    ++p;
    if (end - p < more) {
      sub_ = static_cast<uint8_t>(more);
      utf8Lo_ = lo;
      utf8Hi_ = hi;
      return kUtf8;  // (its next bytes: utf8Continuation)
    }
    if (p[0] < lo || p[0] > hi) return failAt(JsonError::InvalidUtf8, p);
    for (int k = 1; k < more; ++k)
      if ((p[k] & 0xC0) != 0x80) return failAt(JsonError::InvalidUtf8, p + k);
    p += more;
  }
  // (A key read here, not whole at kKey, is matched piece by piece:
  // matchWholeKey is inlined once, into run()'s fast path.)
  if (strMode_) {
    if (strMode_ == 2)
      valueBytes(spanFrom_, static_cast<size_t>(p - spanFrom_));
    else
      keyBytes(spanFrom_, static_cast<size_t>(p - spanFrom_));
  }
  spanFrom_ = p;
  if (c == '"') {
    ++p;
    if (!isKey_) return kStringClosed;
    if (strMode_) endKey();
    return kColon;
  }
  if (c != '\\') return failAt(JsonError::ControlInString, p);
  ++p;
  return kEscape;
}

// After a backslash: the escaped character (kString), or kUnicode for \u.
EHC_ALWAYS_INLINE JsonBinder::State JsonBinder::escapeCharacter(const uint8_t*& p,
                                                                const uint8_t* end) {
  if (p == end) return pause(kEscape);
  uint8_t c = *p++;
  if (highSurrogate_ && c != 'u') return failAt(JsonError::InvalidSurrogate, p - 1);
  switch (c) {
    case '"': break;
    case '\\': break;
    case '/': break;
    case 'b': c = '\b'; break;
    case 'f': c = '\f'; break;
    case 'n': c = '\n'; break;
    case 'r': c = '\r'; break;
    case 't': c = '\t'; break;
    case 'u':
      sub_ = 0;
      unicode_ = 0;
      return kUnicode;
    default: return failAt(JsonError::InvalidEscape, p - 1);
  }
  if (strMode_) stringByte(c);
  spanFrom_ = p;
  return kString;
}

// The four hex digits of \uXXXX (sub_ of them read), then the code point
// (a high surrogate waits for its low half).
EHC_ALWAYS_INLINE JsonBinder::State JsonBinder::unicodeEscape(const uint8_t*& p,
                                                              const uint8_t* end) {
  while (sub_ < 4) {
    if (p == end) return pause(kUnicode);
    const int v = hexValue(*p);
    if (v < 0) return failAt(JsonError::InvalidEscape, p);
    unicode_ = unicode_ * 16 + static_cast<uint32_t>(v);
    ++p;
    ++sub_;
  }
  uint32_t cp = unicode_;
  if (highSurrogate_) {
    if (cp < 0xDC00 || cp > 0xDFFF) return failAt(JsonError::InvalidSurrogate, p - 1);
    cp = 0x10000 + ((static_cast<uint32_t>(highSurrogate_) - 0xD800) << 10) + (cp - 0xDC00);
    highSurrogate_ = 0;
  } else if (cp >= 0xD800 && cp <= 0xDBFF) {
    highSurrogate_ = static_cast<uint16_t>(cp);
  } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
    return failAt(JsonError::InvalidSurrogate, p - 1);
  }
  if (highSurrogate_ == 0 && strMode_) emitCodePoint(cp);
  spanFrom_ = p;
  return kString;
}

// The sub_ continuation bytes left of a UTF-8 character, the next one
// within [utf8Lo_, utf8Hi_].
EHC_ALWAYS_INLINE JsonBinder::State JsonBinder::utf8Continuation(const uint8_t*& p,
                                                                 const uint8_t* end) {
  while (sub_ > 0) {
    if (p == end) return pause(kUtf8);
    if (*p < utf8Lo_ || *p > utf8Hi_) return failAt(JsonError::InvalidUtf8, p);
    utf8Lo_ = 0x80;
    utf8Hi_ = 0xBF;
    ++p;
    --sub_;
  }
  return kString;
}

// A number from stage sub_: kAfterValue at the first byte that cannot
// continue it (p at it), kPaused (in kNumber) at the chunk's end.
EHC_ALWAYS_INLINE JsonBinder::State JsonBinder::readNumber(const uint8_t*& p, const uint8_t* end) {
  const uint8_t* s;
  uint8_t c;
  for (;;) {
    if (p == end) return pause(kNumber);
    c = *p;
    switch (sub_) {
      case kNumMinus:
        if (c == '0') {
          sub_ = kNumZero;
          ++p;
        } else if (isDigit(c)) {
          sub_ = kNumInt;
        } else {
          return failAt(JsonError::InvalidNumber, p);
        }
        continue;
      case kNumZero:
        if (isDigit(c)) return failAt(JsonError::InvalidNumber, p);
        break;
      case kNumInt:
        s = p;
        p = scanDigits(p, end);
        if (valueMask_)
          for (; s < p; ++s) number_.addIntegerDigit(static_cast<char>(*s));
        if (p == end) continue;
        c = *p;
        break;
      case kNumDot:
      case kNumESign:
        if (!isDigit(c)) return failAt(JsonError::InvalidNumber, p);
        sub_ = sub_ == kNumDot ? kNumFrac : kNumExp;
        continue;
      case kNumFrac:
        s = p;
        p = scanDigits(p, end);
        if (valueMask_)
          for (; s < p; ++s) number_.addFractionDigit(static_cast<char>(*s));
        if (p == end) continue;
        if ((*p | 0x20) == 'e') {
          sub_ = kNumE;
          ++p;
          continue;
        }
        return kAfterValue;
      case kNumE:
        if (c == '+' || c == '-') {
          if (valueMask_) number_.setExponentSign(c == '-');
          sub_ = kNumESign;
          ++p;
        } else if (isDigit(c)) {
          sub_ = kNumExp;
        } else {
          return failAt(JsonError::InvalidNumber, p);
        }
        continue;
      default:  // kNumExp
        s = p;
        p = scanDigits(p, end);
        if (valueMask_)
          for (; s < p; ++s) number_.addExponentDigit(static_cast<char>(*s));
        if (p == end) continue;
        return kAfterValue;
    }
    // after the integer part
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
    return kAfterValue;
  }
}

// The letters of literal literal_ from position sub_: kAfterValue after the
// last, kPaused (in kLiteral) at the chunk's end.
EHC_ALWAYS_INLINE JsonBinder::State JsonBinder::readLiteral(const uint8_t*& p, const uint8_t* end) {
  const char* lit = kLiterals[literal_];
  while (lit[sub_] != '\0') {
    if (p == end) return pause(kLiteral);
    if (*p != static_cast<uint8_t>(lit[sub_])) return failAt(JsonError::InvalidLiteral, p);
    ++p;
    ++sub_;
  }
  return kAfterValue;
}

JsonError JsonBinder::finish() {
  if (state_ == kError) return error_;
  // A document that is one number or literal ends with it. (Inside a
  // container the value is cut: `{"a":12` may have been 1234.)
  if (state_ == kNumber && depth_ == 0 &&
      (sub_ == kNumZero || sub_ == kNumInt || sub_ == kNumFrac || sub_ == kNumExp)) {
    if (valueMask_) number_.finishExponent();
    if (valueMask_ | rawMask_) endScalar(nullptr, ScalarKind::Number);
    state_ = kDone;
  } else if (state_ == kLiteral && depth_ == 0 && kLiterals[literal_][sub_] == '\0') {
    endScalar(nullptr, ScalarKind::Literal);  // (bound: an unbound one is not left here)
    state_ = kDone;
  }
  if (state_ == kDone || state_ == kStopped) return JsonError::Ok;
  chunk_ = nullptr;
  fail(JsonError::Incomplete, nullptr);  // at the end: offset consumed_
  return error_;
}

EHC_END_NAMESPACE
