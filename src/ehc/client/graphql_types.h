// What a GraphQL response's "errors" hold, in fixed storage: GraphQLError
// (message, locations, path, extensions) and GraphQLErrors, the list a
// GraphQLRequest keeps. They read as ESP32-HTTP-Client's types do
// (err.message.c_str(), for (auto& loc : err.locations), err.path.size(),
// err.path[i].c_str(), for (auto& segment : err.path),
// err.extensions.isEmpty(), errors.size(), errors[0]), but
// nothing grows: what does not fit is counted and flagged, never dropped
// silently (GraphQLError::truncated, GraphQLErrors::total()/truncated()).
//
// The capacities are compile-time settings (ehc/config.h: -D, or ESP-IDF's
// menuconfig; they name the library's inline namespace, as ArduinoJson's do):
//   EHC_GRAPHQL_MAX_ERRORS        errors kept per operation (default 3)
//   EHC_GRAPHQL_MESSAGE_SIZE      bytes of a message, with its NUL (default 96)
//   EHC_GRAPHQL_MAX_LOCATIONS     locations kept per error (default 2)
//   EHC_GRAPHQL_PATH_SIZE         bytes of an error's path, segments NUL-separated (default 48)
//   EHC_GRAPHQL_MAX_PATH_SEGMENTS path segments kept per error (default 8)
//   EHC_GRAPHQL_EXTENSIONS_SIZE   bytes of the raw JSON of "extensions" (default 48; 0: not kept)
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../config.h"
#include "text_buffer.h"

static_assert(EHC_GRAPHQL_MAX_ERRORS >= 1 && EHC_GRAPHQL_MAX_ERRORS <= 255,
              "EHC_GRAPHQL_MAX_ERRORS: 1..255");
static_assert(EHC_GRAPHQL_MESSAGE_SIZE >= 2, "EHC_GRAPHQL_MESSAGE_SIZE: at least 2");
static_assert(EHC_GRAPHQL_MAX_LOCATIONS <= 255 && EHC_GRAPHQL_MAX_PATH_SEGMENTS <= 255,
              "EHC_GRAPHQL_MAX_LOCATIONS / _PATH_SEGMENTS: up to 255");
static_assert(EHC_GRAPHQL_PATH_SIZE >= 1, "EHC_GRAPHQL_PATH_SIZE: at least 1");

EHC_BEGIN_NAMESPACE

// Up to N values of T, in order.
template <typename T, size_t N>
class FixedList {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr size_t capacity() { return N; }
  const T& operator[](size_t i) const { return items_[i]; }
  T& operator[](size_t i) { return items_[i]; }
  const T* begin() const { return items_; }
  const T* end() const { return items_ + size_; }
  // The element at i, making the list that long; nullptr past the capacity.
  T* at(size_t i) {
    if (i >= N) return nullptr;
    while (size_ <= i) items_[size_++] = T();
    return &items_[i];
  }
  void clear() { size_ = 0; }

 private:
  T items_[N ? N : 1] = {};
  size_t size_ = 0;
};

struct GraphQLLocation {
  int line = 0;
  int column = 0;
};

// An error's path: field names and list indexes ("user", "friends", "2").
class GraphQLPath {
 public:
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  // Segment i (0 <= i < size(); past it: ""); a list index as its decimal
  // text. for (const auto& segment : err.path) visits them in order.
  TextView operator[](size_t i) const;
  class Iterator {
   public:
    Iterator(const char* at, size_t left) : at_(at), left_(left) {}
    TextView operator*() const { return TextView{at_}; }
    Iterator& operator++() {
      at_ += strlen(at_) + 1;
      --left_;
      return *this;
    }
    bool operator!=(const Iterator& other) const { return left_ != other.left_; }

   private:
    const char* at_;
    size_t left_;
  };
  Iterator begin() const { return Iterator(text_, count_); }
  Iterator end() const { return Iterator(text_, 0); }
  // Appends a segment (at position index); false when it does not fit.
  bool set(size_t index, const char* segment);
  void clear() {
    count_ = 0;
    used_ = 0;
  }

 private:
  char text_[EHC_GRAPHQL_PATH_SIZE] = {};
  uint16_t used_ = 0;
  uint8_t count_ = 0;
};

struct GraphQLError {
  TextBuffer<EHC_GRAPHQL_MESSAGE_SIZE> message;
  FixedList<GraphQLLocation, EHC_GRAPHQL_MAX_LOCATIONS> locations;
  GraphQLPath path;
  TextBuffer<EHC_GRAPHQL_EXTENSIONS_SIZE> extensions;  // its JSON text, as sent
  // Something of this error did not fit (a message, path, location or
  // extensions beyond the capacities above): what is here is its start.
  bool truncated = false;
};

// The errors of one operation: the first EHC_GRAPHQL_MAX_ERRORS kept,
// total() counts them all.
class GraphQLErrors : public FixedList<GraphQLError, EHC_GRAPHQL_MAX_ERRORS> {
 public:
  size_t total() const { return total_; }
  // Errors were left out, or one of those kept is cut short.
  bool truncated() const {
    if (total_ > size()) return true;
    for (const GraphQLError& e : *this)
      if (e.truncated) return true;
    return false;
  }
  void reset() {
    clear();
    total_ = 0;
  }
  // Error `index` was in the answer (any part of it): total() covers it.
  void seen(size_t index) {
    if (index >= total_) total_ = index + 1;
  }
  void countOne() { ++total_; }

 private:
  size_t total_ = 0;
};

EHC_END_NAMESPACE
