#include "url.h"

#include <string.h>

#include "text.h"

EHC_BEGIN_NAMESPACE

namespace {
bool hostChar(uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}
bool ipv6Char(uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':' ||
         c == '.';
}
}  // namespace

HttpError parseUrl(const char* text, Url* out, uint16_t portOverride) {
  return parseUrl(text, text ? strlen(text) : 0, out, portOverride);
}

HttpError parseUrl(const char* text, size_t n, Url* out, uint16_t portOverride) {
  *out = Url{};
  if (!text) return HttpError::BadUrl;
  size_t i;
  if (n >= 7 && equalsIgnoreCase(text, 7, "http://", 7)) {
    i = 7;
  } else if (n >= 8 && equalsIgnoreCase(text, 8, "https://", 8)) {
    i = 8;
    out->https = true;
  } else {
    return HttpError::BadUrl;
  }
  // Authority ends at '/', '?' or the end.
  size_t end = i;
  while (end < n && text[end] != '/' && text[end] != '?' && text[end] != '#') ++end;
  if (end < n && text[end] == '#') return HttpError::BadUrl;
  size_t hostEnd;
  if (i < end && text[i] == '[') {
    const char* close = static_cast<const char*>(memchr(text + i, ']', end - i));
    if (!close) return HttpError::BadUrl;
    out->ipv6 = true;
    out->host = text + i + 1;
    out->hostLength = static_cast<size_t>(close - out->host);
    for (size_t k = 0; k < out->hostLength; ++k)
      if (!ipv6Char(static_cast<uint8_t>(out->host[k]))) return HttpError::BadUrl;
    if (out->hostLength < 2 || !memchr(out->host, ':', out->hostLength)) return HttpError::BadUrl;
    hostEnd = static_cast<size_t>(close - text) + 1;
  } else {
    hostEnd = i;
    while (hostEnd < end && text[hostEnd] != ':') {
      const uint8_t c = static_cast<uint8_t>(text[hostEnd]);
      if (c == '@' || !hostChar(c)) return HttpError::BadUrl;  // user info, spaces, ...
      ++hostEnd;
    }
    out->host = text + i;
    out->hostLength = hostEnd - i;
  }
  if (out->hostLength == 0) return HttpError::BadUrl;
  out->port = out->https ? 443 : 80;
  if (hostEnd < end) {
    if (text[hostEnd] != ':' || hostEnd + 1 == end) return HttpError::BadUrl;
    uint32_t port = 0;
    for (size_t k = hostEnd + 1; k < end; ++k) {
      const char c = text[k];
      if (c < '0' || c > '9') return HttpError::BadUrl;
      port = port * 10 + static_cast<uint32_t>(c - '0');
      if (port > 65535) return HttpError::BadUrl;
    }
    if (port == 0) return HttpError::BadUrl;
    out->port = static_cast<uint16_t>(port);
    out->defaultPort = port == (out->https ? 443u : 80u);
  }
  if (portOverride) {
    out->port = portOverride;
    out->defaultPort = portOverride == (out->https ? 443 : 80);
  }
  out->path = text + end;
  out->pathLength = n - end;
  for (size_t k = 0; k < out->pathLength; ++k) {
    const uint8_t c = static_cast<uint8_t>(out->path[k]);
    if (c <= 0x20 || c == 0x7F || c == '#') return HttpError::BadUrl;
  }
  return HttpError::Ok;
}

EHC_END_NAMESPACE
