#include "number_format.h"

#include <string.h>

#include "bigint.h"

EHC_BEGIN_NAMESPACE

size_t formatUint64(uint64_t v, char* out) {
  char tmp[20];
  size_t n = 0;
  do {
    tmp[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  for (size_t i = 0; i < n; ++i) out[i] = tmp[n - 1 - i];
  return n;
}

size_t formatInt64(int64_t v, char* out) {
  if (v >= 0) return formatUint64(static_cast<uint64_t>(v), out);
  out[0] = '-';
  return 1 + formatUint64(0 - static_cast<uint64_t>(v), out + 1);
}

namespace {

// Shortest digits d1..dn with value = 0.d1..dn * 10^k for f * 2^e (f has the
// hidden bit where normal), p mantissa bits. Burger & Dybvig 1996, with the
// IEEE round-half-even reading (boundaries included when f is even).
size_t shortestDigits(uint64_t f, int e, int p, int minE, char* digits, int* k10) {
  const bool even = (f & 1) == 0;
  const bool lowerGapHalf = f == (uint64_t{1} << (p - 1)) && e > minE;
  BigInt r(f), s(1), mPlus(1), mMinus(1);
  if (e >= 0) {
    r.shiftLeft(e + (lowerGapHalf ? 2 : 1));
    s = BigInt(lowerGapHalf ? 4 : 2);
    mPlus.shiftLeft(e + (lowerGapHalf ? 1 : 0));
    mMinus.shiftLeft(e);
  } else {
    r.shiftLeft(lowerGapHalf ? 2 : 1);
    s.shiftLeft((lowerGapHalf ? 2 : 1) - e);
    if (lowerGapHalf) mPlus = BigInt(2);
  }
  // k = ceil(log10(v)), estimated from floor(log2(v)); may be one too low.
  int bits = 0;
  for (uint64_t t = f; t; t >>= 1) ++bits;
  const int e2 = e + bits - 1;
  double est = e2 * 0.30102999566398119521 - 1e-9;
  int k = static_cast<int>(est);
  if (static_cast<double>(k) < est) ++k;  // ceil without libm
  if (k >= 0) {
    s.mulPow10(k);
  } else {
    r.mulPow10(-k);
    mPlus.mulPow10(-k);
    mMinus.mulPow10(-k);
  }
  auto highReached = [&](const BigInt& rr) {
    BigInt t = rr;
    t.add(mPlus);
    const int c = t.compare(s);
    return even ? c >= 0 : c > 0;
  };
  if (highReached(r)) {
    s.mulAdd(10, 0);
    ++k;
  }
  size_t n = 0;
  for (;;) {
    r.mulAdd(10, 0);
    mPlus.mulAdd(10, 0);
    mMinus.mulAdd(10, 0);
    int d = 0;
    while (r.compare(s) >= 0) {
      r.sub(s);
      ++d;
    }
    const int lowCmp = r.compare(mMinus);
    const bool low = even ? lowCmp <= 0 : lowCmp < 0;
    const bool high = highReached(r);
    if (!low && !high && n < 17) {
      digits[n++] = static_cast<char>('0' + d);
      continue;
    }
    if (low && high) {  // both neighbours read back: take the nearer one
      BigInt twice = r;
      twice.shiftLeft(1);
      const int c = twice.compare(s);
      if (c > 0 || (c == 0 && (d & 1))) ++d;
    } else if (high) {
      ++d;
    }
    digits[n++] = static_cast<char>('0' + d);
    break;
  }
  // A final 10 carries into the digits before it.
  for (size_t i = n; i-- > 0 && digits[i] > '9';) {
    digits[i] = '0';
    if (i == 0) {
      memmove(digits + 1, digits, n);
      digits[0] = '1';
      ++n;
      ++k;
    } else {
      ++digits[i - 1];
    }
  }
  while (n > 1 && digits[n - 1] == '0') --n;
  *k10 = k;
  return n;
}

// JavaScript's layout for digits d1..dn, value 0.d1..dn * 10^k.
size_t layout(bool negative, const char* digits, size_t n, int k, char* out) {
  size_t o = 0;
  if (negative) out[o++] = '-';
  const int nn = static_cast<int>(n);
  if (k >= nn && k <= 21) {  // integer: digits then zeros
    memcpy(out + o, digits, n);
    o += n;
    for (int i = nn; i < k; ++i) out[o++] = '0';
  } else if (k > 0 && k <= 21) {  // point inside the digits
    memcpy(out + o, digits, static_cast<size_t>(k));
    o += static_cast<size_t>(k);
    out[o++] = '.';
    memcpy(out + o, digits + k, n - static_cast<size_t>(k));
    o += n - static_cast<size_t>(k);
  } else if (k <= 0 && k > -6) {  // 0.000ddd
    out[o++] = '0';
    out[o++] = '.';
    for (int i = 0; i < -k; ++i) out[o++] = '0';
    memcpy(out + o, digits, n);
    o += n;
  } else {  // d.ddde+X
    out[o++] = digits[0];
    if (n > 1) {
      out[o++] = '.';
      memcpy(out + o, digits + 1, n - 1);
      o += n - 1;
    }
    out[o++] = 'e';
    const int x = k - 1;
    out[o++] = x < 0 ? '-' : '+';
    o += formatUint64(static_cast<uint64_t>(x < 0 ? -x : x), out + o);
  }
  return o;
}

size_t formatBinary(bool negative, uint64_t frac, int biased, int p, int bias, char* out) {
  // frac: stored fraction bits; biased: stored exponent.
  const int minE = 1 - bias - (p - 1);
  if (biased == 0 && frac == 0) {
    size_t o = 0;
    if (negative) out[o++] = '-';
    out[o++] = '0';
    return o;
  }
  uint64_t f;
  int e;
  if (biased == 0) {
    f = frac;
    e = minE;
  } else {
    f = frac | (uint64_t{1} << (p - 1));
    e = biased - bias - (p - 1);
  }
  char digits[20];
  int k;
  const size_t n = shortestDigits(f, e, p, minE, digits, &k);
  return layout(negative, digits, n, k, out);
}

}  // namespace

size_t formatDouble(double v, char* out) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  if (biased == 0x7ff) return 0;
  return formatBinary(bits >> 63, bits & ((uint64_t{1} << 52) - 1), biased, 53, 1023, out);
}

size_t formatFloat(float v, char* out) {
  uint32_t bits;
  memcpy(&bits, &v, sizeof bits);
  const int biased = static_cast<int>((bits >> 23) & 0xff);
  if (biased == 0xff) return 0;
  return formatBinary(bits >> 31, bits & ((uint32_t{1} << 23) - 1), biased, 24, 127, out);
}

EHC_END_NAMESPACE
