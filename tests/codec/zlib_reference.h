// Debian's zlib as the reference for the inflater's tests (host only): it
// compresses the test data every way it can, and decides whether a stream
// is valid.
#pragma once

#include <zlib.h>

#include <string>

namespace ehc_test {

// windowBits as zlib takes them: -8..-15 raw, 8..15 zlib, 16 + (8..15) gzip.
struct Compression {
  int level = Z_DEFAULT_COMPRESSION;
  int strategy = Z_DEFAULT_STRATEGY;
  int windowBits = 15;
  int memLevel = 8;
  gz_header* header = nullptr;              // gzip only
  const std::string* dictionary = nullptr;  // zlib only
  size_t flushEvery = 0;                    // flushMode after every that many input bytes
  int flushMode = Z_NO_FLUSH;
};

inline std::string compress(const std::string& data, const Compression& c = {}) {
  z_stream z{};
  if (deflateInit2(&z, c.level, Z_DEFLATED, c.windowBits, c.memLevel, c.strategy) != Z_OK)
    return "deflateInit2 failed";
  if (c.header) deflateSetHeader(&z, c.header);
  if (c.dictionary)
    deflateSetDictionary(&z, reinterpret_cast<const Bytef*>(c.dictionary->data()),
                         static_cast<uInt>(c.dictionary->size()));
  std::string out;
  char buf[16384];
  size_t off = 0;
  int rc = Z_OK;
  do {
    const size_t step = c.flushEvery ? c.flushEvery : data.size();
    const size_t n = data.size() - off < step ? data.size() - off : step;
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + off));
    z.avail_in = static_cast<uInt>(n);
    off += n;
    const int flush = off == data.size() ? Z_FINISH : c.flushMode;
    do {
      z.next_out = reinterpret_cast<Bytef*>(buf);
      z.avail_out = sizeof buf;
      rc = deflate(&z, flush);
      out.append(buf, sizeof buf - z.avail_out);
    } while (z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
  } while (off < data.size());
  deflateEnd(&z);
  return out;
}

struct ZlibOutcome {
  bool ok = false;  // a whole stream (gzip: whole members) and nothing after it
  std::string out;
};

// zlib's inflate on the whole input; gzip members one after another as
// gunzip takes them.
inline ZlibOutcome zlibInflate(const std::string& in, int windowBits) {
  ZlibOutcome r;
  z_stream z{};
  if (inflateInit2(&z, windowBits) != Z_OK) return r;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  char buf[16384];
  for (;;) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    const int rc = inflate(&z, Z_NO_FLUSH);
    r.out.append(buf, sizeof buf - z.avail_out);
    if (rc == Z_STREAM_END) {
      if (z.avail_in == 0) {
        r.ok = true;
        break;
      }
      if (windowBits < 16) break;  // bytes after a raw or zlib stream
      inflateReset(&z);
      continue;
    }
    if (rc != Z_OK) break;
    if (z.avail_in == 0 && z.avail_out != 0) break;  // truncated
  }
  inflateEnd(&z);
  return r;
}

}  // namespace ehc_test
