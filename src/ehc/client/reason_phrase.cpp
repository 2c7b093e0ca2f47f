#include "reason_phrase.h"

#include <stddef.h>
#include <stdint.h>

#include "../core/packed_texts.h"

EHC_BEGIN_NAMESPACE

namespace {

struct Reason {
  uint16_t status;
  const char* phrase;
};

// Packed (core/packed_texts.h): the statuses as one array of uint16_t, the
// phrases as one string; a switch cost twice the flash (a jump table and a
// literal each).
constexpr Reason kReasons[] = {
    {200, "OK"},
    {201, "Created"},
    {202, "Accepted"},
    {204, "No Content"},
    {206, "Partial Content"},
    {301, "Moved Permanently"},
    {302, "Found"},
    {303, "See Other"},
    {304, "Not Modified"},
    {307, "Temporary Redirect"},
    {308, "Permanent Redirect"},
    {400, "Bad Request"},
    {401, "Unauthorized"},
    {403, "Forbidden"},
    {404, "Not Found"},
    {405, "Method Not Allowed"},
    {408, "Request Timeout"},
    {409, "Conflict"},
    {410, "Gone"},
    {413, "Content Too Large"},
    {415, "Unsupported Media Type"},
    {422, "Unprocessable Content"},
    {429, "Too Many Requests"},
    {500, "Internal Server Error"},
    {501, "Not Implemented"},
    {502, "Bad Gateway"},
    {503, "Service Unavailable"},
    {504, "Gateway Timeout"},
};
constexpr size_t kCount = sizeof kReasons / sizeof kReasons[0];

struct Statuses {
  uint16_t values[kCount];
};
constexpr Statuses kStatuses = [] {
  Statuses s{};
  for (size_t i = 0; i < kCount; ++i) s.values[i] = kReasons[i].status;
  return s;
}();

}  // namespace

const char* reasonPhrase(int status) {
  for (size_t i = 0; i < kCount; ++i) {
    if (kStatuses.values[i] == status) return packedColumnText<kReasons, &Reason::phrase>(i);
  }
  if (status >= 200 && status < 300) return "success";
  if (status >= 300 && status < 400) return "redirect";
  if (status >= 400 && status < 500) return "client error";
  return "server error";
}

EHC_END_NAMESPACE
