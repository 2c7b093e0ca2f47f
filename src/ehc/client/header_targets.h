// getHeader() targets: matched and written as a response's fields stream by
// (the three calls of a ResponseParser header visitor), so a target is
// touched only when its field is there, a text target gets the whole value,
// and nothing limits a name's length. Repeated fields join with ", ".
// Numbers and bools are read from the value's text (at most
// EHC_HEADER_VALUE_MAX bytes, kept here) once the response is accepted.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../http/response_parser.h"
#include "../json/json_binder.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_MAX_HEADER_TARGETS >= 1 && EHC_MAX_HEADER_TARGETS <= 32,
              "EHC_MAX_HEADER_TARGETS must be 1..32 (a result has a 32-bit mask of them)");

// One getHeader() target, as a request keeps it.
struct HeaderTarget {
  using Convert = BindStatus (*)(const char* text, void* target);
  const char* name;
  void* target;
  size_t size;               // char buffers: the buffer's size
  Convert convert;           // numbers, bool: from the value's text
  const TextSink* textSink;  // String / std::string
};

// A header's bool: "true" or "1" is true, "false" or "0" false (any case,
// as ESP32-HTTP-Client read them); anything else is a mismatch (untouched).
BindStatus headerBool(const char* text, bool* target);

class HeaderTargets {
 public:
  // A new response for targets[0..count) (they outlive it): nothing matched.
  void begin(const HeaderTarget* targets, uint8_t count);
  // The targets moved (the request holding them did).
  void follow(const HeaderTarget* targets) { targets_ = targets; }
  // A piece of a field's name.
  void name(const char* data, size_t length);
  // A piece of its value; `write` false: a response that is not the answer
  // (a redirect being followed) touches no target.
  void value(const char* data, size_t length, bool write);
  // The field ended.
  void end(bool write);
  // The response was the answer: converts numbers and bools; bit k of
  // *found: target k written, of *truncated: cut to its buffer (written),
  // or a number's text longer than EHC_HEADER_VALUE_MAX (not written).
  void finish(uint32_t* found, uint32_t* truncated) const;

 private:
  struct Match {
    uint16_t matched;  // bytes of the name matched so far
    bool mismatch;     // the field's name is not this one
    bool inValue;      // this field's value is arriving
    bool seen;         // written at least once (repeated fields join with ", ")
    bool truncated;
    size_t length;  // bytes written into the target / text
  };
  bool named(uint8_t k) const;
  void append(uint8_t k, const char* data, size_t length);

  const HeaderTarget* targets_ = nullptr;
  uint8_t count_ = 0;
  Match match_[EHC_MAX_HEADER_TARGETS] = {};
  char text_[EHC_MAX_HEADER_TARGETS][EHC_HEADER_VALUE_MAX];  // numbers, bool
};

// HeaderTargets' steps as a request calls them: set by the request's first
// getHeader(), so that only a program that reads headers into targets
// links the matching and the conversions.
struct HeaderTargetCalls {
  void (*name)(HeaderTargets& targets, const char* data, size_t length);
  void (*value)(HeaderTargets& targets, const char* data, size_t length, bool write);
  void (*end)(HeaderTargets& targets, bool write);
  void (*finish)(const HeaderTargets& targets, uint32_t* found, uint32_t* truncated);
  const ResponseParser::HeaderVisitor* requestVisitor;  // RequestRun::kHeaderVisitor
};
extern const HeaderTargetCalls kHeaderTargetCalls;

EHC_END_NAMESPACE
