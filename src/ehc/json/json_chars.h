// Character classes for the JSON tokenizer and the path scanner: one 256-byte
// table serves both (an inline variable: one copy in the program).
#pragma once

#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

namespace json_chars {

// kStrStop is the sign bit: one signed load tests it.
enum : uint8_t { kWs = 1, kValueStart = 2, kPathStop = 4, kEndsValue = 8, kStrStop = 0x80 };

struct Table {
  uint8_t v[256];
  constexpr Table() : v() {
    v[0x20] = v[0x09] = v[0x0A] = v[0x0D] = kWs | kEndsValue;  // space, tab, LF, CR
    // What may come right after a number or a literal: whitespace, ',', ']', '}'.
    v[0x2C] = v[0x5D] = v[0x7D] = kEndsValue;
    // A string's plain run ends at '"', '\\', a control byte or UTF-8.
    for (int c = 0; c < 0x20; ++c) v[c] |= kStrStop;
    for (int c = 0x80; c < 0x100; ++c) v[c] |= kStrStop;
    v[0x22] |= kStrStop;  // '"'
    v[0x5C] |= kStrStop;  // '\\'
    const char starts[] = "\"{[tfn-0123456789";
    for (int k = 0; starts[k]; ++k) v[static_cast<uint8_t>(starts[k])] |= kValueStart;
    // A path segment's plain run ends at NUL, '.' or '\\'.
    v[0] |= kPathStop;
    v[0x2E] |= kPathStop;  // '.'
    v[0x5C] |= kPathStop;  // '\\'
  }
};
inline constexpr Table kTable{};

inline bool isWs(uint8_t c) {
  return kTable.v[c] & kWs;
}
inline bool endsValue(uint8_t c) {
  return kTable.v[c] & kEndsValue;
}
inline bool isStrStop(uint8_t c) {
  return static_cast<int8_t>(kTable.v[c]) < 0;
}
inline bool isPathStop(char c) {
  return kTable.v[static_cast<uint8_t>(c)] & kPathStop;
}

}  // namespace json_chars

EHC_END_NAMESPACE
