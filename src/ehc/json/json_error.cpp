#include "json_error.h"

EHC_BEGIN_NAMESPACE

const char* jsonErrorName(JsonError e) {
  switch (e) {
    case JsonError::Ok: return "ok";
    case JsonError::Incomplete: return "incomplete";
    case JsonError::UnexpectedByte: return "unexpected_byte";
    case JsonError::TrailingData: return "trailing_data";
    case JsonError::TooDeep: return "too_deep";
    case JsonError::ControlInString: return "control_in_string";
    case JsonError::InvalidEscape: return "invalid_escape";
    case JsonError::InvalidSurrogate: return "invalid_surrogate";
    case JsonError::InvalidUtf8: return "invalid_utf8";
    case JsonError::InvalidNumber: return "invalid_number";
    case JsonError::InvalidLiteral: return "invalid_literal";
  }
  return "unknown";
}

const char* bindStatusName(BindStatus s) {
  switch (s) {
    case BindStatus::Missing: return "missing";
    case BindStatus::Found: return "found";
    case BindStatus::Null: return "null";
    case BindStatus::Mismatch: return "mismatch";
    case BindStatus::Truncated: return "truncated";
    case BindStatus::OutOfRange: return "out_of_range";
    case BindStatus::Invalid: return "invalid";
  }
  return "unknown";
}

EHC_END_NAMESPACE
