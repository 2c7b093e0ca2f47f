// A readable name and a sentence for each value of an error enum, kept in a
// table in the enum's order; one lookup serves every layer's errors.
#pragma once

#include <stddef.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

struct ErrorText {
  const char* name;     // "read_timeout"
  const char* message;  // "the server did not send in time"
};

// table[code], or "unknown" for a code past its end.
template <size_t N>
const ErrorText& errorText(const ErrorText (&table)[N], size_t code) {
  static const ErrorText unknown = {"unknown", "unknown error"};
  return code < N ? table[code] : unknown;
}

EHC_END_NAMESPACE
