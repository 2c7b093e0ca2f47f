// The zlib (RFC 1950) and gzip (RFC 1952) wrappers around deflate: their
// headers, trailers and the gzip members after the first; inflate.cpp
// decodes the deflate data between them.
#include "checksum.h"
#include "inflate.h"

EHC_BEGIN_NAMESPACE

namespace {

enum GzipFlag : uint8_t { kHeaderCrc = 2, kExtra = 4, kName = 8, kComment = 16 };

uint32_t littleEndian(const uint8_t* b) {
  return b[0] | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
}

}  // namespace

bool Inflater::detect() {
  if (!need(16)) return false;
  const uint32_t cmf = bits_ & 0xFF, flg = bits_ >> 8 & 0xFF;
  const bool zlib = (cmf << 8 | flg) % 31 == 0 && (cmf & 15) == 8 && cmf >> 4 <= 7;
  format_ = zlib ? InflateFormat::Zlib : InflateFormat::Raw;
  state_ = zlib ? kZlibHeader : kBlockHeader;
  return true;
}

bool Inflater::zlibHeader() {
  if (!takeBytes(2)) return false;
  const uint32_t cmf = bytes_[0], flg = bytes_[1];
  if ((cmf << 8 | flg) % 31) return fail(InflateError::NotZlib);
  if ((cmf & 15) != 8) return fail(InflateError::BadMethod);
  if (cmf >> 4 > 7) return fail(InflateError::BadZlibWindow);
  if (flg & 0x20) return fail(InflateError::PresetDictionary);
  state_ = kBlockHeader;
  return true;
}

bool Inflater::gzipHeader() {
  while (counter_ < 10) {
    if (!need(8)) return false;
    const uint8_t b = static_cast<uint8_t>(take(8));
    bytes_[counter_++] = b;
    // A later member must start like one, or it is not a member at all.
    if ((counter_ == 1 && b != 0x1F) || (counter_ == 2 && b != 0x8B))
      return fail(members_ ? InflateError::TrailingGarbage : InflateError::NotGzip);
  }
  headerCrc_ = crc32Update(0, bytes_, 10);
  if (bytes_[2] != 8) return fail(InflateError::BadMethod);
  if (bytes_[3] & 0xE0) return fail(InflateError::ReservedGzipFlags);
  gzipFlags_ = bytes_[3];
  nextGzipField();
  return true;
}

// The optional header fields, in their order.
void Inflater::nextGzipField() {
  counter_ = 0;
  if (gzipFlags_ & kExtra)
    state_ = kGzipExtraSize;
  else if (gzipFlags_ & kName)
    state_ = kGzipName;
  else if (gzipFlags_ & kComment)
    state_ = kGzipComment;
  else if (gzipFlags_ & kHeaderCrc)
    state_ = kGzipHeaderCrc;
  else
    state_ = kBlockHeader;
}

bool Inflater::gzipExtra() {
  if (state_ == kGzipExtraSize) {
    if (!takeBytes(2)) return false;
    headerCrc_ = crc32Update(headerCrc_, bytes_, 2);
    remaining_ = bytes_[0] | uint32_t{bytes_[1]} << 8;
    state_ = kGzipExtra;
  }
  for (; remaining_; --remaining_) {
    if (!need(8)) return false;
    takeHeaderByte();
  }
  gzipFlags_ &= static_cast<uint8_t>(~kExtra);
  nextGzipField();
  return true;
}

bool Inflater::gzipText() {
  do {
    if (!need(8)) return false;
  } while (takeHeaderByte() != 0);
  gzipFlags_ &= static_cast<uint8_t>(state_ == kGzipName ? ~kName : ~kComment);
  nextGzipField();
  return true;
}

bool Inflater::gzipHeaderCrc() {
  if (!takeBytes(2)) return false;
  if ((bytes_[0] | uint32_t{bytes_[1]} << 8) != (headerCrc_ & 0xFFFF))
    return fail(InflateError::HeaderCrcMismatch);
  state_ = kBlockHeader;
  return true;
}

bool Inflater::trailer() {
  const bool gzip = format_ == InflateFormat::Gzip;
  if (!takeBytes(gzip ? 8 : 4)) return false;
  if (!flush()) return false;  // the checksum covers every byte
  if (!gzip) {
    const uint32_t adler = uint32_t{bytes_[0]} << 24 | uint32_t{bytes_[1]} << 16 |
                           uint32_t{bytes_[2]} << 8 | bytes_[3];
    if (adler != check_) return fail(InflateError::AdlerMismatch);
    state_ = kDone;
    return true;
  }
  if (littleEndian(bytes_) != check_) return fail(InflateError::CrcMismatch);
  if (littleEndian(bytes_ + 4) != memberOut_) return fail(InflateError::SizeMismatch);
  ++members_;
  state_ = kMemberStart;
  return true;
}

bool Inflater::afterEnd() {
  if (bitCount_ == 0 && in_ == inEnd_) return false;
  if (state_ == kDone) return fail(InflateError::TrailingGarbage);
  startStream();  // the next gzip member (distances do not reach into the last)
  state_ = kGzipHeader;
  return true;
}

EHC_END_NAMESPACE
