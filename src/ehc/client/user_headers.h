// Which headers a user may set (per request, or for every request of a
// client). The library writes the ones that frame the message (Host,
// Content-Length, Transfer-Encoding, Connection) and the Cookie header (from
// the jar): a second copy from the user would make an ambiguous request
// (two Content-Lengths is how requests get smuggled), so they are refused.
#pragma once

#include "../config.h"
#include "request_error.h"

EHC_BEGIN_NAMESPACE

// Ok when allowed; otherwise why not.
RequestError userHeaderProblem(const char* name, const char* value);

// Headers that carry credentials: not sent when a redirect leaves the
// origin (scheme, host and port) they were set for.
bool isCredentialHeader(const char* name);

EHC_END_NAMESPACE
