#include "json_path.h"

#include <string.h>

#include "json_binder.h"

EHC_BEGIN_NAMESPACE

namespace {

// A run of plain path characters ends at NUL, '.' or '\\' (three tests:
// cheaper in code than a 256-byte table, and paths are short).
inline size_t plainRun(const char* s, size_t i) {
  while (s[i] != '\0' && s[i] != '.' && s[i] != '\\') ++i;
  return i;
}

}  // namespace

bool inspectPath(const char* path, PathInfo* info) {
  info->segments = 0;
  info->firstWildcard = info->lastWildcard = PathInfo::kNoWildcard;
  if (path[0] == '\0') return true;
  unsigned segments = 0;
  for (size_t i = 0, segStart = 0;; ++i) {
    i = plainRun(path, i);
    if (i >= 0xFFFF) return false;  // offsets and lengths are 16-bit
    const char c = path[i];
    if (c == '\\') {
      const char e = path[++i];
      if (e != '.' && e != '\\' && e != '*' && (e < '0' || e > '9')) return false;
      continue;
    }
    if (i - segStart == 1 && path[segStart] == '*') {
      if (info->firstWildcard == PathInfo::kNoWildcard)
        info->firstWildcard = static_cast<uint8_t>(segments);
      info->lastWildcard = static_cast<uint8_t>(segments);
    }
    if (++segments > 254) return false;
    if (c == '\0') break;
    segStart = i + 1;
  }
  info->segments = static_cast<uint8_t>(segments);
  return true;
}

namespace {

void describeSegment(JsonBinding& b, size_t offset) {
  const char* s = b.path + offset;
  size_t raw = 0, decoded = 0;
  bool escaped = false;
  for (;;) {
    const size_t run = plainRun(s, raw);
    decoded += run - raw;
    raw = run;
    if (s[raw] != '\\') break;  // '.' or the end
    escaped = true;
    raw += 2;
    ++decoded;
  }
  // "0" and "12" index arrays; "", "012", "1x" and escaped segments do not.
  uint32_t index = kNoIndex;
  if (!escaped && decoded > 0 && decoded <= 9 && s[0] >= '0' && s[0] <= '9' &&
      (s[0] != '0' || decoded == 1)) {
    uint32_t v = 0;
    size_t k = 0;
    for (; k < decoded && s[k] >= '0' && s[k] <= '9'; ++k)
      v = v * 10 + static_cast<uint32_t>(s[k] - '0');
    if (k == decoded) index = v;
  }
  b.segOffset = static_cast<uint16_t>(offset);
  b.segLength = static_cast<uint16_t>(raw);
  b.segDecoded = static_cast<uint16_t>(decoded);
  b.segIndex = index;
  b.flags =
      static_cast<uint8_t>((escaped ? kSegEscaped : 0) | (raw == 1 && s[0] == '*' ? kSegWild : 0));
}

void nextSegment(JsonBinding& b) {
  describeSegment(b, static_cast<size_t>(b.segOffset) + b.segLength + 1u);
}

void previousSegment(JsonBinding& b) {
  // The current segment starts after a separating dot at segOffset - 1. The
  // previous one starts after the separator before that: a dot preceded by an
  // even number of backslashes, or the start of the path.
  size_t i = static_cast<size_t>(b.segOffset) - 1;
  while (i > 0) {
    if (b.path[i - 1] == '.') {
      size_t slashes = 0;
      while (i - 1 >= slashes + 1 && b.path[i - 2 - slashes] == '\\') ++slashes;
      if (slashes % 2 == 0) break;
    }
    --i;
  }
  describeSegment(b, i);
}

}  // namespace

void firstSegment(JsonBinding& b) {
  describeSegment(b, 0);
  b.segNumber = 0;
}

void moveToSegment(JsonBinding& b, unsigned index) {
  for (; b.segNumber < index; ++b.segNumber) nextSegment(b);
  for (; b.segNumber > index; --b.segNumber) previousSegment(b);
}

bool segmentMatches(const JsonBinding& b, size_t pos, const char* s, size_t n) {
  if (pos + n > b.segDecoded) return false;
  const char* seg = b.path + b.segOffset;
  if (!(b.flags & kSegEscaped)) return memcmp(seg + pos, s, n) == 0;
  size_t raw = 0;
  for (size_t k = 0; k < pos; ++k) raw += seg[raw] == '\\' ? 2 : 1;
  for (size_t k = 0; k < n; ++k) {
    if (seg[raw] == '\\') ++raw;
    if (seg[raw++] != s[k]) return false;
  }
  return true;
}

EHC_END_NAMESPACE
