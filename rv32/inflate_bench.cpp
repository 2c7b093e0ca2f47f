// The inflater on the target (issue 18), rv32 only: executed instructions
// per decompressed byte (minstret), the same shape of line as ehc_bench:
//
//   rv32imc inflate-FORMAT-FILE-LEVEL OUT_BYTES INSTRUCTIONS IR_PER_OUT_BYTE
//   stack rv32imc inflate BYTES
//
// The files are the test corpus compressed by the host's gzip at build time
// (rv32/CMakeLists.txt), fed in 512-byte pieces (EHC_READ_BUFFER) into a
// 32 KB window, the output to a sink that counts it. "gzip" is what an HTTP
// body is (CRC-32 and ISIZE checked); "raw" the same deflate data without
// its gzip wrapper (no checksum), the decoding alone.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ehc/codec/inflate.h"
#include "embedded.h"
#include "measure.h"
#include "text.h"

#ifndef EHC_ISA
#define EHC_ISA "rv32"
#endif

namespace {

[[noreturn]] void die(const char* what, const char* name) {
  FixedText<128> t;
  t << "rv32 inflate bench: " << what << ' ' << name;
  emit(t);
  exit(1);
}

ehc::StaticInflater<32768> gInflater;
size_t gOut;

bool count(void*, const uint8_t*, size_t n) {
  gOut += n;
  return true;
}

struct Input {
  const uint8_t* data;
  size_t size;
  ehc::InflateFormat format;
};

__attribute__((noinline)) ehc::InflateError inflateAll(const Input& in) {
  gInflater.begin(in.format, {count, nullptr});
  const size_t piece = 512;
  for (size_t off = 0; off < in.size; off += piece)
    if (!gInflater.feed(in.data + off, in.size - off < piece ? in.size - off : piece)) break;
  return gInflater.finish();
}

uint64_t gOverhead;

void report(const char* workload, size_t bytes, uint64_t ir) {
  reportInstructions(EHC_ISA, workload, bytes, ir);
}

void workload(const EmbeddedFile& gz, bool raw) {
  // gzip -n: a 10-byte header (no name), then deflate, then CRC-32 and ISIZE.
  const uint8_t* d = gz.data;
  if (gz.size < 18 || d[0] != 0x1F || d[1] != 0x8B || d[3] != 0) die("not plain gzip:", gz.name);
  const size_t expected = d[gz.size - 4] | size_t{d[gz.size - 3]} << 8 |
                          size_t{d[gz.size - 2]} << 16 | size_t{d[gz.size - 1]} << 24;
  const Input in = raw ? Input{d + 10, gz.size - 18, ehc::InflateFormat::Raw}
                       : Input{d, gz.size, ehc::InflateFormat::Gzip};
  uint64_t ir[2];
  for (uint64_t& n : ir) {  // twice: the counts must be the same
    gOut = 0;
    const uint64_t t0 = instret();
    const ehc::InflateError e = inflateAll(in);
    const uint64_t t1 = instret();
    n = t1 - t0 - gOverhead;
    if (e != ehc::InflateError::Ok) die(ehc::inflateErrorName(e), gz.name);
    if (gOut != expected) die("wrong length from", gz.name);
  }
  if (ir[0] != ir[1]) die("instruction counts differ between runs of", gz.name);
  FixedText<64> name;
  name << "inflate-" << (raw ? "raw-" : "gzip-");
  name.put(gz.name, strlen(gz.name) - 3);  // without ".gz"
  report(name.c_str(), gOut, ir[1]);
}

const EmbeddedFile* gStackFile;
void inflateForStack() {
  const Input in{gStackFile->data, gStackFile->size, ehc::InflateFormat::Gzip};
  if (inflateAll(in) != ehc::InflateError::Ok) die("stack run failed", gStackFile->name);
}

}  // namespace

int main() {
  const uint64_t a = instret();
  const uint64_t b = instret();
  gOverhead = b - a;
  for (size_t i = 0; i < kDocsCount; ++i) workload(kDocs[i], false);
  for (size_t i = 0; i < kDocsCount; ++i) workload(kDocs[i], true);
  gStackFile = findDoc("twitter.json-6.gz");
  if (!gStackFile) die("missing", "twitter.json-6.gz");
  const size_t stack = stackUse(inflateForStack);
  if (stack == 0) die("stack overflowed", "");
  FixedText<96> t;
  t << "stack " << EHC_ISA << " inflate ";
  t.num(stack);
  emit(t);
  t.clear();
  t << "# sizeof(Inflater)=";
  t.num(sizeof(ehc::Inflater)) << " window=32768";
  emit(t);
  return 0;
}
