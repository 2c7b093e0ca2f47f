// A download's SHA-256 checked against the digest expected (an OTA image's,
// a file's): a BodyCheck over Sha256Digest (mbedTLS; the SHA peripheral on
// ESP32). Header-only, so that only programs using it link mbedTLS's hash.
//
//   ehc::Sha256Check digest("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
//   client.get("/fw.bin").downloadTo(Update).verify(digest).send();
//   // a mismatch: EHC_ERROR_DIGEST_MISMATCH; digest.hex() is what came
#pragma once

#include "../config.h"
#include "../net/sha256_digest.h"
#include "body_options.h"

EHC_BEGIN_NAMESPACE

class Sha256Check final : public BodyCheck {
 public:
  // expectedHex: 64 hex digits, either case; it must outlive the request.
  explicit Sha256Check(const char* expectedHex) : expected_(expectedHex) {}

  void begin() override {
    digest_.begin();
    hex_[0] = '\0';
    error_ = DigestError::Ok;
  }
  bool feed(const uint8_t* data, size_t length) override { return digest_.feed(data, length); }
  bool passed(ErrorCause* cause) override {
    uint8_t raw[Sha256Digest::kSize];
    uint8_t want[Sha256Digest::kSize];
    error_ = digest_.finish(raw);
    if (error_ == DigestError::Ok) {
      Sha256Digest::toHex(raw, hex_);
      if (!expected_ || !Sha256Digest::fromHex(expected_, want))
        error_ = DigestError::BadExpected;
      else if (!sameBytes(raw, want))
        error_ = DigestError::Mismatch;
    }
    switch (error_) {
      case DigestError::Ok: return true;
      case DigestError::Mismatch: *cause = ErrorCause(RequestError::DigestMismatch); break;
      case DigestError::BadExpected: *cause = ErrorCause(RequestError::DigestBadExpected); break;
      default: *cause = ErrorCause(RequestError::DigestFailed); break;
    }
    return false;
  }

  DigestError error() const { return error_; }
  // The digest of what was written (after the request), "" when none.
  const char* hex() const { return hex_; }

 private:
  static bool sameBytes(const uint8_t* a, const uint8_t* b) {
    uint8_t diff = 0;
    for (size_t i = 0; i < Sha256Digest::kSize; ++i) diff |= a[i] ^ b[i];
    return diff == 0;
  }

  Sha256Digest digest_;
  const char* expected_;
  DigestError error_ = DigestError::Ok;
  char hex_[2 * Sha256Digest::kSize + 1] = {};
};

EHC_END_NAMESPACE
