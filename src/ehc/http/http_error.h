// Errors of the HTTP engine, each with a readable name.
#pragma once

#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

enum class HttpError : uint8_t {
  Ok = 0,
  // response parser
  NoHttpServer,               // no "HTTP/1.x" status line where one must be
  BadStatusLine,              // status line malformed (version, code, reason bytes)
  BadHeader,                  // a byte not allowed in a field name or value
  ObsoleteLineFolding,        // a header line starting with space or tab
  LineTooLong,                // a line longer than EHC_HTTP_MAX_LINE
  HeadersTooLarge,            // header section longer than EHC_HTTP_MAX_HEADER_BYTES
  TooManyHeaders,             // more than EHC_HTTP_MAX_HEADERS fields
  BadContentLength,           // not a number, or too big
  ConflictingContentLength,   // several different values
  UnsupportedTransferCoding,  // a coding other than chunked (gzip, ...): not decoded
  BadFraming,                 // Transfer-Encoding malformed, chunked twice, with
                              // Content-Length, or on HTTP/1.0
  BadChunkSize,               // not hex, no digits, or whitespace not before ';'
  BadChunkExtension,          // a chunk extension not name[=token/quoted-string]
  ChunkSizeOverflow,          // more than 64 bits
  BadChunkTerminator,         // chunk data not followed by CRLF
  BadLineEnding,              // CR not followed by LF
  Incomplete,                 // the connection closed before the message ended
  // request writer and URL
  BadUrl,            // not http(s)://host[:port][/path]
  HeaderInjection,   // CR, LF or NUL in a method, path, header name or value
  BadHeaderName,     // empty, or not a token
  MissingPathParam,  // a {placeholder} without a value, or an unclosed brace
  RequestTooLarge,   // the writer's sink failed or a limit was hit
  BodySourceFailed,  // a request body's source failed, or ended before its length
};

// A short identifier ("bad_chunk_size") and a sentence for people.
const char* httpErrorName(HttpError e);
const char* httpErrorMessage(HttpError e);

EHC_END_NAMESPACE
