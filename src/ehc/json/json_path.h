// Binding paths: "0.address.geo.lat", "" for the root, "*" for every member
// or element, "\." "\\" "\*" for a literal dot, backslash or star in a key,
// and a backslash before a digit ("\1") for a key that only names an object
// member, never an array index.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../core/bits.h"

// 64-bit hosts (Linux, macOS) trade some code and memory for speed; the
// microcontrollers (ESP32's RISC-V and Xtensa, Cortex-M) keep the small code.
#if defined(__x86_64__) || defined(__aarch64__)
#define EHC_JSON_HOST_SPEED 1
#else
#define EHC_JSON_HOST_SPEED 0
#endif

EHC_BEGIN_NAMESPACE

// PathSegment::flags bits.
enum : uint8_t { kSegWild = 1, kSegEscaped = 2 };
// PathSegment::index when the segment is not an array index.
constexpr uint32_t kNoIndex = 0xFFFFFFFFu;

// One segment of a path, as the binder matches it: where it is in the path
// text, and what it names.
struct PathSegment {
  uint32_t index;    // as an array index ("0", "12"), or kNoIndex
  uint16_t offset;   // where it starts in the path
  uint16_t length;   // its raw length in the path
  uint16_t decoded;  // its length once escapes are removed
  uint8_t number;    // which segment (0: the first)
  uint8_t flags;     // kSegWild, kSegEscaped
};

// Field by field: a plain assignment is a memcpy call at -Os on RISC-V
// (64-bit hosts copy the 16 bytes at once).
inline void copySegment(PathSegment* to, const PathSegment& from) {
#if EHC_JSON_HOST_SPEED
  *to = from;
#else
  to->index = from.index;
  to->offset = from.offset;
  to->length = from.length;
  to->decoded = from.decoded;
  to->number = from.number;
  to->flags = from.flags;
#endif
}

struct PathInfo {
  static constexpr uint8_t kNoWildcard = 255;
  // Bit k: path[k] ends a segment (a separating dot, or the NUL). 0 when the
  // path has escapes or is 32 bytes or longer: its segments are then found by
  // scanning the text.
  uint32_t ends;
  uint8_t segments;       // 0 for the root path ""
  uint8_t firstWildcard;  // index of the first "*" segment, or kNoWildcard
  uint8_t lastWildcard;   // index of the last "*" segment, or kNoWildcard
  uint8_t shared;         // leading segments that are the same text in `previous`
};

// Validates a path (escapes, length < 64 KiB, <= 254 segments) and describes
// it. `previous`, if not null, is a valid path to compare it with
// (info->shared); with its `previousInfo`, the segments they share are not
// scanned again.
bool inspectPath(const char* path, PathInfo* info, const char* previous = nullptr,
                 const PathInfo* previousInfo = nullptr);

// Points `seg` at segment `number` of `path` (described by `info`), which
// starts at `offset`.
void describeSegment(const char* path, const PathInfo& info, PathSegment* seg, unsigned number,
                     size_t offset);

// The same, with the common case inline: a plain key (not an index, not "*")
// in a path whose segment ends are known.
EHC_ALWAYS_INLINE void segmentAt(const char* path, const PathInfo& info, PathSegment* seg,
                                 unsigned number, size_t offset) {
  if (info.ends && static_cast<uint8_t>(path[offset]) > '9') {
    const uint16_t length = static_cast<uint16_t>(lowestBit(info.ends >> offset));
    seg->index = kNoIndex;
    seg->offset = static_cast<uint16_t>(offset);
    seg->length = seg->decoded = length;
    seg->number = static_cast<uint8_t>(number);
    seg->flags = 0;
    return;
  }
  describeSegment(path, info, seg, number, offset);
}

// Points `seg` at segment `index` of `path`, stepping from the one it is at
// (forward, or back without rescanning from the start). `index` must be less
// than the path's segment count.
void stepToSegment(const char* path, const PathInfo& info, PathSegment* seg, unsigned index);

// The same, with the common step inline: to the next segment.
EHC_ALWAYS_INLINE void moveToSegment(const char* path, const PathInfo& info, PathSegment* seg,
                                     unsigned index) {
  if (seg->number + 1u == index)
    segmentAt(path, info, seg, index, static_cast<size_t>(seg->offset) + seg->length + 1u);
  else
    stepToSegment(path, info, seg, index);
}

// Does the segment, decoded, hold s[0..n) at decoded position `pos`?
bool segmentMatches(const char* path, const PathSegment& seg, size_t pos, const char* s, size_t n);

EHC_END_NAMESPACE
