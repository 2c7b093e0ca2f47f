// URLs the client talks to: http(s)://host[:port][/base/path]. The parsed
// form points into the original text (no copy). And the pure URI rules a
// client follows a redirect by: RFC 3986 reference resolution, the origin of
// a URL as text, and which method the next request uses.
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

// RFC 3986: the length of the scheme that starts `uri` (ALPHA *( ALPHA /
// DIGIT / "+" / "-" / "." ) followed by ':'), without the ':'; 0 when it has
// none (a relative reference).
size_t schemeLength(const char* uri);

// RFC 3986 section 5.2: the target URI of reference `ref` (absolute,
// "//authority/...", "/path", "path", "?query", "#fragment" or "") read
// against the absolute URI `base`, its dot segments removed (5.2.4), written
// NUL-terminated into out[0..size). Strict (5.2.2): a scheme in ref is always
// its own ("http:g" stays "http:g"). Any scheme; the fragment is kept (a
// client drops it, it never goes to a server). Returns the result's length;
// 0 when base has no scheme, or when the result (or its merged path, before
// the dot segments are removed) does not fit.
size_t resolveReference(const char* base, const char* ref, char* out, size_t size);

// "scheme://host[:port]" of a parsed URL (the port only when not the
// scheme's default; an IPv6 host in brackets), NUL-terminated into
// out[0..size). Returns the length, 0 when it does not fit.
size_t formatOrigin(const Url& url, char* out, size_t size);

// 301, 302, 303, 307 and 308: the statuses a client may follow.
bool isRedirectStatus(int status);
// Does the request that follows a redirect with `status` become a GET
// without a body? RFC 9110 section 15.4, as browsers and curl do it: 303
// fetches with GET (a HEAD stays HEAD); 301 and 302 turn a POST into a GET;
// otherwise (307, 308, other methods) the request is repeated as it was,
// body included.
bool redirectBecomesGet(int status, const char* method);

EHC_END_NAMESPACE
