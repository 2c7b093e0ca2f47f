// Fuzzes the inflater, differentially: any bytes inflated whole and at
// input-chosen splits must give the same output, error and offset, and
// zlib (the host's) must agree on whether the stream is valid and on every
// byte that came out; sanitizers catch the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "ehc/codec/inflate.h"

namespace {

struct Summary {
  uint64_t hash;
  uint64_t bytes;
  int error;
  uint64_t offset;
  uint32_t members;
};

void mix(uint64_t* h, const uint8_t* d, size_t n) {
  for (size_t i = 0; i < n; ++i) *h = (*h ^ d[i]) * 1099511628211ull;
}

uint8_t gWindow[32768];

void run(const uint8_t* data, size_t size, ehc::InflateFormat format, size_t window,
         const uint8_t* splits, size_t nsplits, Summary* s) {
  memset(s, 0, sizeof *s);
  ehc::Inflater inflater(gWindow, window);
  inflater.begin(format, {[](void* u, const uint8_t* d, size_t n) {
                            auto* sum = static_cast<Summary*>(u);
                            mix(&sum->hash, d, n);
                            sum->bytes += n;
                            return true;
                          },
                          s});
  size_t off = 0, k = 0;
  while (off < size) {
    size_t n = nsplits ? 1 + splits[k++ % nsplits] % 64 : size;
    if (n > size - off) n = size - off;
    if (!inflater.feed(data + off, n)) break;
    off += n;
  }
  s->error = static_cast<int>(inflater.finish());
  s->offset = inflater.errorOffset();
  s->members = inflater.gzipMembers();
}

// zlib on the same bytes (gzip members one after another); true when valid.
// One call per member into a buffer bigger than any output of an input
// within -max_len: zlib then checks every distance against the output so
// far, as the inflater does (across calls it would also let a zlib stream
// reach past the window its header declares, which the inflater does not
// look at either, but only by the window it has kept).
bool reference(const uint8_t* data, size_t size, int windowBits, Summary* s) {
  memset(s, 0, sizeof *s);
  z_stream z{};
  if (inflateInit2(&z, windowBits) != Z_OK) abort();
  z.next_in = const_cast<Bytef*>(data);
  z.avail_in = static_cast<uInt>(size);
  static uint8_t out[1u << 24];  // deflate expands at most 1032 times: 16 KB of input
  bool ok = false;
  for (;;) {
    z.next_out = out;
    z.avail_out = sizeof out;
    const int rc = inflate(&z, Z_NO_FLUSH);
    mix(&s->hash, out, sizeof out - z.avail_out);
    s->bytes += sizeof out - z.avail_out;
    if (rc == Z_STREAM_END) {
      if (z.avail_in == 0) {
        ok = true;
        break;
      }
      if (windowBits < 16) break;
      inflateReset(&z);
      continue;
    }
    if (rc != Z_OK || (z.avail_in == 0 && z.avail_out != 0)) break;
  }
  inflateEnd(&z);
  return ok;
}

bool looksLikeZlib(const uint8_t* d, size_t n) {
  return n >= 2 && ((d[0] << 8) | d[1]) % 31 == 0 && (d[0] & 15) == 8 && d[0] >> 4 <= 7;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Optional header: 0xEC, mode, 8 split bytes; mode bits 0-1 the format
  // (raw, zlib, gzip, zlib-or-raw), bits 2-4 a smaller window (256 << k).
  // Otherwise gzip if it starts like gzip, else zlib-or-raw (seed files).
  uint8_t splits[8] = {1, 7, 3, 60, 2, 13, 5, 31};
  ehc::InflateFormat format = ehc::InflateFormat::ZlibOrRaw;
  if (size >= 2 && data[0] == 0x1F && data[1] == 0x8B) format = ehc::InflateFormat::Gzip;
  size_t window = sizeof gWindow;
  if (size >= 10 && data[0] == 0xEC) {
    format = static_cast<ehc::InflateFormat>(data[1] & 3);
    const unsigned k = data[1] >> 2 & 7;
    if (k) window = size_t{256} << (k - 1);
    memcpy(splits, data + 2, sizeof splits);
    data += 10;
    size -= 10;
  }
  static Summary whole, split, ref;
  run(data, size, format, window, nullptr, 0, &whole);
  run(data, size, format, window, splits, sizeof splits, &split);
  if (memcmp(&whole, &split, sizeof whole) != 0) {
    fprintf(stderr, "whole/split differ: %s/%s offset %llu/%llu bytes %llu/%llu\n",
            ehc::inflateErrorName(static_cast<ehc::InflateError>(whole.error)),
            ehc::inflateErrorName(static_cast<ehc::InflateError>(split.error)),
            static_cast<unsigned long long>(whole.offset),
            static_cast<unsigned long long>(split.offset),
            static_cast<unsigned long long>(whole.bytes),
            static_cast<unsigned long long>(split.bytes));
    abort();
  }
  int bits = -15;
  if (format == ehc::InflateFormat::Gzip) bits = 31;
  if (format == ehc::InflateFormat::Zlib ||
      (format == ehc::InflateFormat::ZlibOrRaw && looksLikeZlib(data, size)))
    bits = 15;
  const bool valid = reference(data, size, bits, &ref);
  const auto error = static_cast<ehc::InflateError>(whole.error);
  // A smaller window stops where zlib goes on; up to there they agree.
  const bool windowStop = error == ehc::InflateError::WindowTooSmall;
  if ((error == ehc::InflateError::Ok) != valid && !windowStop) {
    fprintf(stderr, "zlib says %s, the inflater %s\n", valid ? "valid" : "invalid",
            ehc::inflateErrorName(error));
    abort();
  }
  if (!windowStop && (whole.bytes != ref.bytes || whole.hash != ref.hash)) {
    fprintf(stderr, "output differs from zlib's: %llu vs %llu bytes (%s)\n",
            static_cast<unsigned long long>(whole.bytes),
            static_cast<unsigned long long>(ref.bytes), ehc::inflateErrorName(error));
    abort();
  }
  if (windowStop && whole.bytes > ref.bytes) abort();
  return 0;
}
