// TLS over a PosixTransport with mbedTLS, the TLS library inside ESP-IDF, so
// host and board run the same TLS code. Builds with mbedTLS 2.28 and 3.x
// (their differences: mbedtls_compat.h); TLS 1.3 where the mbedTLS in use
// has it (3.6 does), TLS 1.2 otherwise and with servers that have no 1.3.
//
// Verification is on by default: the server certificate must chain to the
// CA you give (setCaPem / setCaFile) or else to the platform's trust store
// (the host's system bundle, ESP-IDF's certificate bundle; none: the connect
// fails with NoTrustAnchors). Its name must match the host: a DNS name is
// sent as SNI and checked by mbedTLS; an IP address (IPv4 or IPv6) must be
// one of the certificate's iPAddress names, compared byte for byte (no
// common-name fallback). Optional SHA-256 pinning of the leaf certificate or
// its public key. Only setInsecureSkipVerification() turns checking off. A
// failure says which check failed (CertUntrusted, HostMismatch, CertExpired,
// CertNotYetValid, PinMismatch); onCertificate() shows every certificate of
// the chain as it is checked. Revocation is not checked (no CRL, no OCSP).
//
// Mutual TLS: a client certificate and its key (PEM or DER, from memory or,
// where there are files, from files).
//
// Sessions are kept across close(), one per host and port (up to
// EHC_TLS_SESSION_CACHE, TlsSessionCache), so the next connect to that host
// resumes (an abbreviated handshake: one round trip, no certificate). A
// change of the CA, the pin, the verification mode or the client
// certificate forgets them all.
#pragma once

#include "posix_transport.h"
#include "tls_session_cache.h"

struct mbedtls_x509_crt;  // mbedTLS's, in both versions: the header needs no mbedTLS

EHC_BEGIN_NAMESPACE

// One certificate of the server's chain as the checks saw it (onCertificate).
struct TlsCertificateInfo {
  int depth;            // 0: the server's own, 1: its issuer, ...
  const char* subject;  // "CN=api.example.com, O=Example"
  const char* issuer;
  const char* validFrom;  // "2025-01-31 12:00:00" (UTC)
  const char* validTo;
  uint32_t flags;       // mbedTLS's MBEDTLS_X509_BADCERT_* found for this one; 0: none
  const char* problem;  // the first of them in words ("expired", "not trusted", ...), or null
};
using TlsCertificateCallback = void (*)(void* user, const TlsCertificateInfo& info);

class MbedTlsTransport final : public Transport {
 public:
  MbedTlsTransport() = default;
  ~MbedTlsTransport();
  MbedTlsTransport(const MbedTlsTransport&) = delete;
  MbedTlsTransport& operator=(const MbedTlsTransport&) = delete;

  // Trust anchors: PEM text (one or more certificates, kept by reference),
  // or a file (its path kept by reference). Neither: the platform's store.
  // A CA that cannot be read or parsed fails the connect with TlsConfig
  // before anything is sent.
  void setCaPem(const char* pem);
  void setCaFile(const char* path);
  // Accept only this certificate (leaf DER, or its public key when
  // publicKey is true), by SHA-256.
  void pinSha256(const uint8_t hash[32], bool publicKey);
  // No verification at all: for tests and trusted networks only.
  void setInsecureSkipVerification();

  // Mutual TLS: the certificate this client presents (its chain, leaf
  // first) and its private key, each as NUL-terminated PEM text, as DER, or
  // as a file (PEM or DER). Kept by reference and parsed at each connect; a
  // key that does not parse (or a wrong password for an encrypted one), or
  // that does not belong to the certificate, fails the connect with
  // TlsConfig before anything is sent. Null clears that half.
  void setClientCertificate(const char* pem);
  void setClientCertificateDer(const uint8_t* der, size_t length);
  void setClientCertificateFile(const char* path);
  void setClientKey(const char* pem, const char* password = nullptr);
  void setClientKeyDer(const uint8_t* der, size_t length, const char* password = nullptr);
  void setClientKeyFile(const char* path, const char* password = nullptr);
  bool hasClientCertificate() const { return clientCert_.given(); }

  // Shown every certificate of the server's chain while it is verified (the
  // root's side first, the server's own last), with what was found wrong.
  // Not called for a resumed session (no certificate is sent).
  void onCertificate(TlsCertificateCallback callback, void* user);

  // Ask for records of at most 512, 1024, 2048 or 4096 bytes (0: off); see
  // EHC_TLS_MAX_FRAGMENT_LENGTH, the default. Any other value is ignored.
  void setMaxFragmentLength(uint16_t bytes) { maxFragment_ = bytes; }
  // What the last handshake agreed for incoming records (16384 without).
  size_t incomingRecordLimit() const { return recordLimit_; }

  // Forget every saved session: the next connects do full handshakes.
  void forgetSession();
  bool hasSavedSession() const { return sessions_.count() > 0; }
  bool hasSavedSession(const char* host, uint16_t port) const;
  size_t savedSessionBytes() const { return sessions_.bytesHeld(); }

  // Non-blocking (Transport): the TCP connect, then one handshake step per
  // connectStep(); reads and writes that say WouldBlock instead of waiting.
  NetError startConnect(const Endpoint& endpoint, Deadline deadline) override;
  NetError connectStep() override;
  NetError readSome(uint8_t* buf, size_t size, size_t* got) override;
  NetError writeSome(const uint8_t* data, size_t size, size_t* sent) override;
  // The socket, or "now" while mbedTLS holds bytes poll() cannot see.
  WaitFor waitFor() const override;
  WaitResult waitReady(Deadline deadline) override;
  // Sends close_notify and frees the TLS context (about 39 KB with
  // mbedTLS's default record buffers); keeps the session for resumption
  // (taking a TLS 1.3 ticket that arrived but was not read yet).
  void close() override;
  bool open() const override { return phase_ == Phase::Open && context_ != nullptr && tcp_.open(); }
  bool peerClosed() override;

  bool sessionResumed() const override { return resumed_; }
  uint32_t handshakeMs() const override { return handshakeMs_; }
  // The last handshake's protocol ("TLSv1.2", "TLSv1.3"; "" when it failed) and
  // cipher suite (mbedTLS's name, IANA's with dashes:
  // "TLS-ECDHE-ECDSA-WITH-AES-128-GCM-SHA256"; "" before any) and its IANA
  // number.
  const char* tlsVersion() const { return tlsVersion_; }
  const char* cipherSuite() const { return cipherSuite_; }
  uint16_t cipherSuiteId() const { return cipherSuiteId_; }
  int lastTlsError() const { return lastError_; }  // mbedTLS code of the last failure
  // MBEDTLS_X509_BADCERT_* of the last failed verification (0: none).
  uint32_t lastVerifyFlags() const { return verifyFlags_; }

 private:
  struct Context;
  struct ClientIdentity;
  // Where a client certificate or key comes from: DER bytes, PEM text
  // (length 0: NUL-terminated, measured at each connect), or a file.
  struct Credential {
    const uint8_t* data = nullptr;
    size_t length = 0;
    const char* path = nullptr;
    const char* password = nullptr;
    bool given() const { return data || path; }
    size_t size() const;  // what mbedTLS is given: PEM with its NUL
  };
  NetError fail(NetError e, int code);
  NetError setUp(const Endpoint& endpoint);
  NetError loadTrust();
  NetError loadClientCertificate();
  void setCredential(Credential& which, const uint8_t* data, size_t length, const char* path,
                     const char* password);
  void watchVerification();
  static int verifyCertificate(void* self, mbedtls_x509_crt* crt, int depth, uint32_t* flags);
  void checkLeaf(const mbedtls_x509_crt& crt, uint32_t* flags);
  bool pinMatches(const mbedtls_x509_crt& crt) const;
  NetError tcpProgress(NetError tcp);
  NetError handshakeStep();
  NetError handshakeDone();
  bool pendingInTls() const;
  NetError handshakeFailure(int rc);
  NetError failureAfterHandshake(int rc);
  bool offerSession();
  void saveSession();
  void noteHandshake();
  void collectLateTicket();

  PosixTransport tcp_;
  Context* context_ = nullptr;  // from connect to close (heap: the one allowed)
  TlsSessionCache sessions_;    // across connections
  enum class Phase : uint8_t { Closed, Tcp, Handshake, Open };
  Phase phase_ = Phase::Closed;
  int want_ = 0;  // the last WANT_READ / WANT_WRITE; 0: a handshake step can run now
  Deadline connectBy_ = Deadline::never();
  uint32_t handshakeStart_ = 0;
  const char* caPem_ = nullptr;
  const char* caFile_ = nullptr;
  Credential clientCert_, clientKey_;
  TlsCertificateCallback onCertificate_ = nullptr;
  void* certificateUser_ = nullptr;
  // Set by onCertificate() and by the client certificate's setters: only a
  // program that uses them links the certificate's description and the
  // identity's loading.
  using Describe = void (*)(const mbedtls_x509_crt& crt, int depth, uint32_t flags, bool pinFailed,
                            TlsCertificateCallback callback, void* user);
  Describe describe_ = nullptr;
  NetError (*loadIdentity_)(MbedTlsTransport& self) = nullptr;
  uint8_t pin_[32] = {};
  bool pinned_ = false;
  bool pinPublicKey_ = false;
  bool insecure_ = false;
  bool resumed_ = false;
  uint32_t handshakeMs_ = 0;
  uint16_t maxFragment_ = EHC_TLS_MAX_FRAGMENT_LENGTH;
  size_t recordLimit_ = 0;
  int lastError_ = 0;
  uint32_t verifyFlags_ = 0;
  const char* tlsVersion_ = "";
  const char* cipherSuite_ = "";
  uint16_t cipherSuiteId_ = 0;
};

EHC_END_NAMESPACE
