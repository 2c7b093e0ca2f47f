// What the command-line servers (ehc-fault-server, ehc-netem) share around
// their own work: strict number options, and serving until a signal or a
// time limit, whichever comes first.
#pragma once

#include <errno.h>
#include <signal.h>
#include <stdlib.h>

#include <chrono>
#include <optional>
#include <thread>

namespace ehc_tools {

// A decimal number of 0..max, all of text; nullopt otherwise (no sign, no
// trailing bytes, no overflow).
inline std::optional<unsigned long> parseNumber(const char* text, unsigned long max) {
  char* end = nullptr;
  errno = 0;
  const unsigned long value = strtoul(text, &end, 10);
  if (text[0] == '\0' || text[0] == '-' || *end != '\0' || errno != 0 || value > max) {
    return std::nullopt;
  }
  return value;
}

inline volatile sig_atomic_t gStopSignalled = 0;

// SIGINT and SIGTERM end the wait below (the handler only sets a flag, so any
// thread may take them); SIGPIPE is ignored (sends report the error).
inline void catchStopSignals() {
  struct sigaction action {};
  action.sa_handler = [](int) { gStopSignalled = 1; };
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  signal(SIGPIPE, SIG_IGN);
}

// Sleeps until a stop signal or `seconds` have passed.
inline void waitForStop(unsigned long seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (!gStopSignalled && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

}  // namespace ehc_tools
