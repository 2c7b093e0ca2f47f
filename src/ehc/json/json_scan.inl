// The scans: the first byte of a chunk that ends a run the tokenizer can
// skip (string bytes, digits, whitespace), written once per CPU kind. The only
// code of the binder that differs by CPU, with the inlining choices below.
// Part of json_binder.cpp's one translation unit (the tokenizer inlines these).
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)  // every x86-64 CPU: 16 bytes at a time on Linux hosts
#include <emmintrin.h>
#define EHC_HAS_SSE2 1
#else
#define EHC_HAS_SSE2 0
#endif

#include "../config.h"
#include "json_binder.h"
#include "json_chars.h"

EHC_BEGIN_NAMESPACE

namespace {

// Inlined on the ESP32's CPUs, where a call's register saves cost more than
// the code it keeps out of line; not on x86-64, where inlining it into the
// tokenizer costs the tokenizer's loops their registers.
#if defined(__riscv) || defined(__XTENSA__)
#define EHC_MCU_INLINE EHC_ALWAYS_INLINE
#else
#define EHC_MCU_INLINE
#endif
// A rarer branch of a hot function: out of line on 64-bit hosts, so that
// the hot path keeps its registers; inline on microcontrollers, whose code
// it would grow.
#if EHC_JSON_HOST_SPEED
#define EHC_HOST_OUTLINE __attribute__((noinline))
#else
#define EHC_HOST_OUTLINE EHC_ALWAYS_INLINE
#endif
// 64-bit hosts (EHC_JSON_HOST_SPEED, json_path.h) take code and memory for
// speed that a microcontroller's flash and RAM are better without.
constexpr bool kSmallCode = !EHC_JSON_HOST_SPEED;

using json_chars::isStrStop;
using json_chars::isWs;

inline bool isDigit(uint8_t c) {
  return static_cast<uint8_t>(c - '0') < 10;
}

// SWAR helpers, for 64-bit CPUs (see kWordScan): all of a scan without
// SSE2, the last 8..15 bytes of a chunk with it.
using Word = size_t;
constexpr Word kOnes = ~Word{0} / 255;
constexpr Word kHigh = kOnes * 0x80;
// Where unaligned word loads are slow or trapped (RISC-V: GCC calls memcpy
// for them at -Os), the word scans first step byte by byte to a word
// boundary, then load aligned words (rv64; 32-bit CPUs scan bytes).
// Elsewhere any address will do.
#if defined(__riscv) || defined(__XTENSA__) || defined(EHC_ALIGNED_WORD_LOADS)
constexpr bool kAlignLoads = true;
#else
constexpr bool kAlignLoads = false;
#endif
inline Word loadWord(const uint8_t* p) {  // aligned when kAlignLoads
  Word w;
  if (kAlignLoads)
    memcpy(&w, __builtin_assume_aligned(p, sizeof(Word)), sizeof w);
  else
    memcpy(&w, p, sizeof w);
  return w;
}
inline bool aligned(const uint8_t* p) {
  return !kAlignLoads || (reinterpret_cast<uintptr_t>(p) & (sizeof(Word) - 1)) == 0;
}

inline int lowestByte(Word m) {  // (8-byte words: see kWordScan)
  return __builtin_ctzll(static_cast<unsigned long long>(m)) >> 3;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr bool kLittleEndian = true;
#else
constexpr bool kLittleEndian = false;
#endif
// Unaligned 4-byte loads that are one instruction, bytes in little-endian order.
constexpr bool kCheapWordLoads = !kAlignLoads && kLittleEndian;

// The scans come in three kinds, by CPU:
// - x86-64 (SSE2): 16 bytes per step, compares and a mask (then words);
// - other 64-bit CPUs: 8-byte words (SWAR);
// - 32-bit CPUs (the ESP32s): a table lookup per byte, four bytes per bounds
//   check. With 4-byte aligned words the constants, the alignment steps and
//   finding the byte in the word cost more than they save on the short
//   strings, numbers and indentation runs JSON is made of (measured on rv32).
constexpr bool kWordScan = kLittleEndian && sizeof(Word) == 8;
// 16-byte SSE2 steps (x86-64), or 8-byte words.
constexpr bool kWideScans = kWordScan || EHC_HAS_SSE2;

#if defined(__SSE2__)
inline __m128i load16(const uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
#endif

// First byte of [p, end) that may end a string: '"', '\\', < 0x20, >= 0x80.
inline const uint8_t* scanString(const uint8_t* p, const uint8_t* end) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  for (; end - p >= 16; p += 16) {
    const __m128i v = load16(p);
    // A signed compare: bytes >= 0x80 are negative, "below 0x20" with the controls.
    const __m128i stop =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                     _mm_cmplt_epi8(v, space));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(stop));
    if (mask) return p + __builtin_ctz(mask);
  }
#endif
  if (!kWordScan) {
    for (; end - p >= 8; p += 8) {
#pragma GCC unroll 8
      for (int k = 0; k < 8; ++k)
        if (isStrStop(p[k])) return p + k;
    }
  } else {
    for (; p < end && !aligned(p); ++p)
      if (isStrStop(*p)) return p;
    for (; end - p >= static_cast<ptrdiff_t>(sizeof(Word)); p += sizeof(Word)) {
      const Word w = loadWord(p);
      const Word q = w ^ (kOnes * '"'), b = w ^ (kOnes * '\\');
      // Borrows only run towards higher bytes, so the lowest flag is exact.
      const Word t = (((q - kOnes) & ~q) | ((b - kOnes) & ~b) | (w - kOnes * 0x20) | w) & kHigh;
      if (t) return p + lowestByte(t);
    }
  }
  while (p < end && !isStrStop(*p)) ++p;
  return p;
}

// At a byte E0..EF in a string: past the run of plain 3-byte UTF-8
// characters that begins there (CJK text), 15 bytes (five characters) per
// step on x86-64, a character a turn on other 64-bit CPUs (32-bit ones leave
// runs to the tokenizer's loop of 2- and 3-byte characters: less code).
// Leads E1..EC, EE, EF only:
// E0 (overlong forms) and ED (surrogates) take the checked path, as does the run's end.
inline const uint8_t* skipThreeByteRun(const uint8_t* p, const uint8_t* end) {
#if defined(__SSE2__)
  const char L = static_cast<char>(0xF0), C = static_cast<char>(0xC0), F = static_cast<char>(0xFF);
  const __m128i shape = _mm_setr_epi8(L, C, C, L, C, C, L, C, C, L, C, C, L, C, C, 0);
  const char l = static_cast<char>(0xE0), c = static_cast<char>(0x80);
  const __m128i want = _mm_setr_epi8(l, c, c, l, c, c, l, c, c, l, c, c, l, c, c, 0);
  const __m128i nibble = _mm_setr_epi8(15, 0, 0, 15, 0, 0, 15, 0, 0, 15, 0, 0, 15, 0, 0, 0);
  // A lead's low nibble compared with 0 and 13; the other lanes never match.
  const __m128i e0 = _mm_setr_epi8(0, F, F, 0, F, F, 0, F, F, 0, F, F, 0, F, F, F);
  const __m128i ed = _mm_setr_epi8(13, F, F, 13, F, F, 13, F, F, 13, F, F, 13, F, F, F);
  for (; end - p >= 16; p += 15) {
    const __m128i v = load16(p);
    const __m128i low = _mm_and_si128(v, nibble);
    const __m128i bad = _mm_or_si128(_mm_cmpeq_epi8(low, e0), _mm_cmpeq_epi8(low, ed));
    const __m128i ok = _mm_andnot_si128(bad, _mm_cmpeq_epi8(_mm_and_si128(v, shape), want));
    if (_mm_movemask_epi8(ok) != 0xFFFF) break;
  }
#else
  // One character a turn, its continuation bytes tested together.
  for (; end - p >= 3; p += 3) {
    const unsigned lead = p[0];
    if (lead - 0xE1u >= 15u || lead == 0xEDu) break;
    if ((static_cast<unsigned>(p[1] ^ 0x80) | static_cast<unsigned>(p[2] ^ 0x80)) >= 0x40u) break;
  }
#endif
  return p;
}

// First byte of [p, end) that is not a decimal digit.
inline const uint8_t* scanDigits(const uint8_t* p, const uint8_t* end) {
#if defined(__SSE2__)
  // A digit is at most 9 above '0' (unsigned, so the bytes below '0' wrap
  // high): 16 bytes a step while all are digits (ids, timestamps).
  const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
  for (; end - p >= 16; p += 16) {
    const __m128i d = _mm_sub_epi8(load16(p), zero);
    const unsigned other =
        ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(d, nine), nine))) &
        0xFFFF;
    if (other) return p + __builtin_ctz(other);
  }
#endif
  if (!kWordScan) {
    for (; end - p >= 4; p += 4) {
      if (!isDigit(p[0])) return p;
      if (!isDigit(p[1])) return p + 1;
      if (!isDigit(p[2])) return p + 2;
      if (!isDigit(p[3])) return p + 3;
    }
  } else {
    for (; p < end && !aligned(p); ++p)
      if (!isDigit(*p)) return p;
    for (; end - p >= static_cast<ptrdiff_t>(sizeof(Word)); p += sizeof(Word)) {
      const Word w = loadWord(p);
      // A digit is 0x30..0x39: high nibble 3 before and after adding 6. A
      // carry out of a non-digit byte only disturbs bytes after it.
      const Word nd = ((w & (kOnes * 0xF0)) ^ (kOnes * 0x30)) |
                      (((w + kOnes * 0x06) & (kOnes * 0xF0)) ^ (kOnes * 0x30));
      if (nd) return p + lowestByte(nd);
    }
  }
  while (p < end && isDigit(*p)) ++p;
  return p;
}

// Skips JSON whitespace. Most calls find none, or the one space of ": ";
// indentation comes in runs of spaces.
inline const uint8_t* skipWhitespace(const uint8_t* p, const uint8_t* end) {
#if defined(__SSE2__)
  if (p != end && p[0] > ' ') return p;  // most often: no whitespace at all
  // Else mostly one space, or indentation: a line break, then a run of
  // spaces. Both bytes compared at once, the first 16 bytes are one step;
  // longer runs of spaces one compare per 16 bytes. Other whitespace (tabs,
  // more line breaks) takes a step each.
  const __m128i space = _mm_set1_epi8(' ');
  if (end - p >= 16) {
    const __m128i v = load16(p);
    const unsigned ws = static_cast<unsigned>(_mm_movemask_epi8(
        _mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')))));
    if (ws != 0xFFFF) {
      p += __builtin_ctz(~ws);
      if (*p > ' ') return p;
    } else {
      p += 16;
    }
  }
  while (end - p >= 16) {
    unsigned other =
        ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(load16(p), space))) & 0xFFFF;
    if (!other && end - p >= 32) {  // (deeper indentation: the next 16 with no bounds check more)
      p += 16;
      other = ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(load16(p), space))) & 0xFFFF;
    }
    if (!other) {
      p += 16;
      continue;
    }
    p += __builtin_ctz(other);
    if (*p > ' ' || !isWs(*p)) return p;
    ++p;
  }
#endif
  if (!kWordScan) {
    // Runs of spaces (indentation) eight bytes per bounds check, one compare
    // each, after the line break that mostly comes first; the other
    // whitespace bytes one at a time.
    if (p != end && *p == '\n') ++p;
    for (;;) {
      for (; end - p >= 8; p += 8) {
#pragma GCC unroll 8
        for (int k = 0; k < 8; ++k)
          if (p[k] != ' ') {
            p += k;
            goto other;
          }
      }
      while (p < end && *p == ' ') ++p;
      if (p == end) return p;
    other:
      if (*p > ' ' || !isWs(*p)) return p;
      ++p;
    }
  }
  while (p < end) {
    const uint8_t c = *p;
    if (c == ' ' && aligned(p) && end - p >= static_cast<ptrdiff_t>(sizeof(Word))) {
      const Word x = loadWord(p) ^ (kOnes * ' ');
      if (x == 0) {
        p += sizeof(Word);
        continue;
      }
      p += lowestByte(x);
      if (*p > ' ') break;
      continue;
    }
    if (c > ' ' || !isWs(c)) break;
    ++p;
  }
  return p;
}

}  // namespace

EHC_END_NAMESPACE
