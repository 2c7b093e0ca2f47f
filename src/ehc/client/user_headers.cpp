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

const char* userHeaderProblem(const char* name, const char* value) {
  if (!name || !isToken(name, strlen(name))) return "header name is not a token";
  if (!value) return "header value is null";
  for (const char* c = value; *c; ++c) {
    const auto u = static_cast<uint8_t>(*c);
    if ((u < 0x20 && *c != '\t') || u == 0x7F) return "CR, LF or a control byte in a header value";
  }
  if (named(name, "Host") || named(name, "Content-Length") || named(name, "Transfer-Encoding") ||
      named(name, "Connection"))
    return "Host, Content-Length, Transfer-Encoding and Connection are the library's";
  if (named(name, "Cookie")) return "use cookie(name, value) for cookies";
  return nullptr;
}

bool isCredentialHeader(const char* name) {
  return named(name, "Authorization") || named(name, "Proxy-Authorization") ||
         named(name, "Cookie");
}

EHC_END_NAMESPACE
