#include "client_error.h"

#include <stddef.h>

#include "../core/error_text.h"

EHC_BEGIN_NAMESPACE

namespace {

// A code's identifier (errorName), its sentence (errorToString) and its
// name as ESP32-HTTP-Client's ESP32HTTPClient::errorToString() and onError
// give it (statusName; -11 .. 0 are the original's names, then ours).
struct CodeText {
  const char* name;
  const char* message;
  const char* title;
};
// Index: -code.
constexpr CodeText kTexts[] = {
    {"ok", "not executed", "Not Executed"},
    {"connection_refused", "connection refused", "Connection Refused"},
    {"send_header_failed", "send header failed", "Send Header Failed"},
    {"send_payload_failed", "send payload failed", "Send Payload Failed"},
    {"not_connected", "not connected", "Not Connected"},
    {"connection_lost", "connection lost", "Connection Lost"},
    {"no_stream", "no stream", "No Stream"},
    {"no_http_server", "no HTTP server", "No HTTP Server"},
    {"too_less_ram", "too less RAM", "Too Less RAM"},
    {"encoding", "transfer encoding error", "Encoding Error"},
    {"stream_write", "stream write error", "Stream Write Error"},
    {"read_timeout", "read timeout", "Read Timeout"},
    {"dns_failed", "DNS lookup failed", "DNS Failed"},
    {"connect_timeout", "connect timeout", "Connect Timeout"},
    {"tls_handshake", "TLS handshake failed", "TLS Handshake Failed"},
    {"cert_untrusted", "server certificate not trusted", "Certificate Untrusted"},
    {"host_mismatch", "server certificate is for another host", "Certificate Host Mismatch"},
    {"pin_mismatch", "server certificate does not match the pin", "Certificate Pin Mismatch"},
    {"bad_url", "malformed URL", "Bad URL"},
    {"bad_response", "malformed HTTP response", "Bad Response"},
    {"invalid_json", "response body is not valid JSON", "Invalid JSON"},
    {"capacity", "a request capacity was exceeded (see the EHC_MAX_* settings)",
     "Capacity Exceeded"},
    {"invalid_request", "invalid request (header, path parameter or body key)", "Invalid Request"},
    {"too_many_redirects", "too many redirects", "Too Many Redirects"},
    {"client_busy", "another request of this client is being built or is running", "Client Busy"},
    {"tls_config", "TLS configuration error (CA file missing or unreadable, CA not PEM)",
     "TLS Config Error"},
    {"no_trust_anchors", "no trust anchors (set a CA with setCACert/setCaFile, or setInsecure())",
     "No Trust Anchors"},
    {"tls_version", "no TLS protocol version in common with the server", "TLS Version Mismatch"},
    {"client_cert_refused", "the server refused the client certificate (or wants one)",
     "Client Certificate Refused"},
    {"cert_expired", "server certificate expired", "Certificate Expired"},
    {"cert_not_yet_valid", "server certificate not valid yet (is the clock set?)",
     "Certificate Not Yet Valid"},
    {"cancelled", "request cancelled", "Request Cancelled"},
    {"stopped", "transfer stopped by the body callback", "Transfer Stopped"},
    {"body_too_large", "response body larger than the maximum body size", "Body Too Large"},
    {"digest_mismatch", "response body does not match the expected digest", "Digest Mismatch"},
    {"resume_failed", "the dropped download could not be resumed", "Resume Failed"},
    {"rpc_error", "the JSON-RPC server answered with an error", "JSON-RPC Error"},
    {"rpc_invalid_reply",
     "the answer is not a JSON-RPC 2.0 response (jsonrpc, id, result or error wrong or missing)",
     "Invalid JSON-RPC Response"},
    {"rpc_id_mismatch", "the JSON-RPC response's id is not the request's", "JSON-RPC Id Mismatch"},
    {"invalid_xml", "response body is not well-formed XML", "Invalid XML"},
};
constexpr size_t kCodes = sizeof kTexts / sizeof kTexts[0];
static_assert(kCodes == -EHC_ERROR_LAST + 1, "one row per code");

// A code's row: -code, past the table's end for a code below EHC_ERROR_LAST.
size_t row(int code) {
  return code < EHC_ERROR_LAST ? kCodes : static_cast<size_t>(-code);
}

// In the order of ErrorLayer.
constexpr ErrorText kLayers[] = {
    {"none", "no cause beyond the code"},
    {"net", "the transport (TCP, TLS)"},
    {"http", "the HTTP engine (response, request, URL)"},
    {"json", "the response body's JSON"},
    {"request", "the client's checks of the request"},
    {"inflate", "the gzip/deflate body"},
    {"range", "the answer to a resumed download"},
    {"xml", "the response body's XML (SOAP)"},
};
static_assert(sizeof kLayers / sizeof kLayers[0] == static_cast<size_t>(ErrorLayer::Xml) + 1,
              "one text per layer");

}  // namespace

// A positive code is an HTTP status (the texts of ESP32-HTTP-Client's API).
const char* errorToString(int code) {
  if (code > 0) return "HTTP status";
  const size_t i = row(code);
  return i < kCodes ? packedColumnText<kTexts, &CodeText::message>(i) : kUnknownErrorMessage;
}
const char* errorName(int code) {
  if (code > 0) return "http_status";
  const size_t i = row(code);
  return i < kCodes ? packedColumnText<kTexts, &CodeText::name>(i) : kUnknownErrorName;
}

const char* errorLayerName(ErrorLayer layer) {
  return errorTextName<kLayers>(static_cast<size_t>(layer));
}

const char* causeName(ErrorCause c) {
  switch (c.layer) {
    case ErrorLayer::None: return nullptr;
    case ErrorLayer::Net: return netErrorName(c.net());
    case ErrorLayer::Http: return httpErrorName(c.http());
    case ErrorLayer::Json: return jsonErrorName(c.json());
    case ErrorLayer::Request: return requestErrorName(c.request());
    case ErrorLayer::Inflate: return inflateErrorName(static_cast<InflateError>(c.code));
    case ErrorLayer::Range: return rangeErrorName(static_cast<RangeError>(c.code));
    case ErrorLayer::Xml: return xmlErrorName(static_cast<XmlError>(c.code));
  }
  return nullptr;
}

const char* causeMessage(ErrorCause c) {
  switch (c.layer) {
    case ErrorLayer::None: return nullptr;
    case ErrorLayer::Net: return netErrorMessage(c.net());
    case ErrorLayer::Http: return httpErrorMessage(c.http());
    // A document's error by its name, as ArduinoJson's DeserializationError prints.
    case ErrorLayer::Json: return jsonErrorName(c.json());
    case ErrorLayer::Request: return requestErrorMessage(c.request());
    case ErrorLayer::Inflate: return inflateErrorMessage(static_cast<InflateError>(c.code));
    case ErrorLayer::Range: return rangeErrorMessage(static_cast<RangeError>(c.code));
    case ErrorLayer::Xml: return xmlErrorMessage(static_cast<XmlError>(c.code));
  }
  return nullptr;
}

namespace {

struct StatusName {
  int16_t status;
  const char* name;
};
const StatusName kStatusNames[] = {
    {200, "OK"},
    {201, "Created"},
    {202, "Accepted"},
    {204, "No Content"},
    {400, "Bad Request"},
    {401, "Unauthorized"},
    {403, "Forbidden"},
    {404, "Not Found"},
    {405, "Method Not Allowed"},
    {408, "Request Timeout"},
    {409, "Conflict"},
    {429, "Too Many Requests"},
    {500, "Internal Server Error"},
    {501, "Not Implemented"},
    {502, "Bad Gateway"},
    {503, "Service Unavailable"},
    {504, "Gateway Timeout"},
};
}  // namespace

const char* statusName(int code) {
  if (code <= 0)
    return code < EHC_ERROR_LAST ? "Unknown Client Error"
                                 : packedColumnText<kTexts, &CodeText::title>(row(code));
  for (const StatusName& s : kStatusNames)
    if (s.status == code) return s.name;
  if (code >= 200 && code < 300) return "Success";
  if (code >= 300 && code < 400) return "Redirection";
  if (code >= 400 && code < 500) return "Client Error";
  if (code >= 500 && code < 600) return "Server Error";
  return "Unknown HTTP Status";
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
    case NetError::ClientCertMissing:
    case NetError::ClientCertRefused: return EHC_ERROR_CLIENT_CERT;
    case NetError::CertExpired: return EHC_ERROR_CERT_EXPIRED;
    case NetError::CertNotYetValid: return EHC_ERROR_CERT_NOT_YET_VALID;
    case NetError::Reset:
    case NetError::ReadFailed:
    case NetError::TlsFailed:
    case NetError::WouldBlock:  // never a request's outcome (a step's only)
      return EHC_ERROR_CONNECTION_LOST;
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
