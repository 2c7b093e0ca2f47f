// A JSONPlaceholder-like REST API for the fault server (modelled on
// https://jsonplaceholder.typicode.com), served from a data directory that
// holds its resources as JSON arrays: users.json, posts.json, todos.json,
// comments.json (albums.json, photos.json if present). The example sketches
// run against it on the host.
//
//   GET    /R             the file R.json as it is; ?field=value&... keeps the
//                         elements whose top-level field has that value
//   GET    /R/N           element N-1 of R.json, as its JSON text; 404 {} when absent
//   GET    /R/N/S         S filtered by <R without its s>Id=N (/posts/1/comments)
//   POST   /R             201, the request's JSON object with "id": count + 1
//   PUT    /R/N           200, the request's JSON object with "id": N (404 {} if no N)
//   PATCH  /R/N           200, the request's JSON object with "id": N (404 {} if no N)
//   DELETE /R/N           200 {} (404 {} if no N)
//
// Nothing is stored: a POST, PUT, PATCH or DELETE changes nothing, as on
// JSONPlaceholder. A request body that is not a JSON object is a 400; an "id"
// member in it is replaced. Without a data directory every API route is a 404.
// Host/test code: exceptions and the heap are fine here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ehc_fault {

struct ApiReply {
  int status;
  std::string body;  // JSON
};

// The answer to a request for one of the API paths, or nullopt when the
// path is none of them (the caller routes it elsewhere). dataDir "" means
// none. path is without the query; query is what follows the '?'.
std::optional<ApiReply> apiReply(const std::string& dataDir, std::string_view method,
                                 std::string_view path, std::string_view query,
                                 std::string_view body);

// The resources served (their paths without the leading '/').
extern const char* const kApiResources[6];

}  // namespace ehc_fault
