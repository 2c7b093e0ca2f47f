// Binding paths: "0.address.geo.lat", "" for the root, "*" for every member
// or element, "\." "\\" "\*" for a literal dot, backslash or star in a key,
// and a backslash before a digit ("\1") for a key that only names an object
// member, never an array index.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

struct JsonBinding;

// JsonBinding::flags bits describing the current segment.
enum : uint8_t { kSegWild = 1, kSegEscaped = 2 };
// JsonBinding::segIndex when the segment is not an array index.
constexpr uint32_t kNoIndex = 0xFFFFFFFFu;

struct PathInfo {
  static constexpr uint8_t kNoWildcard = 255;
  uint8_t segments;       // 0 for the root path ""
  uint8_t firstWildcard;  // index of the first "*" segment, or kNoWildcard
  uint8_t lastWildcard;   // index of the last "*" segment, or kNoWildcard
};

// Validates a path (escapes, length < 64 KiB, <= 254 segments) and describes it.
bool inspectPath(const char* path, PathInfo* info);

// Starts the binding at segment 0.
void firstSegment(JsonBinding& b);
// Points the binding's segment fields at segment `index` of its path, stepping
// from the segment they describe now (forward, or back without rescanning
// from the start). `index` must be < the binding's segment count.
void moveToSegment(JsonBinding& b, unsigned index);

// Does the binding's current segment, decoded, hold s[0..n) at decoded
// position `pos`?
bool segmentMatches(const JsonBinding& b, size_t pos, const char* s, size_t n);

EHC_END_NAMESPACE
