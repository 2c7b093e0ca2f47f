#include "mbedtls_transport.h"

#include <mbedtls/asn1.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <mbedtls/net_sockets.h>
#include <mbedtls/pk.h>
#include <string.h>

#include <new>

#include "../platform/credential_files.h"
#include "../platform/random.h"
#include "../platform/sockets.h"
#include "../platform/trust_store.h"
#include "mbedtls_compat.h"
#include "tls_diagnosis.h"

EHC_BEGIN_NAMESPACE

namespace {
// What mbedTLS's send/receive callbacks get: the socket, and where they
// leave why it failed (as PosixTransport says it).
struct SocketLink {
  PosixTransport* tcp;
  NetError ioError;
};
}  // namespace

// The client's certificate and key, parsed for one connection.
struct MbedTlsTransport::ClientIdentity {
  mbedtls_x509_crt cert;
  mbedtls_pk_context key;
  ClientIdentity() {
    mbedtls_x509_crt_init(&cert);
    mbedtls_pk_init(&key);
  }
  ~ClientIdentity() {
    mbedtls_pk_free(&key);
    mbedtls_x509_crt_free(&cert);
  }
};

struct MbedTlsTransport::Context {
#if !EHC_PLATFORM_RNG
  mbedtls_entropy_context entropy;
#endif
  mbedtls_ctr_drbg_context drbg;
  mbedtls_x509_crt ca;
  mbedtls_ssl_config conf;
  mbedtls_ssl_context ssl;
  SocketLink link;
  ClientIdentity* identity = nullptr;  // mutual TLS only
  // The verify callback the trust store set (ESP-IDF's bundle), run first.
  ehc_mbedtls::VerifyFn trustVerify = nullptr;
  void* trustVerifyArg = nullptr;
  uint8_t ip[16] = {};  // an address host: checked against iPAddress names
  uint8_t ipLength = 0;
  bool offeredSession = false;
  bool certificateVerified = false;  // a full handshake: the server sent one
  bool pinFailed = false;
  bool handshakeDone = false;
  char host[EHC_MAX_HOST_LENGTH + 1] = {};
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
    delete identity;
    mbedtls_ssl_free(&ssl);
    mbedtls_ssl_config_free(&conf);
    mbedtls_x509_crt_free(&ca);
    mbedtls_ctr_drbg_free(&drbg);
#if !EHC_PLATFORM_RNG
    mbedtls_entropy_free(&entropy);
#endif
  }
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

// A private key (PEM or DER, encrypted when a password is given) from a
// regular file only: for a directory, mbedTLS 2.28 asks calloc for 2^63
// bytes (ftell of a directory).
int loadKeyFile(mbedtls_pk_context* key, const char* path, const char* password,
                mbedtls_ctr_drbg_context* drbg) {
#if defined(MBEDTLS_FS_IO)
  if (!platform::isRegularFile(path)) return MBEDTLS_ERR_PK_FILE_IO_ERROR;
#endif
  return ehc_mbedtls::parseKeyFile(key, path, password, mbedtls_ctr_drbg_random, drbg);
}

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

// A session carries the identity it was made with: another certificate
// must not ride on it.
void MbedTlsTransport::setCredential(Credential& which, const uint8_t* data, size_t length,
                                     const char* path, const char* password) {
  if (which.data != data || which.length != length || !sameText(which.path, path) ||
      !sameText(which.password, password))
    forgetSession();
  which.data = data;
  which.length = length;
  which.path = path;
  which.password = password;
  loadIdentity_ = [](MbedTlsTransport& self) { return self.loadClientCertificate(); };
}

void MbedTlsTransport::onCertificate(TlsCertificateCallback callback, void* user) {
  onCertificate_ = callback;
  certificateUser_ = user;
  describe_ = tls_diagnosis::describe;
}

size_t MbedTlsTransport::Credential::size() const {
  return length ? length : strlen(reinterpret_cast<const char*>(data)) + 1;
}

// PEM text is measured at each connect (length 0), as the CA's is.
void MbedTlsTransport::setClientCertificate(const char* pem) {
  setCredential(clientCert_, reinterpret_cast<const uint8_t*>(pem), 0, nullptr, nullptr);
}
void MbedTlsTransport::setClientCertificateDer(const uint8_t* der, size_t length) {
  setCredential(clientCert_, der, der && length ? length : 0, nullptr, nullptr);
}
void MbedTlsTransport::setClientCertificateFile(const char* path) {
  setCredential(clientCert_, nullptr, 0, path, nullptr);
}
void MbedTlsTransport::setClientKey(const char* pem, const char* password) {
  setCredential(clientKey_, reinterpret_cast<const uint8_t*>(pem), 0, nullptr, password);
}
void MbedTlsTransport::setClientKeyDer(const uint8_t* der, size_t length, const char* password) {
  setCredential(clientKey_, der, der && length ? length : 0, nullptr, password);
}
void MbedTlsTransport::setClientKeyFile(const char* path, const char* password) {
  setCredential(clientKey_, nullptr, 0, path, password);
}

void MbedTlsTransport::forgetSession() {
  sessions_.clear();
}

bool MbedTlsTransport::hasSavedSession(const char* host, uint16_t port) const {
  return sessions_.contains(host, port);
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
    rc = platform::loadCertificateFile(&c.ca, caFile_);
  } else {
    return platform::attachDefaultTrust(&c.conf, &c.ca) ? NetError::Ok
                                                        : fail(NetError::NoTrustAnchors, 0);
  }
  // > 0: some entries of a bundle were not usable; the rest are.
  if (rc < 0 || c.ca.version == 0) return fail(NetError::TlsConfig, rc);
  mbedtls_ssl_conf_ca_chain(&c.conf, &c.ca, nullptr);
  return NetError::Ok;
}

// Mutual TLS: the certificate and its key, which must belong together. Any
// of it unusable is the program's mistake (TlsConfig), found before the
// connection is made.
NetError MbedTlsTransport::loadClientCertificate() {
  if (!clientCert_.given() && !clientKey_.given()) return NetError::Ok;
  if (!clientCert_.given() || !clientKey_.given()) return fail(NetError::TlsConfig, 0);
  Context& c = *context_;
  c.identity = new (std::nothrow) ClientIdentity;
  if (!c.identity) return fail(NetError::NoResources, 0);
  ClientIdentity& id = *c.identity;
  int rc = clientCert_.path
               ? platform::loadCertificateFile(&id.cert, clientCert_.path)
               : mbedtls_x509_crt_parse(&id.cert, clientCert_.data, clientCert_.size());
  if (rc != 0 || id.cert.version == 0) return fail(NetError::TlsConfig, rc);
  rc = clientKey_.path
           ? loadKeyFile(&id.key, clientKey_.path, clientKey_.password, &c.drbg)
           : ehc_mbedtls::parseKey(&id.key, clientKey_.data, clientKey_.size(), clientKey_.password,
                                   mbedtls_ctr_drbg_random, &c.drbg);
  if (rc == 0)
    rc = ehc_mbedtls::checkKeyPair(&id.cert.pk, &id.key, mbedtls_ctr_drbg_random, &c.drbg);
  if (rc == 0) rc = mbedtls_ssl_conf_own_cert(&c.conf, &id.cert, &id.key);
  return rc == 0 ? NetError::Ok : fail(NetError::TlsConfig, rc);
}

// Every certificate the server sends goes through verifyCertificate (after
// the trust store's own callback, when it has one).
void MbedTlsTransport::watchVerification() {
  Context& c = *context_;
  ehc_mbedtls::configuredVerify(c.conf, &c.trustVerify, &c.trustVerifyArg);
  mbedtls_ssl_conf_verify(&c.conf, verifyCertificate, this);
}

int MbedTlsTransport::verifyCertificate(void* self, mbedtls_x509_crt* crt, int depth,
                                        uint32_t* flags) {
  MbedTlsTransport& t = *static_cast<MbedTlsTransport*>(self);
  Context& c = *t.context_;
  if (c.trustVerify) {
    const int rc = c.trustVerify(c.trustVerifyArg, crt, depth, flags);
    if (rc != 0) return rc;
  }
  c.certificateVerified = true;
  if (depth == 0) t.checkLeaf(*crt, flags);
  if (t.onCertificate_)
    t.describe_(*crt, depth, *flags, c.pinFailed, t.onCertificate_, t.certificateUser_);
  return 0;
}

// What mbedTLS leaves to us, on the server's own certificate: an IP
// address's name, and the pin. A failure fails the handshake (the server
// gets a bad_certificate alert), found in the flags.
void MbedTlsTransport::checkLeaf(const mbedtls_x509_crt& crt, uint32_t* flags) {
  Context& c = *context_;
  if (c.ipLength && !certificateNamesAddress(crt, c.ip, c.ipLength))
    *flags |= MBEDTLS_X509_BADCERT_CN_MISMATCH;
  if (pinned_ && !pinMatches(crt)) {
    c.pinFailed = true;
    *flags |= MBEDTLS_X509_BADCERT_OTHER;
  }
}

bool MbedTlsTransport::pinMatches(const mbedtls_x509_crt& crt) const {
  // The leaf DER, or the SubjectPublicKeyInfo exactly as the certificate carries it.
  const mbedtls_x509_buf& pinned = pinPublicKey_ ? ehc_mbedtls::publicKeyDer(crt) : crt.raw;
  uint8_t hash[32];
  ehc_mbedtls::sha256(pinned.p, pinned.len, hash);
  return memcmp(hash, pin_, sizeof hash) == 0;
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
    watchVerification();
  }
  const NetError identity = loadIdentity_ ? loadIdentity_(*this) : NetError::Ok;
  if (identity != NetError::Ok) return identity;
  ehc_mbedtls::preferFastGroups(&c.conf);
  ehc_mbedtls::acceptTls13Tickets(&c.conf);
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
  // mbedTLS (2.28 compares it with DNS names and the CN): checkLeaf does it.
  c.ipLength = static_cast<uint8_t>(ipLiteral(endpoint.host, c.ip));
  if (rc == 0)
    rc = c.ipLength ? ehc_mbedtls::setNoHostname(&c.ssl)
                    : mbedtls_ssl_set_hostname(&c.ssl, endpoint.host);
  if (rc != 0) return fail(NetError::TlsHandshake, rc);
  mbedtls_ssl_set_bio(&c.ssl, &c.link, sendCb, recvCb, nullptr);
  strncpy(c.host, endpoint.host, sizeof c.host - 1);
  c.port = endpoint.port;
  c.offeredSession = offerSession();
  return NetError::Ok;
}

// The handshake failed: why, in the caller's terms. A session offered is
// not offered again (it may be what the server choked on).
NetError MbedTlsTransport::handshakeFailure(int rc) {
  Context& c = *context_;
  const uint32_t flags = mbedtls_ssl_get_verify_result(&c.ssl);
  const bool verifyFailed = rc == MBEDTLS_ERR_X509_CERT_VERIFY_FAILED ||
                            (flags != 0 && flags != static_cast<uint32_t>(-1));
  const int alert =
      rc == MBEDTLS_ERR_SSL_FATAL_ALERT_MESSAGE ? ehc_mbedtls::receivedAlert(c.ssl) : -1;
  NetError e = NetError::TlsHandshake;
  if (verifyFailed) {
    verifyFlags_ = flags;
    e = tls_diagnosis::verifyFailure(flags, c.pinFailed);
  } else if (ehc_mbedtls::versionRefusedLocally(rc) ||
             alert == MBEDTLS_SSL_ALERT_MSG_PROTOCOL_VERSION) {
    e = NetError::TlsVersion;
  } else if (tls_diagnosis::refusesClientCertificate(alert,
                                                     ehc_mbedtls::pastOurLastFlight(c.ssl))) {
    e = hasClientCertificate() ? NetError::ClientCertRefused : NetError::ClientCertMissing;
  }
  if (c.offeredSession) sessions_.forget(c.host, c.port);
  return fail(e, rc);
}

NetError MbedTlsTransport::startConnect(const Endpoint& endpoint, Deadline deadline) {
  close();
  resumed_ = false;
  handshakeMs_ = 0;
  lastError_ = 0;
  verifyFlags_ = 0;
  tlsVersion_ = cipherSuite_ = "";
  cipherSuiteId_ = 0;
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
  if (rc != 0 && !ehc_mbedtls::wouldBlock(rc)) return handshakeFailure(rc);
  if (rc != 0 && connectBy_.expired()) return fail(NetError::ConnectTimeout, rc);
  want_ = rc;
  return NetError::WouldBlock;
}

NetError MbedTlsTransport::handshakeDone() {
  handshakeMs_ = monotonicMs() - handshakeStart_;
  phase_ = Phase::Open;
  noteHandshake();
  return NetError::Ok;
}

// What the handshake agreed, and the session to resume next time: a TLS 1.2
// session now; a TLS 1.3 one only when its ticket arrives, after the
// handshake (saved now it would have no ticket: esp-idf issue 18919).
void MbedTlsTransport::noteHandshake() {
  Context& c = *context_;
  c.handshakeDone = true;
  recordLimit_ = ehc_mbedtls::incomingRecordLimit(&c.ssl);
  tlsVersion_ = mbedtls_ssl_get_version(&c.ssl);
  const char* suite = mbedtls_ssl_get_ciphersuite(&c.ssl);
  cipherSuite_ = suite ? suite : "";
  cipherSuiteId_ = static_cast<uint16_t>(suite ? mbedtls_ssl_get_ciphersuite_id(suite) : 0);
  // A resumed handshake exchanges no certificate: none was verified (or,
  // without verification, none was received: sessions are kept without).
  resumed_ = c.offeredSession &&
             (insecure_ ? ehc_mbedtls::kKeepsPeerCertificate && !mbedtls_ssl_get_peer_cert(&c.ssl)
                        : !c.certificateVerified);
  if (!ehc_mbedtls::isTls13(&c.ssl)) saveSession();
}

// The session for this host and port, if one was kept, offered to the
// server (mbedTLS takes a copy).
bool MbedTlsTransport::offerSession() {
  Context& c = *context_;
  size_t length = 0;
  const uint8_t* bytes = sessions_.find(c.host, c.port, &length);
  if (!bytes) return false;
  mbedtls_ssl_session s;
  mbedtls_ssl_session_init(&s);
  const bool offered =
      mbedtls_ssl_session_load(&s, bytes, length) == 0 && mbedtls_ssl_set_session(&c.ssl, &s) == 0;
  mbedtls_ssl_session_free(&s);
  if (!offered) sessions_.forget(c.host, c.port);  // another mbedTLS build's, or damaged
  return offered;
}

// Keeps the connection's session for its host and port, serialized and
// without the server's certificate.
void MbedTlsTransport::saveSession() {
  Context& c = *context_;
  mbedtls_ssl_session s;
  mbedtls_ssl_session_init(&s);
  if (mbedtls_ssl_get_session(&c.ssl, &s) == 0) {
    ehc_mbedtls::dropPeerCertificate(&s);
    size_t length = 0;
    mbedtls_ssl_session_save(&s, nullptr, 0, &length);  // asks for the size
    uint8_t* room = length ? sessions_.reserve(c.host, c.port, length) : nullptr;
    if (room && mbedtls_ssl_session_save(&s, room, length, &length) != 0)
      sessions_.forget(c.host, c.port);
  }
  mbedtls_ssl_session_free(&s);
}

// A TLS 1.3 ticket that arrived but was not read (a connection closed before
// its response was read, or released while idle) is taken before the close,
// without waiting: mbedTLS answers a ticket's record with WANT_READ and the
// ticket at the next call, and WANT_READ at once when nothing came. Tickets
// come before any data, so data ends the search.
void MbedTlsTransport::collectLateTicket() {
  Context& c = *context_;
  if (!c.handshakeDone || !ehc_mbedtls::isTls13(&c.ssl)) return;
  uint8_t scrap[16];
  for (int calls = 0; calls < 8; ++calls) {
    const int rc = mbedtls_ssl_read(&c.ssl, scrap, sizeof scrap);
    if (ehc_mbedtls::ticketArrived(rc))
      saveSession();
    else if (rc != MBEDTLS_ERR_SSL_WANT_READ)
      return;
  }
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
      saveSession();  // a TLS 1.3 ticket: the session to resume next time
      continue;
    }
    if (!ehc_mbedtls::wouldBlock(n)) return failureAfterHandshake(n);
    want_ = n;
    return NetError::WouldBlock;
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

// Decrypted bytes not yet read, a whole record in mbedTLS's buffer, or
// bytes in the socket's read-ahead: the socket may have nothing more, so
// poll() would not wake for them.
bool MbedTlsTransport::pendingInTls() const {
  return mbedtls_ssl_get_bytes_avail(&context_->ssl) > 0 ||
         mbedtls_ssl_check_pending(&context_->ssl) != 0 || tcp_.buffered() > 0;
}

WaitFor MbedTlsTransport::waitFor() const {
  if (phase_ == Phase::Tcp || phase_ == Phase::Closed) return tcp_.waitFor();
  WaitFor w;
  w.fd = tcp_.descriptor();
  if (phase_ == Phase::Handshake) w.until = connectBy_;  // the step then fails it
  // Bytes already here make a read ready, not a blocked write: a body
  // being written while a record waits in the read-ahead would else spin.
  const bool now = phase_ == Phase::Handshake
                       ? want_ == 0
                       : want_ != MBEDTLS_ERR_SSL_WANT_WRITE && pendingInTls();
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

// A read failed: the socket's error, the server refusing our client
// certificate (TLS 1.3 checks it after the handshake, so its alert comes
// here), or another TLS failure.
NetError MbedTlsTransport::failureAfterHandshake(int rc) {
  lastError_ = rc;
  if (rc == MBEDTLS_ERR_NET_CONN_RESET || rc == MBEDTLS_ERR_NET_RECV_FAILED)
    return context_->link.ioError;
  if (rc == MBEDTLS_ERR_SSL_FATAL_ALERT_MESSAGE &&
      tls_diagnosis::refusesClientCertificate(ehc_mbedtls::receivedAlert(context_->ssl), false))
    return hasClientCertificate() ? NetError::ClientCertRefused : NetError::ClientCertMissing;
  return NetError::TlsFailed;
}

bool MbedTlsTransport::peerClosed() {
  if (!open()) return true;
  if (mbedtls_ssl_get_bytes_avail(&context_->ssl) > 0) return true;  // bytes nobody asked for
  return tcp_.peerClosed();  // includes a close_notify waiting on the socket
}

void MbedTlsTransport::close() {
  if (context_) {
    if (tcp_.open()) {
      collectLateTicket();
      mbedtls_ssl_close_notify(&context_->ssl);  // best effort, never waits
    }
    delete context_;
    context_ = nullptr;
  }
  phase_ = Phase::Closed;
  want_ = 0;
  tcp_.close();
}

EHC_END_NAMESPACE
