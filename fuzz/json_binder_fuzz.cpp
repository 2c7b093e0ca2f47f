// Fuzzes the JSON binder: random documents, bindings chosen by the input, fed
// once whole and once at input-chosen split points. Both runs must agree on
// the document outcome, every binding's status and every target's bytes.
// And each binding must end as it does when bound alone: the binder shares
// work between bindings whose paths begin alike, which must not change what
// any of them gets (checked in full validation: with stop-when-done a
// binding alone stops sooner, before a duplicate key that the others keep
// the binder reading to). Sanitizers catch the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cstdlib>

#include "ESP32HTTPClient.h"

namespace {

const char* const kObjectPaths[] = {"",    "0",   "1",     "a",     "a.b",   "0.a",   "*", "*.a",
                                    "a.*", "0.0", "*.*.0", "x\\.y", "a.0.b", "1.a.*", "b", "\\*"};
// Paths that begin alike inside arrays, where a binding ends at an element
// that its neighbour follows into.
const char* const kArrayPaths[] = {"2",     "2.1",   "2.1.a",   "2.2",     "0.*.1", "0.*.1.a",
                                   "0.*.2", "1.0.1", "1.0.1.a", "1.0.2.0", "*.1",   "*.1.a",
                                   "0.0",   "0.0.0", "1",       "\\1"};

// The flags byte's bit 2 picks the table.
const char* pathOf(const uint8_t* plan, int k) {
  return ((plan[8] & 4) ? kArrayPaths : kObjectPaths)[plan[k] & 15];
}

struct Targets {
  bool b;
  int8_t i8;
  int32_t i32;
  int64_t i64;
  uint16_t u16;
  uint64_t u64;
  float f;
  double d;
  char str[9];
  char raw[17];
  bool isNull;
  int32_t elements[3];
  uint8_t elementCount;
};

struct Run {
  Targets t[8];
  ehc::BindStatus status[8];
  uint8_t deliveries[8];  // callbacks per binding (capped)
  ehc::JsonError error;
  size_t offset;
  uint32_t matches;
};

struct Heard {  // what a binding's callback counts into
  Run* run;
  int k;
};

// All 8 bindings of the plan, or only binding `only`.
void runOnce(const uint8_t* plan, const char* doc, size_t n, const size_t* splits, size_t nsplits,
             bool stop, Run* out, int only = -1) {
  memset(out, 0, sizeof *out);
  static Heard heard[8];
  ehc::StaticJsonBinder<8> binder;
  binder.setStopWhenDone(stop);
  for (int k = 0; k < 8; ++k) {
    if (only >= 0 && k != only) continue;
    const char* path = pathOf(plan, k);
    Targets& t = out->t[k];
    int idx;
    switch ((plan[k] >> 4) % 12) {
      case 0: idx = binder.bind(path, &t.b); break;
      case 1: idx = binder.bind(path, &t.i8); break;
      case 2: idx = binder.bind(path, &t.i32); break;
      case 3: idx = binder.bind(path, &t.i64); break;
      case 4: idx = binder.bind(path, &t.u16); break;
      case 5: idx = binder.bind(path, &t.u64); break;
      case 6: idx = binder.bind(path, &t.f); break;
      case 7: idx = binder.bind(path, &t.d); break;
      case 8: idx = binder.bind(path, t.str, sizeof t.str); break;
      case 9: idx = binder.bindRaw(path, t.raw, sizeof t.raw); break;
      case 10: idx = binder.bindIsNull(path, &t.isNull); break;
      default:  // element binding (struct-mapping arrays); needs a "*" path
        idx = binder.bindElements(path, ehc::TargetKind::Int32, t.elements, 0, sizeof(int32_t), 3,
                                  &t.elementCount, 1);
        if (idx == ehc::JsonBinder::kBadPath) idx = binder.bind(path, &t.i32);
        break;
    }
    if (idx < 0) abort();
    heard[k] = {out, k};
    binder.onMatch(
        idx,
        [](const ehc::JsonMatch& m, void* u) {
          const Heard& h = *static_cast<Heard*>(u);
          h.run->matches += 1 + static_cast<uint32_t>(strlen(m.path));
          if (h.run->deliveries[h.k] < 255) ++h.run->deliveries[h.k];
        },
        &heard[k]);
  }
  size_t off = 0;
  for (size_t s = 0; s < nsplits && off < n; ++s) {
    size_t len = splits[s] < n - off ? splits[s] : n - off;
    binder.feed(doc + off, len);
    off += len;
  }
  binder.feed(doc + off, n - off);
  out->error = binder.finish();
  // Bytes after a string's terminator are scratch: compare strings only.
  for (Targets& t : out->t) {
    const size_t s = strnlen(t.str, sizeof t.str), r = strnlen(t.raw, sizeof t.raw);
    memset(t.str + s, 0, sizeof t.str - s);
    memset(t.raw + r, 0, sizeof t.raw - r);
  }
  out->offset = binder.errorOffset();
  for (int k = 0; k < 8; ++k)
    if (only < 0 || k == only) out->status[k] = binder.status(only < 0 ? k : 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Layout: a 0xEC marker, 8 plan bytes, 1 flags byte, then the document. Inputs shorter
  // than that (e.g. seed files) are taken as a document with a fixed plan.
  static const uint8_t kDefaultPlan[9] = {0x00, 0x31, 0x82, 0x93, 0xa6, 0x57, 0x78, 0x7e, 0x00};
  const uint8_t* plan = kDefaultPlan;
  if (size >= 10 && data[0] == 0xEC) {  // marked as carrying a plan
    plan = data + 1;
    data += 10;
    size -= 10;
  }
  const char* doc = reinterpret_cast<const char*>(data);
  size_t splits[64];
  size_t nsplits = 0;
  uint32_t seed = 2166136261u;
  for (size_t i = 0; i < size; ++i) seed = (seed ^ data[i]) * 16777619u;
  for (; nsplits < 64; ++nsplits) {
    seed = seed * 1103515245u + 12345u;
    splits[nsplits] = 1 + (seed >> 16) % ((plan[8] & 1) ? 3 : 97);
  }
  const bool stop = plan[8] & 2;
  static Run whole, split;
  runOnce(plan, doc, size, nullptr, 0, stop, &whole);
  runOnce(plan, doc, size, splits, nsplits, stop, &split);
  if (memcmp(&whole, &split, sizeof whole) != 0) {
    fprintf(stderr, "whole/split differ: error %s/%s offset %zu/%zu matches %u/%u\n",
            ehc::jsonErrorName(whole.error), ehc::jsonErrorName(split.error), whole.offset,
            split.offset, whole.matches, split.matches);
    for (int k = 0; k < 8; ++k)
      fprintf(stderr, "  binding %d (%s kind %d): %s/%s targets %s\n", k, pathOf(plan, k),
              (plan[k] >> 4) % 12, ehc::bindStatusName(whole.status[k]),
              ehc::bindStatusName(split.status[k]),
              memcmp(&whole.t[k], &split.t[k], sizeof whole.t[k]) ? "differ" : "same");
    abort();
  }
  // Stop-when-done reads the document as full validation does up to where
  // it stops, which is after every binding is resolved: a binding without a
  // "*" that full validation of a valid document delivers at most once (no
  // later duplicate) ends the same in both.
  static Run full;
  if (stop) {
    runOnce(plan, doc, size, nullptr, 0, false, &full);
    for (int k = 0; k < 8 && full.error == ehc::JsonError::Ok; ++k) {
      if (strchr(pathOf(plan, k), '*') || full.deliveries[k] > 1) continue;
      if (full.status[k] != whole.status[k] ||
          memcmp(&full.t[k], &whole.t[k], sizeof full.t[k]) != 0) {
        fprintf(stderr, "binding %d (%s kind %d): %s stopping when done, %s in full\n", k,
                pathOf(plan, k), (plan[k] >> 4) % 12, ehc::bindStatusName(whole.status[k]),
                ehc::bindStatusName(full.status[k]));
        abort();
      }
    }
  }
  static Run alone;
  for (int k = 0; k < 8 && !stop; ++k) {
    runOnce(plan, doc, size, nullptr, 0, stop, &alone, k);
    if (alone.status[k] != whole.status[k] ||
        memcmp(&alone.t[k], &whole.t[k], sizeof alone.t[k]) != 0) {
      fprintf(stderr, "binding %d (%s kind %d): %s with the others, %s alone, targets %s\n", k,
              pathOf(plan, k), (plan[k] >> 4) % 12, ehc::bindStatusName(whole.status[k]),
              ehc::bindStatusName(alone.status[k]),
              memcmp(&alone.t[k], &whole.t[k], sizeof alone.t[k]) ? "differ" : "same");
      abort();
    }
  }
  return 0;
}
