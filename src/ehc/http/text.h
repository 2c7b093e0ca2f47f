// Small text helpers of the HTTP engine: RFC 3986 percent-encoding, Base64,
// token checks, case-insensitive comparison. No heap, no libc formatting.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

// 64-bit hosts (Linux, macOS) take a little more code for a faster request
// (the fast paths of the request writer and the response parser, issue 20:
// the instructions per kept-alive request); the microcontrollers keep the
// smaller code, where the same request costs microseconds either way.
#if defined(__x86_64__) || defined(__aarch64__)
#define EHC_HTTP_HOST_SPEED 1
#else
#define EHC_HTTP_HOST_SPEED 0
#endif

EHC_BEGIN_NAMESPACE

// RFC 9110 token character (header names, methods).
// One bit per byte value: 32 bytes where a bool table would take 256.
struct TokenBits {
  uint8_t bits[32];
  constexpr TokenBits() : bits() {
    const char extra[] = "!#$%&'*+-.^_`|~";
    for (int c = 0; c < 256; ++c) {
      bool token = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      for (int k = 0; extra[k]; ++k) token = token || c == extra[k];
      if (token) bits[c >> 3] = static_cast<uint8_t>(bits[c >> 3] | (1u << (c & 7)));
    }
  }
};
inline constexpr TokenBits kTokenBits{};
inline bool isTokenChar(uint8_t c) {
  return (kTokenBits.bits[c >> 3] >> (c & 7)) & 1u;
}
bool isToken(const char* s, size_t n);
bool equalsIgnoreCase(const char* a, size_t an, const char* b, size_t bn);
// The same, of two NUL-terminated texts (header names).
bool equalsIgnoreCase(const char* a, const char* b);

// Which bytes stay as they are; the rest become %XX (uppercase hex).
enum class PercentSet : uint8_t {
  Unreserved,  // ALPHA DIGIT - . _ ~   (query keys and values, path parameters)
  Path,        // unreserved, sub-delims, ':' '@' '/' '?' and an existing "%XX"
};
// Encodes s[0..n) into out (room for 3n bytes); returns the length.
size_t percentEncode(const char* s, size_t n, PercentSet set, char* out);
// Encoded length without writing.
size_t percentEncodedLength(const char* s, size_t n, PercentSet set);

// Base64 (RFC 4648, with padding) of s[0..n) into out (room for 4*ceil(n/3)).
size_t base64Encode(const uint8_t* s, size_t n, char* out);

EHC_END_NAMESPACE
