#include "http_error.h"

#include <stddef.h>

#include "../core/error_text.h"

EHC_BEGIN_NAMESPACE

namespace {

// In the order of the enum.
constexpr ErrorText kTexts[] = {
    {"ok", "no error"},
    {"no_http_server", "the server did not answer with HTTP"},
    {"bad_status_line", "malformed status line"},
    {"bad_header", "malformed response header"},
    {"obsolete_line_folding", "folded response header line"},
    {"line_too_long", "response line too long (EHC_HTTP_MAX_LINE)"},
    {"headers_too_large", "response headers too large (EHC_HTTP_MAX_HEADER_BYTES)"},
    {"too_many_headers", "too many response headers (EHC_HTTP_MAX_HEADERS)"},
    {"bad_content_length", "malformed Content-Length"},
    {"conflicting_content_length", "conflicting Content-Length values"},
    {"unsupported_transfer_coding", "unsupported Transfer-Encoding"},
    {"bad_framing",
     "faulty framing (Transfer-Encoding malformed, chunked twice, with Content-Length, or on "
     "HTTP/1.0)"},
    {"bad_chunk_size", "malformed chunk size"},
    {"bad_chunk_extension", "malformed chunk extension"},
    {"chunk_size_overflow", "chunk size too large"},
    {"bad_chunk_terminator", "chunk data not followed by CRLF"},
    {"bad_line_ending", "CR not followed by LF"},
    {"incomplete", "the connection closed before the response was complete"},
    {"bad_url", "malformed URL (expected http(s)://host[:port][/path])"},
    {"header_injection", "CR, LF or NUL in a method, path, header name or value"},
    {"bad_header_name", "invalid header name"},
    {"missing_path_param", "a {placeholder} in the path has no value"},
    {"request_too_large", "the request could not be written"},
    {"body_source_failed", "the request body's source failed or ended before its length"},
};
static_assert(sizeof kTexts / sizeof kTexts[0] ==
                  static_cast<size_t>(HttpError::BodySourceFailed) + 1,
              "one text per error");

}  // namespace

const char* httpErrorName(HttpError e) {
  return errorTextName<kTexts>(static_cast<size_t>(e));
}
const char* httpErrorMessage(HttpError e) {
  return errorTextMessage<kTexts>(static_cast<size_t>(e));
}

EHC_END_NAMESPACE
