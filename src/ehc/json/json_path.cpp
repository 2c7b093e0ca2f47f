#include "json_path.h"

#include <string.h>

#include "../core/bits.h"
#include "json_chars.h"

EHC_BEGIN_NAMESPACE

namespace {

// A run of plain path characters ends at NUL, '.' or '\\'.
EHC_ALWAYS_INLINE size_t plainRun(const char* s, size_t i) {
  while (!json_chars::isPathStop(s[i])) ++i;
  return i;
}

}  // namespace

namespace {

// The leading segments `path` has in common with `previous` (the same text,
// ending where a segment of `previous` ends: the escapes before that point
// are the same, so a dot there separates in both). *end: where the last of
// them ends in `path` (its dot, or the NUL).
unsigned sharedSegments(const char* path, const char* previous, size_t* end) {
  unsigned shared = 0;
  size_t i = 0;
  for (;; ++i) {
    const char c = path[i];
    if (c != previous[i]) break;
    if (!json_chars::isPathStop(c)) continue;  // (most are plain)
    if (c == '\0') break;
    if (c == '.') {
      ++shared;
      *end = i;
    } else {  // a backslash: the escaped character (never a NUL: `previous` is valid)
      ++i;
      if (path[i] != previous[i]) return shared;
    }
  }
  // The texts differ at i (or both end): one more segment if both end one here.
  const char c = path[i], e = previous[i];
  if ((c == '.' || c == '\0') && (e == '.' || e == '\0')) {
    ++shared;
    *end = i;
  }
  return shared;
}

}  // namespace

bool inspectPath(const char* path, PathInfo* info, const char* previous,
                 const PathInfo* previousInfo) {
  info->ends = 0;
  info->segments = info->shared = 0;
  info->firstWildcard = info->lastWildcard = PathInfo::kNoWildcard;
  if (path[0] == '\0') return true;
  unsigned segments = 0;
  uint32_t ends = 0;
  bool escapes = false;
  size_t i = 0;
  if (previous && previous[0] != '\0') {
    size_t end = 0;
    const unsigned shared = sharedSegments(path, previous, &end);
    info->shared = static_cast<uint8_t>(shared);
    // The shared segments were validated with `previous`, and its segment
    // ends describe them: when they hold no "*", scanning resumes after them.
    if (shared > 0 && previousInfo && previousInfo->firstWildcard >= shared &&
        previousInfo->ends != 0) {
      ends = previousInfo->ends & ((2u << end) - 1);
      segments = shared;
      if (path[end] == '\0') {  // all of it
        info->ends = ends;
        info->segments = static_cast<uint8_t>(segments);
        return true;
      }
      i = end + 1;
    }
  }
  for (size_t segStart = i;; ++i) {
    i = plainRun(path, i);
    if (i >= 0xFFFF) return false;  // offsets and lengths are 16-bit
    const char c = path[i];
    if (c == '\\') {
      escapes = true;
      const char e = path[++i];
      if (e != '.' && e != '\\' && e != '*' && (e < '0' || e > '9')) return false;
      continue;
    }
    if (i - segStart == 1 && path[segStart] == '*') {
      if (info->firstWildcard == PathInfo::kNoWildcard)
        info->firstWildcard = static_cast<uint8_t>(segments);
      info->lastWildcard = static_cast<uint8_t>(segments);
    }
    if (i < 32) ends |= uint32_t{1} << i;
    if (++segments > 254) return false;
    if (c == '\0') break;
    segStart = i + 1;
  }
  info->segments = static_cast<uint8_t>(segments);
  info->ends = escapes || i >= 32 ? 0 : ends;
  return true;
}

namespace {

size_t previousSegmentOffset(const char* path, uint32_t ends, const PathSegment& seg) {
  // The current segment starts after a separating dot at offset - 1. The
  // previous one starts after the separator before that (or at 0).
  size_t i = static_cast<size_t>(seg.offset) - 1;
  if (ends) {
    const uint32_t before = ends & ((uint32_t{1} << i) - 1);
    return before ? static_cast<size_t>(highestBit(before)) + 1 : 0;
  }
  // Scanning back: a separator is a dot preceded by an even number of backslashes.
  while (i > 0) {
    if (path[i - 1] == '.') {
      size_t slashes = 0;
      while (i - 1 >= slashes + 1 && path[i - 2 - slashes] == '\\') ++slashes;
      if (slashes % 2 == 0) break;
    }
    --i;
  }
  return i;
}

}  // namespace

void describeSegment(const char* path, const PathInfo& info, PathSegment* seg, unsigned number,
                     size_t offset) {
  const uint32_t ends = info.ends;
  const char* s = path + offset;
  size_t raw, decoded;
  uint8_t flags = 0;
  uint32_t index = kNoIndex;
  if (ends) {  // no escapes: the next segment end says it all
    raw = decoded = static_cast<size_t>(lowestBit(ends >> offset));
  } else {
    raw = decoded = plainRun(s, 0);
    if (s[raw] == '\\') flags = kSegEscaped;
    while (s[raw] == '\\') {
      const size_t run = plainRun(s, raw + 2);
      decoded += run - raw - 1;
      raw = run;
    }
  }
  if (flags) {
    // escaped: a key, never an index
  } else if (raw == 1 && s[0] == '*') {
    flags = kSegWild;
  } else if (s[0] >= '0' && s[0] <= '9' && raw <= 9 && (s[0] != '0' || raw == 1)) {
    // "0" and "12" index arrays; "012" and "1x" do not.
    uint32_t v = 0;
    size_t k = 0;
    for (; k < raw && s[k] >= '0' && s[k] <= '9'; ++k)
      v = v * 10 + static_cast<uint32_t>(s[k] - '0');
    if (k == raw) index = v;
  }
  seg->index = index;
  seg->offset = static_cast<uint16_t>(offset);
  seg->length = static_cast<uint16_t>(raw);
  seg->decoded = static_cast<uint16_t>(decoded);
  seg->flags = flags;
  seg->number = static_cast<uint8_t>(number);
}

void stepToSegment(const char* path, const PathInfo& info, PathSegment* seg, unsigned index) {
  while (seg->number < index)
    describeSegment(path, info, seg, seg->number + 1u,
                    static_cast<size_t>(seg->offset) + seg->length + 1u);
  while (seg->number > index)
    describeSegment(path, info, seg, seg->number - 1u,
                    previousSegmentOffset(path, info.ends, *seg));
}

bool segmentMatches(const char* path, const PathSegment& seg, size_t pos, const char* s, size_t n) {
  if (pos + n > seg.decoded) return false;
  const char* text = path + seg.offset;
  if (!(seg.flags & kSegEscaped)) return memcmp(text + pos, s, n) == 0;
  size_t raw = 0;
  for (size_t k = 0; k < pos; ++k) raw += text[raw] == '\\' ? 2 : 1;
  for (size_t k = 0; k < n; ++k) {
    if (text[raw] == '\\') ++raw;
    if (text[raw++] != s[k]) return false;
  }
  return true;
}

EHC_END_NAMESPACE
