// A canonical Huffman code (RFC 1951 3.2.2) for decoding, in the caller's
// storage: a table indexed by the next fastBits input bits (entry: symbol |
// length << 9, 0 where the code is longer than fastBits), and the symbols
// sorted by code for the codes the table does not hold.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

struct HuffmanCode {
  static constexpr int kNeedMore = -1;  // decodeSlow: more bits needed
  static constexpr int kInvalid = -2;   // decodeSlow: no code starts so

  uint16_t* fast;      // 1 << fastBits entries
  uint16_t* symbols;   // as many as the code may have
  uint16_t count[16];  // codes of each length
  uint8_t fastBits;
  uint8_t maxLength;

  // The code of lengths[0..n) (0: the symbol has none). False when it is
  // over-subscribed, or incomplete (more codes were possible) unless
  // `oneBitIncompleteAllowed` and its codes are at most one bit long (zlib's
  // rule: a single one-bit code, or none at all).
  bool build(const uint8_t* lengths, unsigned n, bool oneBitIncompleteAllowed);
  // The symbol whose code starts the `available` low bits of `bits` (deflate
  // sends a code's first bit lowest), one bit at a time: the symbol with
  // *length its bits, kNeedMore, or kInvalid.
  int decodeSlow(uint32_t bits, uint32_t available, uint32_t* length) const;
};

EHC_END_NAMESPACE
