// What a failed TLS check means to the user: mbedTLS's verification flags
// and the peer's alerts as NetErrors, and a certificate described for the
// onCertificate() debug callback. Used by MbedTlsTransport.
#pragma once

#include <mbedtls/x509_crt.h>

#include "mbedtls_transport.h"

EHC_BEGIN_NAMESPACE
namespace tls_diagnosis {

// The check a failed verification failed first, in the order a user acts
// on: not trusted (unknown CA, self-signed, a missing intermediate, a weak
// key or signature), then the name, then the dates, then the pin.
NetError verifyFailure(uint32_t flags, bool pinFailed);
// The same for one certificate, in words ("expired"), null when fine.
const char* problem(uint32_t flags, bool pinFailed);

// Did the server's fatal alert refuse our client certificate (or the lack
// of one)? A certificate alert does; a handshake_failure does when it
// answered our last TLS 1.2 flight (OpenSSL's "peer did not return a
// certificate"; TLS 1.3 says certificate_required instead).
bool refusesClientCertificate(int alert, bool pastOurLastFlight);

// Calls callback with crt described (subject, issuer, validity as text).
void describe(const mbedtls_x509_crt& crt, int depth, uint32_t flags, bool pinFailed,
              TlsCertificateCallback callback, void* user);

}  // namespace tls_diagnosis
EHC_END_NAMESPACE
