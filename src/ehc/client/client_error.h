// The client's error codes: the negative numbers ESP32-HTTP-Client users
// know (-1 .. -11, as Arduino's HTTPClient has them) keep their meaning;
// failure kinds they could not tell apart get new numbers from -12 on.
// getStatusCode() is the HTTP status after a response, or one of these.
#pragma once

#include "../codec/inflate.h"
#include "../codec/xml_scanner.h"
#include "../config.h"
#include "../http/content_range.h"
#include "../http/http_error.h"
#include "../json/json_error.h"
#include "../net/net_error.h"
#include "request_error.h"

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
  EHC_ERROR_TLS_CONFIG = -25,          // never retried: the settings, not the network
  EHC_ERROR_NO_TRUST_ANCHORS = -26,    // never retried: give a CA or setInsecure()
  EHC_ERROR_TLS_VERSION = -27,         // never retried: the server's TLS versions
  EHC_ERROR_CLIENT_CERT = -28,         // the server wants another client certificate (or one)
  EHC_ERROR_CERT_EXPIRED = -29,        // the server's certificate (or its chain's) has expired
  EHC_ERROR_CERT_NOT_YET_VALID = -30,  // ... is not valid yet: set the clock (SNTP)
  EHC_ERROR_CANCELLED = -31,           // cancel() of a polled request
  EHC_ERROR_STOPPED = -32,             // the body callback stopped the transfer
  EHC_ERROR_BODY_TOO_LARGE = -33,      // beyond the maximum body size
  EHC_ERROR_DIGEST_MISMATCH = -34,     // the body written is not the one expected
  EHC_ERROR_RESUME_FAILED = -35,       // a dropped download could not be continued
  EHC_ERROR_RPC_ERROR = -36,           // the JSON-RPC server answered with an error object
  EHC_ERROR_RPC_INVALID_REPLY = -37,   // the answer is not a JSON-RPC 2.0 response
  EHC_ERROR_RPC_ID_MISMATCH = -38,     // the JSON-RPC response is for another request id
  EHC_ERROR_INVALID_XML = -39,         // a SOAP answer's body is not well-formed XML
  EHC_ERROR_LAST = -39,
};

// A sentence for a code (0 and unknown codes included), and a short
// identifier ("read_timeout"; "http_status" for a positive code).
const char* errorToString(int code);
const char* errorName(int code);

// The short name ESP32-HTTP-Client gives a status code or error code, and
// that sketches print and compare: "Connection Refused" (-1) .. "Read
// Timeout" (-11), "Not Executed" (0), "OK", "Not Found", "Internal Server
// Error" ..., then by class ("Success", "Redirection", "Client Error",
// "Server Error", "Unknown HTTP Status"); the newer codes by name ("DNS
// Failed", "Invalid JSON", ...), any other negative "Unknown Client Error".
const char* statusName(int code);

// The code for a failure of the transports or of the HTTP engine.
int clientErrorOf(NetError e);
int clientErrorOf(HttpError e);

// Where a failure was found, beside its compatible code: the layer and that
// layer's own error, which says most (a code such as EHC_ERROR_BAD_RESPONSE
// stands for a score of the response parser's findings).
enum class ErrorLayer : uint8_t {
  None = 0,  // no cause beyond the code itself (or no failure)
  Net,       // a NetError: the transport, TCP or TLS
  Http,      // an HttpError: the response parser, the request writer, a URL
  Json,      // a JsonError: the response body's document
  Request,   // a RequestError: the client's own checks (builder, base URL, redirects)
  Inflate,   // an InflateError: a gzip/deflate body (codec/inflate.h)
  Range,     // a RangeError: a resumed download's answer (http/content_range.h)
  Xml,       // an XmlError: a SOAP answer's XML (codec/xml_scanner.h)
};

struct ErrorCause {
  ErrorLayer layer = ErrorLayer::None;
  uint8_t code = 0;  // the layer's enum value

  ErrorCause() = default;
  explicit ErrorCause(NetError e) : layer(ErrorLayer::Net), code(static_cast<uint8_t>(e)) {}
  explicit ErrorCause(HttpError e) : layer(ErrorLayer::Http), code(static_cast<uint8_t>(e)) {}
  explicit ErrorCause(JsonError e) : layer(ErrorLayer::Json), code(static_cast<uint8_t>(e)) {}
  explicit ErrorCause(RequestError e) : layer(ErrorLayer::Request), code(static_cast<uint8_t>(e)) {}
  explicit ErrorCause(InflateError e) : layer(ErrorLayer::Inflate), code(static_cast<uint8_t>(e)) {}
  explicit ErrorCause(RangeError e) : layer(ErrorLayer::Range), code(static_cast<uint8_t>(e)) {}
  explicit ErrorCause(XmlError e) : layer(ErrorLayer::Xml), code(static_cast<uint8_t>(e)) {}

  // The layer's error, or its Ok when the cause is in another layer.
  NetError net() const { return layer == ErrorLayer::Net ? NetError(code) : NetError::Ok; }
  HttpError http() const { return layer == ErrorLayer::Http ? HttpError(code) : HttpError::Ok; }
  JsonError json() const { return layer == ErrorLayer::Json ? JsonError(code) : JsonError::Ok; }
  RequestError request() const {
    return layer == ErrorLayer::Request ? RequestError(code) : RequestError::Ok;
  }
};

// "net", "http", "json", "request" ("none" for no cause).
const char* errorLayerName(ErrorLayer layer);
// The cause's own name and sentence ("bad_chunk_size", "malformed chunk
// size"); nullptr for no cause.
const char* causeName(ErrorCause cause);
const char* causeMessage(ErrorCause cause);

EHC_END_NAMESPACE
