#include "huffman.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {

uint32_t reverse(uint32_t code, unsigned length) {
  uint32_t r = 0;
  for (unsigned i = 0; i < length; ++i, code >>= 1) r = r << 1 | (code & 1);
  return r;
}

}  // namespace

bool HuffmanCode::build(const uint8_t* lengths, unsigned n, bool oneBitIncompleteAllowed) {
  memset(count, 0, sizeof count);
  for (unsigned s = 0; s < n; ++s) ++count[lengths[s]];
  count[0] = 0;
  int left = 1;  // codes of the current length still free
  unsigned longest = 0;
  for (unsigned length = 1; length < 16; ++length) {
    left = left * 2 - count[length];
    if (left < 0) return false;  // over-subscribed
    if (count[length]) longest = length;
  }
  if (left > 0 && (!oneBitIncompleteAllowed || longest > 1)) return false;
  maxLength = static_cast<uint8_t>(longest);

  uint16_t offset[16];
  offset[1] = 0;
  for (unsigned length = 1; length < 15; ++length)
    offset[length + 1] = static_cast<uint16_t>(offset[length] + count[length]);
  for (unsigned s = 0; s < n; ++s)
    if (lengths[s]) symbols[offset[lengths[s]]++] = static_cast<uint16_t>(s);

  // Canonical codes in order of length, then symbol; bit-reversed, since
  // deflate sends a code's first bit lowest.
  const uint32_t size = 1u << fastBits;
  memset(fast, 0, size * sizeof fast[0]);
  uint32_t next = 0, k = 0;
  for (unsigned length = 1; length <= longest && length <= fastBits; ++length) {
    for (unsigned i = 0; i < count[length]; ++i, ++next, ++k) {
      const uint16_t entry = static_cast<uint16_t>(symbols[k] | length << 9);
      for (uint32_t j = reverse(next, length); j < size; j += 1u << length) fast[j] = entry;
    }
    next <<= 1;
  }
  return true;
}

// Codes of each length are consecutive numbers starting at `first`.
int HuffmanCode::decodeSlow(uint32_t bits, uint32_t available, uint32_t* length) const {
  uint32_t value = 0, first = 0, index = 0;
  for (uint32_t l = 1; l <= maxLength; ++l) {
    if (l > available) return kNeedMore;
    value |= bits & 1;
    bits >>= 1;
    const uint32_t n = count[l];
    if (value - first < n) {
      *length = l;
      return symbols[index + value - first];
    }
    index += n;
    first = (first + n) << 1;
    value <<= 1;
  }
  return kInvalid;
}

EHC_END_NAMESPACE
