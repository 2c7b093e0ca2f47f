// Outcomes of parsing a document and of each binding, each with a readable
// name (as ArduinoJson's DeserializationError prints itself).
#pragma once

#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

enum class JsonError : uint8_t {
  Ok = 0,
  Incomplete,        // finish() before the document ended (includes empty input)
  UnexpectedByte,    // a byte the grammar does not allow here
  TrailingData,      // something other than whitespace after the document
  TooDeep,           // nesting deeper than EHC_MAX_DEPTH
  ControlInString,   // unescaped byte < 0x20 inside a string
  InvalidEscape,     // backslash followed by an unknown letter, or bad \u hex
  InvalidSurrogate,  // \uD800-\uDFFF not forming a valid pair
  InvalidUtf8,       // malformed, overlong, surrogate or > U+10FFFF UTF-8
  InvalidNumber,     // number not in RFC 8259 grammar
  InvalidLiteral,    // misspelt true / false / null
};

// "ok", "incomplete", "unexpected_byte", ... (stable, used by tools and
// tests), and a sentence for people.
const char* jsonErrorName(JsonError e);
const char* jsonErrorMessage(JsonError e);

enum class BindStatus : uint8_t {
  Missing = 0,  // the path is not in the document (target untouched)
  Found,        // value written
  Null,         // the value is JSON null (target untouched)
  Mismatch,     // the JSON type does not fit the target (target untouched)
  Truncated,    // string or raw text cut to fit the buffer (still terminated)
  OutOfRange,   // number does not fit the target (target untouched)
  Invalid,      // the value was cut short by the document's error or end (not
                // written: a text target is emptied, any other untouched)
};

// "missing", "found", "null", "mismatch", "truncated", "out_of_range",
// "invalid", and a sentence for people.
const char* bindStatusName(BindStatus s);
const char* bindStatusMessage(BindStatus s);

EHC_END_NAMESPACE
