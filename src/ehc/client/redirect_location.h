// Where a redirect leads: a Location resolved against the URL of the
// response that sent it (RFC 3986 section 5, for the forms servers send).
#pragma once

#include <stddef.h>

#include "../config.h"
#include "../http/url.h"

EHC_BEGIN_NAMESPACE

// Writes the absolute URL of `location` (NUL-terminated, its fragment
// dropped) into out[0..size): an http(s) URL (scheme case-insensitive),
// scheme-relative ("//host/path"), an absolute path, or a path relative to
// the directory of `from`'s path. `host` is from's host without brackets.
// Returns EHC_OK; EHC_ERROR_BAD_URL when it names another scheme (ftp:,
// mailto:, any RFC 3986 scheme); EHC_ERROR_CAPACITY when the result does not
// fit. The caller parses the result (a malformed one fails there).
int resolveLocation(const char* location, const Url& from, const char* host, char* out,
                    size_t size);

EHC_END_NAMESPACE
