#include "buffered_stream_reader.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

BufferedStreamReader::BufferedStreamReader(const char* text) : text_(text ? text : "") {}

int BufferedStreamReader::rawByte() {
  if (pos_ < len_) return buf_[pos_++];
  if (sourceEnded_) return -1;
  if (text_) {  // straight from the string, no copy
    if (*text_ == '\0') {
      sourceEnded_ = true;
      return -1;
    }
    return static_cast<uint8_t>(*text_++);
  }
#if defined(ARDUINO)
  if (stream_) {
    const int ready = stream_->available();
    const size_t have = ready > 0 ? static_cast<size_t>(ready) : 1;
    const size_t want = have < BUF_SIZE ? have : BUF_SIZE;
    len_ = stream_->readBytes(buf_, want);  // waits up to the stream's timeout
    pos_ = 0;
    if (len_ > 0) return buf_[pos_++];
  }
#endif
  sourceEnded_ = true;
  return -1;
}

int BufferedStreamReader::produce() {
  return chunked_ ? chunkedByte() : rawByte();
}

static int hexValue(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// RFC 9112 7.1: size [; extensions] CRLF, data CRLF, ..., 0 CRLF, trailers CRLF.
int BufferedStreamReader::chunkedByte() {
  for (;;) {
    if (chunk_ == Chunk::End) return -1;
    if (chunk_ == Chunk::Data) {
      const int c = rawByte();
      if (c < 0) return stop(true);
      if (--chunkLeft_ == 0) chunk_ = Chunk::DataCr;
      return c;
    }
    const int c = rawByte();
    if (c < 0) return stop(true);
    switch (chunk_) {
      case Chunk::Size: {
        const int v = hexValue(c);
        if (v >= 0) {
          if (++sizeDigits_ > 15) return stop(true);  // no chunk is that big
          chunkLeft_ = chunkLeft_ * 16 + static_cast<unsigned>(v);
        } else if (sizeDigits_ == 0) {
          return stop(true);
        } else if (c == ';' || c == ' ' || c == '\t') {
          chunk_ = Chunk::Extension;
        } else if (c == '\r') {
          chunk_ = Chunk::SizeEnd;
        } else {
          return stop(true);
        }
        break;
      }
      case Chunk::Extension:
        if (c == '\r') chunk_ = Chunk::SizeEnd;
        break;
      case Chunk::SizeEnd:
        if (c != '\n') return stop(true);
        sizeDigits_ = 0;
        chunk_ = chunkLeft_ ? Chunk::Data : Chunk::Trailer;
        lineHasText_ = false;
        break;
      case Chunk::DataCr:
        if (c != '\r') return stop(true);
        chunk_ = Chunk::DataLf;
        break;
      case Chunk::DataLf:
        if (c != '\n') return stop(true);
        chunk_ = Chunk::Size;
        break;
      case Chunk::Trailer:  // lines up to an empty one
        if (c == '\n') {
          if (!lineHasText_) return stop(false);
          lineHasText_ = false;
        } else if (c != '\r') {
          lineHasText_ = true;
        }
        break;
      default: return stop(true);
    }
  }
}

EHC_END_NAMESPACE
