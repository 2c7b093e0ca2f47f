// Measurement on the target (issue 8), rv32 only: executed instructions per
// input byte, read from the minstret counter around the work alone (exact
// under qemu -icount shift=0), and the stack high-water mark of a bind.
//
//   rv32imc WORKLOAD BYTES INSTRUCTIONS IR_PER_BYTE
//   stack rv32imc bind15 BYTES
//
// The JSON workloads are the host benchmark's (bench/json_bench.cpp, "ours
// (512-byte pieces)"): the same documents, fields, targets, binder and piece
// size; BYTES is the document's size, also for stop-when-done.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <new>

#include "ehc/http/response_parser.h"
#include "ehc/json/json_binder.h"
#include "embedded.h"
#include "measure.h"
#include "text.h"
#include "user_fields.h"  // (tests/support)

#ifndef EHC_ISA
#define EHC_ISA "rv32"
#endif

// scripts/rv32-profile.sh counts instructions between two calls of this
// (QEMU's execution trace), so that a profile holds the measured work only.
extern "C" __attribute__((noinline)) void ehc_profile_mark() {
  asm volatile("" ::: "memory");
}

namespace {

struct Field {
  const char* path;
  bool isInt;  // int64, else a 256-byte string
};
struct Workload {
  const char* name;
  const char* file;
  Field fields[15];
  size_t count;
  bool stopWhenDone;
};

#define EHC_EL0(path, member, isInt, first) {"0." path, isInt},
#define EHC_EL9(path, member, isInt, first) {"9." path, isInt},

const Workload kWorkloads[] = {
    {"users-validate", "users.json", {}, 0, false},  // no bindings: the bare scan
    {"users-el0-stop", "users.json", {EHC_USER_FIELDS(EHC_EL0)}, 15, true},
    {"users-el9", "users.json", {EHC_USER_FIELDS(EHC_EL9)}, 15, false},
    {"twitter",
     "twitter.json",
     {{"statuses.99.id", true},
      {"statuses.99.user.screen_name", false},
      {"statuses.99.text", false},
      {"search_metadata.count", true},
      {"search_metadata.max_id_str", false}},
     5,
     false},
    {"citm",
     "citm_catalog.json",
     {{"performances.242.id", true},
      {"performances.242.venueCode", false},
      {"performances.242.prices.0.amount", true},
      {"venueNames.PLEYEL_PLEYEL", false}},
     4,
     false},
};

char gStrings[32][256];
int64_t gInts[32];

// The host benchmark's ours(w, 512, stop): bind, feed 512-byte pieces, finish.
__attribute__((noinline)) ehc::JsonError ours(const Workload& w, const EmbeddedFile& doc,
                                              ehc::JsonBinder& binder) {
  binder.setStopWhenDone(w.stopWhenDone);
  for (size_t i = 0; i < w.count; ++i) {
    gStrings[i][0] = '\0';
    if (w.fields[i].isInt)
      binder.bind(w.fields[i].path, &gInts[i]);
    else
      binder.bind(w.fields[i].path, gStrings[i], sizeof gStrings[i]);
  }
  const size_t piece = 512;
  for (size_t off = 0; off < doc.size && !binder.done(); off += piece)
    binder.feed(doc.text() + off, doc.size - off < piece ? doc.size - off : piece);
  return binder.finish();
}

uint64_t gOverhead;  // instructions of back-to-back counter reads

void report(const char* workload, size_t bytes, uint64_t ir) {
  reportInstructions(EHC_ISA, workload, bytes, ir);
}

[[noreturn]] void die(const char* what, const char* name) {
  FixedText<128> t;
  t << "rv32 bench: " << what << ' ' << name;
  emit(t);
  exit(1);
}

void jsonWorkload(const Workload& w) {
  const EmbeddedFile* doc = findDoc(w.file);
  if (!doc) die("missing document", w.file);
  uint64_t ir[2];
  for (uint64_t& n : ir) {  // twice: the counts must be the same
    // The binder's constructor is part of the work (host: on ours()'s stack).
    alignas(8) static unsigned char storage[sizeof(ehc::StaticJsonBinder<32>)];
    ehc_profile_mark();
    const uint64_t t0 = instret();
    auto* binder = new (storage) ehc::StaticJsonBinder<32>();
    const ehc::JsonError e = ours(w, *doc, *binder);
    const uint64_t t1 = instret();
    ehc_profile_mark();
    n = t1 - t0 - gOverhead;
    if (e != ehc::JsonError::Ok) die("parse failed:", ehc::jsonErrorName(e));
    for (size_t i = 0; i < w.count; ++i)
      if (binder->status(static_cast<int>(i)) != ehc::BindStatus::Found)
        die("field not found:", w.fields[i].path);
  }
  if (ir[0] != ir[1]) die("instruction counts differ between runs of", w.name);
  report(w.name, doc->size, ir[1]);
}

// --- HTTP: the response parser on the users payload ----------------------------

char gWire[8192];
size_t gWireLength;

void add(const char* s, size_t n) {
  if (n > sizeof gWire - gWireLength) die("wire buffer too small", "");
  memcpy(gWire + gWireLength, s, n);
  gWireLength += n;
}
void add(const char* s) {
  add(s, strlen(s));
}
void addNumber(size_t v, bool hex) {
  FixedText<24> t;
  if (hex) {
    t.hex(v, 8);
    const char* s = t.c_str();
    while (*s == '0' && s[1]) ++s;
    add(s);
  } else {
    t.num(v);
    add(t.c_str());
  }
}

// The header section JSONPlaceholder (behind Cloudflare) sends with /users.
void addHeaders(bool chunked, size_t length) {
  add("HTTP/1.1 200 OK\r\nDate: Mon, 30 Nov 2026 10:00:00 GMT\r\n"
      "Content-Type: application/json; charset=utf-8\r\n");
  if (chunked) {
    add("Transfer-Encoding: chunked\r\n");
  } else {
    add("Content-Length: ");
    addNumber(length, false);
    add("\r\n");
  }
  add("Connection: keep-alive\r\n"
      "Report-To: {\"group\":\"heroku-nel\",\"max_age\":3600,\"endpoints\":[{\"url\":\"https://"
      "nel.heroku.com/reports?ts=1700000000&sid=e11707d5-02a7-43ef-b45e-2cf4d2036f7d\"}]}\r\n"
      "Reporting-Endpoints: heroku-nel=https://nel.heroku.com/reports?ts=1700000000\r\n"
      "Nel: {\"report_to\":\"heroku-nel\",\"max_age\":3600,\"success_fraction\":0.005,"
      "\"failure_fraction\":0.05,\"response_headers\":[\"Via\"]}\r\n"
      "X-Powered-By: Express\r\nX-Ratelimit-Limit: 1000\r\nX-Ratelimit-Remaining: 999\r\n"
      "X-Ratelimit-Reset: 1700000050\r\nVary: Origin, Accept-Encoding\r\n"
      "Access-Control-Allow-Credentials: true\r\nCache-Control: max-age=43200\r\n"
      "Pragma: no-cache\r\nExpires: -1\r\nX-Content-Type-Options: nosniff\r\n"
      "Etag: W/\"160d-1eMSsxeJRfnVLRBmYJSbCiJZ1qQ\"\r\nVia: 1.1 vegur\r\n"
      "Cf-Cache-Status: HIT\r\nAge: 2961\r\nServer: cloudflare\r\n"
      "Cf-Ray: 8a1b2c3d4e5f6789-FRA\r\nAlt-Svc: h3=\":443\"; ma=86400\r\n\r\n");
}

size_t gBodyBytes;
void countBody(void*, const char*, size_t n) {
  gBodyBytes += n;
}

ehc::ResponseParser gParser;

__attribute__((noinline)) bool parseResponse() {
  gParser.begin(false);
  const size_t piece = 512;  // EHC_READ_BUFFER: what the connection reads at a time
  for (size_t off = 0; off < gWireLength && !gParser.complete() && !gParser.failed(); off += piece)
    gParser.feed(gWire + off, gWireLength - off < piece ? gWireLength - off : piece);
  return gParser.complete();
}

void httpWorkload(const char* name, bool chunked) {
  const EmbeddedFile* users = findDoc("users.json");
  gWireLength = 0;
  addHeaders(chunked, users->size);
  if (chunked) {  // 1 KB chunks, as a server streaming its output writes them
    for (size_t off = 0; off < users->size; off += 1024) {
      const size_t m = users->size - off < 1024 ? users->size - off : 1024;
      addNumber(m, true);
      add("\r\n");
      add(users->text() + off, m);
      add("\r\n");
    }
    add("0\r\n\r\n");
  } else {
    add(users->text(), users->size);
  }
  gParser.onBody(countBody, nullptr);
  uint64_t ir[2];
  for (uint64_t& n : ir) {
    gBodyBytes = 0;
    ehc_profile_mark();
    const uint64_t t0 = instret();
    const bool ok = parseResponse();
    const uint64_t t1 = instret();
    ehc_profile_mark();
    n = t1 - t0 - gOverhead;
    if (!ok || gBodyBytes != users->size) die("response not parsed:", name);
  }
  if (ir[0] != ir[1]) die("instruction counts differ between runs of", name);
  report(name, gWireLength, ir[1]);
}

// --- stack ----------------------------------------------------------------------

// Bytes of stack `work` used below the caller's frame (measure.h).
size_t stackOf(void (*work)()) {
  const size_t bytes = stackUse(work);
  if (bytes == 0) die("stack overflowed", "");
  return bytes;
}

// A bind of the 15 user fields (users.json element 0, 512-byte pieces): the
// calls' stack, with the binder and its targets outside it (as in the
// client, which holds its binder) ...
// The whole document is parsed (not stop-when-done), so every path is taken.
const Workload kBind15 = {"bind15", "users.json", {EHC_USER_FIELDS(EHC_EL0)}, 15, false};
ehc::StaticJsonBinder<15> gBinder15;
void bind15() {
  gBinder15.clear();
  if (ours(kBind15, *findDoc("users.json"), gBinder15) != ehc::JsonError::Ok) die("bind15", "");
}
// ... and with the binder a local of the calling function.
__attribute__((noinline)) void bind15WithBinder() {
  ehc::StaticJsonBinder<15> binder;
  if (ours(kBind15, *findDoc("users.json"), binder) != ehc::JsonError::Ok) die("bind15", "");
}

void stackLine(const char* what, size_t bytes) {
  FixedText<96> t;
  t << "stack " << EHC_ISA << ' ' << what << ' ';
  t.num(bytes);
  emit(t);
}

}  // namespace

int main() {
  const uint64_t a = instret();
  const uint64_t b = instret();
  gOverhead = b - a;
#ifdef EHC_PROFILE_WORKLOAD  // scripts/rv32-profile.sh: that workload only
  for (const Workload& w : kWorkloads)
    if (strcmp(w.name, EHC_PROFILE_WORKLOAD) == 0) jsonWorkload(w);
  if (strcmp("http-chunked", EHC_PROFILE_WORKLOAD) == 0) httpWorkload("http-chunked", true);
  if (strcmp("http-content-length", EHC_PROFILE_WORKLOAD) == 0)
    httpWorkload("http-content-length", false);
  return 0;
#endif
  for (const Workload& w : kWorkloads) jsonWorkload(w);
  httpWorkload("http-chunked", true);
  httpWorkload("http-content-length", false);
  stackLine("bind15", stackOf(bind15));
  stackLine("bind15+binder", stackOf(bind15WithBinder));
  FixedText<128> t;
  t << "# sizeof(StaticJsonBinder<8>)=";
  t.num(sizeof(ehc::StaticJsonBinder<8>)) << " sizeof(StaticJsonBinder<15>)=";
  t.num(sizeof(ehc::StaticJsonBinder<15>)) << " sizeof(ResponseParser)=";
  t.num(sizeof(ehc::ResponseParser));
  emit(t);
  return 0;
}
