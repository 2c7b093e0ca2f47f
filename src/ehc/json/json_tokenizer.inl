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

inline int hexValue(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<uint8_t>(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

// ---------------------------------------------------------------------------
// The tokenizer. A goto state machine: within a chunk every transition is a
// direct jump, state is saved only when the chunk ends inside a token, and the
// binding logic runs behind a single test (is the current container followed?).
// Hot loops work on [p, end) and test for the end of the chunk themselves.

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
  const uint8_t* s;
  switch (state_) {
    case kValue: goto value;
    case kValueOrEnd: goto value_or_end;
    case kKeyOrEnd: goto key_or_end;
    case kKey: goto key;
    case kColon: goto colon;
    case kAfterValue: goto after_value;
    case kString: goto string;
    case kEscape: goto escape;
    case kUnicode: goto unicode;
    case kUtf8: goto utf8;
    case kNumber: goto number;
    case kLiteral: goto literal;
    case kDone: goto done;
    default: goto out;
  }

value_or_end:
  p = skipWhitespace(p, end);
  if (p == end) {
    state_ = kValueOrEnd;
    goto out;
  }
  if (*p == ']') {
    ++p;
    goto close;
  }
  goto value_start;

value:
  p = skipWhitespace(p, end);
  if (p == end) {
    state_ = kValue;
    goto out;
  }
value_start:
  c = *p;
  if (!(json_chars::kTable.v[c] & json_chars::kValueStart)) goto unexpected;
  if ((c == '{' || c == '[') && depth_ >= EHC_MAX_DEPTH) {
    fail(JsonError::TooDeep, p);
    goto out;
  }
  if (depth_ <= aliveTop_) beginValue(c, p);  // the root, or a followed container
  switch (c) {
    case '"':
      ++p;
      isKey_ = 0;
      strMode_ = valueMask_ ? 2 : 0;
      if (!(valueMask_ | rawMask_)) {  // nothing wants it: skim a plain string
        const uint8_t* q = scanString(p, end);
        if (q < end && *q == '"') {
          p = q + 1;
          goto value_end;
        }
      } else if (!rawMask_) {  // bound text: a plain string whole in this chunk at once
        const uint8_t* q = scanString(p, end);
        if (q < end && *q == '"') {
          valueBytesInline(p, static_cast<size_t>(q - p));
          p = q + 1;
          goto string_value_end;
        }
      }
      spanFrom_ = p;
      goto string;
    case '{':
    case '[':
      inObject_ = c == '{';
      if (inObject_)
        kinds_[depth_ >> 3] = static_cast<uint8_t>(kinds_[depth_ >> 3] | (1u << (depth_ & 7)));
      else
        kinds_[depth_ >> 3] = static_cast<uint8_t>(kinds_[depth_ >> 3] & ~(1u << (depth_ & 7)));
      ++depth_;
      ++p;
      if (inObject_) goto key_or_end;
      goto value_or_end;
    case 't':
    case 'f':
    case 'n':
      literal_ = c == 't' ? 0 : (c == 'f' ? 1 : 2);
      if (!(valueMask_ | rawMask_)) {  // nothing wants it: match it whole
        const size_t n = literal_ == 1 ? 5 : 4;
        if (static_cast<size_t>(end - p) >= n && memcmp(p, kLiterals[literal_], n) == 0) {
          p += n;
          goto value_end;
        }
      }
      sub_ = 1;
      ++p;
      goto literal;
    case '-':
      if (valueMask_) number_.negative = true;
      sub_ = kNumMinus;
      ++p;
      goto number;
    default:  // a digit
      if (c != '0' && !(valueMask_ | rawMask_)) {
        // Nothing wants it: a plain integer is its digits up to a byte that
        // cannot continue a number.
        const uint8_t* q = scanDigits(p + 1, end);
        if (q < end && *q != '.' && (*q | 0x20) != 'e') {
          p = q;
          goto value_end;
        }
      }
      sub_ = kNumMinus;  // the digit is taken by the number loop
      goto number;
  }

close:  // a closing bracket was just consumed
  --depth_;
  if (depth_ < aliveTop_ || rawMask_) {
    closeFollowed(p);
    if (stopWhenDone_ && unresolved_ == 0) goto stop;
  }
  inObject_ = depth_ && (kinds_[(depth_ - 1) >> 3] & (1u << ((depth_ - 1) & 7)));
value_end:
  if (depth_ == 0) goto done;
after_value:
  if (p < end && *p <= ' ') p = skipWhitespace(p, end);  // (mostly a ',' comes straight)
  if (p == end) {
    state_ = kAfterValue;
    goto out;
  }
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
  if (p == end) {
    state_ = kKeyOrEnd;
    goto out;
  }
  if (*p == '}') {
    ++p;
    goto close;
  }
  goto key_start;
key:
  p = skipWhitespace(p, end);
  if (p == end) {
    state_ = kKey;
    goto out;
  }
key_start:
  if (*p != '"') goto unexpected;
  ++p;
  isKey_ = 1;
  strMode_ = 0;
  // A plain key whole in this chunk, then (mostly) its colon, is taken at
  // once; anything unusual (escape, UTF-8, control byte, chunk end) takes the
  // full path.
  if (depth_ <= aliveTop_) {  // a followed object
    beginKey();
    const uint8_t* q = scanString(p, end);
    if (q < end && *q == '"') {
      matchWholeKey(p, static_cast<size_t>(q - p));
      p = q + 1;
      goto key_end;
    }
  } else {
    const uint8_t* q = scanString(p, end);
    if (q < end && *q == '"') {
      p = q + 1;
      goto key_end;
    }
  }
  spanFrom_ = p;
  goto string;
key_end:  // after a key's closing quote
  if (p < end && *p == ':') {
    ++p;
    goto value;
  }
  goto colon;

colon:
  if (p < end && *p <= ' ') p = skipWhitespace(p, end);
  if (p == end) {
    state_ = kColon;
    goto out;
  }
  if (*p != ':') goto unexpected;
  ++p;
  goto value;

string:
  if (highSurrogate_) {
    if (p == end) {
      state_ = kString;
      goto out;
    }
    if (*p != '\\') {
      fail(JsonError::InvalidSurrogate, p);
      goto out;
    }
  }
  for (;;) {
    p = scanString(p, end);
    if (p == end) {
      state_ = kString;
      goto out;
    }
    c = *p;
    if (c == '"' || c == '\\' || c < 0x20) break;
    // Multi-byte UTF-8. Runs of 2- and 3-byte characters (most non-Latin
    // text) are checked inline; the rest takes the general path below.
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
    if (more < 0) {
      fail(JsonError::InvalidUtf8, p);
      goto out;
    }
    ++p;
    if (end - p < more) {
      sub_ = static_cast<uint8_t>(more);
      utf8Lo_ = lo;
      utf8Hi_ = hi;
      goto utf8;
    }
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
  }
  if (strMode_) {
    if (strMode_ == 2)
      valueBytes(spanFrom_, static_cast<size_t>(p - spanFrom_));
    else if (c == '"' && !keySplit_)
      matchWholeKey(spanFrom_, static_cast<size_t>(p - spanFrom_));
    else
      keyBytes(spanFrom_, static_cast<size_t>(p - spanFrom_));
  }
  spanFrom_ = p;
  if (c == '"') {
    ++p;
    if (isKey_) {
      if (strMode_ && keySplit_) endKey();  // else matchWholeKey did it
      goto colon;
    }
  string_value_end:
    if (valueMask_ | rawMask_) {
      endScalarInline(p, ScalarKind::String);
      if (stopWhenDone_ && unresolved_ == 0) goto stop;
    }
    goto value_end;
  }
  if (c != '\\') {
    fail(JsonError::ControlInString, p);
    goto out;
  }
  ++p;
  keySplit_ = 1;
escape:
  if (p == end) {
    state_ = kEscape;
    goto out;
  }
  c = *p++;
  if (highSurrogate_ && c != 'u') {
    fail(JsonError::InvalidSurrogate, p - 1);
    goto out;
  }
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
      goto unicode;
    default: fail(JsonError::InvalidEscape, p - 1); goto out;
  }
  if (strMode_) stringByte(c);
  spanFrom_ = p;
  goto string;

unicode:
  while (sub_ < 4) {
    if (p == end) {
      state_ = kUnicode;
      goto out;
    }
    const int v = hexValue(*p);
    if (v < 0) {
      fail(JsonError::InvalidEscape, p);
      goto out;
    }
    unicode_ = unicode_ * 16 + static_cast<uint32_t>(v);
    ++p;
    ++sub_;
  }
  {
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
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      fail(JsonError::InvalidSurrogate, p - 1);
      goto out;
    }
    if (highSurrogate_ == 0 && strMode_) emitCodePoint(cp);
  }
  spanFrom_ = p;
  goto string;

utf8:
  while (sub_ > 0) {
    if (p == end) {
      state_ = kUtf8;
      goto out;
    }
    if (*p < utf8Lo_ || *p > utf8Hi_) {
      fail(JsonError::InvalidUtf8, p);
      goto out;
    }
    utf8Lo_ = 0x80;
    utf8Hi_ = 0xBF;
    ++p;
    --sub_;
  }
  goto string;

number:
  for (;;) {
    if (p == end) {
      state_ = kNumber;
      goto out;
    }
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
        if (!isDigit(c)) {
          fail(JsonError::InvalidNumber, p);
          goto out;
        }
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
        p = scanDigits(p, end);
        if (valueMask_)
          for (; s < p; ++s) number_.addExponentDigit(static_cast<char>(*s));
        if (p == end) continue;
        goto number_end;
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
    goto number_end;
  }
number_end:
  if (valueMask_ | rawMask_) {
    if (!endsValue(*p)) goto cut_short;  // (p < end: the loop above saw a byte)
    if (valueMask_) number_.finishExponent();
    endScalar(p, ScalarKind::Number);
    if (stopWhenDone_ && unresolved_ == 0) goto stop;
  }
  goto value_end;

literal : {
  const char* lit = kLiterals[literal_];
  while (lit[sub_] != '\0') {
    if (p == end) {
      state_ = kLiteral;
      goto out;
    }
    if (*p != static_cast<uint8_t>(lit[sub_])) {
      fail(JsonError::InvalidLiteral, p);
      goto out;
    }
    ++p;
    ++sub_;
  }
  if (valueMask_ | rawMask_) {
    if (p == end) {  // whole once the byte after it comes
      state_ = kLiteral;
      goto out;
    }
    if (!endsValue(*p)) goto cut_short;
    endScalar(p, ScalarKind::Literal);
    if (stopWhenDone_ && unresolved_ == 0) goto stop;
  }
  goto value_end;
}

// A bound number or literal ends at the byte after it, which must be one that
// may follow a value: only then is the value whole (`12abc` is not 12).
cut_short:
  if (depth_ == 0) goto done;  // (trailing data)
unexpected:                    // *p is a byte the grammar does not allow here
  // A NUL, or a byte UTF-8 never has (F5-FF: the UTF-16 and UTF-32 byte order
  // marks begin with FE or FF), says the text is not UTF-8: UTF-16 or UTF-32.
  fail(*p == 0 || *p >= 0xF5 ? JsonError::InvalidUtf8 : JsonError::UnexpectedByte, p);
  goto out;

done:
  p = skipWhitespace(p, end);
  state_ = kDone;
  if (p != end) fail(JsonError::TrailingData, p);
  goto out;

stop:
  state_ = kStopped;

out:
  if (state_ == kError) return;
  if (strMode_ && (state_ == kString || state_ == kUtf8)) {
    keySplit_ = 1;
    stringBytes(spanFrom_, static_cast<size_t>(end - spanFrom_));
  }
  if (rawMask_) rawFlush(end);
  consumed_ += length;
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
