// TLS over a PosixTransport with mbedTLS, the TLS library inside ESP-IDF, so
// host and board run the same TLS code. Builds with mbedTLS 2.28 and 3.x
// (their differences: mbedtls_compat.h).
//
// Verification is on by default: the server certificate must chain to the
// CA you give (setCaPem / setCaFile) or else to the platform's trust store
// (the host's system bundle, ESP-IDF's certificate bundle; none: the connect
// fails with NoTrustAnchors). Its name must match the host: a DNS name is
// sent as SNI and checked by mbedTLS; an IP address (IPv4 or IPv6) must be
// one of the certificate's iPAddress names, compared byte for byte (no
// common-name fallback). Optional SHA-256 pinning of the leaf certificate or
// its public key. Only setInsecureSkipVerification() turns checking off.
// The session is kept across close(), so the next connect resumes it (an
// abbreviated handshake: one round trip, no certificate, no key exchange);
// a change of the CA, the pin or the verification mode forgets it.
#pragma once

#include "posix_transport.h"

EHC_BEGIN_NAMESPACE

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
  // Ask for records of at most 512, 1024, 2048 or 4096 bytes (0: off); see
  // EHC_TLS_MAX_FRAGMENT_LENGTH, the default. Any other value is ignored.
  void setMaxFragmentLength(uint16_t bytes) { maxFragment_ = bytes; }
  // What the last handshake agreed for incoming records (16384 without).
  size_t incomingRecordLimit() const { return recordLimit_; }
  // Forget the saved session: the next connect does a full handshake.
  void forgetSession();
  bool hasSavedSession() const { return session_ != nullptr; }

  // The TCP connect, then the handshake one step (one message and its
  // crypto) per connectStep(); waitFor() says "now" between steps that need
  // no network.
  NetError startConnect(const Endpoint& endpoint, Deadline deadline) override;
  NetError connectStep() override;
  // mbedtls_ssl_read/write straight away (the socket is read only when no
  // decrypted byte is left): WouldBlock on WANT_READ / WANT_WRITE. After a
  // WouldBlock, writeSome must be offered the same bytes again (mbedTLS has
  // them in a record already).
  NetError readSome(uint8_t* buf, size_t size, size_t* got) override;
  NetError writeSome(const uint8_t* data, size_t size, size_t* sent) override;
  // "Now" while mbedTLS holds bytes poll() cannot see.
  WaitFor waitFor() const override;
  WaitResult waitReady(Deadline deadline) override;
  // Sends close_notify and frees the TLS context (about 39 KB with
  // mbedTLS's default record buffers); keeps the session for resumption.
  void close() override;
  bool open() const override { return phase_ == Phase::Open; }
  bool peerClosed() override;

  bool sessionResumed() const override { return resumed_; }
  uint32_t handshakeMs() const override { return handshakeMs_; }
  int lastTlsError() const { return lastError_; }  // mbedTLS code of the last failure

 private:
  struct Context;
  struct SavedSession;
  NetError fail(NetError e, int code);
  NetError setUp(const Endpoint& endpoint);
  NetError loadTrust();
  NetError tcpProgress(NetError tcp);
  NetError handshakeStep();
  NetError handshakeDone();
  NetError checkPeer(const char* host);
  void keepSession(bool offered);
  bool pendingInTls() const;

  enum class Phase : uint8_t { Closed, Tcp, Handshake, Open };

  PosixTransport tcp_;
  Context* context_ = nullptr;  // from connect to close (heap: the one allowed)
  Phase phase_ = Phase::Closed;
  int want_ = 0;  // the last WANT_READ / WANT_WRITE; 0: a handshake step can run now
  Deadline connectBy_ = Deadline::never();
  uint32_t handshakeStart_ = 0;
  SavedSession* session_ = nullptr;  // across connections
  const char* caPem_ = nullptr;
  const char* caFile_ = nullptr;
  uint8_t pin_[32] = {};
  bool pinned_ = false;
  bool pinPublicKey_ = false;
  bool insecure_ = false;
  bool resumed_ = false;
  uint32_t handshakeMs_ = 0;
  uint16_t maxFragment_ = EHC_TLS_MAX_FRAGMENT_LENGTH;
  size_t recordLimit_ = 0;
  int lastError_ = 0;
};

EHC_END_NAMESPACE
