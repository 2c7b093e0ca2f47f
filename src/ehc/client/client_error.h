// The client's error codes: the negative numbers ESP32-HTTP-Client users
// know (-1 .. -11, as Arduino's HTTPClient has them) keep their meaning;
// failure kinds they could not tell apart get new numbers from -12 on.
// getStatusCode() is the HTTP status after a response, or one of these.
#pragma once

#include "../config.h"
#include "../http/http_error.h"
#include "../net/net_error.h"

EHC_BEGIN_NAMESPACE

enum ClientError : int {
  EHC_OK = 0,  // also "not executed yet" for a status code
  EHC_ERROR_CONNECTION_REFUSED = -1,
  EHC_ERROR_SEND_HEADER_FAILED = -2,
  EHC_ERROR_SEND_PAYLOAD_FAILED = -3,
  EHC_ERROR_NOT_CONNECTED = -4,
  EHC_ERROR_CONNECTION_LOST = -5,
  EHC_ERROR_NO_STREAM = -6,
  EHC_ERROR_NO_HTTP_SERVER = -7,
  EHC_ERROR_TOO_LESS_RAM = -8,
  EHC_ERROR_ENCODING = -9,
  EHC_ERROR_STREAM_WRITE = -10,
  EHC_ERROR_READ_TIMEOUT = -11,
  // new kinds
  EHC_ERROR_DNS_FAILED = -12,
  EHC_ERROR_CONNECT_TIMEOUT = -13,
  EHC_ERROR_TLS_HANDSHAKE = -14,
  EHC_ERROR_CERT_UNTRUSTED = -15,
  EHC_ERROR_HOST_MISMATCH = -16,
  EHC_ERROR_PIN_MISMATCH = -17,
  EHC_ERROR_BAD_URL = -18,
  EHC_ERROR_BAD_RESPONSE = -19,
  EHC_ERROR_INVALID_JSON = -20,
  EHC_ERROR_CAPACITY = -21,
  EHC_ERROR_INVALID_REQUEST = -22,
  EHC_ERROR_TOO_MANY_REDIRECTS = -23,
  EHC_ERROR_CLIENT_BUSY = -24,
  EHC_ERROR_TLS_CONFIG = -25,        // never retried: the settings, not the network
  EHC_ERROR_NO_TRUST_ANCHORS = -26,  // never retried: give a CA or setInsecure()
  EHC_ERROR_TLS_VERSION = -27,       // never retried: the server's TLS versions
  EHC_ERROR_STOPPED = -28,           // the body callback stopped the transfer
  EHC_ERROR_BODY_TOO_LARGE = -29,    // beyond the maximum body size
  EHC_ERROR_DIGEST_MISMATCH = -30,   // the body written is not the one expected
  EHC_ERROR_RESUME_FAILED = -31,     // a dropped download could not be continued
  EHC_ERROR_LAST = -31,
};

// A sentence for a code (0 and unknown codes included).
const char* errorToString(int code);

// The code for a failure of the transports or of the HTTP engine.
int clientErrorOf(NetError e);
int clientErrorOf(HttpError e);

EHC_END_NAMESPACE
