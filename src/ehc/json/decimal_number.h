// A JSON number as the parser collects it for a bound value, and its exact
// conversion to integers, float and double. Heap-free; the conversion to
// floating point is correctly rounded (round half to even) for numbers with up
// to EHC_NUMBER_MAX_DIGITS significant digits. It needs no libc strtod, which
// allocates on newlib (ESP-IDF) and is not always correctly rounded elsewhere.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "json_error.h"

static_assert(EHC_NUMBER_MAX_DIGITS >= 20 && EHC_NUMBER_MAX_DIGITS <= 250,
              "EHC_NUMBER_MAX_DIGITS: 20 (every uint64_t) .. 250");

EHC_BEGIN_NAMESPACE

// Value = (-1)^negative * digits * 10^exponent, digits being the significant
// decimal digits (no leading zeros). `sticky` says non-zero digits were
// dropped beyond EHC_NUMBER_MAX_DIGITS.
struct DecimalNumber {
  char digits[EHC_NUMBER_MAX_DIGITS];
  uint8_t count;
  bool negative;
  bool sticky;
  int32_t exponent;

  // Builder used by the parser, one character at a time, in JSON grammar order.
  void reset();
  void addIntegerDigit(char c);
  void addFractionDigit(char c);
  void addExponentDigit(char c);  // after setExponentSign
  void setExponentSign(bool negativeExponent) { expNegative_ = negativeExponent; }
  void finishExponent();  // folds the explicit exponent into `exponent`

  // Found, Mismatch (a fraction or exponent into an integer) or OutOfRange:
  // the binding's own status, so no mapping between vocabularies.
  BindStatus toInt64(int64_t* out) const;
  BindStatus toUint64(uint64_t* out) const;
  // OutOfRange when the magnitude rounds to infinity.
  BindStatus toDouble(double* out) const;
  BindStatus toFloat(float* out) const;

 private:
  int32_t explicitExp_;
  bool expNegative_;
  void trimTrailingZeros(uint8_t* n, int32_t* e) const;
  BindStatus magnitude(uint64_t* out) const;
};

// Correctly rounded conversion of digits * 10^exponent10 (digits: `n` ASCII
// digits, the first non-zero) to a binary float with `mantissaBits` bits (53
// or 24): *bits is its IEEE 754 encoding without the sign. Returns false when
// the result overflows.
bool decimalToBinary(const char* digits, uint8_t n, bool sticky, int32_t exponent10,
                     int mantissaBits, uint64_t* bits);

EHC_END_NAMESPACE
