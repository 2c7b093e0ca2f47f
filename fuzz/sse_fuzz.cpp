// Fuzzes the Server-Sent Events splitter: the input parsed whole and at
// input-chosen split points must give the same events, ids, retry and
// outcome; what it delivers must be valid UTF-8 without CR (and without LF
// in a type or id); sanitizers catch the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ehc/codec/sse.h"
#include "fuzz_split.h"

namespace {

struct Summary {
  uint64_t hash;
  uint32_t events;
  uint32_t discarded;
  uint64_t dataBytes;
  uint32_t retry;
  int hasRetry;
  int error;
  char lastId[9];
  int lastIdTruncated;
};

void mix(uint64_t* h, const void* d, size_t n) {
  const uint8_t* p = static_cast<const uint8_t*>(d);
  for (size_t i = 0; i < n; ++i) *h = (*h ^ p[i]) * 1099511628211ull;
}

// The WHATWG decoder's output is always well-formed (no surrogates, nothing
// past U+10FFFF, shortest forms).
void checkUtf8(const char* s, size_t n, bool lineFeedAllowed) {
  for (size_t i = 0; i < n;) {
    const uint8_t c = static_cast<uint8_t>(s[i]);
    size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : 4;
    if (c >= 0x80 && (c < 0xC2 || c > 0xF4)) abort();
    if (c == '\r' || (c == '\n' && !lineFeedAllowed)) abort();
    if (i + len > n) abort();  // a piece ends inside a code point
    uint32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (size_t k = 1; k < len; ++k) {
      const uint8_t b = static_cast<uint8_t>(s[i + k]);
      if ((b & 0xC0) != 0x80) abort();
      cp = cp << 6 | (b & 0x3F);
    }
    const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) abort();
    i += len;
  }
}

const ehc::SseVisitor kVisitor = {[](void* u) {
                                    mix(&static_cast<Summary*>(u)->hash, "B", 1);
                                    return true;
                                  },
                                  [](void* u, const char* d, size_t n) {
                                    auto* s = static_cast<Summary*>(u);
                                    if (n == 0) abort();
                                    checkUtf8(d, n, true);
                                    mix(&s->hash, d, n);
                                    s->dataBytes += n;
                                    return true;
                                  },
                                  [](void* u, const ehc::SseEvent& e) {
                                    auto* s = static_cast<Summary*>(u);
                                    checkUtf8(e.type, strlen(e.type), false);
                                    checkUtf8(e.id, strlen(e.id), false);
                                    mix(&s->hash, "E", 1);
                                    mix(&s->hash, e.type, strlen(e.type) + 1);
                                    mix(&s->hash, e.id, strlen(e.id) + 1);
                                    mix(&s->hash, &e.dataLength, sizeof e.dataLength);
                                    const uint8_t flags =
                                        static_cast<uint8_t>(e.typeTruncated | e.idTruncated << 1);
                                    mix(&s->hash, &flags, 1);
                                    ++s->events;
                                    return true;
                                  },
                                  [](void* u) { ++static_cast<Summary*>(u)->discarded; }};

void run(const uint8_t* data, size_t size, const uint8_t* splits, size_t nsplits, Summary* s) {
  memset(s, 0, sizeof *s);
  ehc::StaticSseParser<6, 8> p;  // small, so that cutting is exercised
  p.setVisitor(&kVisitor, s);
  fuzz_split::feedInPieces(data, size, splits, nsplits, [&](const uint8_t* d, size_t n) {
    if (!p.feed(d, n)) abort();  // nothing here stops it
    return true;
  });
  s->error = static_cast<int>(p.finish());
  if (s->error != 0 && !s->discarded) abort();
  s->retry = p.retryMs();
  s->hasRetry = p.hasRetry();
  if (strlen(p.lastEventId()) >= sizeof s->lastId) abort();
  memcpy(s->lastId, p.lastEventId(), strlen(p.lastEventId()));
  s->lastIdTruncated = p.lastEventIdTruncated();
  if (p.eventCount() != s->events) abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fuzz_split::Pieces pieces = fuzz_split::takeHeader(data, size);
  static Summary whole, split;
  run(data, size, nullptr, 0, &whole);
  run(data, size, pieces.sizes, sizeof pieces.sizes, &split);
  if (memcmp(&whole, &split, sizeof whole) != 0) {
    fprintf(stderr, "whole/split differ: events %u/%u data %llu/%llu error %d/%d\n", whole.events,
            split.events, static_cast<unsigned long long>(whole.dataBytes),
            static_cast<unsigned long long>(split.dataBytes), whole.error, split.error);
    abort();
  }
  return 0;
}
