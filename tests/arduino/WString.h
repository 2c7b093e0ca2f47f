// Host stand-in for Arduino's String (WString.h), the usual members.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <string>

// F("text"): a string kept in flash on AVR; on the ESP32 an ordinary pointer
// of another type, as here.
class __FlashStringHelper;
#define F(string_literal) (reinterpret_cast<const __FlashStringHelper*>(string_literal))
#define PSTR(s) (s)

class String {
 public:
  String(const char* s = "") : s_(s ? s : "") {}
  String(const __FlashStringHelper* s) : String(reinterpret_cast<const char*>(s)) {}
  String(const char* s, unsigned int length) : s_(s, length) {}
  String(const String&) = default;
  String(String&&) = default;
  explicit String(char c) : s_(1, c) {}
  explicit String(unsigned char v, unsigned char base = 10)
      : String(static_cast<unsigned long>(v), base) {}
  explicit String(int v, unsigned char base = 10) : String(static_cast<long>(v), base) {}
  explicit String(unsigned int v, unsigned char base = 10)
      : String(static_cast<unsigned long>(v), base) {}
  explicit String(long v, unsigned char base = 10);
  explicit String(unsigned long v, unsigned char base = 10);
  explicit String(long long v, unsigned char base = 10);
  explicit String(unsigned long long v, unsigned char base = 10);
  explicit String(float v, unsigned int decimals = 2) : String(static_cast<double>(v), decimals) {}
  explicit String(double v, unsigned int decimals = 2);
  String& operator=(const String&) = default;
  String& operator=(String&&) = default;
  String& operator=(const char* s) {
    s_ = s ? s : "";
    return *this;
  }

  unsigned int length() const { return static_cast<unsigned int>(s_.size()); }
  bool isEmpty() const { return s_.empty(); }
  const char* c_str() const { return s_.c_str(); }
  char* begin() { return &s_[0]; }
  char* end() { return &s_[0] + s_.size(); }
  bool reserve(unsigned int size) {
    s_.reserve(size);
    return true;
  }
  void clear() { s_.clear(); }

  bool concat(const String& s) { return concat(s.c_str(), s.length()); }
  bool concat(const char* s) { return s && concat(s, static_cast<unsigned int>(strlen_(s))); }
  bool concat(const char* s, unsigned int length) {
    if (!s) return false;
    s_.append(s, length);
    return true;
  }
  bool concat(char c) {
    s_ += c;
    return true;
  }
  template <typename T>
  bool concat(T v) {
    return concat(String(v));
  }
  template <typename T>
  String& operator+=(const T& v) {
    concat(v);
    return *this;
  }

  char charAt(unsigned int i) const { return i < s_.size() ? s_[i] : '\0'; }
  void setCharAt(unsigned int i, char c) {
    if (i < s_.size()) s_[i] = c;
  }
  char operator[](unsigned int i) const { return charAt(i); }
  char& operator[](unsigned int i) { return s_[i]; }

  int compareTo(const String& o) const { return s_.compare(o.s_); }
  bool equals(const String& o) const { return s_ == o.s_; }
  bool equals(const char* o) const { return o && s_ == o; }
  bool equalsIgnoreCase(const String& o) const;
  bool startsWith(const String& prefix) const {
    return s_.compare(0, prefix.s_.size(), prefix.s_) == 0;
  }
  bool endsWith(const String& suffix) const {
    return s_.size() >= suffix.s_.size() &&
           s_.compare(s_.size() - suffix.s_.size(), suffix.s_.size(), suffix.s_) == 0;
  }
  bool operator==(const String& o) const { return equals(o); }
  bool operator==(const char* o) const { return equals(o); }
  bool operator!=(const String& o) const { return !equals(o); }
  bool operator!=(const char* o) const { return !equals(o); }
  bool operator<(const String& o) const { return s_ < o.s_; }

  int indexOf(char c, unsigned int from = 0) const { return pos(s_.find(c, from)); }
  int indexOf(const String& s, unsigned int from = 0) const { return pos(s_.find(s.s_, from)); }
  int lastIndexOf(char c) const { return pos(s_.rfind(c)); }
  int lastIndexOf(const String& s) const { return pos(s_.rfind(s.s_)); }
  String substring(unsigned int from) const {
    return from < s_.size() ? String(s_.substr(from).c_str()) : String();
  }
  String substring(unsigned int from, unsigned int to) const;

  void replace(const String& find, const String& with);
  void replace(char find, char with);
  void remove(unsigned int index) { remove(index, static_cast<unsigned int>(s_.size())); }
  void remove(unsigned int index, unsigned int count);
  void toLowerCase();
  void toUpperCase();
  void trim();

  long toInt() const;
  float toFloat() const { return static_cast<float>(toDouble()); }
  double toDouble() const;

  friend String operator+(const String& a, const String& b) {
    String r(a);
    r.concat(b);
    return r;
  }
  friend String operator+(const String& a, const char* b) {
    String r(a);
    r.concat(b);
    return r;
  }
  friend String operator+(const char* a, const String& b) {
    String r(a);
    r.concat(b);
    return r;
  }

 private:
  static size_t strlen_(const char* s) {
    size_t n = 0;
    while (s[n]) ++n;
    return n;
  }
  static int pos(size_t p) { return p == std::string::npos ? -1 : static_cast<int>(p); }
  std::string s_;
};
