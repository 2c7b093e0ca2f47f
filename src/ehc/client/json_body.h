// The JSON object that a request's body(key, value) / bodyAt(path, value)
// calls describe. Its field names are paths: dots make nested objects ("\\."
// is a dot in a key, as body() stores its keys), and members of one object stay together in the
// order they were first given:
//   a.b=1, x=2, a.c=3   ->   {"a":{"b":1,"c":3},"x":2}
#pragma once

#include <stddef.h>

#include "../config.h"
#include "../http/request_writer.h"
#include "../json/json_writer.h"

EHC_BEGIN_NAMESPACE

// Writes the object of fields[0..n) (names are the dotted keys).
WriteError writeDottedObject(JsonWriter& writer, const Param* fields, size_t n);

// Can `key` join fields[0..n)? False when it is malformed (empty segment)
// or when one key would be both a value and an object ("a" and "a.b").
// *same is set to the index of an identical key (its value is replaced), or -1.
bool dottedKeyFits(const Param* fields, size_t n, const char* key, int* same);

// Would the field write as JSON? False for NaN / infinity, invalid UTF-8 in
// the key or a text value, or more nesting than a writer allows.
bool dottedFieldWritable(const char* key, const ParamValue& value);

// A writer that keeps nothing: its length() is the text's length, its
// error() whether the text would be written.
JsonWriter countingWriter();

// A parameter value as a JSON value.
JsonWriter& writeParamValue(JsonWriter& writer, const ParamValue& value);

EHC_END_NAMESPACE
