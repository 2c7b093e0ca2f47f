#include "json_error.h"

#include <stddef.h>

#include "../core/error_text.h"

EHC_BEGIN_NAMESPACE

namespace {

// In the order of the enum.
const ErrorText kErrorTexts[] = {
    {"ok", "no error"},
    {"incomplete", "the document ended early (or was empty)"},
    {"unexpected_byte", "a byte the JSON grammar does not allow here"},
    {"trailing_data", "more than whitespace after the document"},
    {"too_deep", "nesting deeper than EHC_MAX_DEPTH"},
    {"control_in_string", "an unescaped control byte in a string"},
    {"invalid_escape", "an unknown escape or bad \\u hex digits"},
    {"invalid_surrogate", "a \\u escape of a lone or misordered surrogate"},
    {"invalid_utf8", "malformed UTF-8"},
    {"invalid_number", "a number outside JSON's grammar"},
    {"invalid_literal", "a misspelt true, false or null"},
};
static_assert(sizeof kErrorTexts / sizeof kErrorTexts[0] ==
                  static_cast<size_t>(JsonError::InvalidLiteral) + 1,
              "one text per error");

// In the order of the enum.
const ErrorText kStatusTexts[] = {
    {"missing", "the path is not in the document"},
    {"found", "the value was written"},
    {"null", "the value is null"},
    {"mismatch", "the JSON type does not fit the target"},
    {"truncated", "the text was cut to fit the buffer"},
    {"out_of_range", "the number does not fit the target"},
    {"invalid", "the value was cut short by the document's error or end"},
};
static_assert(sizeof kStatusTexts / sizeof kStatusTexts[0] ==
                  static_cast<size_t>(BindStatus::Invalid) + 1,
              "one text per status");

}  // namespace

const char* jsonErrorName(JsonError e) {
  return errorText(kErrorTexts, static_cast<size_t>(e)).name;
}
const char* jsonErrorMessage(JsonError e) {
  return errorText(kErrorTexts, static_cast<size_t>(e)).message;
}

const char* bindStatusName(BindStatus s) {
  return errorText(kStatusTexts, static_cast<size_t>(s)).name;
}
const char* bindStatusMessage(BindStatus s) {
  return errorText(kStatusTexts, static_cast<size_t>(s)).message;
}

EHC_END_NAMESPACE
