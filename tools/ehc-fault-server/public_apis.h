// The public test APIs that ESP32-HTTP-Client's examples call, in the shape
// of their answers, so that its sketch shapes run against the fault server
// (tests/compat):
//
//   GET /api/v1/time/current/unix   timeapi.io: {"unix_timestamp":1721156604}
//                                   (fixed: the value its documentation shows)
//   GET /bearer                     httpbin.org: 200 {"authenticated":true,"token":T}
//                                   for "Authorization: Bearer T", else 401
//   GET /basic-auth/USER/PASS       httpbin.org: 200 {"authenticated":true,"user":USER}
//                                   for Basic credentials USER:PASS, else 401
//   GET /headers                    httpbin.org: {"headers":{NAME:VALUE,...}}, the
//                                   names in httpbin's case (X-Api-Key)
//
// Host/test code: exceptions and the heap are fine here.
#pragma once

#include <optional>
#include <string_view>

#include "api_routes.h"

namespace ehc_fault {

// The answer for one of the paths above, or nullopt for any other path.
// head: the request line and header lines, each ending in CRLF.
std::optional<ApiReply> publicApiReply(std::string_view path, std::string_view head);

}  // namespace ehc_fault
