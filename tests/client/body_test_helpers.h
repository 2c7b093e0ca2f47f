// Test helpers for bodies: text compressed by zlib (the reference), as
// gzip, zlib or raw deflate; the SHA-256 of a text in hex.
#pragma once

#include <zlib.h>

#include <string>

#include "ehc/net/sha256_digest.h"

namespace ehc_test {

// windowBits as deflateInit2 takes them: 15 + 16 gzip, 15 zlib, -15 raw.
inline std::string compressed(const std::string& text, int windowBits = 31, int level = 6) {
  z_stream z{};
  deflateInit2(&z, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, text.size()) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(&out[0]);
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

inline std::string gzipped(const std::string& text) {
  return compressed(text, 31);
}

inline std::string sha256Hex(const std::string& data) {
  ehc::Sha256Digest d;
  d.begin();
  d.feed(data.data(), data.size());
  uint8_t raw[ehc::Sha256Digest::kSize];
  d.finish(raw);
  char hex[2 * ehc::Sha256Digest::kSize + 1];
  ehc::Sha256Digest::toHex(raw, hex);
  return hex;
}

}  // namespace ehc_test
