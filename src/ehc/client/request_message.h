// The request of one hop as it goes on the wire: the request line (the
// request's path and parameters on the first hop, the Location followed
// after that), the client's persistent headers and cookies (credentials
// only to the origin they were set for), the request's own headers, and the
// body. The same bytes every time it is written (a resend writes it again).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../http/request_writer.h"
#include "../http/url.h"
#include "client_settings.h"
#include "cookie_jar.h"
#include "request_spec.h"

EHC_BEGIN_NAMESPACE

// Where one hop of a request goes and how: the first hop is the base URL
// with the request's method, each redirect followed makes the next.
struct Hop {
  Url url;  // the base URL's on the first hop, then into urlText
  // The Location followed; on the first hop, the URL it answered once a
  // redirect is read against it.
  char urlText[EHC_MAX_URL_LENGTH + 1];
  char host[EHC_MAX_HOST_LENGTH + 1];  // url's, NUL-terminated, without brackets
  const char* method;
  uint8_t index;            // 0: the first
  bool hasBody;             // false once a redirect turned the request into a GET
  bool crossOrigin;         // another scheme, host or port than the base URL's
  const char* range;        // a resumed download's Range value, or nullptr
  const char* ifRange;      // with it, the If-Range validator, or nullptr
  const char* lastEventId;  // a reconnected event stream's, or nullptr
};

// Writes the hop's request (with headOnly, up to the blank line: nothing of
// the body is made or read); *headBytes: the bytes before the body.
HttpError writeRequestMessage(RequestWriter& writer, const RequestSpec& spec,
                              const ClientSettings& settings, const CookieJar& cookies,
                              const Hop& hop, bool headOnly, size_t* headBytes);

EHC_END_NAMESPACE
