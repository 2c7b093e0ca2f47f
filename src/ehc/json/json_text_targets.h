// Growable string targets: std::string and, on Arduino, String. These are
// the only targets that use the heap (the string grows); bind them only when
// that is what you want. bindText() decodes a string (other types mismatch);
// bindRawText() gets the value's JSON text; bindAnyText() a string decoded
// and any other value's JSON text (what getBody(path, String*) does).
//
//   std::string name;
//   ehc::bindText(binder, "0.name", name);
#pragma once

#include <type_traits>

#include "json_binder.h"

#if !defined(EHC_STD_STRING)
#if defined(__has_include)
#if __has_include(<string>)
#define EHC_STD_STRING 1
#endif
#endif
#endif

#if EHC_STD_STRING
#include <string>
#endif
#if defined(ARDUINO)
#include <WString.h>
#endif

EHC_BEGIN_NAMESPACE

// The string classes a binding or a mapped field may be.
template <typename T>
struct IsTextClass : std::false_type {};
#if EHC_STD_STRING
template <>
struct IsTextClass<std::string> : std::true_type {};
#endif
#if defined(ARDUINO)
template <>
struct IsTextClass<String> : std::true_type {};
#endif

#if EHC_STD_STRING
inline const TextSink* stdStringSink() {
  static const TextSink sink = {
      [](void* o) { static_cast<std::string*>(o)->clear(); },
      [](void* o, const char* d, size_t n) { static_cast<std::string*>(o)->append(d, n); }};
  return &sink;
}
inline JsonBinder::BindResult bindText(JsonBinder& b, const char* path, std::string& s) {
  return b.bindText(path, &s, stdStringSink());
}
inline JsonBinder::BindResult bindRawText(JsonBinder& b, const char* path, std::string& s) {
  return b.bindText(path, &s, stdStringSink(), true);
}
inline int bindAnyText(JsonBinder& b, const char* path, std::string& s) {
  return b.bindAnyText(path, &s, stdStringSink());
}
#endif

#if defined(ARDUINO)
inline const TextSink* arduinoStringSink() {
  static const TextSink sink = {[](void* o) { *static_cast<String*>(o) = ""; },
                                [](void* o, const char* d, size_t n) {
                                  static_cast<String*>(o)->concat(d, static_cast<unsigned int>(n));
                                }};
  return &sink;
}
inline JsonBinder::BindResult bindText(JsonBinder& b, const char* path, String& s) {
  return b.bindText(path, &s, arduinoStringSink());
}
inline JsonBinder::BindResult bindRawText(JsonBinder& b, const char* path, String& s) {
  return b.bindText(path, &s, arduinoStringSink(), true);
}
inline int bindAnyText(JsonBinder& b, const char* path, String& s) {
  return b.bindAnyText(path, &s, arduinoStringSink());
}
#endif

EHC_END_NAMESPACE
