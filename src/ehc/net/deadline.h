// Deadlines in milliseconds of a monotonic clock. Every blocking transport
// call takes one, so a request can never hang past its timeout.
#pragma once

#include <stdint.h>

#include "../config.h"
#include "../platform/clock.h"

EHC_BEGIN_NAMESPACE

class Deadline {
 public:
  // At most 24 days ahead (the clock's differences are signed 32-bit).
  static Deadline in(uint32_t ms) {
    return Deadline(monotonicMs() + (ms < 0x7fffffffu ? ms : 0x7fffffffu));
  }
  static Deadline never() {
    Deadline d(0);
    d.never_ = true;
    return d;
  }
  bool expired() const { return !never_ && remainingMs() == 0; }
  // Milliseconds left (0 when past); a large number for never().
  uint32_t remainingMs() const {
    if (never_) return 0x7fffffff;
    const int32_t left = static_cast<int32_t>(at_ - monotonicMs());
    return left > 0 ? static_cast<uint32_t>(left) : 0;
  }
  // The earlier of the two.
  Deadline min(const Deadline& o) const {
    if (never_) return o;
    if (o.never_) return *this;
    return static_cast<int32_t>(at_ - o.at_) <= 0 ? *this : o;
  }

 private:
  explicit Deadline(uint32_t at) : at_(at) {}
  uint32_t at_;
  bool never_ = false;
};

EHC_END_NAMESPACE
