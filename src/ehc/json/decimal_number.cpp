#include "decimal_number.h"

#include <string.h>

#include "../core/bigint.h"

EHC_BEGIN_NAMESPACE

namespace {

// Explicit exponents are clamped here: far beyond any finite double, and far
// from int32 overflow when the digit-count adjustment is added.
constexpr int32_t kExponentClamp = 100000000;

// Sign of (digits * 10^e10) - (half * 2^q2), exactly.
int compareExact(const char* digits, uint8_t n, int32_t e10, uint64_t half, int32_t q2) {
  BigInt lhs(0);
  for (uint8_t i = 0; i < n; ++i) lhs.mulAdd(10, static_cast<uint32_t>(digits[i] - '0'));
  BigInt rhs(half);
  if (e10 >= 0)
    lhs.mulPow5(e10);
  else
    rhs.mulPow5(-e10);
  const int32_t twos = e10 - q2;  // 10^e = 5^e * 2^e; cancel the powers of two
  if (twos >= 0)
    lhs.shiftLeft(twos);
  else
    rhs.shiftLeft(-twos);
  return lhs.compare(rhs);
}

// A first guess, a few units in the last place from the truth at most.
double estimate(const char* digits, uint8_t n, int32_t e10) {
  static const double kPow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                    1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  uint64_t top = 0;
  const uint8_t used = n < 19 ? n : 19;
  for (uint8_t i = 0; i < used; ++i) top = top * 10 + static_cast<uint64_t>(digits[i] - '0');
  int32_t e = e10 + (n - used);
  double x = static_cast<double>(top);
  if (e >= 0) {
    for (; e >= 22 && x <= 1.7976931348623157e308; e -= 22) x *= 1e22;
    x *= kPow10[e > 22 ? 22 : e];
  } else {
    for (e = -e; e >= 22 && x > 0; e -= 22) x /= 1e22;
    x /= kPow10[e > 22 ? 22 : e];
  }
  return x;
}

}  // namespace

bool decimalToBinary(const char* digits, uint8_t n, bool sticky, int32_t e10, int mbits,
                     uint64_t* mantissa, int* exponent2) {
  // Binary format: value = k * 2^q, k < 2^mbits; normal k >= 2^(mbits-1).
  const bool isDouble = mbits == 53;
  const int32_t minQ = isDouble ? -1074 : -149;
  const int32_t maxQ = isDouble ? 971 : 104;
  const uint64_t hidden = uint64_t{1} << (mbits - 1);
  const uint64_t limit = hidden << 1;

  uint64_t k = 0;
  int32_t q = minQ;
  if (n == 0) {
    *mantissa = 0;
    *exponent2 = minQ;
    return true;
  }
  const int32_t magnitude = n + e10;  // value < 10^magnitude
  if (magnitude > (isDouble ? 310 : 40)) return false;
  if (magnitude < (isDouble ? -330 : -47)) {
    *mantissa = 0;
    *exponent2 = minQ;
    return true;
  }

  // Fast path (Clinger): both operands exact, one correctly rounded operation.
  if (!sticky && n <= 19) {
    uint64_t d = 0;
    for (uint8_t i = 0; i < n; ++i) d = d * 10 + static_cast<uint64_t>(digits[i] - '0');
    if (isDouble && d <= (uint64_t{1} << 53) && e10 >= -22 && e10 <= 22) {
      static const double kP[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                    1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
      double x = static_cast<double>(d);
      x = e10 >= 0 ? x * kP[e10] : x / kP[-e10];
      uint64_t bits;
      memcpy(&bits, &x, sizeof bits);
      const int32_t be = static_cast<int32_t>(bits >> 52);
      *mantissa = (bits & (hidden - 1)) | (be ? hidden : 0);
      *exponent2 = be ? be - 1075 : minQ;
      return true;
    }
  }

  // Start from an estimate, then walk to the correctly rounded neighbour by
  // comparing the exact decimal with the midpoints around the candidate.
  const double guess = estimate(digits, n, e10);
  bool infinite = false;
  if (isDouble) {
    uint64_t bits;
    memcpy(&bits, &guess, sizeof bits);
    const int32_t be = static_cast<int32_t>((bits >> 52) & 0x7ff);
    if (be == 0x7ff) {
      infinite = true;
    } else {
      k = (bits & (hidden - 1)) | (be ? hidden : 0);
      q = be ? be - 1075 : minQ;
    }
  } else {
    const float f = static_cast<float>(guess);
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    const int32_t be = static_cast<int32_t>((bits >> 23) & 0xff);
    if (be == 0xff) {
      infinite = true;
    } else {
      k = (bits & (hidden - 1)) | (be ? hidden : 0);
      q = be ? be - 150 : minQ;
    }
  }

  auto cmp = [&](uint64_t half, int32_t q2) {
    const int c = compareExact(digits, n, e10, half, q2);
    return (c == 0 && sticky) ? 1 : c;
  };
  for (int guard = 0; guard < 200; ++guard) {
    if (infinite) {
      // Midpoint between the largest finite value and 2^(maxQ+mbits).
      const int c = cmp((limit << 1) - 1, maxQ - 1);
      if (c >= 0) return false;  // ties go to the even side: infinity
      infinite = false;
      k = limit - 1;
      q = maxQ;
      continue;
    }
    int c = cmp(2 * k + 1, q - 1);
    if (c > 0 || (c == 0 && (k & 1))) {
      if (++k == limit) {
        k = hidden;
        if (++q > maxQ) return false;
      }
      if (c == 0) break;
      continue;
    }
    if (c == 0 || k == 0) break;
    const bool boundary = k == hidden && q > minQ;  // the gap below is half as wide
    c = boundary ? cmp(4 * k - 1, q - 2) : cmp(2 * k - 1, q - 1);
    if (c < 0 || (c == 0 && (k & 1) && !boundary)) {
      if (boundary) {
        k = limit - 1;
        --q;
      } else {
        --k;
      }
      if (c < 0) continue;
    }
    break;
  }
  *mantissa = k;
  *exponent2 = q;
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
  uint64_t v = 0;
  for (uint8_t i = 0; i < n; ++i) {
    const uint64_t d = static_cast<uint64_t>(digits[i] - '0');
    if (v > (UINT64_MAX - d) / 10) return BindStatus::OutOfRange;
    v = v * 10 + d;
  }
  for (int32_t i = 0; i < e; ++i) {
    if (v > UINT64_MAX / 10) return BindStatus::OutOfRange;
    v *= 10;
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
  uint64_t k;
  int q;
  if (!decimalToBinary(digits, n, sticky, e, 53, &k, &q)) return BindStatus::OutOfRange;
  const uint64_t hidden = uint64_t{1} << 52;
  const uint64_t biased = (k & hidden) ? static_cast<uint64_t>(q + 1075) : 0;
  uint64_t bits = (biased << 52) | (k & (hidden - 1));
  if (negative) bits |= uint64_t{1} << 63;
  memcpy(out, &bits, sizeof bits);
  return BindStatus::Found;
}

BindStatus DecimalNumber::toFloat(float* out) const {
  uint8_t n;
  int32_t e;
  trimTrailingZeros(&n, &e);
  uint64_t k;
  int q;
  if (!decimalToBinary(digits, n, sticky, e, 24, &k, &q)) return BindStatus::OutOfRange;
  const uint32_t hidden = uint32_t{1} << 23;
  const uint32_t k32 = static_cast<uint32_t>(k);
  const uint32_t biased = (k32 & hidden) ? static_cast<uint32_t>(q + 150) : 0;
  uint32_t bits = (biased << 23) | (k32 & (hidden - 1));
  if (negative) bits |= uint32_t{1} << 31;
  memcpy(out, &bits, sizeof bits);
  return BindStatus::Found;
}

EHC_END_NAMESPACE
