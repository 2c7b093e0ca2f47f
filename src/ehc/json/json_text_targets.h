// Growable string targets: std::string and, on Arduino, String. These are
// the only targets that use the heap (the string grows); bind them only when
// that is what you want. Both decode the string; bindRawText() variants get
// the value's JSON text instead.
//
//   std::string name;
//   ehc::bindText(binder, "0.name", name);
#pragma once

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
#endif

EHC_END_NAMESPACE
