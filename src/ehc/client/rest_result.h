// What one request came to: returned by RestRequest::send() and handed to
// the onResponse / onObservability callbacks.
#pragma once

#include <stdint.h>

#include "../config.h"
#include "client_error.h"

EHC_BEGIN_NAMESPACE

struct RestResult {
  int statusCode = 0;  // the HTTP status, or a negative error code (0: not sent)
  int error = EHC_OK;  // EHC_OK, or the negative error code
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
  uint32_t found = 0;             // values written to their targets (truncated ones too)
  uint32_t missing = 0;           // not in the body: targets untouched
  uint32_t mismatched = 0;        // another JSON type than the target's: untouched
  uint32_t truncated = 0;         // text cut to fit its buffer (still NUL-terminated)
  uint32_t outOfRange = 0;        // a number that does not fit its target: untouched
  uint32_t null = 0;              // JSON null: the target reset (0, false, "")
  uint32_t converted = 0;         // found, from a JSON string holding the number
  uint32_t headersFound = 0;      // getHeader() targets written, bit i for the i-th
  uint32_t headersTruncated = 0;  // text cut to its target (written), or a number's
                                  // text longer than EHC_HEADER_VALUE_MAX (not written)
  BindStatus binding(int i) const { return static_cast<BindStatus>(statuses_[i]); }

  // Metrics (onObservability).
  uint64_t bytesSent = 0;
  uint64_t bytesReceived = 0;   // everything read, headers included
  uint64_t bodyBytes = 0;       // of the answer's body as read (no chunk framing)
  uint32_t connectMs = 0;       // TCP + TLS (0 on a reused connection)
  uint32_t tlsMs = 0;           // of which TLS
  uint32_t firstByteMs = 0;     // request start to the first response byte
  uint32_t totalMs = 0;         // all attempts and redirects
  bool reused = false;          // the (last) exchange used a kept connection
  bool sessionResumed = false;  // a new TLS connection resumed the saved session
  uint8_t attempts = 0;         // 1 + retries made
  uint8_t redirects = 0;        // redirects followed
  // expectContinue(): the (last) exchange's 100 came before the body went;
  // or its final answer came first, and the body was not sent.
  bool continued = false;
  bool bodyWithheld = false;

  bool isSuccess() const { return error == EHC_OK && statusCode >= 200 && statusCode < 300; }
  // Also true when nothing was sent (status 0), as ESP32-HTTP-Client's is.
  bool hasError() const { return error != EHC_OK || statusCode >= 400 || statusCode <= 0; }

  uint8_t bindings = 0;                      // getBody() bindings made
  uint8_t statuses_[EHC_MAX_BINDINGS] = {};  // BindStatus per binding
};

EHC_END_NAMESPACE
