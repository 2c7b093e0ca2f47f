// TlsFlightClassifier: tells, from the first bytes a server sends on a new
// connection, whether the connection is plain or TLS, and for TLS whether the
// handshake is a full one or an abbreviated (resumed) one. NetEm uses it to
// charge the board's handshake computation (--hold-full / --hold-resumed).
//
// Only what is needed is parsed: record headers (type, version, length), the
// handshake message headers (type, length) and, in the ServerHello, the
// random (to spot a TLS 1.3 HelloRetryRequest) and the extensions
// supported_versions and pre_shared_key (TLS 1.3 hides the rest). Records and
// handshake messages may be split across feed() calls anywhere.
//
//   TLS <= 1.2  ServerHello, then Certificate (11), ServerKeyExchange (12),
//               CertificateRequest (13) or ServerHelloDone (14): full.
//               ServerHello, then ChangeCipherSpec (record type 20) or
//               NewSessionTicket (4, a ticket resumption renewing its
//               ticket): resumed.
//   TLS 1.3     ServerHello selecting 0x0304 with a pre_shared_key extension:
//               resumed; without one: full (the Certificate is encrypted).
//               A HelloRetryRequest is reported as kRetry; classification
//               goes on with the ServerHello that follows.
//   plain       the first byte is not a handshake record (22), or the first
//               record header is not TLS's.
//   other       TLS, but none of the above (an alert first, something else
//               after the ServerHello, a malformed ServerHello, 64 KiB
//               without a decision).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <string>

namespace ehc_netem {

enum class FirstFlight {
  kUndecided,  // more bytes needed
  kRetry,      // a TLS 1.3 HelloRetryRequest went by; still undecided
  kPlain,
  kTlsFull,
  kTlsResumed,
  kTlsOther,
};

const char* firstFlightName(FirstFlight flight);

class TlsFlightClassifier {
 public:
  // Feeds the next bytes from the server. Returns the decision once made (and
  // ignores further bytes); kRetry when this call went past a
  // HelloRetryRequest without reaching a decision; otherwise kUndecided.
  FirstFlight feed(const uint8_t* data, size_t size);
  FirstFlight decision() const { return decision_; }

  // How many undecided bytes are examined at most before giving up (kTlsOther).
  static constexpr size_t kMaxExaminedBytes = 64 * 1024;

 private:
  enum class Phase { kExpectServerHello, kAfterServerHello };

  void onRecordHeader();
  void feedHandshake(const uint8_t* data, size_t size);
  void onHandshakeHeader();
  void parseServerHello();
  void decide(FirstFlight flight) { decision_ = flight; }

  FirstFlight decision_ = FirstFlight::kUndecided;
  Phase phase_ = Phase::kExpectServerHello;
  bool sawRetry_ = false;  // in the current feed() call
  bool afterRetry_ = false;
  size_t examined_ = 0;
  bool anyRecord_ = false;

  uint8_t recordHeader_[5] = {};
  size_t recordHeaderHave_ = 0;
  uint8_t recordType_ = 0;
  size_t recordLeft_ = 0;

  uint8_t messageHeader_[4] = {};
  size_t messageHeaderHave_ = 0;
  size_t messageLeft_ = 0;
  std::string serverHello_;  // the ServerHello body, as it comes
};

}  // namespace ehc_netem
