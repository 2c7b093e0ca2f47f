#include "checksum.h"

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

}  // namespace

uint32_t crc32Update(uint32_t crc, const uint8_t* data, size_t n) {
  crc = ~crc;
  for (size_t i = 0; i < n; ++i) crc = kCrc.entry[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

uint32_t adler32Update(uint32_t adler, const uint8_t* data, size_t n) {
  const uint32_t kBase = 65521;
  // 5552 bytes is the most that can be summed before s2 could overflow 32 bits.
  const size_t kRun = 5552;
  uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
  while (n) {
    const size_t run = n < kRun ? n : kRun;
    for (size_t i = 0; i < run; ++i) {
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
