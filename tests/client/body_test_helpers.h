// Test helpers for bodies: text compressed by zlib (the reference), as
// gzip, zlib or raw deflate; the SHA-256 of a text in hex.
#pragma once

#include <string>

#include "../../tools/common/deflate_text.h"
#include "ehc/net/sha256_digest.h"

namespace ehc_test {

using ehc_tools::compressed;  // windowBits: 31 gzip, 15 zlib, -15 raw

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
