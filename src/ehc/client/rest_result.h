// What one request came to: returned by RestRequest::send() and handed to
// the onResponse / onObservability callbacks.
#pragma once

#include <stdint.h>
#include <string.h>

#include "../config.h"
#include "client_error.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_OK == 0, "a zeroed RestResult has no error");

struct RestResult {
  // Every field starts at 0 (EHC_OK, false, no cause, no binding): one
  // memset instead of a store per field, as a result is made for every
  // request (and the fields below say their start in words only).
  RestResult() { memset(static_cast<void*>(this), 0, sizeof *this); }

  int statusCode;  // the HTTP status, or a negative error code (0: not sent)
  int error;       // EHC_OK, or the negative error code
  // Which layer found the failure, and its own error (the code stands for
  // several): cause.net() == NetError::CertUntrusted, cause.http() ==
  // HttpError::BadChunkSize, ...
  ErrorCause cause;
  // What went wrong, most precisely ("malformed chunk size", "server
  // certificate not trusted (unknown CA, expired, self-signed)", ...): the
  // cause's sentence, else the code's; the reason phrase after a response.
  const char* message() const;

  // getBody() bindings, by the order they were made: bit i is binding i
  // (how many: `bindings`, below).
  uint32_t found;             // values written to their targets (truncated ones too)
  uint32_t missing;           // not in the body: targets untouched
  uint32_t mismatched;        // another JSON type than the target's: untouched
  uint32_t truncated;         // text cut to fit its buffer (still NUL-terminated)
  uint32_t outOfRange;        // a number that does not fit its target: untouched
  uint32_t null;              // JSON null: the target reset (0, false, "")
  uint32_t converted;         // found, from a JSON string holding the number
  uint32_t headersFound;      // getHeader() targets written, bit i for the i-th
  uint32_t headersTruncated;  // text cut to its target (written), or a number's
                              // text longer than EHC_HEADER_VALUE_MAX (not written)
  BindStatus binding(int i) const { return static_cast<BindStatus>(statuses_[i]); }

  // Metrics (onObservability).
  uint64_t bytesSent;
  uint64_t bytesReceived;  // everything read, headers included
  uint64_t bodyBytes;      // of the answer's body as read (no chunk framing)
  uint32_t connectMs;      // TCP + TLS (0 on a reused connection)
  uint32_t tlsMs;          // of which TLS
  uint32_t firstByteMs;    // request start to the first response byte
  uint32_t totalMs;        // all attempts and redirects
  bool reused;             // the (last) exchange used a kept connection
  bool sessionResumed;     // a new TLS connection resumed the saved session
  uint8_t attempts;        // 1 + retries made
  uint8_t redirects;       // redirects followed
  // expectContinue(): the (last) exchange's 100 came before the body went;
  // or its final answer came first, and the body was not sent.
  bool continued;
  bool bodyWithheld;

  bool isSuccess() const { return error == EHC_OK && statusCode >= 200 && statusCode < 300; }
  // Also true when nothing was sent (status 0), as ESP32-HTTP-Client's is.
  bool hasError() const { return error != EHC_OK || statusCode >= 400 || statusCode <= 0; }

  uint8_t bindings;                     // getBody() bindings made
  uint8_t statuses_[EHC_MAX_BINDINGS];  // BindStatus per binding
};

EHC_END_NAMESPACE
