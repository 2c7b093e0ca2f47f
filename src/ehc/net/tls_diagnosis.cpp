#include "tls_diagnosis.h"

#include <mbedtls/ssl.h>
#include <stdio.h>

EHC_BEGIN_NAMESPACE
namespace tls_diagnosis {

namespace {
// TLS 1.3's certificate_required (RFC 8446); 2.28 has no name for it.
constexpr int kAlertCertificateRequired = 116;

constexpr uint32_t kUntrusted =
    MBEDTLS_X509_BADCERT_NOT_TRUSTED | MBEDTLS_X509_BADCERT_REVOKED | MBEDTLS_X509_BADCERT_MISSING |
    MBEDTLS_X509_BADCERT_SKIP_VERIFY | MBEDTLS_X509_BADCERT_KEY_USAGE |
    MBEDTLS_X509_BADCERT_EXT_KEY_USAGE | MBEDTLS_X509_BADCERT_NS_CERT_TYPE |
    MBEDTLS_X509_BADCERT_BAD_MD | MBEDTLS_X509_BADCERT_BAD_PK | MBEDTLS_X509_BADCERT_BAD_KEY;

void formatTime(const mbedtls_x509_time& t, char* out, size_t size) {
  snprintf(out, size, "%04d-%02d-%02d %02d:%02d:%02d", t.year, t.mon, t.day, t.hour, t.min, t.sec);
}
}  // namespace

NetError verifyFailure(uint32_t flags, bool pinFailed) {
  if (flags & kUntrusted) return NetError::CertUntrusted;
  if (flags & MBEDTLS_X509_BADCERT_CN_MISMATCH) return NetError::HostMismatch;
  if (flags & MBEDTLS_X509_BADCERT_EXPIRED) return NetError::CertExpired;
  if (flags & MBEDTLS_X509_BADCERT_FUTURE) return NetError::CertNotYetValid;
  if (pinFailed) return NetError::PinMismatch;
  return NetError::CertUntrusted;
}

const char* problem(uint32_t flags, bool pinFailed) {
  if (flags & MBEDTLS_X509_BADCERT_NOT_TRUSTED) return "not trusted";
  if (flags & (MBEDTLS_X509_BADCERT_KEY_USAGE | MBEDTLS_X509_BADCERT_EXT_KEY_USAGE |
               MBEDTLS_X509_BADCERT_NS_CERT_TYPE))
    return "not for this use (key usage)";
  if (flags &
      (MBEDTLS_X509_BADCERT_BAD_MD | MBEDTLS_X509_BADCERT_BAD_PK | MBEDTLS_X509_BADCERT_BAD_KEY))
    return "weak key or signature";
  if (flags & kUntrusted) return "not trusted";
  if (flags & MBEDTLS_X509_BADCERT_CN_MISMATCH) return "name mismatch";
  if (flags & MBEDTLS_X509_BADCERT_EXPIRED) return "expired";
  if (flags & MBEDTLS_X509_BADCERT_FUTURE) return "not yet valid";
  if (pinFailed) return "not the pinned one";
  return flags ? "rejected" : nullptr;
}

bool refusesClientCertificate(int alert, bool pastOurLastFlight) {
  switch (alert) {
    case MBEDTLS_SSL_ALERT_MSG_BAD_CERT:
    case MBEDTLS_SSL_ALERT_MSG_UNSUPPORTED_CERT:
    case MBEDTLS_SSL_ALERT_MSG_CERT_REVOKED:
    case MBEDTLS_SSL_ALERT_MSG_CERT_EXPIRED:
    case MBEDTLS_SSL_ALERT_MSG_CERT_UNKNOWN:
    case MBEDTLS_SSL_ALERT_MSG_UNKNOWN_CA:
    case MBEDTLS_SSL_ALERT_MSG_ACCESS_DENIED:
    case kAlertCertificateRequired: return true;
    case MBEDTLS_SSL_ALERT_MSG_HANDSHAKE_FAILURE: return pastOurLastFlight;
    default: return false;
  }
}

void describe(const mbedtls_x509_crt& crt, int depth, uint32_t flags, bool pinFailed,
              TlsCertificateCallback callback, void* user) {
  char subject[160], issuer[160], from[24], to[24];
  if (mbedtls_x509_dn_gets(subject, sizeof subject, &crt.subject) < 0) subject[0] = '\0';
  if (mbedtls_x509_dn_gets(issuer, sizeof issuer, &crt.issuer) < 0) issuer[0] = '\0';
  formatTime(crt.valid_from, from, sizeof from);
  formatTime(crt.valid_to, to, sizeof to);
  const TlsCertificateInfo info{
      depth, subject, issuer, from, to, flags, problem(flags, depth == 0 && pinFailed)};
  callback(user, info);
}

}  // namespace tls_diagnosis
EHC_END_NAMESPACE
