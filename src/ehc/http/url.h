// URLs the client talks to: http(s)://host[:port][/base/path]. The parsed
// form points into the original text (no copy).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "http_error.h"

EHC_BEGIN_NAMESPACE

struct Url {
  bool https = false;
  bool ipv6 = false;  // host is an IPv6 literal (given without its brackets)
  const char* host = nullptr;
  size_t hostLength = 0;
  uint16_t port = 0;  // explicit, or 80 / 443
  bool defaultPort = true;
  const char* path = "";  // base path with its leading '/', or "" (may hold a query)
  size_t pathLength = 0;
};

// Parses `text` (length n). A non-zero `portOverride` replaces the port.
// BadUrl for: another scheme, user info ("user@host": use basic()), an empty
// or malformed host, a bad port, a fragment.
HttpError parseUrl(const char* text, size_t n, Url* out, uint16_t portOverride = 0);
HttpError parseUrl(const char* text, Url* out, uint16_t portOverride = 0);

EHC_END_NAMESPACE
