// A push inflater: deflate (RFC 1951: stored, fixed and dynamic Huffman
// blocks) raw, in a zlib wrapper (RFC 1950, Adler-32 checked) or in gzip
// members (RFC 1952: FEXTRA/FNAME/FCOMMENT/FHCRC, CRC-32 and ISIZE checked,
// members one after another). Compressed bytes go in, in pieces of any
// size; the decompressed bytes come out to a sink in pieces, straight from
// the history window (no second buffer), which the caller provides.
//
//   static uint8_t window[32768];            // or less: see below
//   ehc::Inflater inflater(window, sizeof window);
//   inflater.begin(ehc::InflateFormat::Gzip, sink);   // sink: ehc::ByteSink
//   inflater.feed(body, n);                  // any number of times, any split
//   ehc::InflateError e = inflater.finish(); // the input ended
//
// Memory: the window (32 KB reads any stream) and this object (about 3 KB of
// decoding tables). A smaller window, a power of two from 256 bytes, reads
// the streams whose distances fit in it (a compressor's window setting:
// zlib's windowBits, gzip cannot be told); a distance beyond it is
// InflateError::WindowTooSmall, never a wrong byte. Nothing is allocated.
//
// Output is delivered as it is decoded, before the checksum at the end of
// the stream can be checked: a consumer keeps nothing until finish()
// returns Ok (a download deletes its file otherwise).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../core/byte_sink.h"
#include "huffman.h"

EHC_BEGIN_NAMESPACE

enum class InflateFormat : uint8_t {
  Raw,        // deflate alone
  Zlib,       // RFC 1950
  Gzip,       // RFC 1952, one or more members
  ZlibOrRaw,  // HTTP's "deflate": zlib, or raw deflate where no zlib header is
};

enum class InflateError : uint8_t {
  Ok = 0,
  Truncated,          // the input ended inside the stream
  Stopped,            // the output sink asked to stop
  BadWindowSize,      // the window given is not a power of two in 256..32768
  NotZlib,            // the zlib header check failed
  BadMethod,          // the compression method is not deflate
  BadZlibWindow,      // the zlib header declares a window over 32 KB
  PresetDictionary,   // the zlib stream needs a preset dictionary
  NotGzip,            // no gzip magic number
  ReservedGzipFlags,  // reserved gzip header flags are set
  HeaderCrcMismatch,  // FHCRC does not match the header
  BadBlockType,       // block type 3
  BadStoredLength,    // a stored block's LEN and NLEN disagree
  TooManyCodes,       // more than 286 literal/length or 30 distance codes
  BadCodeLengthCode,  // the code length code is over-subscribed or incomplete
  BadLengthRepeat,    // a code length repeat with nothing before it, or too long
  NoEndOfBlock,       // the literal/length code has no end-of-block code
  BadLiteralCode,     // the literal/length code is over-subscribed or incomplete
  BadDistanceCode,    // the distance code is over-subscribed or incomplete
  BadSymbol,          // an invalid literal/length code in the data
  BadDistanceSymbol,  // an invalid distance code in the data
  DistanceTooFar,     // a distance reaching before the start of the output
  WindowTooSmall,     // a distance reaching beyond the window given
  CrcMismatch,        // gzip: the CRC-32 of the data differs
  SizeMismatch,       // gzip: ISIZE differs from the data's length
  AdlerMismatch,      // zlib: the Adler-32 of the data differs
  TrailingGarbage,    // bytes after the end of the stream
};
const char* inflateErrorName(InflateError e);
const char* inflateErrorMessage(InflateError e);

class Inflater {
 public:
  // The window: a power of two from 256 to 32768 bytes (else every begin()
  // fails with BadWindowSize); it must outlive the inflater.
  Inflater(uint8_t* window, size_t windowSize);
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  // Ready for a new stream; decoded bytes go to `output`.
  void begin(InflateFormat format, ByteSink output);
  // Takes compressed bytes; false once the stream failed or was stopped.
  // Everything decoded from them has reached the output when it returns.
  bool feed(const uint8_t* data, size_t length);
  bool feed(const char* data, size_t length) {
    return feed(reinterpret_cast<const uint8_t*>(data), length);
  }
  // This inflater as the sink of the stage before it (a response body).
  ByteSink input() { return feedSink(this); }
  // The input ended: Ok only after a whole stream (for gzip: whole members).
  InflateError finish();

  // A whole stream (or gzip member) has ended; for gzip, another member may
  // still follow.
  bool atEnd() const { return state_ == kDone || state_ == kMemberStart; }
  bool failed() const { return state_ == kFailed; }
  InflateError error() const { return error_; }
  // The compressed byte at which the error was found (the same for every
  // split of the input).
  uint64_t errorOffset() const { return errorOffset_; }
  uint64_t bytesIn() const { return bytesIn_ + static_cast<uint64_t>(in_ - inStart_); }
  uint64_t bytesOut() const { return bytesOut_; }
  uint32_t gzipMembers() const { return members_; }

  // Fast lookup bits per table (longer codes take a slower path): the
  // trade between this object's size and speed.
  static constexpr unsigned kLiteralFastBits = 9;
  static constexpr unsigned kDistanceFastBits = 7;

 private:
  enum State : uint8_t {
    kDetect,         // ZlibOrRaw: which one
    kZlibHeader,     //
    kGzipHeader,     // the 10 fixed bytes
    kGzipExtraSize,  // FEXTRA: XLEN
    kGzipExtra,      // FEXTRA: the bytes
    kGzipName,       // FNAME, zero-terminated
    kGzipComment,    // FCOMMENT, zero-terminated
    kGzipHeaderCrc,  // FHCRC
    kBlockHeader,
    kStoredHeader,
    kStoredCopy,
    kTableSizes,       // HLIT, HDIST, HCLEN
    kCodeLengthCodes,  // 3 bits each, HCLEN of them
    kCodeLengths,      // the literal/length and distance code lengths
    kRepeat,           // the extra bits of a code length repeat
    kLiteral,          // a literal/length code
    kLengthExtra,
    kDistance,
    kDistanceExtra,
    kTrailer,      // zlib: Adler-32; gzip: CRC-32, ISIZE
    kMemberStart,  // gzip: between members
    kDone,
    kFailed,
  };

  void startStream();
  bool step();
  bool detect();
  bool zlibHeader();
  bool gzipHeader();
  bool gzipExtra();
  bool gzipText();
  bool gzipHeaderCrc();
  void nextGzipField();
  bool blockHeader();
  void endOfBlock();
  bool storedHeader();
  bool storedCopy();
  bool tableSizes();
  bool codeLengthCodes();
  bool codeLengths();
  bool repeat();
  bool codes();
  void fastCodes();
  bool trailer();
  bool afterEnd();

  void buildFixed();
  int decode(const HuffmanCode& code);
  int decodeSlow(const HuffmanCode& code);

  bool need(unsigned bits);
  uint32_t take(unsigned bits);
  void refill();
  bool takeBytes(unsigned n);  // into bytes_, progress in counter_
  uint8_t takeHeaderByte();

  bool put(uint8_t byte);
  bool copy(uint32_t distance, uint32_t length);
  bool wrap();
  bool flush();
  bool fail(InflateError e);

  // window
  uint8_t* window_;
  uint32_t windowSize_;
  uint32_t pos_ = 0;         // where the next byte goes
  uint32_t flushed_ = 0;     // window_[flushed_..pos_) is not delivered yet
  bool windowFull_ = false;  // it wrapped: every distance up to its size is in this stream
  ByteSink output_;

  // input
  const uint8_t* in_ = nullptr;
  const uint8_t* inEnd_ = nullptr;
  const uint8_t* inStart_ = nullptr;  // of the current feed
  uint32_t bits_ = 0;                 // input bits not used yet, the next one lowest
  uint32_t bitCount_ = 0;
  uint64_t bytesIn_ = 0;  // before the current feed
  uint64_t bytesOut_ = 0;
  uint32_t memberOut_ = 0;  // output delivered of this stream / gzip member, mod 2^32

  State state_ = kFailed;
  InflateFormat format_ = InflateFormat::Raw;
  InflateError error_ = InflateError::BadWindowSize;
  uint64_t errorOffset_ = 0;
  bool finalBlock_ = false;
  bool fixedBuilt_ = false;  // the tables hold the fixed codes
  uint8_t gzipFlags_ = 0;
  uint32_t members_ = 0;
  uint32_t check_ = 0;      // CRC-32 or Adler-32 of the output so far
  uint32_t headerCrc_ = 0;  // gzip: CRC-32 of the header so far
  uint8_t bytes_[10] = {};  // header / trailer bytes being gathered
  uint32_t counter_ = 0;    // progress in the current state
  uint32_t remaining_ = 0;  // stored bytes; FEXTRA bytes

  // dynamic block header
  uint16_t literalCount_ = 0;  // HLIT + 257
  uint16_t distanceCount_ = 0;
  uint8_t codeLengthCount_ = 0;
  uint8_t repeatSymbol_ = 0;
  uint8_t lengths_[288 + 32] = {};

  // the current block
  uint16_t lengthIndex_ = 0;  // length code - 257
  uint16_t length_ = 0;
  uint16_t distanceIndex_ = 0;

  HuffmanCode literal_;
  HuffmanCode distance_;  // also the code length code while the header is read
  uint16_t literalFast_[1u << kLiteralFastBits];
  uint16_t literalSymbols_[288];
  uint16_t distanceFast_[1u << kDistanceFastBits];
  uint16_t distanceSymbols_[32];
};

// An inflater with its window inside (WindowSize bytes): place it
// statically or allocate it once, it is too big for most stacks.
template <size_t WindowSize = 32768>
class StaticInflater : public Inflater {
 public:
  StaticInflater() : Inflater(window_, WindowSize) {}

 private:
  uint8_t window_[WindowSize];
};

EHC_END_NAMESPACE
