#include "utf8.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

size_t encodeUtf8(uint32_t cp, char* out) {
  if (cp < 0x80) {
    out[0] = static_cast<char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<char>(0xC0 | (cp >> 6));
    out[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (cp >> 12));
    out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (cp >> 18));
  out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return 4;
}

int utf8SequenceInfo(uint8_t lead, uint8_t* lo, uint8_t* hi) {
  *lo = 0x80;
  *hi = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) return 1;
  if (lead >= 0xE0 && lead <= 0xEF) {
    if (lead == 0xE0) *lo = 0xA0;
    if (lead == 0xED) *hi = 0x9F;
    return 2;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    if (lead == 0xF0) *lo = 0x90;
    if (lead == 0xF4) *hi = 0x8F;
    return 3;
  }
  return -1;
}

bool isValidUtf8(const char* s, size_t n) {
  for (size_t i = 0; i < n;) {
    const uint8_t c = static_cast<uint8_t>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    uint8_t lo, hi;
    const int more = utf8SequenceInfo(c, &lo, &hi);
    if (more < 0 || n - i - 1 < static_cast<size_t>(more)) return false;
    const uint8_t b1 = static_cast<uint8_t>(s[i + 1]);
    if (b1 < lo || b1 > hi) return false;
    for (int k = 2; k <= more; ++k)
      if ((static_cast<uint8_t>(s[i + static_cast<size_t>(k)]) & 0xC0) != 0x80) return false;
    i += 1 + static_cast<size_t>(more);
  }
  return true;
}

void trimPartialUtf8(char* buf, size_t* written) {
  // (The text is well-formed up to its end: the binder and the writer check
  // it first. So a lead byte says how many continuation bytes follow it.)
  size_t w = *written, i = w;
  while (i > 0 && w - i < 3 && (static_cast<uint8_t>(buf[i - 1]) & 0xC0) == 0x80) --i;
  if (i > 0) {
    const uint8_t lead = static_cast<uint8_t>(buf[i - 1]);
    const size_t more = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
    if (w - i < more) w = i - 1;
  }
  buf[w] = '\0';
  *written = w;
}

bool appendTruncated(char* buf, size_t size, size_t* written, const char* s) {
  const size_t w = *written;
  const size_t room = size - 1 - w;
  memcpy(buf + w, s, room);
  *written = w + room;
  trimPartialUtf8(buf, written);
  return true;
}

EHC_END_NAMESPACE
