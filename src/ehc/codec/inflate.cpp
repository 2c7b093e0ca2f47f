// One state per thing the input may stop in the middle of; each state acts
// only once the bits it needs are there, so any split of the input gives
// the same output, error and error offset. The accept/reject rules are
// zlib's (inflate.c, inftrees.c), so both agree on every stream.
#include "inflate.h"

#include <string.h>

#include "../core/error_text.h"
#include "checksum.h"
#include "huffman.h"

EHC_BEGIN_NAMESPACE

namespace {

constexpr ErrorText kTexts[] = {
    {"ok", "no error"},
    {"truncated", "the compressed body ended too soon"},
    {"stopped", "the consumer of the decompressed body stopped it"},
    {"bad_window_size", "the inflate window is not a power of two from 256 to 32768 bytes"},
    {"not_zlib", "not a zlib stream (header check failed)"},
    {"bad_method", "compression method is not deflate"},
    {"bad_zlib_window", "the zlib header declares a window over 32 KB"},
    {"preset_dictionary", "the zlib stream needs a preset dictionary"},
    {"not_gzip", "not a gzip stream (no magic number)"},
    {"reserved_gzip_flags", "reserved gzip header flags are set"},
    {"header_crc_mismatch", "the gzip header CRC does not match"},
    {"bad_block_type", "invalid deflate block type"},
    {"bad_stored_length", "a stored block's length check failed"},
    {"too_many_codes", "too many literal/length or distance codes"},
    {"bad_code_length_code", "invalid code length code"},
    {"bad_length_repeat", "invalid code length repeat"},
    {"no_end_of_block", "the literal/length code has no end-of-block code"},
    {"bad_literal_code", "invalid literal/length code"},
    {"bad_distance_code", "invalid distance code"},
    {"bad_symbol", "invalid literal/length symbol in the data"},
    {"bad_distance_symbol", "invalid distance symbol in the data"},
    {"distance_too_far", "a distance reaches before the start of the data"},
    {"window_too_small", "a distance reaches beyond the inflate window (raise its size)"},
    {"crc_mismatch", "the gzip CRC-32 of the data does not match"},
    {"size_mismatch", "the gzip length of the data does not match"},
    {"adler_mismatch", "the zlib Adler-32 of the data does not match"},
    {"trailing_garbage", "bytes after the end of the compressed stream"},
};
static_assert(sizeof kTexts / sizeof kTexts[0] ==
                  static_cast<size_t>(InflateError::TrailingGarbage) + 1,
              "one text per error");

// RFC 1951 3.2.5: base and extra bits of each length and distance code,
// one word each (base | extra << 16).
constexpr uint16_t kLengthBase[29] = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                      15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                      67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr uint8_t kLengthExtraBits[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                          2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr uint16_t kDistanceBase[30] = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr uint8_t kDistanceExtraBits[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                            6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
struct BaseAndExtra {
  uint32_t entry[30];
  constexpr BaseAndExtra(const uint16_t* base, const uint8_t* extra, int n) : entry() {
    for (int i = 0; i < n; ++i) entry[i] = base[i] | uint32_t{extra[i]} << 16;
  }
};
constexpr BaseAndExtra kLengths(kLengthBase, kLengthExtraBits, 29);
constexpr BaseAndExtra kDistances(kDistanceBase, kDistanceExtraBits, 30);

// RFC 1951 3.2.7: the order the code length code's lengths come in.
const uint8_t kCodeLengthOrder[19] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                      11, 4,  12, 3, 13, 2, 14, 1, 15};

constexpr int kNeedMore = HuffmanCode::kNeedMore;

// A match: forwards and in order, since it may overlap what it writes
// (distance 1 is a run).
EHC_ALWAYS_INLINE uint8_t* copyForward(uint8_t* to, const uint8_t* from, uint32_t n) {
  if (to - from == 1 && n > 8) {
    memset(to, *from, n);
    return to + n;
  }
  for (; n >= 4; n -= 4, to += 4, from += 4) {
    to[0] = from[0];
    to[1] = from[1];
    to[2] = from[2];
    to[3] = from[3];
  }
  while (n--) *to++ = *from++;
  return to;
}

}  // namespace

const char* inflateErrorName(InflateError e) {
  return errorTextName<kTexts>(static_cast<size_t>(e));
}
const char* inflateErrorMessage(InflateError e) {
  return errorTextMessage<kTexts>(static_cast<size_t>(e));
}

Inflater::Inflater(uint8_t* window, size_t windowSize)
    : window_(window), windowSize_(static_cast<uint32_t>(windowSize)) {
  const bool usable =
      window && windowSize >= 256 && windowSize <= 32768 && (windowSize & (windowSize - 1)) == 0;
  if (!usable) windowSize_ = 0;
  literal_.fast = literalFast_;
  literal_.symbols = literalSymbols_;
  literal_.fastBits = kLiteralFastBits;
  distance_.fast = distanceFast_;
  distance_.symbols = distanceSymbols_;
  distance_.fastBits = kDistanceFastBits;
}

void Inflater::begin(InflateFormat format, ByteSink output) {
  output_ = output;
  format_ = format;
  in_ = inEnd_ = inStart_ = nullptr;
  bits_ = bitCount_ = 0;
  bytesIn_ = bytesOut_ = 0;
  members_ = 0;
  fixedBuilt_ = false;
  counter_ = 0;
  error_ = InflateError::Ok;
  errorOffset_ = 0;
  startStream();
  switch (format) {
    case InflateFormat::Raw: state_ = kBlockHeader; break;
    case InflateFormat::Zlib: state_ = kZlibHeader; break;
    case InflateFormat::Gzip: state_ = kGzipHeader; break;
    case InflateFormat::ZlibOrRaw: state_ = kDetect; break;
  }
  if (windowSize_ == 0) {
    state_ = kFailed;
    error_ = InflateError::BadWindowSize;
  }
}

void Inflater::startStream() {
  pos_ = flushed_ = 0;
  windowFull_ = false;
  memberOut_ = 0;
  check_ = format_ == InflateFormat::Gzip ? 0 : 1;
  headerCrc_ = 0;
  counter_ = 0;
}

bool Inflater::feed(const uint8_t* data, size_t length) {
  if (state_ == kFailed) return false;
  bytesIn_ += static_cast<uint64_t>(in_ - inStart_);
  in_ = inStart_ = data;
  inEnd_ = data + length;
  while (step()) {
  }
  return flush();
}

InflateError Inflater::finish() {
  if (state_ == kFailed || !flush()) return error_;
  if (atEnd()) return InflateError::Ok;
  fail(InflateError::Truncated);
  errorOffset_ = bytesIn();
  return error_;
}

bool Inflater::fail(InflateError e) {
  if (state_ == kFailed) return false;
  errorOffset_ = (bytesIn() * 8 - bitCount_) / 8;
  error_ = e;
  state_ = kFailed;
  // What was decoded before the error still goes out, so that the output
  // does not depend on how the input was split.
  if (pos_ != flushed_ && output_) output_(window_ + flushed_, pos_ - flushed_);
  bytesOut_ += pos_ - flushed_;
  flushed_ = pos_;
  return false;
}

bool Inflater::step() {
  switch (state_) {
    case kDetect: return detect();
    case kZlibHeader: return zlibHeader();
    case kGzipHeader: return gzipHeader();
    case kGzipExtraSize:
    case kGzipExtra: return gzipExtra();
    case kGzipName:
    case kGzipComment: return gzipText();
    case kGzipHeaderCrc: return gzipHeaderCrc();
    case kBlockHeader: return blockHeader();
    case kStoredHeader: return storedHeader();
    case kStoredCopy: return storedCopy();
    case kTableSizes: return tableSizes();
    case kCodeLengthCodes: return codeLengthCodes();
    case kCodeLengths:
    case kRepeat: return codeLengths();
    case kLiteral:
    case kLengthExtra:
    case kDistance:
    case kDistanceExtra: return codes();
    case kTrailer: return trailer();
    case kMemberStart:
    case kDone: return afterEnd();
    case kFailed: break;
  }
  return false;
}

// --- bits ------------------------------------------------------------------

bool Inflater::need(unsigned bits) {
  while (bitCount_ < bits) {
    if (in_ == inEnd_) return false;
    bits_ |= uint32_t{*in_++} << bitCount_;
    bitCount_ += 8;
  }
  return true;
}

uint32_t Inflater::take(unsigned bits) {
  const uint32_t value = bits_ & ((1u << bits) - 1u);
  bits_ >>= bits;
  bitCount_ -= bits;
  return value;
}

void Inflater::refill() {
  while (bitCount_ <= 24 && in_ != inEnd_) {
    bits_ |= uint32_t{*in_++} << bitCount_;
    bitCount_ += 8;
  }
}

bool Inflater::takeBytes(unsigned n) {
  while (counter_ < n) {
    if (!need(8)) return false;
    bytes_[counter_++] = static_cast<uint8_t>(take(8));
  }
  return true;
}

uint8_t Inflater::takeHeaderByte() {
  const uint8_t b = static_cast<uint8_t>(take(8));
  headerCrc_ = crc32Update(headerCrc_, &b, 1);
  return b;
}

// --- blocks ----------------------------------------------------------------

bool Inflater::blockHeader() {
  if (!need(3)) return false;
  finalBlock_ = take(1) != 0;
  switch (take(2)) {
    case 0:
      counter_ = 0;
      state_ = kStoredHeader;
      return true;
    case 1:
      if (!fixedBuilt_) buildFixed();
      state_ = kLiteral;
      return true;
    case 2: state_ = kTableSizes; return true;
    default: return fail(InflateError::BadBlockType);
  }
}

void Inflater::endOfBlock() {
  if (!finalBlock_) {
    state_ = kBlockHeader;
    return;
  }
  take(bitCount_ & 7);  // to a byte boundary
  counter_ = 0;
  state_ = format_ == InflateFormat::Raw ? kDone : kTrailer;
}

bool Inflater::storedHeader() {
  take(bitCount_ & 7);
  if (!takeBytes(4)) return false;
  const uint32_t length = bytes_[0] | uint32_t{bytes_[1]} << 8;
  const uint32_t check = bytes_[2] | uint32_t{bytes_[3]} << 8;
  if (length != (~check & 0xFFFF)) return fail(InflateError::BadStoredLength);
  remaining_ = length;
  state_ = kStoredCopy;
  return true;
}

bool Inflater::storedCopy() {
  while (remaining_) {
    if (bitCount_ >= 8) {  // bytes the bit buffer took ahead
      --remaining_;
      if (!put(static_cast<uint8_t>(take(8)))) return false;
      continue;
    }
    if (in_ == inEnd_) return false;
    uint32_t n = remaining_;
    if (n > static_cast<size_t>(inEnd_ - in_)) n = static_cast<uint32_t>(inEnd_ - in_);
    if (n > windowSize_ - pos_) n = windowSize_ - pos_;
    memcpy(window_ + pos_, in_, n);
    in_ += n;
    pos_ += n;
    remaining_ -= n;
    if (pos_ == windowSize_ && !wrap()) return false;
  }
  endOfBlock();
  return true;
}

bool Inflater::tableSizes() {
  if (!need(14)) return false;
  literalCount_ = static_cast<uint16_t>(take(5) + 257);
  distanceCount_ = static_cast<uint16_t>(take(5) + 1);
  codeLengthCount_ = static_cast<uint8_t>(take(4) + 4);
  if (literalCount_ > 286 || distanceCount_ > 30) return fail(InflateError::TooManyCodes);
  memset(lengths_, 0, sizeof kCodeLengthOrder);
  counter_ = 0;
  state_ = kCodeLengthCodes;
  return true;
}

bool Inflater::codeLengthCodes() {
  for (; counter_ < codeLengthCount_; ++counter_) {
    if (!need(3)) return false;
    lengths_[kCodeLengthOrder[counter_]] = static_cast<uint8_t>(take(3));
  }
  // The code length code lives in the distance table until the real one.
  fixedBuilt_ = false;
  if (!distance_.build(lengths_, sizeof kCodeLengthOrder, false))
    return fail(InflateError::BadCodeLengthCode);
  counter_ = 0;
  state_ = kCodeLengths;
  return true;
}

bool Inflater::codeLengths() {
  const unsigned total = literalCount_ + distanceCount_;
  while (counter_ < total) {
    if (state_ == kCodeLengths) {
      const int symbol = decode(distance_);
      if (symbol == kNeedMore) return false;
      if (symbol < 0) return fail(InflateError::BadCodeLengthCode);
      if (symbol < 16) {
        lengths_[counter_++] = static_cast<uint8_t>(symbol);
        continue;
      }
      repeatSymbol_ = static_cast<uint8_t>(symbol);
      state_ = kRepeat;
    }
    // 16: the previous length 3-6 times; 17: zero 3-10 times; 18: zero 11-138 times.
    const unsigned extra = repeatSymbol_ == 16 ? 2 : repeatSymbol_ == 17 ? 3 : 7;
    if (!need(extra)) return false;
    const unsigned times = take(extra) + (repeatSymbol_ == 18 ? 11 : 3);
    if (repeatSymbol_ == 16 && counter_ == 0) return fail(InflateError::BadLengthRepeat);
    if (counter_ + times > total) return fail(InflateError::BadLengthRepeat);
    const uint8_t value = repeatSymbol_ == 16 ? lengths_[counter_ - 1] : 0;
    memset(lengths_ + counter_, value, times);
    counter_ += times;
    state_ = kCodeLengths;
  }
  if (lengths_[256] == 0) return fail(InflateError::NoEndOfBlock);
  if (!literal_.build(lengths_, literalCount_, true)) return fail(InflateError::BadLiteralCode);
  if (!distance_.build(lengths_ + literalCount_, distanceCount_, true))
    return fail(InflateError::BadDistanceCode);
  state_ = kLiteral;
  return true;
}

bool Inflater::codes() {
  for (;;) {
    if (state_ == kLiteral) fastCodes();
    switch (state_) {
      case kLiteral: {
        const int symbol = decode(literal_);
        if (symbol < 0) return symbol == kNeedMore ? false : fail(InflateError::BadSymbol);
        if (symbol < 256) {
          if (!put(static_cast<uint8_t>(symbol))) return false;
          continue;
        }
        if (symbol == 256) {
          endOfBlock();
          return true;
        }
        if (symbol > 285) return fail(InflateError::BadSymbol);
        lengthIndex_ = static_cast<uint16_t>(symbol - 257);
        state_ = kLengthExtra;
      }
        [[fallthrough]];
      case kLengthExtra: {
        const uint32_t code = kLengths.entry[lengthIndex_];
        if (!need(code >> 16)) return false;
        length_ = static_cast<uint16_t>((code & 0xFFFF) + take(code >> 16));
        state_ = kDistance;
      }
        [[fallthrough]];
      case kDistance: {
        const int symbol = decode(distance_);
        if (symbol == kNeedMore) return false;
        if (symbol < 0 || symbol > 29) return fail(InflateError::BadDistanceSymbol);
        distanceIndex_ = static_cast<uint16_t>(symbol);
        state_ = kDistanceExtra;
      }
        [[fallthrough]];
      case kDistanceExtra: {
        const uint32_t code = kDistances.entry[distanceIndex_];
        if (!need(code >> 16)) return false;
        const uint32_t distance = (code & 0xFFFF) + take(code >> 16);
        if (!windowFull_ && distance > pos_) return fail(InflateError::DistanceTooFar);
        if (distance > windowSize_) return fail(InflateError::WindowTooSmall);
        state_ = kLiteral;
        if (!copy(distance, length_)) return false;
        continue;
      }
      default: return state_ != kFailed;  // the block ended
    }
  }
}

// What codes() does, with the hot state in locals and without saving
// states in between: while kFastInput bytes of input remain, a whole
// literal or length/distance pair is there. Leaves at the block's end, an
// error, a code longer than the fast tables, a copy that wraps the window,
// or when the input runs low; codes() goes on from the state it leaves.
void Inflater::fastCodes() {
  // A pair takes at most 15+5+15+13 bits; the refills below pull at most
  // 4 + 3 + 2 bytes for it.
  constexpr ptrdiff_t kFastInput = 12;
  if (inEnd_ - in_ < kFastInput) return;
  const uint8_t* in = in_;
  const uint8_t* const limit = inEnd_ - kFastInput;
  uint32_t bits = bits_, count = bitCount_;
  uint8_t* out = window_ + pos_;
  uint8_t* const end = window_ + windowSize_;
  const uint16_t* const literals = literal_.fast;
  const uint16_t* const distances = distance_.fast;
  constexpr uint32_t kLiteralMask = (1u << kLiteralFastBits) - 1;
  constexpr uint32_t kDistanceMask = (1u << kDistanceFastBits) - 1;
  // (Inline: in locals they stay in registers.)
  auto refill = [&]() __attribute__((always_inline)) {
    while (count <= 24) {
      bits |= uint32_t{*in++} << count;
      count += 8;
    }
  };
  auto save = [&]() __attribute__((always_inline)) {
    in_ = in;
    bits_ = bits;
    bitCount_ = count;
    pos_ = static_cast<uint32_t>(out - window_);
  };
  auto consume = [&](uint32_t n) __attribute__((always_inline)) {
    bits >>= n;
    count -= n;
  };
  auto wrapped = [&]() __attribute__((always_inline)) {
    save();
    if (!wrap()) return false;
    out = window_;
    return true;
  };
  while (in <= limit) {
    refill();
    uint32_t entry = literals[bits & kLiteralMask];
    if (entry >> 9 == 0) break;  // a long code
    consume(entry >> 9);
    if (!(entry & 0x100)) {  // a literal
      *out++ = static_cast<uint8_t>(entry);
      if (out == end && !wrapped()) return;
      // With 16 bits still at hand, often a second one.
      entry = literals[bits & kLiteralMask];
      if (entry >> 9 == 0 || (entry & 0x100)) continue;
      consume(entry >> 9);
      *out++ = static_cast<uint8_t>(entry);
      if (out == end && !wrapped()) return;
      continue;
    }
    const uint32_t symbol = entry & 0x1FF;
    if (symbol == 256 || symbol > 285) {
      save();
      if (symbol == 256)
        endOfBlock();
      else
        fail(InflateError::BadSymbol);
      return;
    }
    uint32_t code = kLengths.entry[symbol - 257];
    const uint32_t length = (code & 0xFFFF) + (bits & ((1u << (code >> 16)) - 1));
    consume(code >> 16);
    refill();
    entry = distances[bits & kDistanceMask];
    if (entry >> 9 == 0) {  // a long code: codes() goes on from the distance
      save();
      length_ = static_cast<uint16_t>(length);
      state_ = kDistance;
      return;
    }
    consume(entry >> 9);
    if ((entry & 0x1FF) > 29) {
      save();
      fail(InflateError::BadDistanceSymbol);
      return;
    }
    code = kDistances.entry[entry & 0x1FF];
    if (count < code >> 16) refill();
    const uint32_t distance = (code & 0xFFFF) + (bits & ((1u << (code >> 16)) - 1));
    consume(code >> 16);
    const uint32_t pos = static_cast<uint32_t>(out - window_);
    if ((!windowFull_ && distance > pos) || distance > windowSize_) {
      save();
      fail(!windowFull_ && distance > pos ? InflateError::DistanceTooFar
                                          : InflateError::WindowTooSmall);
      return;
    }
    const uint8_t* from = distance <= pos ? out - distance : out + (windowSize_ - distance);
    if (end - out > static_cast<ptrdiff_t>(length) &&
        end - from >= static_cast<ptrdiff_t>(length)) {
      out = copyForward(out, from, length);
    } else {  // it wraps the window
      save();
      if (!copy(distance, length)) return;
      out = window_ + pos_;
    }
  }
  save();
}

// --- Huffman codes (huffman.cpp builds them) ---------------------------------

void Inflater::buildFixed() {
  // RFC 1951 3.2.6.
  memset(lengths_, 8, 144);
  memset(lengths_ + 144, 9, 112);
  memset(lengths_ + 256, 7, 24);
  memset(lengths_ + 280, 8, 8);
  literal_.build(lengths_, 288, true);
  memset(lengths_, 5, 32);
  distance_.build(lengths_, 32, true);
  fixedBuilt_ = true;
}

int Inflater::decode(const HuffmanCode& code) {
  refill();
  const uint32_t entry = code.fast[bits_ & ((1u << code.fastBits) - 1u)];
  const uint32_t length = entry >> 9;
  if (length != 0 && length <= bitCount_) {
    bits_ >>= length;
    bitCount_ -= length;
    return static_cast<int>(entry & 0x1FF);
  }
  return decodeSlow(code);
}

// A code longer than the fast table (or bits still missing).
int Inflater::decodeSlow(const HuffmanCode& code) {
  uint32_t length;
  const int symbol = code.decodeSlow(bits_, bitCount_, &length);
  if (symbol >= 0) take(length);
  return symbol;
}

// --- output ------------------------------------------------------------------

bool Inflater::put(uint8_t byte) {
  window_[pos_++] = byte;
  return pos_ != windowSize_ || wrap();
}

bool Inflater::copy(uint32_t distance, uint32_t length) {
  const uint32_t mask = windowSize_ - 1;
  uint32_t from = (pos_ - distance) & mask;
  while (length) {
    uint32_t n = length;
    if (n > windowSize_ - pos_) n = windowSize_ - pos_;
    if (n > windowSize_ - from) n = windowSize_ - from;
    copyForward(window_ + pos_, window_ + from, n);
    pos_ += n;
    from = (from + n) & mask;
    length -= n;
    if (pos_ == windowSize_ && !wrap()) return false;
  }
  return true;
}

bool Inflater::wrap() {
  if (!flush()) return false;
  pos_ = flushed_ = 0;
  windowFull_ = true;
  return true;
}

bool Inflater::flush() {
  if (state_ == kFailed) return false;
  if (pos_ == flushed_) return true;
  const uint8_t* data = window_ + flushed_;
  const uint32_t n = pos_ - flushed_;
  flushed_ = pos_;
  memberOut_ += n;
  bytesOut_ += n;
  if (format_ == InflateFormat::Gzip)
    check_ = crc32Update(check_, data, n);
  else if (format_ == InflateFormat::Zlib)
    check_ = adler32Update(check_, data, n);
  if (output_ && !output_(data, n)) return fail(InflateError::Stopped);
  return true;
}

EHC_END_NAMESPACE
