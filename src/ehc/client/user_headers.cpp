#include "user_headers.h"

#include <stdint.h>
#include <string.h>

#include "../http/text.h"

EHC_BEGIN_NAMESPACE

namespace {
bool named(const char* name, const char* what) {
  return equalsIgnoreCase(name, strlen(name), what, strlen(what));
}
}  // namespace

RequestError userHeaderProblem(const char* name, const char* value) {
  if (!name || !isToken(name, strlen(name))) return RequestError::HeaderNameNotToken;
  if (!value) return RequestError::HeaderValueNull;
  for (const char* c = value; *c; ++c) {
    const auto u = static_cast<uint8_t>(*c);
    if ((u < 0x20 && *c != '\t') || u == 0x7F) return RequestError::HeaderValueControl;
  }
  if (named(name, "Host") || named(name, "Content-Length") || named(name, "Transfer-Encoding") ||
      named(name, "Connection"))
    return RequestError::HeaderReserved;
  if (named(name, "Cookie")) return RequestError::HeaderCookie;
  return RequestError::Ok;
}

bool isCredentialHeader(const char* name) {
  return named(name, "Authorization") || named(name, "Proxy-Authorization") ||
         named(name, "Cookie");
}

EHC_END_NAMESPACE
