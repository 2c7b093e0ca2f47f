// The binder path of a value under one member of the answer's envelope:
// JSON-RPC's `result`, GraphQL's `data`. The user's path is the one the
// original library's getResult(path)/getData(path) take: relative to the
// member ("user.name"), or starting with it ("result.user.name"), with
// array indexes written either way ("items.0.id", "items[0].id").
//
//   memberPath(out, sizeof out, "result", "items[0].id")  ->  "result.items.0.id"
//   memberPath(out, sizeof out, "result", "")             ->  "result"
#pragma once

#include <stddef.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

// Writes the path into out (size includes the NUL). False when it does not
// fit, or when a bracket is unbalanced or empty ("a[", "a[]", "a]").
bool memberPath(char* out, size_t size, const char* member, const char* path);

EHC_END_NAMESPACE
