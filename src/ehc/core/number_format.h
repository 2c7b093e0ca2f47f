// Number to text without printf: integers, and the shortest decimal that
// reads back as the same double (or float), exactly (Burger & Dybvig's
// free-format algorithm on exact big integers). No heap, no libc formatting
// (newlib's printf allocates for floating point).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

// Longest text any of these writes, without a terminator ("-1.7976931348623157e+308").
constexpr size_t kMaxNumberText = 32;

size_t formatUint64(uint64_t v, char* out);
size_t formatInt64(int64_t v, char* out);
// Shortest round-trip text, JSON syntax (like JavaScript's Number#toString:
// "0.1", "100", "1e+21", "5e-324", "-0"). Returns 0 for NaN and infinities,
// which JSON cannot represent.
size_t formatDouble(double v, char* out);
size_t formatFloat(float v, char* out);

EHC_END_NAMESPACE
