#include "mbedtls_transport.h"

#include <mbedtls/asn1.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <mbedtls/net_sockets.h>
#include <mbedtls/pk.h>
#include <string.h>

#include <new>

#include "../platform/random.h"
#include "../platform/sockets.h"
#include "../platform/trust_store.h"
#include "mbedtls_compat.h"

EHC_BEGIN_NAMESPACE

namespace {
// What mbedTLS's send/receive callbacks get: the socket, and where they
// leave why it failed (as PosixTransport says it).
struct SocketLink {
  PosixTransport* tcp;
  NetError ioError;
};
}  // namespace

struct MbedTlsTransport::Context {
#if !EHC_PLATFORM_RNG
  mbedtls_entropy_context entropy;
#endif
  mbedtls_ctr_drbg_context drbg;
  mbedtls_x509_crt ca;
  mbedtls_ssl_config conf;
  mbedtls_ssl_context ssl;
  SocketLink link;
  bool offeredSession = false;
  char host[64] = {};
  uint16_t port = 0;
  explicit Context(PosixTransport* t) : link{t, NetError::Ok} {
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

#if EHC_PLATFORM_RNG
int platformEntropy(void*, unsigned char* out, size_t n) {
  return fillRandom(out, n) ? 0 : MBEDTLS_ERR_CTR_DRBG_ENTROPY_SOURCE_FAILED;
}
#endif

// The socket under mbedTLS is the PosixTransport's: its non-blocking calls
// and errno mapping, told to mbedTLS in its own terms.
int sendCb(void* ctx, const unsigned char* buf, size_t len) {
  auto& c = *static_cast<SocketLink*>(ctx);
  size_t sent = 0;
  const NetError e = c.tcp->writeSome(buf, len, &sent);
  if (e == NetError::Ok) return static_cast<int>(sent);
  if (e == NetError::WouldBlock) return MBEDTLS_ERR_SSL_WANT_WRITE;
  c.ioError = e;
  return e == NetError::Reset ? MBEDTLS_ERR_NET_CONN_RESET : MBEDTLS_ERR_NET_SEND_FAILED;
}

int recvCb(void* ctx, unsigned char* buf, size_t len) {
  auto& c = *static_cast<SocketLink*>(ctx);
  size_t got = 0;
  const NetError e = c.tcp->readSome(buf, len, &got);
  if (e == NetError::Ok) return static_cast<int>(got);  // 0: the peer closed
  if (e == NetError::WouldBlock) return MBEDTLS_ERR_SSL_WANT_READ;
  c.ioError = e;
  return e == NetError::Reset ? MBEDTLS_ERR_NET_CONN_RESET : MBEDTLS_ERR_NET_RECV_FAILED;
}

// An IPv4 or IPv6 literal as its bytes (4 or 16); 0 for a name.
size_t ipLiteral(const char* host, uint8_t out[16]) {
  if (inet_pton(AF_INET, host, out) == 1) return 4;
  if (inet_pton(AF_INET6, host, out) == 1) return 16;
  return 0;
}

// Is the address one of the certificate's iPAddress subjectAltNames
// (RFC 5280: [7] OCTET STRING of 4 or 16 bytes)? The common name is never
// consulted for an address (RFC 6125 section 6.2.1; browsers do the same).
bool certificateNamesAddress(const mbedtls_x509_crt& crt, const uint8_t* ip, size_t len) {
  for (const mbedtls_x509_sequence* san = &crt.subject_alt_names; san; san = san->next) {
    if (san->buf.tag == (MBEDTLS_ASN1_CONTEXT_SPECIFIC | 7) && san->buf.len == len &&
        memcmp(san->buf.p, ip, len) == 0)
      return true;
  }
  return false;
}

// The handshake failed: why, in the caller's terms.
NetError handshakeError(const mbedtls_ssl_context& ssl, int rc) {
  const uint32_t flags = mbedtls_ssl_get_verify_result(&ssl);
  if (rc == MBEDTLS_ERR_X509_CERT_VERIFY_FAILED ||
      (flags != 0 && flags != static_cast<uint32_t>(-1))) {
    return (flags & MBEDTLS_X509_BADCERT_CN_MISMATCH) && !(flags & MBEDTLS_X509_BADCERT_NOT_TRUSTED)
               ? NetError::HostMismatch
               : NetError::CertUntrusted;
  }
  if (ehc_mbedtls::versionRefusedLocally(rc) ||
      (rc == MBEDTLS_ERR_SSL_FATAL_ALERT_MESSAGE &&
       ehc_mbedtls::receivedAlert(ssl) == MBEDTLS_SSL_ALERT_MSG_PROTOCOL_VERSION))
    return NetError::TlsVersion;
  return NetError::TlsHandshake;
}

bool sameText(const char* a, const char* b) {
  return a == b || (a && b && strcmp(a, b) == 0);
}

}  // namespace

MbedTlsTransport::~MbedTlsTransport() {
  close();
  forgetSession();
}

// Each trust setting that changes makes the saved session unusable: it was
// verified under the old one (a resumed handshake checks no certificate).
void MbedTlsTransport::setCaPem(const char* pem) {
  if (pem != caPem_) forgetSession();
  caPem_ = pem;
}

void MbedTlsTransport::setCaFile(const char* path) {
  if (!sameText(path, caFile_)) forgetSession();
  caFile_ = path;
}

void MbedTlsTransport::pinSha256(const uint8_t hash[32], bool publicKey) {
  if (!pinned_ || publicKey != pinPublicKey_ || memcmp(pin_, hash, sizeof pin_) != 0)
    forgetSession();
  memcpy(pin_, hash, sizeof pin_);
  pinned_ = true;
  pinPublicKey_ = publicKey;
}

void MbedTlsTransport::setInsecureSkipVerification() {
  if (!insecure_) forgetSession();
  insecure_ = true;
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

// The trust anchors: the CA given, or the platform's. A CA that cannot be
// used is the program's mistake (TlsConfig), not the network's.
NetError MbedTlsTransport::loadTrust() {
  Context& c = *context_;
  int rc = 0;
  if (caPem_) {
    rc = mbedtls_x509_crt_parse(&c.ca, reinterpret_cast<const unsigned char*>(caPem_),
                                strlen(caPem_) + 1);
  } else if (caFile_) {
    rc = platform::loadCaFile(&c.ca, caFile_);
  } else {
    return platform::attachDefaultTrust(&c.conf, &c.ca) ? NetError::Ok
                                                        : fail(NetError::NoTrustAnchors, 0);
  }
  // > 0: some entries of a bundle were not usable; the rest are.
  if (rc < 0 || c.ca.version == 0) return fail(NetError::TlsConfig, rc);
  mbedtls_ssl_conf_ca_chain(&c.conf, &c.ca, nullptr);
  return NetError::Ok;
}

// Everything that needs no network, so that a setting that cannot work
// fails before a connection is made.
NetError MbedTlsTransport::setUp(const Endpoint& endpoint) {
  int rc = ehc_mbedtls::initCrypto();
  if (rc != 0) return NetError::TlsHandshake;
  context_ = new (std::nothrow) Context(&tcp_);
  if (!context_) return NetError::NoResources;
  Context& c = *context_;
#if EHC_PLATFORM_RNG
  rc = mbedtls_ctr_drbg_seed(&c.drbg, platformEntropy, nullptr, nullptr, 0);
#else
  rc = mbedtls_ctr_drbg_seed(&c.drbg, mbedtls_entropy_func, &c.entropy, nullptr, 0);
#endif
  if (rc == 0)
    rc = mbedtls_ssl_config_defaults(&c.conf, MBEDTLS_SSL_IS_CLIENT, MBEDTLS_SSL_TRANSPORT_STREAM,
                                     MBEDTLS_SSL_PRESET_DEFAULT);
  if (rc != 0) return fail(NetError::TlsHandshake, rc);
  mbedtls_ssl_conf_rng(&c.conf, mbedtls_ctr_drbg_random, &c.drbg);
  mbedtls_ssl_conf_authmode(&c.conf,
                            insecure_ ? MBEDTLS_SSL_VERIFY_NONE : MBEDTLS_SSL_VERIFY_REQUIRED);
  if (!insecure_) {
    const NetError trust = loadTrust();
    if (trust != NetError::Ok) return trust;
  }
  ehc_mbedtls::preferFastGroups(&c.conf);
#if defined(MBEDTLS_SSL_ALPN)
  mbedtls_ssl_conf_alpn_protocols(&c.conf, kAlpn);
#endif
#if defined(MBEDTLS_SSL_MAX_FRAGMENT_LENGTH)
  const unsigned char mfl = maxFragmentCode(maxFragment_);
  if (mfl != MBEDTLS_SSL_MAX_FRAG_LEN_NONE) {
    mbedtls_ssl_conf_max_frag_len(&c.conf, mfl);
    ehc_mbedtls::limitVersionForFragmentLength(&c.conf);
  }
#endif
  rc = mbedtls_ssl_setup(&c.ssl, &c.conf);
  // An address is neither sent as SNI (RFC 6066 forbids it) nor left to
  // mbedTLS (2.28 compares it with DNS names and the CN): checkPeer does it.
  uint8_t ip[16];
  if (rc == 0)
    rc = ipLiteral(endpoint.host, ip) ? ehc_mbedtls::setNoHostname(&c.ssl)
                                      : mbedtls_ssl_set_hostname(&c.ssl, endpoint.host);
  if (rc != 0) return fail(NetError::TlsHandshake, rc);
  mbedtls_ssl_set_bio(&c.ssl, &c.link, sendCb, recvCb, nullptr);
  strncpy(c.host, endpoint.host, sizeof c.host - 1);
  c.port = endpoint.port;
  c.offeredSession = session_ && session_->port == endpoint.port &&
                     strncmp(session_->host, endpoint.host, sizeof session_->host) == 0;
  if (c.offeredSession) mbedtls_ssl_set_session(&c.ssl, &session_->session);
  return NetError::Ok;
}

// The TCP connect's outcome: once connected, the handshake begins.
NetError MbedTlsTransport::tcpProgress(NetError tcp) {
  if (tcp == NetError::WouldBlock) {
    phase_ = Phase::Tcp;
    return tcp;
  }
  if (tcp != NetError::Ok) return fail(tcp, lastError_);
  phase_ = Phase::Handshake;
  handshakeStart_ = monotonicMs();  // the protocol only, not the setup
  return handshakeStep();
}

// One state of the handshake: a message read or written, and its crypto
// (a certificate chain checked, a key exchange computed). Between two that
// need no network, WouldBlock with want_ 0: call again now.
NetError MbedTlsTransport::handshakeStep() {
  Context& c = *context_;
  int rc = mbedtls_ssl_handshake_step(&c.ssl);
  if (ehc_mbedtls::ticketArrived(rc)) rc = 0;  // no data, nothing to wait for
  if (rc == 0 && ehc_mbedtls::handshakeOver(&c.ssl)) return handshakeDone();
  if (rc != 0 && !ehc_mbedtls::wouldBlock(rc)) return fail(handshakeError(c.ssl, rc), rc);
  if (rc != 0 && connectBy_.expired()) return fail(NetError::ConnectTimeout, rc);
  want_ = rc;
  return NetError::WouldBlock;
}

NetError MbedTlsTransport::handshakeDone() {
  const NetError e = checkPeer(context_->host);
  if (e != NetError::Ok) return e;
  handshakeMs_ = monotonicMs() - handshakeStart_;
  recordLimit_ = ehc_mbedtls::incomingRecordLimit(&context_->ssl);
  keepSession(context_->offeredSession);
  phase_ = Phase::Open;
  return NetError::Ok;
}

// What mbedTLS leaves to us: an IP address's name, and the pin.
// (`host` is the context's copy: an address literal fits whole.)
NetError MbedTlsTransport::checkPeer(const char* host) {
  if (insecure_) return NetError::Ok;
  const mbedtls_x509_crt* peer = mbedtls_ssl_get_peer_cert(&context_->ssl);
  uint8_t ip[16];
  const size_t ipLen = ipLiteral(host, ip);
  if (ipLen && (!peer || !certificateNamesAddress(*peer, ip, ipLen)))
    return fail(NetError::HostMismatch, MBEDTLS_ERR_X509_CERT_VERIFY_FAILED);
  if (!pinned_) return NetError::Ok;
  uint8_t hash[32];
  bool match = false;
  if (peer) {
    // The leaf DER, or the SubjectPublicKeyInfo exactly as the certificate carries it.
    const mbedtls_x509_buf& pinned = pinPublicKey_ ? ehc_mbedtls::publicKeyDer(*peer) : peer->raw;
    ehc_mbedtls::sha256(pinned.p, pinned.len, hash);
    match = memcmp(hash, pin_, sizeof hash) == 0;
  }
  return match ? NetError::Ok : fail(NetError::PinMismatch, 0);
}

NetError MbedTlsTransport::startConnect(const Endpoint& endpoint, Deadline deadline) {
  close();
  resumed_ = false;
  handshakeMs_ = 0;
  lastError_ = 0;
  if (!endpoint.host) return NetError::DnsFailed;
  connectBy_ = deadline;
  NetError e = setUp(endpoint);
  if (e == NetError::Ok) e = tcp_.startConnect(endpoint, deadline);
  return tcpProgress(e);
}

NetError MbedTlsTransport::connectStep() {
  switch (phase_) {
    case Phase::Tcp: return tcpProgress(tcp_.connectStep());
    case Phase::Handshake: return handshakeStep();
    case Phase::Open: return NetError::Ok;
    case Phase::Closed: break;
  }
  return NetError::NotConnected;
}

// Saves the connection's session for the next connect (after the handshake,
// and again when a TLS 1.3 ticket arrives later). A resumed session keeps
// its master secret; a full handshake always makes a new one.
void MbedTlsTransport::keepSession(bool offered) {
  Context& c = *context_;
  SavedSession* fresh = new (std::nothrow) SavedSession;
  if (!fresh || mbedtls_ssl_get_session(&c.ssl, &fresh->session) != 0) {
    delete fresh;
    return;
  }
  const unsigned char* before = session_ ? ehc_mbedtls::masterSecret(session_->session) : nullptr;
  const unsigned char* now = ehc_mbedtls::masterSecret(fresh->session);
  if (offered && before && now && !ehc_mbedtls::isTls13(&c.ssl))
    resumed_ = memcmp(before, now, ehc_mbedtls::kMasterSecretSize) == 0;
  memcpy(fresh->host, c.host, sizeof fresh->host);
  fresh->port = c.port;
  forgetSession();
  session_ = fresh;
}

NetError MbedTlsTransport::readSome(uint8_t* buf, size_t size, size_t* got) {
  *got = 0;
  if (!open()) return NetError::NotConnected;
  for (;;) {
    const int n = mbedtls_ssl_read(&context_->ssl, buf, size);
    if (n > 0) {
      *got = static_cast<size_t>(n);
      return NetError::Ok;
    }
    if (n == 0 || n == MBEDTLS_ERR_SSL_PEER_CLOSE_NOTIFY) return NetError::Ok;  // closed
    if (ehc_mbedtls::ticketArrived(n)) {
      keepSession(false);  // a TLS 1.3 ticket: the session to resume next time
      continue;
    }
    if (ehc_mbedtls::wouldBlock(n)) {
      want_ = n;
      return NetError::WouldBlock;
    }
    lastError_ = n;
    if (n == MBEDTLS_ERR_NET_CONN_RESET || n == MBEDTLS_ERR_NET_RECV_FAILED)
      return context_->link.ioError;
    return NetError::TlsFailed;
  }
}

NetError MbedTlsTransport::writeSome(const uint8_t* data, size_t size, size_t* sent) {
  *sent = 0;
  if (!open()) return NetError::NotConnected;
  if (size == 0) return NetError::Ok;
  const int n = mbedtls_ssl_write(&context_->ssl, data, size);
  if (n > 0) {
    *sent = static_cast<size_t>(n);
    return NetError::Ok;
  }
  if (ehc_mbedtls::wouldBlock(n)) {
    want_ = n;
    return NetError::WouldBlock;
  }
  lastError_ = n;
  return n == MBEDTLS_ERR_NET_CONN_RESET ? NetError::Reset : NetError::WriteFailed;
}

// Decrypted bytes not yet read, or a whole record in mbedTLS's buffer: the
// socket may have nothing more, so poll() would not wake for them.
bool MbedTlsTransport::pendingInTls() const {
  return mbedtls_ssl_get_bytes_avail(&context_->ssl) > 0 ||
         mbedtls_ssl_check_pending(&context_->ssl) != 0;
}

WaitFor MbedTlsTransport::waitFor() const {
  if (phase_ == Phase::Tcp || phase_ == Phase::Closed) return tcp_.waitFor();
  WaitFor w;
  w.fd = tcp_.descriptor();
  if (phase_ == Phase::Handshake) w.until = connectBy_;  // the step then fails it
  const bool now = phase_ == Phase::Handshake ? want_ == 0 : pendingInTls();
  if (now) {
    w.until = Deadline::in(0);
    return w;
  }
  w.writable = want_ == MBEDTLS_ERR_SSL_WANT_WRITE;
  w.readable = !w.writable;
  return w;
}

WaitResult MbedTlsTransport::waitReady(Deadline deadline) {
  if (phase_ == Phase::Tcp || phase_ == Phase::Closed) return tcp_.waitReady(deadline);
  const WaitFor w = waitFor();
  if (w.until.expired()) return WaitResult::Ready;
  return tcp_.waitSocket(w.writable, deadline, w.until);
}

bool MbedTlsTransport::peerClosed() {
  if (!open()) return true;
  if (mbedtls_ssl_get_bytes_avail(&context_->ssl) > 0) return true;  // bytes nobody asked for
  return tcp_.peerClosed();  // includes a close_notify waiting on the socket
}

void MbedTlsTransport::close() {
  if (context_) {
    if (tcp_.open()) mbedtls_ssl_close_notify(&context_->ssl);  // best effort, never waits
    delete context_;
    context_ = nullptr;
  }
  phase_ = Phase::Closed;
  tcp_.close();
}

EHC_END_NAMESPACE
