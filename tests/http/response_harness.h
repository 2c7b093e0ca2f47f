// Parses a stream of back-to-back responses (as on a kept-alive connection)
// with the given piece sizes, and summarises each response.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ESP32HTTPClient.h"

namespace ehc_test {

struct Response {
  ehc::HttpError error = ehc::HttpError::Ok;
  size_t offset = 0;
  int status = 0;
  std::string reason;
  std::vector<std::pair<std::string, std::string>> headers;  // all of them, as received
  std::vector<std::pair<std::string, std::string>> trailers;
  std::string body;
  bool keepAlive = false;
  int64_t contentLength = -1;
  bool operator==(const Response& o) const {
    return error == o.error && offset == o.offset && status == o.status && reason == o.reason &&
           headers == o.headers && trailers == o.trailers && body == o.body &&
           keepAlive == o.keepAlive && contentLength == o.contentLength;
  }
};

// pieces: sizes cycled; empty = whole. closeAtEnd: the peer closes after the
// last byte (finishAtClose). coded: deliverCodedBodies(true). Stops at the
// first error.
std::vector<Response> parseStream(const std::string& wire, bool head,
                                  const std::vector<size_t>& pieces, bool closeAtEnd = true,
                                  bool coded = false);
// Whole, byte by byte and random splits must agree (EXPECTed); returns them.
std::vector<Response> parseAllWays(const std::string& wire, bool head = false,
                                   bool closeAtEnd = true, bool coded = false);

}  // namespace ehc_test
