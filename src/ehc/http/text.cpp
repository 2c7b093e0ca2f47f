#include "text.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {
bool isAlnum(uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isHex(uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool keep(const char* s, size_t n, size_t i, PercentSet set) {
  const uint8_t c = static_cast<uint8_t>(s[i]);
  if (isAlnum(c) || c == '-' || c == '.' || c == '_' || c == '~') return true;
  if (set == PercentSet::Unreserved) return false;
  switch (c) {
    case '!':
    case '$':
    case '&':
    case '\'':
    case '(':
    case ')':
    case '*':
    case '+':
    case ',':
    case ';':
    case '=':
    case ':':
    case '@':
    case '/':
    case '?': return true;
    case '%':  // already encoded
      return i + 2 < n && isHex(static_cast<uint8_t>(s[i + 1])) &&
             isHex(static_cast<uint8_t>(s[i + 2]));
    default: return false;
  }
}
const char kHex[] = "0123456789ABCDEF";
}  // namespace

bool isToken(const char* s, size_t n) {
  if (n == 0) return false;
  for (size_t i = 0; i < n; ++i)
    if (!isTokenChar(static_cast<uint8_t>(s[i]))) return false;
  return true;
}

bool equalsIgnoreCase(const char* a, size_t an, const char* b, size_t bn) {
  if (an != bn) return false;
  for (size_t i = 0; i < an; ++i) {
    uint8_t x = static_cast<uint8_t>(a[i]), y = static_cast<uint8_t>(b[i]);
    if (x >= 'A' && x <= 'Z') x = static_cast<uint8_t>(x | 0x20);
    if (y >= 'A' && y <= 'Z') y = static_cast<uint8_t>(y | 0x20);
    if (x != y) return false;
  }
  return true;
}

bool equalsIgnoreCase(const char* a, const char* b) {
  return equalsIgnoreCase(a, strlen(a), b, strlen(b));
}

size_t percentEncodedLength(const char* s, size_t n, PercentSet set) {
  size_t len = 0;
  for (size_t i = 0; i < n; ++i) len += keep(s, n, i, set) ? 1u : 3u;
  return len;
}

size_t percentEncode(const char* s, size_t n, PercentSet set, char* out) {
  size_t o = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint8_t c = static_cast<uint8_t>(s[i]);
    if (keep(s, n, i, set)) {
      out[o++] = static_cast<char>(c);
    } else {
      out[o++] = '%';
      out[o++] = kHex[c >> 4];
      out[o++] = kHex[c & 15];
    }
  }
  return o;
}

size_t base64Encode(const uint8_t* s, size_t n, char* out) {
  static const char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t o = 0, i = 0;
  for (; i + 3 <= n; i += 3) {
    const uint32_t v = (uint32_t{s[i]} << 16) | (uint32_t{s[i + 1]} << 8) | s[i + 2];
    out[o++] = kAlphabet[v >> 18];
    out[o++] = kAlphabet[(v >> 12) & 63];
    out[o++] = kAlphabet[(v >> 6) & 63];
    out[o++] = kAlphabet[v & 63];
  }
  if (n - i == 1) {
    const uint32_t v = uint32_t{s[i]} << 16;
    out[o++] = kAlphabet[v >> 18];
    out[o++] = kAlphabet[(v >> 12) & 63];
    out[o++] = '=';
    out[o++] = '=';
  } else if (n - i == 2) {
    const uint32_t v = (uint32_t{s[i]} << 16) | (uint32_t{s[i + 1]} << 8);
    out[o++] = kAlphabet[v >> 18];
    out[o++] = kAlphabet[(v >> 12) & 63];
    out[o++] = kAlphabet[(v >> 6) & 63];
    out[o++] = '=';
  }
  return o;
}

EHC_END_NAMESPACE
