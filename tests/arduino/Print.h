// Host stand-in for the Arduino core's Print (written from the public
// Arduino API reference): write() is what a subclass provides, print()/
// println() format on top of it.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "WString.h"

class String;

enum { DEC = 10, HEX = 16, OCT = 8, BIN = 2 };

class Print {
 public:
  virtual ~Print() = default;
  virtual size_t write(uint8_t c) = 0;
  virtual size_t write(const uint8_t* buffer, size_t size) {
    size_t n = 0;
    while (size--) n += write(*buffer++);
    return n;
  }
  size_t write(const char* s) {
    return s ? write(reinterpret_cast<const uint8_t*>(s), strlen(s)) : 0;
  }
  size_t write(const char* buffer, size_t size) {
    return write(reinterpret_cast<const uint8_t*>(buffer), size);
  }
  virtual int availableForWrite() { return 0; }
  virtual void flush() {}

  size_t print(const char* s) { return write(s); }
  size_t print(const __FlashStringHelper* s) { return write(reinterpret_cast<const char*>(s)); }
  size_t print(const String& s);
  size_t print(char c) { return write(static_cast<uint8_t>(c)); }
  size_t print(unsigned char v, int base = DEC) {
    return print(static_cast<unsigned long long>(v), base);
  }
  size_t print(int v, int base = DEC) { return print(static_cast<long long>(v), base); }
  size_t print(unsigned int v, int base = DEC) {
    return print(static_cast<unsigned long long>(v), base);
  }
  size_t print(long v, int base = DEC) { return print(static_cast<long long>(v), base); }
  size_t print(unsigned long v, int base = DEC) {
    return print(static_cast<unsigned long long>(v), base);
  }
  size_t print(long long v, int base = DEC);
  size_t print(unsigned long long v, int base = DEC);
  size_t print(double v, int digits = 2);
  size_t print(bool b) { return print(b ? 1 : 0); }

  template <typename T>
  size_t println(const T& v) {
    const size_t n = print(v);
    return n + println();
  }
  template <typename T>
  size_t println(const T& v, int fmt) {
    const size_t n = print(v, fmt);
    return n + println();
  }
  size_t println() { return write("\r\n"); }

  size_t printf(const char* format, ...) __attribute__((format(printf, 2, 3)));
};
