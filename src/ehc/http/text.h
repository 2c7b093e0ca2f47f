// Small text helpers of the HTTP engine: RFC 3986 percent-encoding, Base64,
// token checks, case-insensitive comparison. No heap, no libc formatting.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

// RFC 9110 token character (header names, methods).
bool isTokenChar(uint8_t c);
bool isToken(const char* s, size_t n);
bool equalsIgnoreCase(const char* a, size_t an, const char* b, size_t bn);

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
