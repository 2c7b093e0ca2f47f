// BufferedStreamReader: a byte reader with one byte of look-ahead, over a C
// string or (on Arduino) a Stream, optionally undoing HTTP/1.1 chunked
// framing, for sketches written for ESP32-HTTP-Client that parse something
// by hand. The client itself never uses it (bodies go through the push
// parsers). No heap: BUF_SIZE bytes inside the object.
//
//   BufferedStreamReader r(&client, true);   // a WiFiClient after a chunked head
//   while (r.available()) Serial.write(r.read());
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

#if defined(ARDUINO)
#include <Stream.h>
#endif

EHC_BEGIN_NAMESPACE

class BufferedStreamReader {
 public:
  static constexpr size_t BUF_SIZE = 64;

#if defined(ARDUINO)
  // Each refill waits at most the stream's timeout (Stream::setTimeout).
  explicit BufferedStreamReader(Stream* stream, bool isChunked = false)
      : stream_(stream), chunked_(isChunked) {}
#endif
  explicit BufferedStreamReader(const char* text);

  bool available() {
    return peek() >= 0;
  }
  int read() {
    const int c = peek();
    next_ = kNone;
    return c;
  }
  int peek() {
    if (next_ == kNone) next_ = produce();
    return next_;
  }
  // The chunked framing was malformed (the reader ended there).
  bool framingError() const {
    return badFraming_;
  }

 private:
  static constexpr int kNone = -2;
  enum class Chunk : uint8_t { Size, Extension, SizeEnd, Data, DataCr, DataLf, Trailer, End };

  int produce();      // the next byte of content, or -1 at its end
  int rawByte();      // the next byte from the source, or -1
  int chunkedByte();  // produce() through the chunked framing
  int stop(bool bad) {
    badFraming_ = bad;
    chunk_ = Chunk::End;
    return -1;
  }

#if defined(ARDUINO)
  Stream* stream_ = nullptr;
#endif
  const char* text_ = nullptr;
  uint8_t buf_[BUF_SIZE];
  size_t pos_ = 0, len_ = 0;
  int next_ = kNone;
  bool chunked_ = false;
  bool badFraming_ = false;
  bool sourceEnded_ = false;
  Chunk chunk_ = Chunk::Size;
  uint64_t chunkLeft_ = 0;
  uint8_t sizeDigits_ = 0;
  bool lineHasText_ = false;  // a trailer line had bytes
};

EHC_END_NAMESPACE
