// Measuring on the target (rv32 only): executed instructions from the
// minstret counter (exact under qemu -icount shift=0), the line that reports
// them, and the stack a call uses (painted, then the high-water mark found).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "text.h"

// minstret/minstreth (64 bits read as two halves, re-read on a carry).
// GCC 12 wants zicsr spelled out for csrr under -march=rv32imc.
#define EHC_CSRR(reg, out)                                                         \
  asm volatile(".option push\n.option arch, +zicsr\ncsrr %0, " reg "\n.option pop" \
               : "=r"(out)                                                         \
               :                                                                   \
               : "memory")
inline uint64_t instret() {
  uint32_t hi, lo, hi2;
  do {
    EHC_CSRR("minstreth", hi);
    EHC_CSRR("minstret", lo);
    EHC_CSRR("minstreth", hi2);
  } while (hi != hi2);
  return static_cast<uint64_t>(hi) << 32 | lo;
}

extern "C" char __heap_end[];  // picolibc.ld: the bottom of the stack region
constexpr uint32_t kStackPaint = 0xC5A5C5A5u;

inline uint32_t* stackPointer() {
  uint32_t* sp;
  asm volatile("mv %0, sp" : "=r"(sp));
  return sp;
}

// A leaf with no frame of its own: paints from the stack's bottom up to
// 32 bytes below its caller's stack pointer.
__attribute__((noinline)) inline void paintStack() {
  uint32_t* p = reinterpret_cast<uint32_t*>(__heap_end);
  uint32_t* const end = stackPointer() - 8;
  while (p < end) *p++ = kStackPaint;
}

// Bytes of stack `work` used below the caller's frame; 0 if it overflowed
// the stack region.
__attribute__((noinline)) inline size_t stackUse(void (*work)()) {
  uint32_t* const top = stackPointer();
  paintStack();
  work();
  const uint32_t* p = reinterpret_cast<uint32_t*>(__heap_end);
  while (p < top && *p == kStackPaint) ++p;
  if (p == reinterpret_cast<uint32_t*>(__heap_end)) return 0;
  return static_cast<size_t>(reinterpret_cast<const char*>(top) - reinterpret_cast<const char*>(p));
}

// "ISA WORKLOAD BYTES INSTRUCTIONS IR_PER_BYTE" (two decimals).
inline void reportInstructions(const char* isa, const char* workload, size_t bytes, uint64_t ir) {
  FixedText<128> t;
  t << isa << ' ' << workload << ' ';
  t.num(bytes) << ' ';
  t.u(ir) << ' ';
  const uint64_t centi = (ir * 100 + bytes / 2) / bytes;
  t.u(centi / 100) << '.' << static_cast<char>('0' + centi / 10 % 10)
                   << static_cast<char>('0' + centi % 10);
  emit(t);
}
