// The SHA-256 of a body as it streams by (mbedTLS's, hardware-accelerated
// on ESP32), checked against the digest the caller expects: an OTA image's,
// a file's. A pass-through stage: each piece is hashed, then handed on.
//
//   ehc::Sha256Digest digest;
//   digest.begin(fileSink);              // optional: where the bytes go on to
//   digest.feed(data, n);              // any number of times, any split
//   ehc::DigestError e = digest.finishAndCompare("9f86d081884c7d65...");
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../core/byte_sink.h"

EHC_BEGIN_NAMESPACE

enum class DigestError : uint8_t {
  Ok = 0,
  Mismatch,     // the data's SHA-256 is not the one expected
  BadExpected,  // the expected digest is not 64 hexadecimal digits
  HashFailed,   // mbedTLS refused (a hardware accelerator error)
  Stopped,      // the next stage stopped the stream
};
const char* digestErrorName(DigestError e);
const char* digestErrorMessage(DigestError e);

class Sha256Digest {
 public:
  static constexpr size_t kSize = 32;

  Sha256Digest();
  ~Sha256Digest();
  Sha256Digest(const Sha256Digest&) = delete;
  Sha256Digest& operator=(const Sha256Digest&) = delete;

  // A new digest; the bytes go on to `next` when it is set.
  void begin(ByteSink next = {});
  // Hashes and hands on; false once hashing failed or `next` said stop.
  bool feed(const uint8_t* data, size_t length);
  bool feed(const char* data, size_t length) {
    return feed(reinterpret_cast<const uint8_t*>(data), length);
  }
  ByteSink input() { return feedSink(this); }
  uint64_t bytes() const { return bytes_; }

  // The digest of everything fed since begin().
  DigestError finish(uint8_t out[kSize]);
  // finish(), then the digest against `expectedHex` (64 digits, any case).
  DigestError finishAndCompare(const char* expectedHex);

  // 64 lowercase hex digits and a NUL.
  static void toHex(const uint8_t digest[kSize], char out[2 * kSize + 1]);
  // 64 hex digits (any case) to bytes; false if it is not that.
  static bool fromHex(const char* hex, uint8_t out[kSize]);

 private:
  // mbedTLS's context, kept opaque so that this header does not need
  // mbedTLS's (an ESP-IDF component that includes it has no mbedTLS include
  // path: PRIV_REQUIRES). ESP-IDF's hardware-accelerated context is about 120
  // bytes; sha256_digest.cpp asserts the real one fits.
  static constexpr size_t kContextBytes = 192;
  alignas(8) unsigned char context_[kContextBytes];
  ByteSink next_;
  uint64_t bytes_ = 0;
  DigestError error_ = DigestError::Ok;
};

EHC_END_NAMESPACE
