// Stand-in for Arduino-ESP32's Update (the OTA writer, Update.h of the core):
// the calls a sketch makes (begin, write, end, abort, hasError, errorString,
// progress, size), writing into memory on the host. begin() with a size
// refuses a longer image, end() one that is short, as the real one does.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <string>

#define UPDATE_SIZE_UNKNOWN 0xFFFFFFFF
#define U_FLASH 0

class UpdateClass {
 public:
  bool begin(size_t size = UPDATE_SIZE_UNKNOWN, int command = U_FLASH, int ledPin = -1,
             uint8_t ledOn = 0, const char* label = nullptr);
  size_t write(uint8_t* data, size_t len);
  bool end(bool evenIfRemaining = false);
  void abort();
  bool hasError() const { return error_ != nullptr; }
  const char* errorString() const { return error_ ? error_ : "No Error"; }
  size_t progress() const { return image_.size(); }
  size_t size() const { return size_; }
  bool isFinished() const { return finished_; }
  const std::string& image() const { return image_; }  // the stand-in's: what was written

 private:
  std::string image_;
  size_t size_ = 0;
  bool running_ = false;
  bool finished_ = false;
  const char* error_ = nullptr;
};

extern UpdateClass Update;
