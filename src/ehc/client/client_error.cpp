#include "client_error.h"

EHC_BEGIN_NAMESPACE

namespace {
// Index: -code.
const char* const kMessages[] = {
    "not executed",
    "connection refused",
    "send header failed",
    "send payload failed",
    "not connected",
    "connection lost",
    "no stream",
    "no HTTP server",
    "too less RAM",
    "transfer encoding error",
    "stream write error",
    "read timeout",
    "DNS lookup failed",
    "connect timeout",
    "TLS handshake failed",
    "server certificate not trusted",
    "server certificate is for another host",
    "server certificate does not match the pin",
    "malformed URL",
    "malformed HTTP response",
    "response body is not valid JSON",
    "a request capacity was exceeded (see the EHC_MAX_* settings)",
    "invalid request (header, path parameter or body key)",
    "too many redirects",
    "another request of this client is still being built",
    "TLS configuration error (CA file missing or unreadable, CA not PEM)",
    "no trust anchors (set a CA with setCACert/setCaFile, or setInsecure())",
    "no TLS protocol version in common with the server",
    "transfer stopped by the body callback",
    "response body larger than the maximum body size",
    "response body does not match the expected digest",
    "the dropped download could not be resumed",
};
static_assert(sizeof kMessages / sizeof kMessages[0] == -EHC_ERROR_LAST + 1, "one per code");
}  // namespace

const char* errorToString(int code) {
  if (code > 0) return "HTTP status";
  if (code < EHC_ERROR_LAST) return "unknown error";
  return kMessages[-code];
}

int clientErrorOf(NetError e) {
  switch (e) {
    case NetError::Ok: return EHC_OK;
    case NetError::DnsFailed: return EHC_ERROR_DNS_FAILED;
    case NetError::Refused: return EHC_ERROR_CONNECTION_REFUSED;
    case NetError::ConnectTimeout: return EHC_ERROR_CONNECT_TIMEOUT;
    case NetError::ReadTimeout: return EHC_ERROR_READ_TIMEOUT;
    case NetError::WriteTimeout:
    case NetError::WriteFailed: return EHC_ERROR_SEND_HEADER_FAILED;
    case NetError::NotConnected: return EHC_ERROR_NOT_CONNECTED;
    case NetError::NoResources: return EHC_ERROR_TOO_LESS_RAM;
    case NetError::TlsHandshake: return EHC_ERROR_TLS_HANDSHAKE;
    case NetError::CertUntrusted: return EHC_ERROR_CERT_UNTRUSTED;
    case NetError::HostMismatch: return EHC_ERROR_HOST_MISMATCH;
    case NetError::PinMismatch: return EHC_ERROR_PIN_MISMATCH;
    case NetError::TlsConfig: return EHC_ERROR_TLS_CONFIG;
    case NetError::NoTrustAnchors: return EHC_ERROR_NO_TRUST_ANCHORS;
    case NetError::TlsVersion: return EHC_ERROR_TLS_VERSION;
    case NetError::Reset:
    case NetError::ReadFailed:
    case NetError::TlsFailed: return EHC_ERROR_CONNECTION_LOST;
  }
  return EHC_ERROR_CONNECTION_LOST;
}

int clientErrorOf(HttpError e) {
  switch (e) {
    case HttpError::Ok: return EHC_OK;
    case HttpError::NoHttpServer: return EHC_ERROR_NO_HTTP_SERVER;
    case HttpError::UnsupportedTransferCoding: return EHC_ERROR_ENCODING;
    case HttpError::Incomplete: return EHC_ERROR_CONNECTION_LOST;
    case HttpError::BadUrl: return EHC_ERROR_BAD_URL;
    case HttpError::HeaderInjection:
    case HttpError::BadHeaderName:
    case HttpError::MissingPathParam: return EHC_ERROR_INVALID_REQUEST;
    case HttpError::RequestTooLarge: return EHC_ERROR_STREAM_WRITE;
    case HttpError::BodySourceFailed: return EHC_ERROR_NO_STREAM;
    default: return EHC_ERROR_BAD_RESPONSE;  // the response parser's findings
  }
}

EHC_END_NAMESPACE
