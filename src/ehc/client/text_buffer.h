// A fixed-size, always NUL-terminated text field of a result object (the
// JSON-RPC error's message and data, a GraphQL error's message and
// extensions): what sketches written for a String
// field do with it still works (c_str(), length(), isEmpty(), == "text",
// Serial.println(field), String s(field)), without the heap.
#pragma once

#include <stddef.h>
#include <string.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

template <size_t N>
struct TextBuffer {
  static_assert(N >= 2, "a text buffer holds at least one char and the NUL");
  char text[N] = {};

  const char* c_str() const { return text; }
  operator const char*() const { return text; }
  size_t length() const { return strlen(text); }
  bool isEmpty() const { return text[0] == '\0'; }
  bool empty() const { return isEmpty(); }
  static constexpr size_t capacity() { return N - 1; }
  void clear() { text[0] = '\0'; }
  // Copies s, cut to fit (never inside a UTF-8 sequence); false when cut.
  bool set(const char* s) {
    const size_t whole = s ? strlen(s) : 0;
    size_t n = whole;
    if (n > N - 1) {
      n = N - 1;
      while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    }
    if (n) memcpy(text, s, n);
    text[n] = '\0';
    return n == whole;
  }
  bool operator==(const char* s) const { return strcmp(text, s ? s : "") == 0; }
  bool operator!=(const char* s) const { return !(*this == s); }
};

// Text held elsewhere, read the same way (a GraphQL error's path segment,
// a String in the original): c_str(), length(), isEmpty(), == "text",
// Serial.print(segment).
struct TextView {
  const char* text = "";
  const char* c_str() const { return text; }
  operator const char*() const { return text; }
  size_t length() const { return strlen(text); }
  bool isEmpty() const { return text[0] == '\0'; }
  bool empty() const { return isEmpty(); }
  bool operator==(const char* s) const { return strcmp(text, s ? s : "") == 0; }
  bool operator!=(const char* s) const { return !(*this == s); }
};

// A field its setting turned off (EHC_GRAPHQL_EXTENSIONS_SIZE 0): always "".
template <>
struct TextBuffer<0> {
  const char* c_str() const { return ""; }
  operator const char*() const { return ""; }
  size_t length() const { return 0; }
  bool isEmpty() const { return true; }
  bool empty() const { return true; }
  static constexpr size_t capacity() { return 0; }
  void clear() {}
  bool set(const char* s) { return !s || !*s; }
  bool operator==(const char* s) const { return !s || !*s; }
  bool operator!=(const char* s) const { return !(*this == s); }
};

EHC_END_NAMESPACE
