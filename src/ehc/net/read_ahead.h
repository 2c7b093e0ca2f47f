// Bytes a transport has received but not yet handed out: the read-ahead of
// PosixTransport (EHC_SOCKET_READAHEAD). One recv() fills it when it is
// empty; the reads after it are copies out of it (or a view of it, lent).
// ReadAhead<0> holds nothing and costs nothing: every call folds away.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

template <size_t N>
class ReadAhead {
 public:
  static constexpr size_t kCapacity = N;
  size_t size() const { return end_ - at_; }
  // Where a recv() may put up to kCapacity bytes (only when empty).
  uint8_t* space() { return bytes_; }
  void filled(size_t n) {
    at_ = 0;
    end_ = n;
  }
  // A read of `size` bytes with nothing held goes to the socket directly.
  bool bypasses(size_t size) const { return size >= N; }
  // Copies up to `size` of the bytes held into `to`; how many.
  size_t take(uint8_t* to, size_t size) {
    const size_t n = size < this->size() ? size : this->size();
    memcpy(to, bytes_ + at_, n);
    at_ += n;
    return n;
  }
  // All the bytes held, as a view (valid until the next fill); how many.
  size_t lend(const uint8_t** data) {
    *data = bytes_ + at_;
    const size_t n = size();
    at_ = end_;
    return n;
  }
  void clear() { at_ = end_ = 0; }

 private:
  size_t at_ = 0;
  size_t end_ = 0;
  uint8_t bytes_[N];
};

template <>
class ReadAhead<0> {
 public:
  static constexpr size_t kCapacity = 0;
  size_t size() const { return 0; }
  uint8_t* space() { return nullptr; }
  void filled(size_t) {}
  bool bypasses(size_t) const { return true; }
  size_t take(uint8_t*, size_t) { return 0; }
  size_t lend(const uint8_t**) { return 0; }
  void clear() {}
};

EHC_END_NAMESPACE
