// A fixed-capacity text builder for the rv32 programs' output: no heap, no
// printf (picolibc's integer printf has no floating point, and the listing
// must be byte-identical on the host and the target), non-ASCII bytes
// escaped so the listing is plain ASCII.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

class Text {
 public:
  Text(char* buffer, size_t capacity) : buf_(buffer), cap_(capacity) { clear(); }
  Text(const Text&) = delete;
  Text& operator=(const Text&) = delete;

  void clear() {
    len_ = 0;
    cut_ = false;
    buf_[0] = '\0';
  }
  const char* c_str() const { return buf_; }
  size_t size() const { return len_; }
  bool cut() const { return cut_; }
  bool operator==(const Text& o) const {
    return len_ == o.len_ && cut_ == o.cut_ && memcmp(buf_, o.buf_, len_) == 0;
  }
  bool operator!=(const Text& o) const { return !(*this == o); }

  Text& put(const char* s, size_t n) {
    if (n > cap_ - 1 - len_) {
      n = cap_ - 1 - len_;
      cut_ = true;
    }
    memcpy(buf_ + len_, s, n);
    len_ += n;
    buf_[len_] = '\0';
    return *this;
  }
  Text& operator<<(const char* s) { return put(s, strlen(s)); }
  Text& operator<<(char c) { return put(&c, 1); }
  Text& operator<<(const Text& t) { return put(t.c_str(), t.size()); }
  // Numbers by name (int32_t is long on rv32, int on the host: no overloads).
  Text& u(uint64_t v) {
    char d[20];
    size_t n = 0;
    do {
      d[n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v);
    while (n) put(&d[--n], 1);
    return *this;
  }
  Text& i(int64_t v) {
    if (v < 0) return (*this << '-').u(0 - static_cast<uint64_t>(v));
    return u(static_cast<uint64_t>(v));
  }
  Text& num(size_t v) { return u(v); }
  Text& b(bool v) { return *this << (v ? '1' : '0'); }

  Text& hex(uint64_t v, int digits) {
    static const char kHex[] = "0123456789abcdef";
    for (int k = digits - 1; k >= 0; --k) *this << kHex[(v >> (4 * k)) & 15];
    return *this;
  }
  // s[0..n) in double quotes, \" \\ and non-printable bytes as \xNN; at most
  // `max` bytes of s, then "...".
  Text& quoted(const char* s, size_t n, size_t max = 80) {
    *this << '"';
    for (size_t k = 0; k < n && k < max; ++k) {
      const unsigned char c = static_cast<unsigned char>(s[k]);
      if (c == '"' || c == '\\') {
        *this << '\\' << static_cast<char>(c);
      } else if (c < 0x20 || c >= 0x7f) {
        *this << "\\x";
        hex(c, 2);
      } else {
        *this << static_cast<char>(c);
      }
    }
    *this << '"';
    if (n > max) *this << "...";
    return *this;
  }
  Text& quoted(const char* s) { return quoted(s, strlen(s)); }

 private:
  char* buf_;
  size_t cap_;
  size_t len_;
  bool cut_;
};

template <size_t N>
class FixedText : public Text {
 public:
  FixedText() : Text(storage_, N) {}

 private:
  char storage_[N];
};

// One line to stdout (a cut line says so).
inline void emit(const Text& t) {
  fwrite(t.c_str(), 1, t.size(), stdout);
  if (t.cut()) fputs(" [line cut]", stdout);
  fputc('\n', stdout);
}

// FNV-1a, 64 bits: digests of long bodies and value lists.
inline uint64_t fnv1a(const void* data, size_t n, uint64_t h = 14695981039346656037ull) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}
