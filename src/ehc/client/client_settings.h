// A client's persistent settings, as the requests it runs read them: the
// base URL, the timeouts, retries, the body type and the headers sent with
// every request. The client's setters write them; a request only reads.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../http/url.h"
#include "body_options.h"
#include "client_error.h"
#include "stored_headers.h"

EHC_BEGIN_NAMESPACE

struct CookieCalls;

struct ClientSettings {
  // Copies and parses the base URL (portOverride applied). False when it is
  // malformed or does not fit: every request then fails with urlError.
  bool setBaseUrl(const char* text);

  char baseUrl[EHC_MAX_URL_LENGTH + 1] = {};
  Url url;                           // points into baseUrl
  uint16_t portOverride = 0;         // 0: the URL's
  int urlError = EHC_ERROR_BAD_URL;  // EHC_OK, or what every request fails with
  RequestError urlCause = RequestError::BadBaseUrl;

  uint32_t timeoutMs = EHC_DEFAULT_TIMEOUT_MS;  // the whole request's deadline
  uint32_t connectTimeoutMs = EHC_DEFAULT_CONNECT_TIMEOUT_MS;
  uint8_t maxRetry = 1;                        // as ESP32-HTTP-Client's default
  uint32_t pollBudgetMs = EHC_POLL_BUDGET_MS;  // one poll()'s work (RestClient::setPollBudget)
  uint32_t pollBudgetBytes = EHC_POLL_BUDGET_BYTES;
  char contentType[48] = "application/json";
  uint64_t maxBodySize = 0;      // of a response body, decoded; 0: no limit
  Inflater* inflater = nullptr;  // gzip/deflate bodies accepted and decoded with it
  const InflateCalls* inflate = nullptr;
  const CookieCalls* cookies = nullptr;  // the cookie jar in use (cookie_jar.h); nullptr: off
  StoredHeaders headers;
};

EHC_END_NAMESPACE
