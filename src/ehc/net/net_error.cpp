#include "net_error.h"

#include <stddef.h>

#include "../core/error_text.h"

EHC_BEGIN_NAMESPACE

namespace {

// In the order of the enum.
const ErrorText kTexts[] = {
    {"ok", "no error"},
    {"dns_failed", "the host name did not resolve"},
    {"refused", "the server refused the connection"},
    {"connect_timeout", "the server did not answer the connection in time"},
    {"read_timeout", "the server did not send in time"},
    {"write_timeout", "the server did not take the request in time"},
    {"reset", "the server reset the connection"},
    {"write_failed", "the request could not be sent"},
    {"read_failed", "the response could not be received"},
    {"not_connected", "not connected"},
    {"no_resources", "no socket available"},
    {"tls_handshake", "the TLS handshake failed"},
    {"cert_untrusted",
     "the server certificate is not trusted (unknown CA, self-signed, a missing intermediate, or "
     "a weak key or signature)"},
    {"host_mismatch", "the server certificate is not for this host name"},
    {"pin_mismatch", "the server certificate is not the pinned one"},
    {"tls_failed", "the TLS connection failed"},
    {"tls_config",
     "the TLS settings are unusable (CA or client certificate missing, unreadable or not PEM/DER; "
     "a key that does not parse, is encrypted with another password or is not the certificate's)"},
    {"no_trust_anchors",
     "no trust anchors: no CA was given and the platform has no bundle (setCACert or setInsecure)"},
    {"tls_version", "the server speaks no TLS protocol version we do (e.g. TLS 1.3 only)"},
    {"cert_expired",
     "the server certificate (or one in its chain) has expired (or the clock is ahead)"},
    {"cert_not_yet_valid",
     "the server certificate (or one in its chain) is not valid yet: is the clock set (SNTP)?"},
    {"client_cert_missing",
     "the server requires a client certificate and none is set (setCertificate/setPrivateKey)"},
    {"client_cert_refused",
     "the server refused the client certificate (not signed by a CA it trusts, expired, or "
     "revoked)"},
};
static_assert(sizeof kTexts / sizeof kTexts[0] ==
                  static_cast<size_t>(NetError::ClientCertRefused) + 1,
              "one text per error");

}  // namespace

const char* netErrorName(NetError e) {
  return errorText(kTexts, static_cast<size_t>(e)).name;
}
const char* netErrorMessage(NetError e) {
  return errorText(kTexts, static_cast<size_t>(e)).message;
}

EHC_END_NAMESPACE
