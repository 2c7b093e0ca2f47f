#include "http_error.h"

EHC_BEGIN_NAMESPACE

const char* httpErrorName(HttpError e) {
  switch (e) {
    case HttpError::Ok: return "ok";
    case HttpError::NoHttpServer: return "no_http_server";
    case HttpError::BadStatusLine: return "bad_status_line";
    case HttpError::BadHeader: return "bad_header";
    case HttpError::ObsoleteLineFolding: return "obsolete_line_folding";
    case HttpError::LineTooLong: return "line_too_long";
    case HttpError::HeadersTooLarge: return "headers_too_large";
    case HttpError::TooManyHeaders: return "too_many_headers";
    case HttpError::BadContentLength: return "bad_content_length";
    case HttpError::ConflictingContentLength: return "conflicting_content_length";
    case HttpError::UnsupportedTransferCoding: return "unsupported_transfer_coding";
    case HttpError::BadFraming: return "bad_framing";
    case HttpError::BadChunkSize: return "bad_chunk_size";
    case HttpError::ChunkSizeOverflow: return "chunk_size_overflow";
    case HttpError::BadChunkTerminator: return "bad_chunk_terminator";
    case HttpError::BadLineEnding: return "bad_line_ending";
    case HttpError::Incomplete: return "incomplete";
    case HttpError::BadUrl: return "bad_url";
    case HttpError::HeaderInjection: return "header_injection";
    case HttpError::BadHeaderName: return "bad_header_name";
    case HttpError::MissingPathParam: return "missing_path_param";
    case HttpError::RequestTooLarge: return "request_too_large";
  }
  return "unknown";
}

EHC_END_NAMESPACE
