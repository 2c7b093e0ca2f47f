// Fuzzes the multipart splitter: the body split whole and at input-chosen
// points must give the same parts, headers, bodies and outcome; a header
// line is never longer than the buffer nor holds a line end; the Content-Type
// reader (the input's first line) gives a valid boundary or an error;
// sanitizers catch the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ehc/codec/multipart.h"
#include "fuzz_split.h"

namespace {

struct Summary {
  uint64_t hash;
  uint32_t begun;
  uint32_t ended;
  uint64_t bodyBytes;
  int error;
};

void mix(uint64_t* h, const void* d, size_t n) {
  const uint8_t* p = static_cast<const uint8_t*>(d);
  for (size_t i = 0; i < n; ++i) *h = (*h ^ p[i]) * 1099511628211ull;
}

constexpr uint16_t kLine = 24;

const ehc::MultipartVisitor kVisitor = {
    [](void* u) {
      auto* s = static_cast<Summary*>(u);
      if (s->begun != s->ended) abort();  // parts do not nest
      ++s->begun;
      mix(&s->hash, "B", 1);
      return true;
    },
    [](void* u, const char* d, size_t n) {
      if (n == 0 || n > kLine || memchr(d, '\n', n) || memchr(d, '\r', n)) abort();
      mix(&static_cast<Summary*>(u)->hash, d, n);
      mix(&static_cast<Summary*>(u)->hash, "H", 1);
      return true;
    },
    [](void* u, const char* d, size_t n) {
      auto* s = static_cast<Summary*>(u);
      if (n == 0) abort();
      mix(&s->hash, d, n);
      s->bodyBytes += n;
      return true;
    },
    [](void* u) {
      auto* s = static_cast<Summary*>(u);
      ++s->ended;
      mix(&s->hash, "E", 1);
      return true;
    },
};

void run(const uint8_t* data, size_t size, const char* boundary, const uint8_t* splits,
         size_t nsplits, Summary* s) {
  memset(s, 0, sizeof *s);
  ehc::StaticMultipartSplitter<kLine> p;
  p.setVisitor(&kVisitor, s);
  if (p.begin(boundary) != ehc::MultipartError::Ok) abort();
  fuzz_split::feedInPieces(data, size, splits, nsplits,
                           [&](const uint8_t* d, size_t n) { return p.feed(d, n); });
  s->error = static_cast<int>(p.finish());
  if ((s->error == 0) != p.closed()) abort();
  if (s->error == 0 && s->begun != s->ended) abort();
}

void contentType(const uint8_t* data, size_t size) {
  char text[256];
  size_t n = 0;
  while (n < size && n + 1 < sizeof text && data[n] != '\n') {
    text[n] = static_cast<char>(data[n]);
    ++n;
  }
  text[n] = '\0';
  char b[ehc::kMultipartBoundaryMax + 1];
  const ehc::MultipartError e = ehc::multipartBoundary(text, b, sizeof b, nullptr);
  const size_t len = strlen(b);
  if (e == ehc::MultipartError::Ok ? len == 0 || len > ehc::kMultipartBoundaryMax : len != 0)
    abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fuzz_split::Pieces pieces = fuzz_split::takeHeader(data, size);
  contentType(data, size);
  // The boundary: "-" (GraphQL's), or one chosen by the first byte.
  static const char* const kBoundaries[] = {"-", "graphql", "b", "--", "simple boundary"};
  const char* boundary = kBoundaries[size ? data[0] % 5 : 0];
  static Summary whole, split;
  run(data, size, boundary, nullptr, 0, &whole);
  run(data, size, boundary, pieces.sizes, sizeof pieces.sizes, &split);
  if (memcmp(&whole, &split, sizeof whole) != 0) {
    fprintf(stderr, "whole/split differ: parts %u/%u body %llu/%llu error %d/%d\n", whole.begun,
            split.begun, static_cast<unsigned long long>(whole.bodyBytes),
            static_cast<unsigned long long>(split.bodyBytes), whole.error, split.error);
    abort();
  }
  return 0;
}
