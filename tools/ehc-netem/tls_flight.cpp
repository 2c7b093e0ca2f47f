// TlsFlightClassifier: see tls_flight.h.
#include "tls_flight.h"

#include <string.h>

#include <algorithm>

namespace ehc_netem {
namespace {

constexpr uint8_t kChangeCipherSpec = 20;
constexpr uint8_t kHandshake = 22;

constexpr uint8_t kNewSessionTicket = 4;
constexpr uint8_t kServerHello = 2;
constexpr uint8_t kCertificate = 11;
constexpr uint8_t kServerKeyExchange = 12;
constexpr uint8_t kCertificateRequest = 13;
constexpr uint8_t kServerHelloDone = 14;

constexpr uint16_t kPreSharedKeyExtension = 41;
constexpr uint16_t kSupportedVersionsExtension = 43;
constexpr uint16_t kTls13 = 0x0304;

// The largest record a TLS peer may send: 2^14 bytes plus expansion.
constexpr size_t kMaxRecordLength = 16384 + 2048;
constexpr size_t kMaxServerHello = 16 * 1024;

// RFC 8446 4.1.3: a HelloRetryRequest is a ServerHello with this random.
constexpr uint8_t kHelloRetryRandom[32] = {
    0xCF, 0x21, 0xAD, 0x74, 0xE5, 0x9A, 0x61, 0x11, 0xBE, 0x1D, 0x8C, 0x02, 0x1E, 0x65, 0xB8, 0x91,
    0xC2, 0xA2, 0x11, 0x16, 0x7A, 0xBB, 0x8C, 0x5E, 0x07, 0x9E, 0x09, 0xE2, 0xC8, 0xA8, 0x33, 0x9C};

size_t read16(const uint8_t* p) {
  return static_cast<size_t>(p[0]) << 8 | p[1];
}

// Moves bytes from the front of [*data, *data + *size) into a fixed-size
// header that has `*have` of them so far; true once it is complete.
template <size_t N>
bool gatherHeader(uint8_t (&header)[N], size_t* have, const uint8_t** data, size_t* size) {
  const size_t take = std::min(*size, N - *have);
  memcpy(header + *have, *data, take);
  *have += take;
  *data += take;
  *size -= take;
  return *have == N;
}

}  // namespace

const char* firstFlightName(FirstFlight flight) {
  switch (flight) {
    case FirstFlight::kUndecided: return "undecided";
    case FirstFlight::kRetry: return "retry";
    case FirstFlight::kPlain: return "plain";
    case FirstFlight::kTlsFull: return "tls-full";
    case FirstFlight::kTlsResumed: return "tls-resumed";
    case FirstFlight::kTlsOther: return "tls-other";
  }
  return "?";
}

FirstFlight TlsFlightClassifier::feed(const uint8_t* data, size_t size) {
  sawRetry_ = false;
  if (decision_ != FirstFlight::kUndecided) return decision_;
  if (size > 0 && examined_ == 0 && data[0] != kHandshake) {
    decide(FirstFlight::kPlain);
    return decision_;
  }
  examined_ += size;
  while (size > 0 && decision_ == FirstFlight::kUndecided) {
    if (recordHeaderHave_ < sizeof recordHeader_) {
      if (gatherHeader(recordHeader_, &recordHeaderHave_, &data, &size)) onRecordHeader();
      continue;
    }
    const size_t take = std::min(size, recordLeft_);
    if (recordType_ == kHandshake) feedHandshake(data, take);
    data += take;
    size -= take;
    recordLeft_ -= take;
    if (recordLeft_ == 0) recordHeaderHave_ = 0;
  }
  if (decision_ == FirstFlight::kUndecided && examined_ > kMaxExaminedBytes) {
    decide(FirstFlight::kTlsOther);
  }
  if (decision_ != FirstFlight::kUndecided) return decision_;
  return sawRetry_ ? FirstFlight::kRetry : FirstFlight::kUndecided;
}

void TlsFlightClassifier::onRecordHeader() {
  const uint8_t type = recordHeader_[0];
  const size_t length = read16(recordHeader_ + 3);
  // Record-layer versions: 3.0 (SSL 3) to 3.4; TLS 1.3 says 3.3 (or 3.1).
  const bool valid = type >= 20 && type <= 23 && recordHeader_[1] == 3 && recordHeader_[2] <= 4 &&
                     length <= kMaxRecordLength;
  if (!valid) return decide(anyRecord_ ? FirstFlight::kTlsOther : FirstFlight::kPlain);
  anyRecord_ = true;
  recordType_ = type;
  recordLeft_ = length;
  if (length == 0) recordHeaderHave_ = 0;
  if (type == kHandshake) return;
  if (type == kChangeCipherSpec) {
    // After a TLS <= 1.2 ServerHello: the abbreviated handshake. After a
    // HelloRetryRequest: TLS 1.3's middlebox-compatibility record, skipped.
    if (phase_ == Phase::kAfterServerHello) return decide(FirstFlight::kTlsResumed);
    if (afterRetry_) return;
  }
  decide(FirstFlight::kTlsOther);  // an alert, application data, a stray ChangeCipherSpec
}

void TlsFlightClassifier::feedHandshake(const uint8_t* data, size_t size) {
  while (size > 0 && decision_ == FirstFlight::kUndecided) {
    if (messageHeaderHave_ < sizeof messageHeader_) {
      if (gatherHeader(messageHeader_, &messageHeaderHave_, &data, &size)) onHandshakeHeader();
      continue;
    }
    const size_t take = std::min(size, messageLeft_);
    serverHello_.append(reinterpret_cast<const char*>(data), take);
    data += take;
    size -= take;
    messageLeft_ -= take;
    if (messageLeft_ == 0) parseServerHello();
  }
}

void TlsFlightClassifier::onHandshakeHeader() {
  const uint8_t type = messageHeader_[0];
  const size_t length = static_cast<size_t>(messageHeader_[1]) << 16 | read16(messageHeader_ + 2);
  if (phase_ == Phase::kAfterServerHello) {
    switch (type) {
      case kCertificate:
      case kServerKeyExchange:  // anonymous or PSK key exchange: no Certificate
      case kCertificateRequest:
      case kServerHelloDone: return decide(FirstFlight::kTlsFull);
      case kNewSessionTicket: return decide(FirstFlight::kTlsResumed);
      default: return decide(FirstFlight::kTlsOther);
    }
  }
  if (type != kServerHello || length > kMaxServerHello) return decide(FirstFlight::kTlsOther);
  messageLeft_ = length;
  serverHello_.clear();
  if (length == 0) parseServerHello();
}

void TlsFlightClassifier::parseServerHello() {
  messageHeaderHave_ = 0;  // the next handshake message starts
  const auto* p = reinterpret_cast<const uint8_t*>(serverHello_.data());
  const size_t n = serverHello_.size();
  // legacy_version (2), random (32), session id (1 + up to 32), cipher suite
  // (2), compression method (1), then optionally the extensions (2 + ...).
  if (n < 35) return decide(FirstFlight::kTlsOther);
  const bool retry = memcmp(p + 2, kHelloRetryRandom, sizeof kHelloRetryRandom) == 0;
  size_t at = 35 + p[34] + 3;
  if (at > n) return decide(FirstFlight::kTlsOther);
  bool tls13 = false, preSharedKey = false;
  if (at < n) {
    if (at + 2 > n || at + 2 + read16(p + at) != n) return decide(FirstFlight::kTlsOther);
    for (at += 2; at < n;) {
      if (at + 4 > n) return decide(FirstFlight::kTlsOther);
      const size_t type = read16(p + at), length = read16(p + at + 2);
      at += 4;
      if (at + length > n) return decide(FirstFlight::kTlsOther);
      if (type == kSupportedVersionsExtension && length == 2 && read16(p + at) == kTls13) {
        tls13 = true;
      }
      if (type == kPreSharedKeyExtension) preSharedKey = true;
      at += length;
    }
  }
  if (retry) {
    // TLS 1.3 asks the client for another key share: the real ServerHello
    // comes after the client's second ClientHello.
    sawRetry_ = afterRetry_ = true;
    return;
  }
  if (tls13) return decide(preSharedKey ? FirstFlight::kTlsResumed : FirstFlight::kTlsFull);
  phase_ = Phase::kAfterServerHello;
}

}  // namespace ehc_netem
