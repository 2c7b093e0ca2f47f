// A readable name and a sentence for each value of an error enum, written as
// a constexpr table in the enum's order; one lookup serves every layer's
// errors. Each column is linked only where it is read (packed_texts.h): a
// program that prints sentences links no names.
#pragma once

#include <stddef.h>

#include "../config.h"
#include "packed_texts.h"

EHC_BEGIN_NAMESPACE

struct ErrorText {
  const char* name;     // "read_timeout"
  const char* message;  // "the server did not send in time"
};

// What a code past the end of its table reads as.
inline constexpr char kUnknownErrorName[] = "unknown";
inline constexpr char kUnknownErrorMessage[] = "unknown error";

// Rows[code].name, or "unknown" for a code past its end. Rows: a constexpr
// table of ErrorText.
template <const auto& Rows>
const char* errorTextName(size_t code) {
  constexpr size_t rows = sizeof Rows / sizeof Rows[0];
  return code < rows ? packedColumnText<Rows, &ErrorText::name>(code) : kUnknownErrorName;
}

// Rows[code].message, or "unknown error" for a code past its end.
template <const auto& Rows>
const char* errorTextMessage(size_t code) {
  constexpr size_t rows = sizeof Rows / sizeof Rows[0];
  return code < rows ? packedColumnText<Rows, &ErrorText::message>(code) : kUnknownErrorMessage;
}

EHC_END_NAMESPACE
