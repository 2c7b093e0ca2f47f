#pragma once

#include <stdint.h>

#include "Printable.h"
#include "WString.h"

class IPAddress : public Printable {
 public:
  IPAddress() : bytes_{0, 0, 0, 0} {}
  IPAddress(uint8_t a, uint8_t b, uint8_t c, uint8_t d) : bytes_{a, b, c, d} {}
  explicit IPAddress(uint32_t networkOrder) {
    for (int i = 0; i < 4; ++i) bytes_[i] = static_cast<uint8_t>(networkOrder >> (8 * i));
  }
  uint8_t operator[](int i) const { return bytes_[i]; }
  uint8_t& operator[](int i) { return bytes_[i]; }
  bool operator==(const IPAddress& o) const {
    return bytes_[0] == o.bytes_[0] && bytes_[1] == o.bytes_[1] && bytes_[2] == o.bytes_[2] &&
           bytes_[3] == o.bytes_[3];
  }
  bool fromString(const char* s);
  size_t printTo(Print& p) const override;
  String toString() const;  // "192.168.1.10"

 private:
  uint8_t bytes_[4];
};
