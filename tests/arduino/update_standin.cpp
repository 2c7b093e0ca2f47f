#include "Update.h"

UpdateClass Update;

bool UpdateClass::begin(size_t size, int, int, uint8_t, const char*) {
  image_.clear();
  size_ = size;
  running_ = true;
  finished_ = false;
  error_ = nullptr;
  return true;
}

size_t UpdateClass::write(uint8_t* data, size_t len) {
  if (!running_ || error_) return 0;
  if (size_ != UPDATE_SIZE_UNKNOWN && image_.size() + len > size_) {
    error_ = "Not Enough Space";
    return 0;
  }
  image_.append(reinterpret_cast<const char*>(data), len);
  return len;
}

bool UpdateClass::end(bool evenIfRemaining) {
  if (!running_ || error_) return false;
  if (size_ != UPDATE_SIZE_UNKNOWN && image_.size() < size_ && !evenIfRemaining) {
    error_ = "Bad Size Given";
    return false;
  }
  running_ = false;
  finished_ = true;
  return true;
}

void UpdateClass::abort() {
  running_ = false;
  error_ = "Aborted";
}
