// Fuzzes the XML scanner: the input scanned whole and at input-chosen split
// points must give the same events (names, depths, decoded text), error and
// error offset; a close must follow its open at the same depth, depths stay
// within EHC_XML_MAX_DEPTH, Ok means the root closed, and text holds a CR
// only when the input has a character reference (line ends come as LF);
// sanitizers catch the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ehc/codec/xml_scanner.h"
#include "fuzz_split.h"

namespace {

struct Summary {
  uint64_t hash;
  uint32_t opens, closes, textBytes;
  uint8_t depth;   // as the events say
  bool crAllowed;  // the input holds "&#": a CR may come from a reference
  int error;
  uint64_t offset;
};

void mix(uint64_t* h, const void* d, size_t n) {
  const uint8_t* p = static_cast<const uint8_t*>(d);
  for (size_t i = 0; i < n; ++i) *h = (*h ^ p[i]) * 1099511628211ull;
}

const ehc::XmlVisitor kVisitor = {
    [](void* u, const char* name, size_t n, size_t local, uint8_t depth) {
      auto* s = static_cast<Summary*>(u);
      if (n == 0 || n > EHC_XML_MAX_NAME || local > n || depth != s->depth + 1 ||
          depth > EHC_XML_MAX_DEPTH)
        abort();
      s->depth = depth;
      ++s->opens;
      mix(&s->hash, "<", 1);
      mix(&s->hash, name, n);
      mix(&s->hash, &local, sizeof local);
    },
    [](void* u, const char* d, size_t n) {
      auto* s = static_cast<Summary*>(u);
      if (n == 0 || s->depth == 0 || (!s->crAllowed && memchr(d, '\r', n))) abort();
      s->textBytes += static_cast<uint32_t>(n);
      // Text is hashed byte by byte: pieces differ between splits.
      mix(&s->hash, d, n);
    },
    [](void* u, uint8_t depth) {
      auto* s = static_cast<Summary*>(u);
      if (depth != s->depth || depth == 0) abort();
      s->depth = static_cast<uint8_t>(depth - 1);
      ++s->closes;
      mix(&s->hash, ">", 1);
    }};

void run(const uint8_t* data, size_t size, const uint8_t* splits, size_t nsplits, Summary* s) {
  memset(s, 0, sizeof *s);
  s->crAllowed = memmem(data, size, "&#", 2) != nullptr;
  ehc::XmlScanner x;
  x.setVisitor(&kVisitor, s);
  fuzz_split::feedInPieces(data, size, splits, nsplits, [&](const uint8_t* d, size_t n) {
    return x.feed(reinterpret_cast<const char*>(d), n);
  });
  s->error = static_cast<int>(x.finish());
  s->offset = x.errorOffset();
  if (s->error == 0 && (s->depth != 0 || s->opens == 0 || s->opens != s->closes)) abort();
  if (s->error != 0 && s->offset > size) abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fuzz_split::Pieces pieces = fuzz_split::takeHeader(data, size);
  static Summary whole, split;
  run(data, size, nullptr, 0, &whole);
  run(data, size, pieces.sizes, sizeof pieces.sizes, &split);
  if (memcmp(&whole, &split, sizeof whole) != 0) {
    fprintf(stderr, "whole/split differ: opens %u/%u text %u/%u error %d/%d at %llu/%llu\n",
            whole.opens, split.opens, whole.textBytes, split.textBytes, whole.error, split.error,
            static_cast<unsigned long long>(whole.offset),
            static_cast<unsigned long long>(split.offset));
    abort();
  }
  return 0;
}
