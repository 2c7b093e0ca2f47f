// Host stand-in for Arduino's Stream: a Print that can also be read.
// read() and peek() return -1 when nothing is available *yet*.
#pragma once

#include "Print.h"

class String;

class Stream : public Print {
 public:
  virtual int available() = 0;
  virtual int read() = 0;
  virtual int peek() = 0;

  void setTimeout(unsigned long ms) { timeout_ = ms; }
  unsigned long getTimeout() const { return timeout_; }
  // Waits up to the timeout for each byte, like the real core.
  size_t readBytes(char* buffer, size_t length);
  size_t readBytes(uint8_t* buffer, size_t length) {
    return readBytes(reinterpret_cast<char*>(buffer), length);
  }
  String readString();
  String readStringUntil(char terminator);

 protected:
  int timedRead();
  unsigned long timeout_ = 1000;
};
