#include "checksum.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {

// One table lookup per byte (1 KB of read-only data; a nibble table would
// take 64 bytes and twice the instructions).
struct CrcTable {
  uint32_t entry[256];
  constexpr CrcTable() : entry() {
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      entry[n] = c;
    }
  }
};
constexpr CrcTable kCrc{};

EHC_ALWAYS_INLINE uint32_t crcByte(uint32_t crc, uint32_t byte) {
  return kCrc.entry[(crc ^ byte) & 0xFF] ^ (crc >> 8);
}

}  // namespace

uint32_t crc32Update(uint32_t crc, const uint8_t* data, size_t n) {
  crc = ~crc;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  // A word at a time where the data is aligned: its bytes go into the CRC in
  // order, lowest first, which saves a load and a loop step per byte.
  for (; n && reinterpret_cast<uintptr_t>(data) % 4; --n) crc = crcByte(crc, *data++);
  for (; n >= 4; n -= 4, data += 4) {
    uint32_t word;  // (a plain load: GCC would call memcpy without the hint)
    memcpy(&word, __builtin_assume_aligned(data, 4), 4);
    crc ^= word;  // (four steps written out: -Os would keep a loop)
    crc = kCrc.entry[crc & 0xFF] ^ (crc >> 8);
    crc = kCrc.entry[crc & 0xFF] ^ (crc >> 8);
    crc = kCrc.entry[crc & 0xFF] ^ (crc >> 8);
    crc = kCrc.entry[crc & 0xFF] ^ (crc >> 8);
  }
#endif
  for (; n; --n) crc = crcByte(crc, *data++);
  return ~crc;
}

uint32_t adler32Update(uint32_t adler, const uint8_t* data, size_t n) {
  const uint32_t kBase = 65521;
  // 5552 bytes is the most that can be summed before s2 could overflow 32 bits.
  const size_t kRun = 5552;
  uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
  while (n) {
    const size_t run = n < kRun ? n : kRun;
    size_t i = 0;
    for (; i + 4 <= run; i += 4) {
      s1 += data[i];
      s2 += s1;
      s1 += data[i + 1];
      s2 += s1;
      s1 += data[i + 2];
      s2 += s1;
      s1 += data[i + 3];
      s2 += s1;
    }
    for (; i < run; ++i) {
      s1 += data[i];
      s2 += s1;
    }
    data += run;
    n -= run;
    s1 %= kBase;
    s2 %= kBase;
  }
  return s2 << 16 | s1;
}

EHC_END_NAMESPACE
