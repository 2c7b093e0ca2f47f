#include "user_headers.h"

#include <stdint.h>
#include <string.h>

#include "../http/text.h"

EHC_BEGIN_NAMESPACE

RequestError userHeaderProblem(const char* name, const char* value) {
  if (!name || !isToken(name, strlen(name))) return RequestError::HeaderNameNotToken;
  if (!value) return RequestError::HeaderValueNull;
  for (const char* c = value; *c; ++c) {
    const auto u = static_cast<uint8_t>(*c);
    if ((u < 0x20 && *c != '\t') || u == 0x7F) return RequestError::HeaderValueControl;
  }
  if (equalsIgnoreCase(name, "Host") || equalsIgnoreCase(name, "Content-Length") ||
      equalsIgnoreCase(name, "Transfer-Encoding") || equalsIgnoreCase(name, "Connection"))
    return RequestError::HeaderReserved;
  if (equalsIgnoreCase(name, "Cookie")) return RequestError::HeaderCookie;
  return RequestError::Ok;
}

bool isCredentialHeader(const char* name) {
  return equalsIgnoreCase(name, "Authorization") || equalsIgnoreCase(name, "Proxy-Authorization") ||
         equalsIgnoreCase(name, "Cookie");
}

EHC_END_NAMESPACE
