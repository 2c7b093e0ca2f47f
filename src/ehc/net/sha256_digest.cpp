#include "sha256_digest.h"

#include <string.h>

#include <new>

#include "../core/error_text.h"
#include "mbedtls_compat.h"

EHC_BEGIN_NAMESPACE

namespace {

static_assert(sizeof(mbedtls_sha256_context) <= 192 && alignof(mbedtls_sha256_context) <= 8,
              "Sha256Digest::kContextBytes is too small for this mbedTLS's context");

mbedtls_sha256_context* contextOf(unsigned char* storage) {
  return std::launder(reinterpret_cast<mbedtls_sha256_context*>(storage));
}

constexpr ErrorText kTexts[] = {
    {"ok", "no error"},
    {"mismatch", "the SHA-256 of the data is not the one expected"},
    {"bad_expected", "the expected SHA-256 is not 64 hexadecimal digits"},
    {"hash_failed", "the SHA-256 could not be computed"},
    {"stopped", "the consumer of the data stopped it"},
};
static_assert(sizeof kTexts / sizeof kTexts[0] == static_cast<size_t>(DigestError::Stopped) + 1,
              "one text per error");

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

const char* digestErrorName(DigestError e) {
  return errorTextName<kTexts>(static_cast<size_t>(e));
}
const char* digestErrorMessage(DigestError e) {
  return errorTextMessage<kTexts>(static_cast<size_t>(e));
}

Sha256Digest::Sha256Digest() {
  mbedtls_sha256_init(new (context_) mbedtls_sha256_context);
  begin();
}

Sha256Digest::~Sha256Digest() {
  mbedtls_sha256_free(contextOf(context_));
}

void Sha256Digest::begin(ByteSink next) {
  next_ = next;
  bytes_ = 0;
  error_ = ehc_mbedtls::sha256Starts(contextOf(context_)) == 0 ? DigestError::Ok
                                                               : DigestError::HashFailed;
}

bool Sha256Digest::feed(const uint8_t* data, size_t length) {
  if (error_ != DigestError::Ok) return false;
  if (ehc_mbedtls::sha256Update(contextOf(context_), data, length) != 0) {
    error_ = DigestError::HashFailed;
    return false;
  }
  bytes_ += length;
  if (next_ && !next_(data, length)) {
    error_ = DigestError::Stopped;
    return false;
  }
  return true;
}

DigestError Sha256Digest::finish(uint8_t out[kSize]) {
  memset(out, 0, kSize);
  if (error_ != DigestError::Ok) return error_;
  if (ehc_mbedtls::sha256Finish(contextOf(context_), out) != 0) {
    memset(out, 0, kSize);
    error_ = DigestError::HashFailed;
  }
  return error_;
}

DigestError Sha256Digest::finishAndCompare(const char* expectedHex) {
  uint8_t expected[kSize], actual[kSize];
  const bool valid = fromHex(expectedHex, expected);
  const DigestError e = finish(actual);
  if (e != DigestError::Ok) return e;
  if (!valid) return DigestError::BadExpected;
  uint8_t diff = 0;  // every byte looked at, whatever differs first
  for (size_t i = 0; i < kSize; ++i) diff = static_cast<uint8_t>(diff | (expected[i] ^ actual[i]));
  return diff ? DigestError::Mismatch : DigestError::Ok;
}

void Sha256Digest::toHex(const uint8_t digest[kSize], char out[2 * kSize + 1]) {
  static const char kDigits[] = "0123456789abcdef";
  for (size_t i = 0; i < kSize; ++i) {
    out[2 * i] = kDigits[digest[i] >> 4];
    out[2 * i + 1] = kDigits[digest[i] & 15];
  }
  out[2 * kSize] = '\0';
}

bool Sha256Digest::fromHex(const char* hex, uint8_t out[kSize]) {
  if (!hex) return false;
  for (size_t i = 0; i < kSize; ++i) {
    const int high = hexValue(hex[2 * i]);
    if (high < 0) return false;
    const int low = hexValue(hex[2 * i + 1]);
    if (low < 0) return false;
    out[i] = static_cast<uint8_t>(high << 4 | low);
  }
  return hex[2 * kSize] == '\0';
}

EHC_END_NAMESPACE
