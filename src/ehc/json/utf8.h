// UTF-8 helpers shared by the JSON binder and writer.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

// Encodes a code point (<= U+10FFFF, not a surrogate) into out[0..3]; returns
// the number of bytes.
size_t encodeUtf8(uint32_t cp, char* out);

// For a byte >= 0x80 that starts a sequence: the number of continuation bytes
// (1..3) and the allowed range of the first of them (RFC 3629 table, which
// excludes overlongs, surrogates and code points above U+10FFFF); -1 for a
// byte that cannot start a sequence.
int utf8SequenceInfo(uint8_t lead, uint8_t* lo, uint8_t* hi);

// True when s[0..n) is well-formed UTF-8 (RFC 3629).
bool isValidUtf8(const char* s, size_t n);

// Removes an incomplete UTF-8 sequence from the end of buf[0..*written),
// well-formed up to there, and re-terminates it.
void trimPartialUtf8(char* buf, size_t* written);

// appendUtf8Safe when s does not fit: copies what fits without cutting a
// UTF-8 sequence; returns true.
bool appendTruncated(char* buf, size_t size, size_t* written, const char* s);

// Appends s[0..n) to a NUL-terminated buffer of `size` bytes holding
// *written bytes. If it does not fit, copies what fits without cutting a
// UTF-8 sequence and returns true (truncated). Always leaves buf terminated.
inline bool appendUtf8Safe(char* buf, size_t size, size_t* written, const char* s, size_t n) {
  const size_t w = *written;
  if (n > size - 1 - w) return appendTruncated(buf, size, written, s);
  memcpy(buf + w, s, n);
  buf[w + n] = '\0';
  *written = w + n;
  return false;
}

EHC_END_NAMESPACE
