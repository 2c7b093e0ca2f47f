// Value delivery: what a binding's target makes of a value (accepted,
// Mismatch, Truncated, ...), the conversion into it, raw captures, and the
// callbacks told of each delivery.
// Part of json_binder.cpp's one translation unit (the tokenizer inlines the
// per-value steps).
#pragma once

#include <string.h>

#include "../core/bits.h"
#include "json_binder.h"
#include "json_scan.inl"
#include "utf8.h"

EHC_BEGIN_NAMESPACE

// Raises an element binding's count to `seen` (counts never go down).
void JsonBinder::storeCount(JsonBinding& b, uint32_t seen) {
  switch (b.countSize) {
    case 1: {
      auto* c = static_cast<uint8_t*>(b.count);
      if (seen > *c) *c = static_cast<uint8_t>(seen);
      break;
    }
    case 2: {
      auto* c = static_cast<uint16_t*>(b.count);
      if (seen > *c) *c = static_cast<uint16_t>(seen);
      break;
    }
    case 4: {
      auto* c = static_cast<uint32_t*>(b.count);
      if (seen > *c) *c = seen;
      break;
    }
    case 8: {
      auto* c = static_cast<uint64_t*>(b.count);
      if (seen > *c) *c = seen;
      break;
    }
  }
}

// Element bindings: point the target at this element, or refuse it.
bool JsonBinder::selectElement(int i) {
  JsonBinding& b = bindings_[i];
  const unsigned level = b.shape.lastWildcard;
  const bool isArray = !(kinds_[level >> 3] & (1u << (level & 7)));
  if (!isArray) {
    deliver(i, BindStatus::Mismatch);
    return false;
  }
  const uint32_t index = levels_[level].index - 1;
  if (index >= b.capacity) {
    deliver(i, BindStatus::Truncated);
    return false;
  }
  b.target = static_cast<char*>(b.base) + static_cast<size_t>(index) * b.stride;
  return true;
}

// A text target (char buffer or sink) about to receive a value: emptied.
// Its status says Invalid until the value is whole.
EHC_ALWAYS_INLINE void JsonBinder::clearText(JsonBinding& b) {
  if (b.kind >= TargetKind::Text && b.kind <= TargetKind::AnyText)
    b.sink->clear(b.target);
  else
    static_cast<char*>(b.target)[0] = '\0';
  b.written = 0;
  b.status = BindStatus::Invalid;
}

// A string value starts for a text target.
EHC_ALWAYS_INLINE void JsonBinder::startText(JsonBinding& b, int i) {
  clearText(b);
  valueMask_ |= uint32_t{1} << i;
}

EHC_MCU_INLINE void JsonBinder::beginValue(uint8_t c, const uint8_t* at) {
  const uint32_t here = childMask();
  valueMask_ = 0;
  if (here == 0) return;
  // Those whose path goes on below this value follow it; the others end here.
  const uint32_t followers = here & (depth_ > 0 ? levels_[depth_ - 1].deeper : ~rootPaths_);
  if (c == '{' || c == '[') {
    beginContainer(here, followers, c, at);
    return;
  }
  // A scalar: nothing to do once its bindings are begun (on 64-bit hosts the
  // loop then keeps no registers for after it).
  if (followers) resolve(followers, depth_);  // the path goes on, but this value has no members
  if (c == '-' || isDigit(c)) number_.reset();
  beginEnding(here & ~followers, c, at);
}

// A container's first byte: its bindings begun, then followed.
EHC_HOST_OUTLINE void JsonBinder::beginContainer(uint32_t here, uint32_t followers, uint8_t c,
                                                 const uint8_t* at) {
  beginEnding(here & ~followers, c, at);
  // (A container told at its close is followed, by nobody perhaps: its
  // close is then seen.)
  if (followers || (pendingMask_ & here)) enterContainer(followers);
}

// The bindings whose path ends at this value (its first byte c, at `at`).
EHC_ALWAYS_INLINE void JsonBinder::beginEnding(uint32_t ending, uint8_t c, const uint8_t* at) {
  for (uint32_t it = ending; it; it &= it - 1) {
    const int i = lowestBit(it);
    JsonBinding& b = bindings_[i];
    // The most common case (on 64-bit hosts, growable strings as well).
    if ((b.kind == TargetKind::Chars || (!kSmallCode && b.kind == TargetKind::Text)) && c == '"' &&
        !b.stride) {
      startText(b, i);
      continue;
    }
    beginOther(b, i, c, at);
  }
}

// Binding i's path ends at this value (its first byte c, at `at`): what its
// target makes of it, for all but beginValue's common case. Out of line: the
// loop over the bindings then keeps its registers (no saves and spills for a
// bound string, most bound values), on x86-64 as on RISC-V, where it also
// makes the tokenizer, which beginValue is inlined in, 50 bytes smaller.
__attribute__((noinline)) void JsonBinder::beginOther(JsonBinding& b, int i, uint8_t c,
                                                      const uint8_t* at) {
  const bool container = c == '{' || c == '[';
  if (b.stride && !selectElement_(*this, i)) return;
  if (b.kind == TargetKind::AnyText && (c == '"' || c == 'n')) {  // decoded, or null
    if (c == '"')
      startText(b, i);
    else
      valueMask_ |= uint32_t{1} << i;
    return;
  }
  switch (b.kind) {
    case TargetKind::RawChars:
    case TargetKind::RawText:
    case TargetKind::AnyText:
      clearText(b);
      b.rawFrom = at;
      b.rawDepth = depth_;
      rawMask_ |= uint32_t{1} << i;
      break;
    case TargetKind::IsNull:
    case TargetKind::None:  // callback only
      // Told once the value is whole: at a scalar's end, a container's close.
      if (container) {
        b.rawDepth = depth_;
        b.status = BindStatus::Invalid;
        pendingMask_ |= uint32_t{1} << i;
      } else {
        valueMask_ |= uint32_t{1} << i;
      }
      break;
    default:
      if (c == 'n') {
        valueMask_ |= uint32_t{1} << i;  // reported as Null once the literal is complete
      } else if (container) {
        deliver(i, BindStatus::Mismatch);
      } else if (c == '"') {
        if (b.kind == TargetKind::Chars || b.kind == TargetKind::Text) {
          startText(b, i);
        } else if (b.kind >= TargetKind::Int8 && b.kind <= TargetKind::Double) {
          // Perhaps a number in a string ("-37.3159"): read at its end.
          valueMask_ |= uint32_t{1} << i;
          quotedMask_ |= uint32_t{1} << i;
          quotedLength_ = 0;
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

EHC_ALWAYS_INLINE void JsonBinder::deliver(int i, BindStatus s) {
  JsonBinding& b = bindings_[i];
  b.status = s;
  if (b.shape.firstWildcard == PathInfo::kNoWildcard) unresolved_ &= ~(uint32_t{1} << i);
  if (b.callback) notify(i, s);
}

void JsonBinder::notify(int i, BindStatus s) {
  const JsonBinding& b = bindings_[i];
  JsonMatch m;
  const bool wild = b.shape.firstWildcard != PathInfo::kNoWildcard;
  if (wild) matchPath_[matchLength_] = '\0';
  m.path = wild ? matchPath_ : b.path;
  m.pathTruncated = wild && matchTruncated_;
  m.status = s;
  m.binding = i;
  b.callback(m, b.user);
}

BindStatus JsonBinder::convertFloating(const DecimalNumber& number, TargetKind kind, void* target) {
  if (kind != TargetKind::Float) return convertDouble(number, kind, target);
  float f;
  const BindStatus r = number.toFloat(&f);
  if (r == BindStatus::Found) *static_cast<float*>(target) = f;
  return r;
}

BindStatus JsonBinder::convertDouble(const DecimalNumber& number, TargetKind, void* target) {
  double d;
  const BindStatus r = number.toDouble(&d);
  if (r == BindStatus::Found) *static_cast<double*>(target) = d;
  return r;
}

BindStatus JsonBinder::convertInteger(const DecimalNumber& number, TargetKind kind, void* target) {
  using R = BindStatus;
  if (kind <= TargetKind::Int64) {
    int64_t v;
    const R r = number.toInt64(&v);
    if (r != R::Found) return r;
    const unsigned bits =
        8u << (static_cast<unsigned>(kind) - static_cast<unsigned>(TargetKind::Int8));
    if (bits < 64) {
      const int64_t hi = (int64_t{1} << (bits - 1)) - 1, lo = -hi - 1;
      if (v < lo || v > hi) return R::OutOfRange;
    }
    if (bits == 8) *static_cast<int8_t*>(target) = static_cast<int8_t>(v);
    if (bits == 16) *static_cast<int16_t*>(target) = static_cast<int16_t>(v);
    if (bits == 32) *static_cast<int32_t*>(target) = static_cast<int32_t>(v);
    if (bits == 64) *static_cast<int64_t*>(target) = v;
    return r;
  }
  uint64_t v;
  const R r = number.toUint64(&v);
  if (r != R::Found) return r;
  const unsigned bits =
      8u << (static_cast<unsigned>(kind) - static_cast<unsigned>(TargetKind::Uint8));
  if (bits < 64 && v > (uint64_t{1} << bits) - 1) return R::OutOfRange;
  if (bits == 8) *static_cast<uint8_t*>(target) = static_cast<uint8_t>(v);
  if (bits == 16) *static_cast<uint16_t*>(target) = static_cast<uint16_t>(v);
  if (bits == 32) *static_cast<uint32_t*>(target) = static_cast<uint32_t>(v);
  if (bits == 64) *static_cast<uint64_t*>(target) = v;
  return r;
}

void JsonBinder::deliverNumber(int i) {
  JsonBinding& b = bindings_[i];
  // Each set whenever a binding of its kinds exists.
  const bool floating = b.kind == TargetKind::Float || b.kind == TargetKind::Double;
  deliver(i, (floating ? floating_ : integer_)(number_, b.kind, b.target));
}

// A scalar of `kind` (string, number, literal) ended just before `after`.
// endScalar, inline for strings (most scalars are), a call for the others.
EHC_ALWAYS_INLINE void JsonBinder::endScalarInline(const uint8_t* after, ScalarKind kind) {
  for (uint32_t it = valueMask_; it; it &= it - 1) {
    const int i = lowestBit(it);
    JsonBinding& b = bindings_[i];
    if (b.kind == TargetKind::IsNull) {
      *static_cast<bool*>(b.target) = kind == ScalarKind::Literal && literal_ == 2;
      deliver(i, BindStatus::Found);
    } else if (kind == ScalarKind::Literal && literal_ == 2) {
      resetTarget(b);  // as ESP32-HTTP-Client did: 0, false, ""
      deliver(i, BindStatus::Null);
    } else if (b.kind == TargetKind::None) {
      deliver(i, BindStatus::Found);
    } else if (kind == ScalarKind::Literal) {
      *static_cast<bool*>(b.target) = literal_ == 0;
      deliver(i, BindStatus::Found);
    } else if (kind == ScalarKind::Number) {
      deliverNumber(i);
    } else if (quotedMask_ >> i & 1u) {  // (only a number target's)
      quotedNumber_(*this, i);
    } else {  // string: already written, close it
      deliver(i, b.status == BindStatus::Truncated ? BindStatus::Truncated : BindStatus::Found);
    }
  }
  valueMask_ = quotedMask_ = 0;
  strMode_ = 0;  // (a captured string is over)
  if (rawMask_) endRaw(after);
}

void JsonBinder::endScalar(const uint8_t* after, ScalarKind kind) {
  endScalarInline(after, kind);
}

void JsonBinder::copyRaw(const uint8_t* upTo) {
  for (uint32_t it = rawMask_; it; it &= it - 1) {
    JsonBinding& b = bindings_[lowestBitCall(it)];
    if (upTo > b.rawFrom) {
      const size_t n = static_cast<size_t>(upTo - b.rawFrom);
      if (b.kind == TargetKind::RawText || b.kind == TargetKind::AnyText)
        b.sink->append(b.target, reinterpret_cast<const char*>(b.rawFrom), n);
      else if (b.status != BindStatus::Truncated &&
               appendUtf8Safe(static_cast<char*>(b.target), b.size, &b.written,
                              reinterpret_cast<const char*>(b.rawFrom), n))
        b.status = BindStatus::Truncated;
    }
    b.rawFrom = upTo;
  }
}

// Raw captures, and the bindings told at a container's close, whose value
// ends here (at depth_).
void JsonBinder::endRaw(const uint8_t* after) {
  if (rawMask_) rawFlush(after);
  for (uint32_t it = rawMask_ | pendingMask_; it; it &= it - 1) {
    const int i = lowestBitCall(it);
    JsonBinding& b = bindings_[i];
    if (b.rawDepth != depth_) continue;
    rawMask_ &= ~(uint32_t{1} << i);
    pendingMask_ &= ~(uint32_t{1} << i);
    if (b.kind == TargetKind::IsNull) *static_cast<bool*>(b.target) = false;
    deliver(i, b.status == BindStatus::Truncated ? BindStatus::Truncated : BindStatus::Found);
  }
}

// valueBytes, inline where a plain string is taken whole (most are).
EHC_ALWAYS_INLINE void JsonBinder::valueBytesInline(const uint8_t* s, size_t n) {
  if (quotedMask_) quotedBytes(s, n);
  for (uint32_t it = valueMask_; it; it &= it - 1) {
    JsonBinding& b = bindings_[lowestBit(it)];
    if (b.kind == TargetKind::Text || b.kind == TargetKind::AnyText) {
      if (n)
        b.sink->append(b.target, reinterpret_cast<const char*>(s),
                       n);  // (sinks see no empty pieces)
    } else if (b.kind == TargetKind::Chars && b.status != BindStatus::Truncated &&
               appendUtf8Safe(static_cast<char*>(b.target), b.size, &b.written,
                              reinterpret_cast<const char*>(s), n))
      b.status = BindStatus::Truncated;
  }
}

// The text of a string bound to a number target, kept to be read at its end.
void JsonBinder::quotedBytes(const uint8_t* s, size_t n) {
  if (quotedLength_ > kQuotedMax) return;
  if (n > static_cast<size_t>(kQuotedMax - quotedLength_)) {
    quotedLength_ = kQuotedMax + 1;  // longer than any number we read
    return;
  }
  memcpy(quoted_ + quotedLength_, s, n);
  quotedLength_ = static_cast<uint8_t>(quotedLength_ + n);
}

// Reads quoted_ as a JSON number into number_: the whole text, nothing else.
static bool readNumberText(const char* p, const char* end, DecimalNumber* number) {
  number->reset();
  if (p < end && *p == '-') {
    number->negative = true;
    ++p;
  }
  const auto digits = [&](void (DecimalNumber::*add)(char)) {
    const char* from = p;
    while (p < end && *p >= '0' && *p <= '9') (number->*add)(*p++);
    return p > from;
  };
  if (p < end && *p == '0')
    number->addIntegerDigit(*p++);
  else if (!digits(&DecimalNumber::addIntegerDigit))
    return false;
  if (p < end && *p == '.') {
    ++p;
    if (!digits(&DecimalNumber::addFractionDigit)) return false;
  }
  if (p < end && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p < end && (*p == '+' || *p == '-')) number->setExponentSign(*p++ == '-');
    if (!digits(&DecimalNumber::addExponentDigit)) return false;
  }
  number->finishExponent();
  return p == end;
}

// A string ended for a number target: its number, if it is one (the
// conversion is reported in converted()), else a mismatch.
void JsonBinder::deliverQuoted(int i) {
  if (quotedLength_ > kQuotedMax || !readNumberText(quoted_, quoted_ + quotedLength_, &number_)) {
    deliver(i, BindStatus::Mismatch);
    return;
  }
  deliverNumber(i);
  if (bindings_[i].status == BindStatus::Found) convertedMask_ |= uint32_t{1} << i;
}

// JSON null: the target as if freshly zeroed.
void JsonBinder::resetTarget(JsonBinding& b) {
  switch (b.kind) {
    case TargetKind::Bool: *static_cast<bool*>(b.target) = false; break;
    case TargetKind::Int8:
    case TargetKind::Uint8: memset(b.target, 0, 1); break;
    case TargetKind::Int16:
    case TargetKind::Uint16: memset(b.target, 0, 2); break;
    case TargetKind::Int32:
    case TargetKind::Uint32: memset(b.target, 0, 4); break;
    case TargetKind::Int64:
    case TargetKind::Uint64: memset(b.target, 0, 8); break;
    case TargetKind::Float: *static_cast<float*>(b.target) = 0.0f; break;
    case TargetKind::Double: *static_cast<double*>(b.target) = 0.0; break;
    case TargetKind::Chars: static_cast<char*>(b.target)[0] = '\0'; break;
    case TargetKind::Text:
    case TargetKind::AnyText: b.sink->clear(b.target); break;
    default: break;
  }
}

void JsonBinder::valueBytes(const uint8_t* s, size_t n) {
  valueBytesInline(s, n);
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

EHC_END_NAMESPACE
