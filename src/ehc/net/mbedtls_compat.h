// The differences between mbedTLS 2.28 (Debian 12) and 3.x (ESP-IDF 5.0 has
// 3.2.1, 5.5 has 3.6.4), in one place. Only mbedtls_transport.cpp, the
// trust store and the SHA-256 stage include this.
#pragma once

#include <mbedtls/ecp.h>
#include <mbedtls/pk.h>
#include <mbedtls/platform.h>
#include <mbedtls/sha256.h>
#include <mbedtls/ssl.h>
#include <mbedtls/version.h>
#include <mbedtls/x509_crt.h>
#include <string.h>

#if MBEDTLS_VERSION_MAJOR >= 3
#include <psa/crypto.h>
#endif

namespace ehc_mbedtls {

// Struct fields that 3.x made private (MBEDTLS_PRIVATE); 2.28 has them plain.
#if MBEDTLS_VERSION_MAJOR >= 3
#define EHC_MBED_PRIVATE(x) MBEDTLS_PRIVATE(x)
#else
#define EHC_MBED_PRIVATE(x) x
#endif

// The SubjectPublicKeyInfo exactly as the certificate carries it (pinning).
// pk_raw was private in 3.0.0 only, public again from 3.1.0.
inline const mbedtls_x509_buf& publicKeyDer(const mbedtls_x509_crt& crt) {
#if MBEDTLS_VERSION_NUMBER >= 0x03000000 && MBEDTLS_VERSION_NUMBER < 0x03010000
  return crt.MBEDTLS_PRIVATE(pk_raw);
#else
  return crt.pk_raw;
#endif
}

// A session to keep without the server's certificate (a few hundred bytes
// instead of one or two KB more): a resumed handshake does not need it, and
// every check on it was made in the full handshake that made the session.
inline void dropPeerCertificate(mbedtls_ssl_session* s) {
#if defined(MBEDTLS_SSL_KEEP_PEER_CERTIFICATE) && defined(MBEDTLS_X509_CRT_PARSE_C)
  mbedtls_x509_crt*& crt = s->EHC_MBED_PRIVATE(peer_cert);
  if (!crt) return;
  mbedtls_x509_crt_free(crt);
  mbedtls_free(crt);
  crt = nullptr;
#else
  (void)s;
#endif
}
// Does mbedTLS keep the peer's certificate in a session (so a session
// restored from one we kept, which has none, shows as resumed)?
#if defined(MBEDTLS_SSL_KEEP_PEER_CERTIFICATE)
constexpr bool kKeepsPeerCertificate = true;
#else
constexpr bool kKeepsPeerCertificate = false;
#endif

// The verify callback a configuration already has (ESP-IDF's certificate
// bundle works through one), so ours can run it first.
using VerifyFn = int (*)(void*, mbedtls_x509_crt*, int, uint32_t*);
inline void configuredVerify(const mbedtls_ssl_config& conf, VerifyFn* fn, void** arg) {
  *fn = conf.EHC_MBED_PRIVATE(f_vrfy);
  *arg = conf.EHC_MBED_PRIVATE(p_vrfy);
}

// Private keys: 3.x takes a random generator (RSA blinding) where 2.28 does not.
using RandomFn = int (*)(void*, unsigned char*, size_t);
inline int parseKey(mbedtls_pk_context* pk, const unsigned char* key, size_t length,
                    const char* password, RandomFn rng, void* rngArg) {
  const unsigned char* pwd = reinterpret_cast<const unsigned char*>(password);
  const size_t pwdLength = password ? strlen(password) : 0;
#if MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_pk_parse_key(pk, key, length, pwd, pwdLength, rng, rngArg);
#else
  (void)rng;
  (void)rngArg;
  return mbedtls_pk_parse_key(pk, key, length, pwd, pwdLength);
#endif
}
inline int parseKeyFile(mbedtls_pk_context* pk, const char* path, const char* password,
                        RandomFn rng, void* rngArg) {
#if !defined(MBEDTLS_FS_IO)
  (void)pk, (void)path, (void)password, (void)rng, (void)rngArg;
  return MBEDTLS_ERR_PK_FEATURE_UNAVAILABLE;
#elif MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_pk_parse_keyfile(pk, path, password, rng, rngArg);
#else
  (void)rng;
  (void)rngArg;
  return mbedtls_pk_parse_keyfile(pk, path, password);
#endif
}
inline int checkKeyPair(const mbedtls_pk_context* pub, const mbedtls_pk_context* prv, RandomFn rng,
                        void* rngArg) {
#if MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_pk_check_pair(pub, prv, rng, rngArg);
#else
  (void)rng;
  (void)rngArg;
  return mbedtls_pk_check_pair(pub, prv);
#endif
}

// Has a TLS 1.2 handshake sent our last flight (our Certificate, key
// exchange and Finished) and now waits for the server's NewSessionTicket or
// ChangeCipherSpec? What the server's alert answers then is that flight.
inline bool pastOurLastFlight(const mbedtls_ssl_context& ssl) {
  const int state = ssl.EHC_MBED_PRIVATE(state);
#if MBEDTLS_VERSION_MAJOR >= 3
  return state == MBEDTLS_SSL_SERVER_CHANGE_CIPHER_SPEC || state == MBEDTLS_SSL_NEW_SESSION_TICKET;
#else
  return state == MBEDTLS_SSL_SERVER_CHANGE_CIPHER_SPEC ||
         state == MBEDTLS_SSL_SERVER_NEW_SESSION_TICKET;
#endif
}

// SHA-256: 3.x dropped the _ret suffix that 2.28 has on these.
inline void sha256(const unsigned char* data, size_t n, unsigned char out[32]) {
#if MBEDTLS_VERSION_MAJOR >= 3
  mbedtls_sha256(data, n, out, 0);
#else
  mbedtls_sha256_ret(data, n, out, 0);
#endif
}
inline int sha256Starts(mbedtls_sha256_context* c) {
#if MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_sha256_starts(c, 0);
#else
  return mbedtls_sha256_starts_ret(c, 0);
#endif
}
inline int sha256Update(mbedtls_sha256_context* c, const unsigned char* data, size_t n) {
#if MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_sha256_update(c, data, n);
#else
  return mbedtls_sha256_update_ret(c, data, n);
#endif
}
inline int sha256Finish(mbedtls_sha256_context* c, unsigned char out[32]) {
#if MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_sha256_finish(c, out);
#else
  return mbedtls_sha256_finish_ret(c, out);
#endif
}

// Largest record payload the peer may send now. 2.28's public function is the
// max fragment length; in 3.x that one is internal (ssl_misc.h) and the
// public one is mbedtls_ssl_get_max_in_record_payload (from 3.0).
inline size_t incomingRecordLimit(const mbedtls_ssl_context* ssl) {
#if MBEDTLS_VERSION_MAJOR >= 3
  const int n = mbedtls_ssl_get_max_in_record_payload(ssl);
  return n > 0 ? static_cast<size_t>(n) : 0;
#elif defined(MBEDTLS_SSL_MAX_FRAGMENT_LENGTH)
  return mbedtls_ssl_get_input_max_frag_len(ssl);
#else
  (void)ssl;
  return MBEDTLS_SSL_IN_CONTENT_LEN;
#endif
}

// Key exchange groups: x25519 and P-256 first. mbedTLS 2.28's default list
// starts with P-521, which costs 2.8x the handshake instructions.
#if MBEDTLS_VERSION_MAJOR >= 3
inline void preferFastGroups(mbedtls_ssl_config* conf) {
  static const uint16_t kGroups[] = {
      MBEDTLS_SSL_IANA_TLS_GROUP_X25519, MBEDTLS_SSL_IANA_TLS_GROUP_SECP256R1,
      MBEDTLS_SSL_IANA_TLS_GROUP_SECP384R1, MBEDTLS_SSL_IANA_TLS_GROUP_NONE};
  mbedtls_ssl_conf_groups(conf, kGroups);
}
#else
inline void preferFastGroups(mbedtls_ssl_config* conf) {
  static const mbedtls_ecp_group_id kCurves[] = {
#if defined(MBEDTLS_ECP_DP_CURVE25519_ENABLED)
    MBEDTLS_ECP_DP_CURVE25519,
#endif
    MBEDTLS_ECP_DP_SECP256R1,
    MBEDTLS_ECP_DP_SECP384R1,
    MBEDTLS_ECP_DP_SECP521R1,
    MBEDTLS_ECP_DP_NONE
  };
  mbedtls_ssl_conf_curves(conf, kCurves);
}
#endif

// 3.x: PSA crypto must be initialised before a TLS 1.3 handshake (and in
// builds with MBEDTLS_USE_PSA_CRYPTO before any); idempotent. 2.28: nothing.
inline int initCrypto() {
#if MBEDTLS_VERSION_MAJOR >= 3
  return psa_crypto_init() == PSA_SUCCESS ? 0 : MBEDTLS_ERR_SSL_HW_ACCEL_FAILED;
#else
  return 0;
#endif
}

// Was this connection TLS 1.3? Its ticket comes after the handshake.
inline bool isTls13(const mbedtls_ssl_context* ssl) {
#if MBEDTLS_VERSION_NUMBER >= 0x03020000 && defined(MBEDTLS_SSL_PROTO_TLS1_3)
  return mbedtls_ssl_get_version_number(ssl) == MBEDTLS_SSL_VERSION_TLS1_3;
#else
  (void)ssl;
  return false;
#endif
}

// The max_fragment_length extension (RFC 6066) is TLS 1.2's: mbedTLS 3.x's
// TLS 1.3 client does not take it back in EncryptedExtensions and fails the
// handshake with a server that echoes it. Asking for smaller records
// therefore keeps the connection at TLS 1.2.
inline void limitVersionForFragmentLength(mbedtls_ssl_config* conf) {
#if MBEDTLS_VERSION_NUMBER >= 0x03020000 && defined(MBEDTLS_SSL_PROTO_TLS1_3) && \
    defined(MBEDTLS_SSL_PROTO_TLS1_2)
  mbedtls_ssl_conf_max_tls_version(conf, MBEDTLS_SSL_VERSION_TLS1_2);
#else
  (void)conf;
#endif
}

// TLS 1.3 tickets: mbedTLS 3.6.1 and later ignore them unless told (a
// client that never asks gets no TLS 1.3 resumption at all).
inline void acceptTls13Tickets(mbedtls_ssl_config* conf) {
#if MBEDTLS_VERSION_NUMBER >= 0x03060100 && defined(MBEDTLS_SSL_PROTO_TLS1_3) && \
    defined(MBEDTLS_SSL_SESSION_TICKETS)
  mbedtls_ssl_conf_tls13_enable_signal_new_session_tickets(
      conf, MBEDTLS_SSL_TLS1_3_SIGNAL_NEW_SESSION_TICKETS_ENABLED);
#else
  (void)conf;
#endif
}

// "Not now, call again". A TLS 1.3 server sends NewSessionTicket after the
// handshake, so mbedtls_ssl_read() may report one (3.x, with
// MBEDTLS_SSL_SESSION_TICKETS): it carries no data, the read goes on.
inline bool wouldBlock(int rc) {
#if defined(MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET)
  if (rc == MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET) return true;
#endif
  return rc == MBEDTLS_ERR_SSL_WANT_READ || rc == MBEDTLS_ERR_SSL_WANT_WRITE;
}
inline bool ticketArrived(int rc) {
#if defined(MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET)
  return rc == MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET;
#else
  (void)rc;
  return false;
#endif
}

// mbedTLS's own verdict that no protocol version is shared (the server chose
// one we do not offer).
inline bool versionRefusedLocally(int rc) {
#if defined(MBEDTLS_ERR_SSL_BAD_PROTOCOL_VERSION)
  if (rc == MBEDTLS_ERR_SSL_BAD_PROTOCOL_VERSION) return true;  // 3.x
#endif
#if defined(MBEDTLS_ERR_SSL_BAD_HS_PROTOCOL_VERSION)
  if (rc == MBEDTLS_ERR_SSL_BAD_HS_PROTOCOL_VERSION) return true;  // 2.28
#endif
  return false;
}

// 3.6 refuses to verify a certificate without a host name unless told that
// none is wanted (MBEDTLS_ERR_SSL_CERTIFICATE_VERIFICATION_WITHOUT_HOSTNAME);
// an IP address is checked by the caller against the iPAddress names.
inline int setNoHostname(mbedtls_ssl_context* ssl) {
  return mbedtls_ssl_set_hostname(ssl, nullptr);
}

// The description of the fatal alert the peer sent, valid right after an
// mbedTLS call returned MBEDTLS_ERR_SSL_FATAL_ALERT_MESSAGE (in_msg holds
// the alert record: level, description). No public accessor in either
// version.
inline int receivedAlert(const mbedtls_ssl_context& ssl) {
  const unsigned char* msg = ssl.EHC_MBED_PRIVATE(in_msg);
  return msg ? msg[1] : -1;
}

}  // namespace ehc_mbedtls
