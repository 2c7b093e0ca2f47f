// Where a streaming stage sends its output: a function and its user pointer.
// Stages chain through it (response body -> inflater -> event splitter ->
// JSON binder, or -> a file): each takes its input in pieces of any size,
// hands its output on in pieces, allocates nothing, and offers its own input
// as a ByteSink (input()) for the stage before it.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

struct ByteSink {
  // Takes data[0..length); false asks the stage feeding it to stop.
  using Write = bool (*)(void* user, const uint8_t* data, size_t length);
  Write write = nullptr;
  void* user = nullptr;

  explicit operator bool() const { return write != nullptr; }
  bool operator()(const uint8_t* data, size_t length) const { return write(user, data, length); }
};

// The sink that feeds `stage`: any class with bool feed(const uint8_t*, size_t).
template <typename Stage>
ByteSink feedSink(Stage* stage) {
  return {[](void* self, const uint8_t* data, size_t length) {
            return static_cast<Stage*>(self)->feed(data, length);
          },
          stage};
}

EHC_END_NAMESPACE
