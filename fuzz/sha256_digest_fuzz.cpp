// Fuzzes the SHA-256 accumulator: the digest of the input fed whole and at
// input-chosen splits is the same, its hex reads back to it and compares
// equal, and a hex string made of the input is refused or read back exactly.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ehc/net/sha256_digest.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using ehc::Sha256Digest;
  uint8_t whole[Sha256Digest::kSize], split[Sha256Digest::kSize];
  Sha256Digest d;
  d.begin();
  if (!d.feed(data, size) || d.finish(whole) != ehc::DigestError::Ok) abort();
  d.begin();
  for (size_t off = 0, k = 0; off < size; ++k) {
    size_t n = 1 + (size ? data[k % size] % 100 : 0);
    if (n > size - off) n = size - off;
    if (!d.feed(data + off, n)) abort();
    off += n;
  }
  if (d.finish(split) != ehc::DigestError::Ok || memcmp(whole, split, sizeof whole) != 0) abort();

  char hex[2 * Sha256Digest::kSize + 1];
  Sha256Digest::toHex(whole, hex);
  d.begin();
  d.feed(data, size);
  if (d.finishAndCompare(hex) != ehc::DigestError::Ok) abort();

  // The input as an expected digest: refused unless it is 64 hex digits.
  char text[80];
  const size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
  memcpy(text, data, n);
  text[n] = '\0';
  uint8_t parsed[Sha256Digest::kSize];
  if (Sha256Digest::fromHex(text, parsed)) {
    char back[2 * Sha256Digest::kSize + 1];
    Sha256Digest::toHex(parsed, back);
    if (strlen(text) != 64) abort();
    for (size_t i = 0; i < 64; ++i)
      if ((text[i] | 0x20) != back[i] && text[i] != back[i]) abort();
  }
  return 0;
}
