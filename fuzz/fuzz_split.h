// What the whole-versus-split fuzzers share: the optional header that picks
// the piece sizes, and feeding an input in those pieces. A target runs its
// parser once whole and once in pieces and aborts when the results differ.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

namespace fuzz_split {

// Piece sizes, each 1 + sizes[i] % 32, taken in turn.
struct Pieces {
  uint8_t sizes[8] = {1, 7, 3, 30, 2, 13, 5, 31};
};

// An input may start with 0xEC and 8 piece sizes (taken off the input);
// otherwise the fixed sizes above.
inline Pieces takeHeader(const uint8_t*& data, size_t& size) {
  Pieces p;
  if (size >= 9 && data[0] == 0xEC) {
    memcpy(p.sizes, data + 1, sizeof p.sizes);
    data += 9;
    size -= 9;
  }
  return p;
}

// feed(piece, length) over the input, whole (nsizes 0) or in the pieces;
// stops when feed returns false.
template <typename Feed>
void feedInPieces(const uint8_t* data, size_t size, const uint8_t* sizes, size_t nsizes,
                  Feed feed) {
  size_t off = 0, k = 0;
  while (off < size) {
    size_t n = nsizes ? 1 + sizes[k++ % nsizes] % 32 : size;
    if (n > size - off) n = size - off;
    const bool more = feed(data + off, n);
    off += n;
    if (!more) return;
  }
}

}  // namespace fuzz_split
