// Bit positions in 32-bit masks (the binder keeps one bit per binding, and
// one bit per path character for segment ends).
#pragma once

#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

// Index of the lowest set bit; m must not be 0.
EHC_ALWAYS_INLINE int lowestBit(uint32_t m) {
#if defined(__riscv) && !defined(__riscv_zbb)
  // No count-trailing-zeros instruction (rv32imc): __builtin_ctz would be a
  // libgcc call. The lowest set bit times a de Bruijn sequence puts a unique
  // 5-bit pattern in the top bits.
  static constexpr uint8_t kIndex[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                         15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                         16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
  return kIndex[((m & (0u - m)) * 0x077CB531u) >> 27];
#else
  return __builtin_ctz(m);
#endif
}

// The same, for the sites that are not hot: a call where the inline lookup
// costs 20 bytes more a site than the call (rv32imc), else the instruction.
#if defined(__riscv) && !defined(__riscv_zbb)
#define EHC_LOWEST_BIT_CALL __attribute__((noinline)) inline
#else
#define EHC_LOWEST_BIT_CALL EHC_ALWAYS_INLINE
#endif
EHC_LOWEST_BIT_CALL int lowestBitCall(uint32_t m) {
  return lowestBit(m);
}

// Index of the highest set bit; m must not be 0.
inline int highestBit(uint32_t m) {
#if defined(__riscv) && !defined(__riscv_zbb)
  while (m & (m - 1)) m &= m - 1;  // (few bits are ever set where this is used)
  return lowestBit(m);
#else
  return 31 - __builtin_clz(m);
#endif
}

EHC_END_NAMESPACE
