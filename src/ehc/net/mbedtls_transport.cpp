#include "mbedtls_transport.h"

#include <errno.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/ecp.h>
#include <mbedtls/entropy.h>
#include <mbedtls/net_sockets.h>
#include <mbedtls/pk.h>
#include <mbedtls/sha256.h>
#include <mbedtls/ssl.h>
#include <mbedtls/version.h>
#include <mbedtls/x509_crt.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>

#include <new>

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0  // macOS: PosixTransport sets SO_NOSIGPIPE on the socket instead
#endif

#if MBEDTLS_VERSION_MAJOR >= 3
#include <psa/crypto.h>
#define EHC_MBED_FIELD(x) MBEDTLS_PRIVATE(x)
#else
#define EHC_MBED_FIELD(x) x
#endif

// The random bits the DRBG is seeded with come straight from the platform's
// generator where there is one. mbedTLS's own entropy context is not needed
// for that, and it is big: 38 KB in Debian's build (its HAVEGE state), most
// of what a connection would otherwise hold.
#if defined(ESP_PLATFORM)
#if __has_include(<esp_random.h>)
#include <esp_random.h>
#else
#include <esp_system.h>
#endif
#define EHC_PLATFORM_RNG 1
#elif defined(__linux__)
#include <sys/random.h>
#define EHC_PLATFORM_RNG 1
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
#include <stdlib.h>
#define EHC_PLATFORM_RNG 1
#else
#define EHC_PLATFORM_RNG 0
#endif

EHC_BEGIN_NAMESPACE

namespace {
#if EHC_PLATFORM_RNG
int platformEntropy(void*, unsigned char* out, size_t n) {
#if defined(ESP_PLATFORM)
  esp_fill_random(out, n);  // the hardware RNG (with RF noise while Wi-Fi runs)
#elif defined(__linux__)
  while (n) {
    const ssize_t got = getrandom(out, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return MBEDTLS_ERR_CTR_DRBG_ENTROPY_SOURCE_FAILED;
    }
    out += got;
    n -= static_cast<size_t>(got);
  }
#else
  arc4random_buf(out, n);
#endif
  return 0;
}
#endif
}  // namespace

struct MbedTlsTransport::Context {
#if !EHC_PLATFORM_RNG
  mbedtls_entropy_context entropy;
#endif
  mbedtls_ctr_drbg_context drbg;
  mbedtls_x509_crt ca;
  mbedtls_ssl_config conf;
  mbedtls_ssl_context ssl;
  int fd = -1;
  Context() {
#if !EHC_PLATFORM_RNG
    mbedtls_entropy_init(&entropy);
#endif
    mbedtls_ctr_drbg_init(&drbg);
    mbedtls_x509_crt_init(&ca);
    mbedtls_ssl_config_init(&conf);
    mbedtls_ssl_init(&ssl);
  }
  ~Context() {
    mbedtls_ssl_free(&ssl);
    mbedtls_ssl_config_free(&conf);
    mbedtls_x509_crt_free(&ca);
    mbedtls_ctr_drbg_free(&drbg);
#if !EHC_PLATFORM_RNG
    mbedtls_entropy_free(&entropy);
#endif
  }
};

struct MbedTlsTransport::SavedSession {
  mbedtls_ssl_session session;
  char host[64];
  uint16_t port;
  SavedSession() { mbedtls_ssl_session_init(&session); }
  ~SavedSession() { mbedtls_ssl_session_free(&session); }
};

namespace {

const char* const kHostBundle = "/etc/ssl/certs/ca-certificates.crt";
const char* kAlpn[] = {"http/1.1", nullptr};

static_assert(EHC_TLS_MAX_FRAGMENT_LENGTH == 0 || EHC_TLS_MAX_FRAGMENT_LENGTH == 512 ||
                  EHC_TLS_MAX_FRAGMENT_LENGTH == 1024 || EHC_TLS_MAX_FRAGMENT_LENGTH == 2048 ||
                  EHC_TLS_MAX_FRAGMENT_LENGTH == 4096,
              "EHC_TLS_MAX_FRAGMENT_LENGTH: 0 (off), 512, 1024, 2048 or 4096");

#if defined(MBEDTLS_SSL_MAX_FRAGMENT_LENGTH)
unsigned char maxFragmentCode(uint16_t bytes) {
  switch (bytes) {
    case 512: return MBEDTLS_SSL_MAX_FRAG_LEN_512;
    case 1024: return MBEDTLS_SSL_MAX_FRAG_LEN_1024;
    case 2048: return MBEDTLS_SSL_MAX_FRAG_LEN_2048;
    case 4096: return MBEDTLS_SSL_MAX_FRAG_LEN_4096;
    default: return MBEDTLS_SSL_MAX_FRAG_LEN_NONE;
  }
}
#endif

// Key exchange groups: x25519 and P-256 first. mbedTLS 2.28's default list
// starts with P-521, which costs 2.8x the handshake instructions.
#if MBEDTLS_VERSION_MAJOR >= 3
const uint16_t kGroups[] = {MBEDTLS_SSL_IANA_TLS_GROUP_X25519, MBEDTLS_SSL_IANA_TLS_GROUP_SECP256R1,
                            MBEDTLS_SSL_IANA_TLS_GROUP_SECP384R1, MBEDTLS_SSL_IANA_TLS_GROUP_NONE};
#else
const mbedtls_ecp_group_id kCurves[] = {
#if defined(MBEDTLS_ECP_DP_CURVE25519_ENABLED)
    MBEDTLS_ECP_DP_CURVE25519,
#endif
    MBEDTLS_ECP_DP_SECP256R1, MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_ECP_DP_SECP521R1,
    MBEDTLS_ECP_DP_NONE};
#endif

int sendCb(void* ctx, const unsigned char* buf, size_t len) {
  const int fd = *static_cast<int*>(ctx);
  const ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);
  if (n >= 0) return static_cast<int>(n);
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return MBEDTLS_ERR_SSL_WANT_WRITE;
  return errno == ECONNRESET || errno == EPIPE ? MBEDTLS_ERR_NET_CONN_RESET
                                               : MBEDTLS_ERR_NET_SEND_FAILED;
}

int recvCb(void* ctx, unsigned char* buf, size_t len) {
  const int fd = *static_cast<int*>(ctx);
  const ssize_t n = recv(fd, buf, len, 0);
  if (n >= 0) return static_cast<int>(n);
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) return MBEDTLS_ERR_SSL_WANT_READ;
  return errno == ECONNRESET ? MBEDTLS_ERR_NET_CONN_RESET : MBEDTLS_ERR_NET_RECV_FAILED;
}

// Waits for the socket as mbedTLS asked; false when the deadline passed.
bool waitFor(int fd, int want, const Deadline& deadline) {
  pollfd p{fd, static_cast<short>(want == MBEDTLS_ERR_SSL_WANT_WRITE ? POLLOUT : POLLIN), 0};
  int r;
  do {
    r = poll(&p, 1, static_cast<int>(deadline.remainingMs()));
  } while (r < 0 && errno == EINTR);
  return r > 0;
}

void sha256(const unsigned char* data, size_t n, uint8_t out[32]) {
#if MBEDTLS_VERSION_MAJOR >= 3
  mbedtls_sha256(data, n, out, 0);
#else
  mbedtls_sha256_ret(data, n, out, 0);
#endif
}

// "Not now, call again": includes a TLS 1.3 ticket arriving (mbedTLS 3.x).
bool wouldBlock(int rc) {
#if defined(MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET)
  if (rc == MBEDTLS_ERR_SSL_RECEIVED_NEW_SESSION_TICKET) return true;
#endif
  return rc == MBEDTLS_ERR_SSL_WANT_READ || rc == MBEDTLS_ERR_SSL_WANT_WRITE;
}

}  // namespace

MbedTlsTransport::~MbedTlsTransport() {
  close();
  forgetSession();
}

void MbedTlsTransport::pinSha256(const uint8_t hash[32], bool publicKey) {
  memcpy(pin_, hash, sizeof pin_);
  pinned_ = true;
  pinPublicKey_ = publicKey;
}

void MbedTlsTransport::forgetSession() {
  delete session_;
  session_ = nullptr;
}

NetError MbedTlsTransport::fail(NetError e, int code) {
  lastError_ = code;
  close();
  return e;
}

NetError MbedTlsTransport::connect(const Endpoint& endpoint, Deadline deadline) {
  close();
  resumed_ = false;
  handshakeMs_ = 0;
  lastError_ = 0;
  const NetError tcp = tcp_.connect(endpoint, deadline);
  if (tcp != NetError::Ok) return tcp;
#if MBEDTLS_VERSION_MAJOR >= 3
  psa_crypto_init();  // required by TLS 1.3 and PSA-based builds; idempotent
#endif
  context_ = new (std::nothrow) Context;
  if (!context_) return fail(NetError::NoResources, 0);
  Context& c = *context_;
  c.fd = tcp_.fd();
#if EHC_PLATFORM_RNG
  int rc = mbedtls_ctr_drbg_seed(&c.drbg, platformEntropy, nullptr, nullptr, 0);
#else
  int rc = mbedtls_ctr_drbg_seed(&c.drbg, mbedtls_entropy_func, &c.entropy, nullptr, 0);
#endif
  if (rc == 0)
    rc = mbedtls_ssl_config_defaults(&c.conf, MBEDTLS_SSL_IS_CLIENT, MBEDTLS_SSL_TRANSPORT_STREAM,
                                     MBEDTLS_SSL_PRESET_DEFAULT);
  if (rc == 0 && !insecure_) {
    if (caPem_)
      rc = mbedtls_x509_crt_parse(&c.ca, reinterpret_cast<const unsigned char*>(caPem_),
                                  strlen(caPem_) + 1);
    else
      rc = mbedtls_x509_crt_parse_file(&c.ca, caFile_ ? caFile_ : kHostBundle);
    if (rc > 0) rc = 0;  // some bundle entries were not usable; the rest are
  }
  if (rc != 0) return fail(NetError::TlsHandshake, rc);
  mbedtls_ssl_conf_rng(&c.conf, mbedtls_ctr_drbg_random, &c.drbg);
  mbedtls_ssl_conf_authmode(&c.conf,
                            insecure_ ? MBEDTLS_SSL_VERIFY_NONE : MBEDTLS_SSL_VERIFY_REQUIRED);
  if (!insecure_) mbedtls_ssl_conf_ca_chain(&c.conf, &c.ca, nullptr);
#if MBEDTLS_VERSION_MAJOR >= 3
  mbedtls_ssl_conf_groups(&c.conf, kGroups);
#else
  mbedtls_ssl_conf_curves(&c.conf, kCurves);
#endif
#if defined(MBEDTLS_SSL_ALPN)
  mbedtls_ssl_conf_alpn_protocols(&c.conf, kAlpn);
#endif
#if defined(MBEDTLS_SSL_MAX_FRAGMENT_LENGTH)
  const unsigned char mfl = maxFragmentCode(maxFragment_);
  if (mfl != MBEDTLS_SSL_MAX_FRAG_LEN_NONE) mbedtls_ssl_conf_max_frag_len(&c.conf, mfl);
#endif
  rc = mbedtls_ssl_setup(&c.ssl, &c.conf);
  if (rc == 0) rc = mbedtls_ssl_set_hostname(&c.ssl, endpoint.host);
  if (rc != 0) return fail(NetError::TlsHandshake, rc);
  mbedtls_ssl_set_bio(&c.ssl, &c.fd, sendCb, recvCb, nullptr);
  const bool offerSession = session_ && session_->port == endpoint.port &&
                            strncmp(session_->host, endpoint.host, sizeof session_->host) == 0;
  if (offerSession) mbedtls_ssl_set_session(&c.ssl, &session_->session);

  const uint32_t handshakeStart = monotonicMs();  // the protocol only, not the setup above
  while ((rc = mbedtls_ssl_handshake(&c.ssl)) != 0) {
    if (!wouldBlock(rc)) break;
    if (!waitFor(c.fd, rc, deadline)) return fail(NetError::ConnectTimeout, rc);
  }
  if (rc != 0) {
    const uint32_t flags = mbedtls_ssl_get_verify_result(&c.ssl);
    if (rc == MBEDTLS_ERR_X509_CERT_VERIFY_FAILED ||
        (flags != 0 && flags != static_cast<uint32_t>(-1))) {
      return fail(
          (flags & MBEDTLS_X509_BADCERT_CN_MISMATCH) && !(flags & MBEDTLS_X509_BADCERT_NOT_TRUSTED)
              ? NetError::HostMismatch
              : NetError::CertUntrusted,
          rc);
    }
    return fail(NetError::TlsHandshake, rc);
  }

  if (pinned_) {
    const mbedtls_x509_crt* peer = mbedtls_ssl_get_peer_cert(&c.ssl);
    uint8_t hash[32];
    bool match = false;
    if (peer && !pinPublicKey_) {
      sha256(peer->raw.p, peer->raw.len, hash);
      match = memcmp(hash, pin_, sizeof hash) == 0;
    } else if (peer) {  // the SubjectPublicKeyInfo exactly as the certificate carries it
      const mbedtls_x509_buf& key = peer->EHC_MBED_FIELD(pk_raw);
      sha256(key.p, key.len, hash);
      match = memcmp(hash, pin_, sizeof hash) == 0;
    }
    if (!match) return fail(NetError::PinMismatch, 0);
  }

  handshakeMs_ = monotonicMs() - handshakeStart;
#if defined(MBEDTLS_SSL_MAX_FRAGMENT_LENGTH)
  recordLimit_ = mbedtls_ssl_get_input_max_frag_len(&c.ssl);  // 2.28 and 3.x alike
#else
  recordLimit_ = MBEDTLS_SSL_IN_CONTENT_LEN;
#endif
  // Keep the session for the next connect. A resumed session keeps its
  // master secret; a full handshake always makes a new one. (Session IDs do
  // not tell: with tickets the client picks a fresh ID each time.)
  SavedSession* fresh = new (std::nothrow) SavedSession;
  if (fresh && mbedtls_ssl_get_session(&c.ssl, &fresh->session) == 0) {
    if (offerSession)
      resumed_ =
          memcmp(session_->session.EHC_MBED_FIELD(master), fresh->session.EHC_MBED_FIELD(master),
                 sizeof fresh->session.EHC_MBED_FIELD(master)) == 0;
    strncpy(fresh->host, endpoint.host, sizeof fresh->host - 1);
    fresh->host[sizeof fresh->host - 1] = '\0';
    fresh->port = endpoint.port;
    forgetSession();
    session_ = fresh;
  } else {
    delete fresh;
  }
  return NetError::Ok;
}

NetError MbedTlsTransport::read(uint8_t* buf, size_t size, size_t* got, Deadline deadline) {
  *got = 0;
  if (!context_) return NetError::NotConnected;
  for (;;) {
    const int n = mbedtls_ssl_read(&context_->ssl, buf, size);
    if (n > 0) {
      *got = static_cast<size_t>(n);
      return NetError::Ok;
    }
    if (n == 0 || n == MBEDTLS_ERR_SSL_PEER_CLOSE_NOTIFY) return NetError::Ok;  // closed
    if (n == MBEDTLS_ERR_NET_CONN_RESET) {
      lastError_ = n;
      return NetError::Reset;
    }
    if (!wouldBlock(n)) {
      lastError_ = n;
      return NetError::TlsFailed;
    }
    if (!waitFor(context_->fd, n, deadline)) return NetError::ReadTimeout;
  }
}

NetError MbedTlsTransport::write(const uint8_t* data, size_t size, Deadline deadline) {
  if (!context_) return NetError::NotConnected;
  while (size) {
    const int n = mbedtls_ssl_write(&context_->ssl, data, size);
    if (n > 0) {
      data += n;
      size -= static_cast<size_t>(n);
      continue;
    }
    if (!wouldBlock(n)) {
      lastError_ = n;
      return n == MBEDTLS_ERR_NET_CONN_RESET ? NetError::Reset : NetError::WriteFailed;
    }
    if (!waitFor(context_->fd, n, deadline)) return NetError::WriteTimeout;
  }
  return NetError::Ok;
}

bool MbedTlsTransport::peerClosed() {
  if (!context_) return true;
  if (mbedtls_ssl_get_bytes_avail(&context_->ssl) > 0) return true;  // bytes nobody asked for
  return tcp_.peerClosed();  // includes a close_notify waiting on the socket
}

void MbedTlsTransport::close() {
  if (context_) {
    mbedtls_ssl_close_notify(&context_->ssl);  // best effort, never waits
    delete context_;
    context_ = nullptr;
  }
  tcp_.close();
}

EHC_END_NAMESPACE
