// Bounded waiting for tests of things that happen on another thread or in
// another process: nothing here can hang a test.
#pragma once

#include <stdint.h>

#include <chrono>
#include <functional>
#include <thread>

namespace ehc_test {

using Clock = std::chrono::steady_clock;

inline int64_t msSince(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

// Polls condition every 2 ms until it holds (true) or timeoutMs pass (false).
inline bool eventually(const std::function<bool()>& condition, int timeoutMs) {
  const Clock::time_point start = Clock::now();
  while (!condition()) {
    if (msSince(start) > timeoutMs) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

}  // namespace ehc_test
