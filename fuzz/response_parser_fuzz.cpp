// Fuzzes the HTTP response parser: a stream of responses parsed once whole
// and once at input-chosen split points must give the same responses, the
// same errors and offsets; sanitizers catch the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ESP32HTTPClient.h"

namespace {

struct Summary {
  uint32_t responses;
  uint64_t headerHash;
  uint64_t bodyHash;
  uint64_t bodyBytes;
  int lastStatus;
  int keepAlive;
  int error;
  size_t offset;
  char captured[24];
  bool inValue;  // the current field's value has begun (its pieces are split-dependent)
};

void mix(uint64_t* h, const char* d, size_t n) {
  for (size_t i = 0; i < n; ++i) *h = (*h ^ static_cast<uint8_t>(d[i])) * 1099511628211ull;
}

const ehc::ResponseParser::HeaderVisitor kVisitor = {
    [](void* u, const char* d, size_t n) { mix(&static_cast<Summary*>(u)->headerHash, d, n); },
    [](void* u, const char* d, size_t n) {
      auto* s = static_cast<Summary*>(u);
      if (!s->inValue) mix(&s->headerHash, "=", 1);
      s->inValue = true;
      mix(&s->headerHash, d, n);
    },
    [](void* u, bool trailer) {
      auto* s = static_cast<Summary*>(u);
      mix(&s->headerHash, trailer ? "T" : "H", 1);
      s->inValue = false;
    }};

void run(const char* data, size_t size, bool head, bool coded, const uint8_t* splits,
         size_t nsplits, Summary* s) {
  memset(s, 0, sizeof *s);
  ehc::ResponseParser p;
  p.deliverCodedBodies(coded);
  p.captureHeader("content-type", s->captured, sizeof s->captured);
  p.onHeaders(&kVisitor, s);
  p.onBody(
      [](void* u, const char* d, size_t n) {
        auto* sum = static_cast<Summary*>(u);
        mix(&sum->bodyHash, d, n);
        sum->bodyBytes += n;
      },
      s);
  p.begin(head);
  size_t off = 0, k = 0;
  while (off < size && !p.failed()) {
    size_t n = nsplits ? 1 + splits[k++ % nsplits] % 64 : size;
    if (n > size - off) n = size - off;
    size_t used = 0;
    while (used < n && !p.failed()) {
      used += p.feed(data + off + used, n - used);
      if (p.complete()) {
        ++s->responses;
        s->lastStatus = p.status();
        s->keepAlive = p.keepAlive() | (p.transferCoded() << 1);
        p.begin(head);
      }
    }
    off += n;
  }
  if (!p.failed()) p.finishAtClose();
  s->error = static_cast<int>(p.error());
  s->offset = p.errorOffset();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Optional header: 0xEC, flags (bit 0: HEAD, bit 1: deliverCodedBodies),
  // 8 split bytes. Otherwise the whole input is the stream (seed files),
  // fed in fixed piece sizes.
  bool head = false, coded = false;
  uint8_t splits[8] = {1, 7, 3, 60, 2, 13, 5, 31};
  if (size >= 10 && data[0] == 0xEC) {
    head = data[1] & 1;
    coded = data[1] & 2;
    memcpy(splits, data + 2, sizeof splits);
    data += 10;
    size -= 10;
  }
  static Summary whole, split;
  const char* doc = reinterpret_cast<const char*>(data);
  run(doc, size, head, coded, nullptr, 0, &whole);
  run(doc, size, head, coded, splits, sizeof splits, &split);
  if (memcmp(&whole, &split, sizeof whole) != 0) {
    fprintf(stderr,
            "whole/split differ: responses %u/%u error %s/%s offset %zu/%zu body %llu/%llu\n",
            whole.responses, split.responses,
            ehc::httpErrorName(static_cast<ehc::HttpError>(whole.error)),
            ehc::httpErrorName(static_cast<ehc::HttpError>(split.error)), whole.offset,
            split.offset, static_cast<unsigned long long>(whole.bodyBytes),
            static_cast<unsigned long long>(split.bodyBytes));
    abort();
  }
  return 0;
}
