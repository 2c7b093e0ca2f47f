// Fixed-capacity unsigned big integer: just what exact decimal <-> binary
// conversion needs (parsing in json/decimal_number.cpp, shortest printing in
// core/number_format.cpp). Lives on the stack only while a conversion runs.
#pragma once

#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

class BigInt {
 public:
  explicit BigInt(uint64_t v = 0) : n_(0) {
    while (v) {
      w_[n_++] = static_cast<uint32_t>(v);
      v >>= 32;
    }
  }
  // this = this * m + add
  void mulAdd(uint32_t m, uint32_t add) {
    uint64_t carry = add;
    for (int i = 0; i < n_; ++i) {
      const uint64_t t = static_cast<uint64_t>(w_[i]) * m + carry;
      w_[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    if (carry && n_ < kWords) w_[n_++] = static_cast<uint32_t>(carry);
  }
  void mulPow5(int32_t k) {
    static const uint32_t kPow5[14] = {1,       5,        25,        125,       625,
                                       3125,    15625,    78125,     390625,    1953125,
                                       9765625, 48828125, 244140625, 1220703125};
    for (; k >= 13; k -= 13) mulAdd(kPow5[13], 0);
    if (k > 0) mulAdd(kPow5[k], 0);
  }
  void mulPow10(int32_t k) {
    mulPow5(k);
    shiftLeft(k);
  }
  void shiftLeft(int32_t bits) {
    if (n_ == 0 || bits <= 0) return;
    const int words = bits / 32, rest = bits % 32;
    int top = n_ + words + 1;
    if (top > kWords) top = kWords;  // unreachable within the documented bounds
    for (int i = top - 1; i >= 0; --i) {
      const int src = i - words;
      const uint32_t hi = (src >= 0 && src < n_) ? w_[src] : 0;
      const uint32_t lo = (src - 1 >= 0 && src - 1 < n_) ? w_[src - 1] : 0;
      w_[i] = rest ? (hi << rest) | (lo >> (32 - rest)) : hi;
    }
    n_ = top;
    trim();
  }
  void add(const BigInt& o) {
    uint64_t carry = 0;
    const int n = n_ > o.n_ ? n_ : o.n_;
    for (int i = 0; i < n; ++i) {
      const uint64_t t =
          static_cast<uint64_t>(i < n_ ? w_[i] : 0) + (i < o.n_ ? o.w_[i] : 0) + carry;
      w_[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    n_ = n;
    if (carry && n_ < kWords) w_[n_++] = static_cast<uint32_t>(carry);
  }
  // this -= o; requires this >= o.
  void sub(const BigInt& o) {
    int64_t borrow = 0;
    for (int i = 0; i < n_; ++i) {
      const int64_t t = static_cast<int64_t>(w_[i]) - (i < o.n_ ? o.w_[i] : 0) - borrow;
      w_[i] = static_cast<uint32_t>(t);
      borrow = t < 0 ? 1 : 0;
    }
    trim();
  }
  bool isZero() const { return n_ == 0; }
  int bitLength() const {  // (a loop: count-leading-zeros is a call on rv32imc)
    int bits = n_ ? (n_ - 1) * 32 : 0;
    for (uint32_t top = n_ ? w_[n_ - 1] : 0; top; top >>= 1) ++bits;
    return bits;
  }
  int compare(const BigInt& o) const {
    if (n_ != o.n_) return n_ < o.n_ ? -1 : 1;
    for (int i = n_ - 1; i >= 0; --i)
      if (w_[i] != o.w_[i]) return w_[i] < o.w_[i] ? -1 : 1;
    return 0;
  }

 private:
  // Digits (3.33 bits each) plus the largest power of two or five involved
  // (about 1130 bits for a double at either end of its range).
  static constexpr int kWords = (EHC_NUMBER_MAX_DIGITS * 10 / 3 + 1200) / 32 + 1;
  void trim() {
    while (n_ > 0 && w_[n_ - 1] == 0) --n_;
  }
  uint32_t w_[kWords];
  int n_;
};

EHC_END_NAMESPACE
