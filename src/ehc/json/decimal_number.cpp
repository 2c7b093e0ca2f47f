#include "decimal_number.h"

#include <string.h>

#include "../core/bigint.h"

EHC_BEGIN_NAMESPACE

namespace {

// Explicit exponents are clamped here: far beyond any finite double, and far
// from int32 overflow when the digit-count adjustment is added.
constexpr int32_t kExponentClamp = 100000000;

// Clinger's fast path: both operands exact, one correctly rounded operation.
// 10^e = 5^e * 2^e: the power of five is exact in a double up to 5^22, the
// power of two goes into the exponent field (no table of powers of ten).
bool fastDouble(const char* digits, uint8_t n, int32_t e10, uint64_t* out) {
  if (n > 19 || e10 < -22 || e10 > 22) return false;
  uint64_t d = 0;
  for (uint8_t i = 0; i < n; ++i) d = d * 10 + static_cast<uint64_t>(digits[i] - '0');
  if (d > (uint64_t{1} << 53)) return false;
  const int32_t e = e10 < 0 ? -e10 : e10;
  uint64_t pow5 = 1;
  for (int32_t i = 0; i < e; ++i) pow5 *= 5;
  double x = static_cast<double>(d);
  x = e10 >= 0 ? x * static_cast<double>(pow5) : x / static_cast<double>(pow5);
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  // d >= 1 and |e10| <= 22: x is normal and stays so scaled by 2^e10.
  *out = bits + (static_cast<uint64_t>(static_cast<int64_t>(e10)) << 52);
  return true;
}

}  // namespace

// Every other case exactly: value = num / den * 2^e10 with num = digits *
// 5^e10 or den = 5^-e10, the quotient scaled to mbits + 1 or + 2 bits by
// long division, then rounded to nearest, ties to even (an inexact
// remainder or dropped digits count as above the tie). Slower than an
// estimate walked to its neighbour, but one path, a fraction of the code.
bool decimalToBinary(const char* digits, uint8_t n, bool sticky, int32_t e10, int mbits,
                     uint64_t* bits) {
  // Binary format: value = k * 2^q, k < 2^mbits; normal k >= 2^(mbits-1).
  const bool isDouble = mbits == 53;
  const int32_t minQ = isDouble ? -1074 : -149;
  const int32_t maxQ = isDouble ? 971 : 104;
  *bits = 0;
  if (n == 0) return true;
  const int32_t magnitude = n + e10;  // value < 10^magnitude
  if (magnitude > (isDouble ? 310 : 40)) return false;
  if (magnitude < (isDouble ? -330 : -47)) return true;
  if (isDouble && !sticky && fastDouble(digits, n, e10, bits)) return true;

  BigInt num(0), den(1);
  for (uint8_t i = 0; i < n; ++i) num.mulAdd(10, static_cast<uint32_t>(digits[i] - '0'));
  if (e10 >= 0)
    num.mulPow5(e10);
  else
    den.mulPow5(-e10);
  // num / den lies in (2^(b-1), 2^(b+1)) for b the difference of the bit
  // lengths; scaled by 2^s it lies in (2^mbits, 2^(mbits+2)).
  const int32_t s = mbits + 1 - (num.bitLength() - den.bitLength());
  if (s >= 0)
    num.shiftLeft(s);
  else
    den.shiftLeft(-s);
  den.shiftLeft(mbits + 1);
  uint64_t quotient = 0;
  for (int i = 0; i <= mbits + 1; ++i) {
    quotient <<= 1;
    if (num.compare(den) >= 0) {
      num.sub(den);
      quotient |= 1;
    }
    num.add(num);
  }
  // quotient * 2^(e10 - s) with a remainder: drop the bits past mbits, and
  // those below the smallest subnormal's.
  int32_t q = e10 - s;
  int32_t drop = (quotient >> (mbits + 1)) ? 2 : 1;
  if (q + drop < minQ) drop = minQ - q;
  q += drop;
  if (drop > 60) drop = 60;  // the quotient is below half of 2^60: zero
  const uint64_t half = uint64_t{1} << (drop - 1);
  const uint64_t rest = quotient & ((half << 1) - 1);
  uint64_t k = quotient >> drop;
  if (rest > half || (rest == half && (sticky || !num.isZero() || (k & 1)))) ++k;
  if (k >> mbits) {  // rounded up to the next binade
    k >>= 1;
    ++q;
  }
  if (q > maxQ) return false;
  // The exponent field is q - minQ, plus one from a normal k's hidden bit.
  *bits = (static_cast<uint64_t>(q - minQ) << (mbits - 1)) + k;
  return true;
}

void DecimalNumber::reset() {
  count = 0;
  negative = false;
  sticky = false;
  exponent = 0;
  explicitExp_ = 0;
  expNegative_ = false;
}

void DecimalNumber::addIntegerDigit(char c) {
  if (count == 0 && c == '0') return;
  if (count < EHC_NUMBER_MAX_DIGITS) {
    digits[count++] = c;
  } else {
    if (exponent < kExponentClamp) ++exponent;  // saturate: 2 GB of digits must not wrap
    sticky |= c != '0';
  }
}

void DecimalNumber::addFractionDigit(char c) {
  if (count == 0 && c == '0') {
    if (exponent > -kExponentClamp) --exponent;
  } else if (count < EHC_NUMBER_MAX_DIGITS) {
    digits[count++] = c;
    --exponent;
  } else {
    sticky |= c != '0';
  }
}

void DecimalNumber::addExponentDigit(char c) {
  if (explicitExp_ < kExponentClamp) explicitExp_ = explicitExp_ * 10 + (c - '0');
}

void DecimalNumber::finishExponent() {
  int64_t e = static_cast<int64_t>(exponent) + (expNegative_ ? -explicitExp_ : explicitExp_);
  if (e > kExponentClamp) e = kExponentClamp;
  if (e < -kExponentClamp) e = -kExponentClamp;
  exponent = static_cast<int32_t>(e);
}

void DecimalNumber::trimTrailingZeros(uint8_t* n, int32_t* e) const {
  *n = count;
  *e = exponent;
  while (*n > 0 && digits[*n - 1] == '0') {
    --*n;
    ++*e;
  }
}

BindStatus DecimalNumber::magnitude(uint64_t* out) const {
  uint8_t n;
  int32_t e;
  trimTrailingZeros(&n, &e);
  *out = 0;
  if (n == 0) return sticky ? BindStatus::Mismatch : BindStatus::Found;
  if (n + e > 20) return BindStatus::OutOfRange;
  if (e < 0 || sticky) return BindStatus::Mismatch;
  // The digits, then e zeros, each step checked against UINT64_MAX =
  // 1844674407370955161 * 10 + 5 (no 64-bit division: a call on 32-bit CPUs).
  constexpr uint64_t kTenth = UINT64_MAX / 10;
  uint64_t v = 0;
  for (int32_t i = 0; i < n + e; ++i) {
    const unsigned d = i < n ? static_cast<unsigned>(digits[i] - '0') : 0;
    if (v > kTenth || (v == kTenth && d > 5)) return BindStatus::OutOfRange;
    v = v * 10 + d;
  }
  *out = v;
  return BindStatus::Found;
}

BindStatus DecimalNumber::toUint64(uint64_t* out) const {
  uint64_t m;
  const BindStatus r = magnitude(&m);
  if (r != BindStatus::Found) return r;
  if (negative && m != 0) return BindStatus::OutOfRange;
  *out = m;
  return BindStatus::Found;
}

BindStatus DecimalNumber::toInt64(int64_t* out) const {
  uint64_t m;
  const BindStatus r = magnitude(&m);
  if (r != BindStatus::Found) return r;
  const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  if (m > limit) return BindStatus::OutOfRange;
  *out = negative ? static_cast<int64_t>(0 - m) : static_cast<int64_t>(m);
  return BindStatus::Found;
}

BindStatus DecimalNumber::toDouble(double* out) const {
  uint8_t n;
  int32_t e;
  trimTrailingZeros(&n, &e);
  uint64_t bits;
  if (!decimalToBinary(digits, n, sticky, e, 53, &bits)) return BindStatus::OutOfRange;
  if (negative) bits |= uint64_t{1} << 63;
  memcpy(out, &bits, sizeof bits);
  return BindStatus::Found;
}

BindStatus DecimalNumber::toFloat(float* out) const {
  uint8_t n;
  int32_t e;
  trimTrailingZeros(&n, &e);
  uint64_t wide;
  if (!decimalToBinary(digits, n, sticky, e, 24, &wide)) return BindStatus::OutOfRange;
  uint32_t bits = static_cast<uint32_t>(wide);
  if (negative) bits |= uint32_t{1} << 31;
  memcpy(out, &bits, sizeof bits);
  return BindStatus::Found;
}

EHC_END_NAMESPACE
