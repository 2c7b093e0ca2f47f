// Range requests (RFC 9110 section 14) for resuming a download: the value of
// the Range header to send, the Content-Range of the answer read strictly,
// and what the answer means for the bytes already received.
//
//   char range[32];
//   ehc::writeRangeFrom(received, range, sizeof range);   // "bytes=1048576-"
//   ... send it, read the status and the Content-Range header ...
//   ehc::ResumeDecision d = ehc::decideResume(status, contentRange, received, total);
//   switch (d.action) { case Append: ...; case Replace: ...; ... }
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

enum class RangeError : uint8_t {
  Ok = 0,
  Malformed,         // not "bytes first-last/length" or "bytes */length"
  NotBytes,          // a range unit other than bytes
  BadRange,          // last before first, or a length not past last
  TooLarge,          // a number over 2^63 - 1
  Missing,           // a 206 or 416 without Content-Range
  Unsatisfied,       // a 206 whose Content-Range is "*/length"
  WrongStart,        // the range does not start where the download stopped
  LengthChanged,     // the complete length is not the one seen before
  UnexpectedStatus,  // neither 200, 206 nor 416
};
const char* rangeErrorName(RangeError e);
const char* rangeErrorMessage(RangeError e);

struct ContentRange {
  bool satisfied = false;    // "first-last/..."; false for "*/length" (a 416)
  uint64_t first = 0;        // satisfied only
  uint64_t last = 0;         // inclusive
  bool lengthKnown = false;  // false for ".../*"
  uint64_t length = 0;       // the complete length, when known
};

// "bytes=FIRST-" (from FIRST to the end) into out, NUL-terminated; its
// length, or 0 when it does not fit (then out holds "").
size_t writeRangeFrom(uint64_t first, char* out, size_t size);
// "bytes=FIRST-LAST" (inclusive); 0 also when last < first.
size_t writeRange(uint64_t first, uint64_t last, char* out, size_t size);

// A Content-Range field value (optional whitespace around it; nothing else
// is allowed: one space after the unit, digits only, no sign).
RangeError parseContentRange(const char* value, size_t length, ContentRange* out);
RangeError parseContentRange(const char* value, ContentRange* out);

enum class ResumeAction : uint8_t {
  Append,    // 206: this body continues the bytes received
  Replace,   // 200: the server sent it all; start the file over with this body
  Complete,  // 416 for exactly the bytes received: nothing is missing
  Retry,     // the resource changed: ask again without a range
  Fail,      // a malformed or unexpected answer
};

struct ResumeDecision {
  ResumeAction action;
  RangeError error;    // why Retry or Fail
  ContentRange range;  // as parsed (206, 416)
};

// The answer to "Range: bytes=RECEIVED-": `status`, the Content-Range
// value (nullptr when absent), the bytes received so far, and the complete
// length known before (-1: not known).
ResumeDecision decideResume(int status, const char* contentRange, uint64_t received,
                            int64_t knownLength);

EHC_END_NAMESPACE
