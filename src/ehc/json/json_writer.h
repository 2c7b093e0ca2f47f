// Streaming JSON writer: into a fixed buffer, or through a sink callback.
//
//   char body[128];
//   ehc::JsonWriter w(body, sizeof body);
//   w.beginObject().member("id", 7).member("name", "Ana").key("tags").beginArray()
//    .value("a").value(2.5).endArray().endObject();
//   if (w.error() != ehc::WriteError::Ok) ...   // body is NUL-terminated either way
//
// Strings are escaped (quotes, backslashes, control characters) and must be
// valid UTF-8; doubles print in the shortest form that reads back exactly;
// NaN and infinities are refused (JSON has no way to say them). No heap.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <type_traits>

#include "../config.h"

EHC_BEGIN_NAMESPACE

enum class WriteError : uint8_t {
  Ok = 0,
  Overflow,     // the buffer is full (output cut, still terminated)
  NotFinite,    // NaN or infinity
  InvalidUtf8,  // a string that is not valid UTF-8
  Misuse,       // a call out of JSON's grammar (value without key, unbalanced end, ...)
  TooDeep,      // nesting deeper than kMaxDepth
  SinkFailed,   // the sink callback returned false
};
// A short identifier ("not_finite") and a sentence for people.
const char* writeErrorName(WriteError e);
const char* writeErrorMessage(WriteError e);

class JsonWriter {
 public:
  static constexpr unsigned kMaxDepth = 32;
  // Receives the output in pieces; returns false to stop the writer.
  using Sink = bool (*)(void* user, const char* data, size_t length);

  JsonWriter(char* buffer, size_t size);  // size includes the terminating NUL
  JsonWriter(Sink sink, void* user);

  JsonWriter& beginObject() { return open('{', true); }
  JsonWriter& endObject() { return close('}', true); }
  JsonWriter& beginArray() { return open('[', false); }
  JsonWriter& endArray() { return close(']', false); }
  JsonWriter& key(const char* name);
  JsonWriter& key(const char* name, size_t length) { return keyText(name, length, false); }
  // The key a path segment names (struct maps): `\x` in it stands for x.
  JsonWriter& pathKey(const char* segment, size_t length) { return keyText(segment, length, true); }
  // The caller found its own misuse (struct map names that clash).
  void misuse() { fail(WriteError::Misuse); }

  JsonWriter& value(decltype(nullptr));
  JsonWriter& value(bool v);
  JsonWriter& value(double v);
  JsonWriter& value(float v);
  // A number already formatted (formatDouble's text); n == 0 (NaN or an
  // infinity had no text) fails NotFinite.
  JsonWriter& finiteNumber(const char* text, size_t n);
  JsonWriter& value(const char* s);  // nullptr writes null
  JsonWriter& value(const char* s, size_t length);
  template <typename T,
            typename std::enable_if<std::is_integral<T>::value && !std::is_same<T, bool>::value &&
                                        !std::is_same<T, char>::value,
                                    int>::type = 0>
  JsonWriter& value(T v) {
    return std::is_signed<T>::value ? signedValue(static_cast<int64_t>(v))
                                    : unsignedValue(static_cast<uint64_t>(v));
  }
  // Text that is already JSON, copied as it is (not checked).
  JsonWriter& raw(const char* json, size_t length);
  JsonWriter& raw(const char* json);

  template <typename T>
  JsonWriter& member(const char* name, const T& v) {
    return key(name).value(v);
  }
  JsonWriter& member(const char* name, const char* s) { return key(name).value(s); }

  WriteError error() const { return error_; }
  size_t length() const { return length_; }  // bytes produced so far
  // One complete top-level value has been written, without error.
  bool complete() const { return error_ == WriteError::Ok && depth_ == 0 && done_; }

 private:
  JsonWriter& open(char bracket, bool object);
  JsonWriter& close(char bracket, bool object);
  JsonWriter& signedValue(int64_t v);
  JsonWriter& unsignedValue(uint64_t v);
  JsonWriter& number(const char* text, size_t n);
  bool beforeValue();  // comma / key discipline; false when the call is misuse
  void afterValue();
  void put(const char* s, size_t n);
  void putChar(char c) { put(&c, 1); }
  JsonWriter& keyText(const char* name, size_t length, bool pathEscapes);
  void putString(const char* s, size_t n, bool pathEscapes = false);
  void fail(WriteError e) {
    if (error_ == WriteError::Ok) error_ = e;
  }
  bool inObject() const { return depth_ && (objects_ >> (depth_ - 1)) & 1u; }

  char* buffer_ = nullptr;
  size_t size_ = 0;
  Sink sink_ = nullptr;
  void* user_ = nullptr;
  size_t length_ = 0;
  uint32_t objects_ = 0;   // bit per level: object
  uint32_t nonEmpty_ = 0;  // bit per level: has a member already
  uint8_t depth_ = 0;
  bool keyPending_ = false;  // a key was written; its value must follow
  bool done_ = false;        // the top-level value is complete
  WriteError error_ = WriteError::Ok;
};

EHC_END_NAMESPACE
