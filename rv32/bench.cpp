// Measurement on the target (issue 8), rv32 only: executed instructions per
// input byte, read from the minstret counter around the work alone (exact
// under qemu -icount shift=0), and the stack high-water mark of a bind.
//
//   rv32imc WORKLOAD BYTES INSTRUCTIONS IR_PER_BYTE
//   stack rv32imc bind15 BYTES
//
// The JSON workloads are the host benchmark's (bench/json_bench.cpp, "ours
// (512-byte pieces)"): the same documents, fields, targets, binder and piece
// size; BYTES is the document's size, also for stop-when-done. The HTTP
// workloads are bench/http_bench.cpp's (bench/http_workloads.h): BYTES is
// the body's size and INSTRUCTIONS the HTTP layer's own (a difference of two
// runs, IR_PER_BYTE with three decimals), or BYTES the header section's
// (http-head*) or the whole response's (http-chunked, http-content-length).
//
// Built with EHC_CLIENT_BENCH (ehc_client_bench, a program of its own so that
// ehc_bench's link stays json + http): the client's body path
// (bench/client_workloads.h) and nothing else.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <new>

#include "ehc/http/response_parser.h"
#include "ehc/json/json_binder.h"
#include "embedded.h"
#include "http_workloads.h"
#include "measure.h"
#include "text.h"
#include "user_fields.h"  // (tests/support)
#ifdef EHC_CLIENT_BENCH
#include "client_workloads.h"
#endif

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

// --- HTTP: the response parser (bench/http_workloads.h) ----------------------

// Instructions of one run of work() (false: it failed), from minstret; run
// twice, the counts must agree. `profiled`: between the marks
// scripts/rv32-profile.sh counts (a workload's own runs, not its baseline's).
template <typename Work>
uint64_t instructions(const char* name, Work work, bool profiled = true) {
  uint64_t ir[2];
  for (uint64_t& n : ir) {
    if (profiled) ehc_profile_mark();
    const uint64_t t0 = instret();
    const bool ok = work();
    const uint64_t t1 = instret();
    if (profiled) ehc_profile_mark();
    n = t1 - t0 - gOverhead;
    if (!ok) die("failed:", name);
  }
  if (ir[0] != ir[1]) die("instruction counts differ between runs of", name);
  return ir[1];
}

// A difference of two counts per byte, which may be below zero.
void reportDifference(const char* workload, size_t bytes, uint64_t ir, uint64_t base) {
  FixedText<128> t;
  t << EHC_ISA << ' ' << workload << ' ';
  t.num(bytes) << ' ';
  const bool below = ir < base;
  const uint64_t d = below ? base - ir : ir - base;
  t << (below ? "-" : "");
  t.u(d) << ' ' << (below ? "-" : "");
  const uint64_t milli = (d * 1000 + bytes / 2) / bytes;
  t.u(milli / 1000) << '.' << static_cast<char>('0' + milli / 100 % 10)
                    << static_cast<char>('0' + milli / 10 % 10)
                    << static_cast<char>('0' + milli % 10);
  emit(t);
}

char gWire[660 * 1024];  // twitter.json in 512-byte chunks and its head
char gHead[2048];
ehc::ResponseParser gParser;
alignas(8) unsigned char gBinderStorage[sizeof(ehc::StaticJsonBinder<32>)];
http_bench::TwitterValues gValues;

const EmbeddedFile& doc(const char* name) {
  const EmbeddedFile* d = findDoc(name);
  if (!d) die("missing document", name);
  return *d;
}

// The users payload as a content-length and as a chunked (1 KB chunks)
// response: the whole response per byte (its head is a sixth of it).
void usersResponse(const char* name, size_t chunk) {
  const EmbeddedFile& users = doc("users.json");
  http_bench::Wire wire(gWire, sizeof gWire);
  http_bench::addResponse(wire, users.text(), users.size, chunk);
  gParser.onBody(http_bench::noBody, nullptr);
  gParser.onHeaders(nullptr, nullptr);
  const uint64_t ir = instructions(name, [&] {
    return http_bench::parse(gParser, wire.data(), wire.size(), 512) &&
           gParser.bodyBytes() == users.size;
  });
  report(name, wire.size(), ir);
}

// The head alone, per header byte.
void headWorkload(const http_bench::HeadWorkload& w) {
  http_bench::Wire head(gHead, sizeof gHead);
  http_bench::addHead(head, false, 0);
  gParser.onHeaders(w.visitor ? &http_bench::kNoVisitor : nullptr, nullptr);
  const uint64_t ir = instructions(
      w.name, [&] { return http_bench::parse(gParser, head.data(), head.size(), w.read); });
  gParser.onHeaders(nullptr, nullptr);
  report(w.name, head.size(), ir);
}

// A body workload: the HTTP layer's instructions per body byte (see
// bench/http_workloads.h).
void bodyWorkload(const http_bench::Workload& w) {
  const EmbeddedFile& body = doc("twitter.json");
  http_bench::Wire wire(gWire, sizeof gWire), head(gHead, sizeof gHead);
  http_bench::addResponse(wire, body.text(), body.size, w.chunk);
  http_bench::addResponse(head, body.text(), 0, w.chunk);
  if (wire.overflowed() || head.overflowed()) die("wire buffer too small for", w.name);
  gParser.onBody(http_bench::noBody, nullptr);
  const uint64_t empty = instructions(
      w.name, [&] { return http_bench::parse(gParser, head.data(), head.size(), w.read); }, false);
  uint64_t all, base;
  if (w.sink == http_bench::Sink::None) {
    all = instructions(w.name, [&] {
      return http_bench::parse(gParser, wire.data(), wire.size(), w.read) &&
             gParser.bodyBytes() == body.size;
    });
    base = empty;
  } else {
    // The binder's constructor and bindings in both runs: they cancel out.
    all = instructions(w.name, [&] {
      auto* binder = new (gBinderStorage) ehc::StaticJsonBinder<32>();
      http_bench::bindTwitter(*binder, gValues);
      gParser.onBody(http_bench::toBinder, binder);
      return http_bench::parse(gParser, wire.data(), wire.size(), w.read) &&
             binder->finish() == ehc::JsonError::Ok && binder->status(4) == ehc::BindStatus::Found;
    });
    const uint64_t alone = instructions(
        w.name,
        [&] {
          auto* binder = new (gBinderStorage) ehc::StaticJsonBinder<32>();
          http_bench::bindTwitter(*binder, gValues);
          return http_bench::bindAlone(*binder, body.text(), body.size, w.read) ==
                 ehc::JsonError::Ok;
        },
        false);
    base = alone + empty;
    gParser.onBody(http_bench::noBody, nullptr);
  }
  reportDifference(w.name, body.size, all, base);
}

#ifdef EHC_CLIENT_BENCH
// --- the client's body path (bench/client_workloads.h) ---------------------------

client_bench::WireTransport gTransport;
alignas(8) unsigned char gClientStorage[sizeof(ehc::RestClient)];

// The client's instructions per body byte beyond the binder and the
// transport's copy, then that copy's (client-copy-*).
void clientWorkload(ehc::RestClient& client, const client_bench::ClientWorkload& w) {
  const EmbeddedFile& body = doc("twitter.json");
  http_bench::Wire wire(gWire, sizeof gWire), head(gHead, sizeof gHead);
  http_bench::addResponse(wire, body.text(), body.size, w.chunk);
  http_bench::addResponse(head, body.text(), 0, w.chunk);
  if (wire.overflowed() || head.overflowed()) die("wire buffer too small for", w.name);
  gTransport.load(head.data(), head.size());  // connected before the counts
  if (!client_bench::get(client, gTransport, gValues, true)) die("warm-up failed:", w.name);
  auto run = [&](const http_bench::Wire& response, bool empty) {
    gTransport.load(response.data(), response.size());
    return instructions(
        w.name, [&] { return client_bench::get(client, gTransport, gValues, empty); }, !empty);
  };
  auto copy = [&](const http_bench::Wire& response) {
    gTransport.load(response.data(), response.size());
    return instructions(
        w.name, [&] { return client_bench::readAll(gTransport, response.size()); }, false);
  };
  const uint64_t all = run(wire, false), empty = run(head, true);
  const uint64_t alone = instructions(
      w.name,
      [&] {
        auto* binder = new (gBinderStorage) ehc::StaticJsonBinder<32>();
        http_bench::bindTwitter(*binder, gValues);
        return http_bench::bindAlone(*binder, body.text(), body.size, EHC_READ_BUFFER) ==
               ehc::JsonError::Ok;
      },
      false);
  const uint64_t copied = copy(wire) - copy(head);
  reportDifference(w.name, body.size, all, empty + alone + copied);
  FixedText<64> name;
  name << "client-copy" << (w.name + strlen("client-body"));
  reportDifference(name.c_str(), body.size, copied, 0);
}
#endif

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

#ifdef EHC_CLIENT_BENCH
// The clock a port supplies (a board's from esp_timer or a tick; here a
// counter nobody advances: the workloads never wait).
volatile uint32_t gTicks;
EHC_BEGIN_NAMESPACE
uint32_t monotonicMs() {
  return gTicks;
}
void sleepMs(uint32_t) {}
EHC_END_NAMESPACE
#endif

#ifdef EHC_FLOAT_BINDING
// ehc_bench_float: the same program with a double bound as well, linked only
// (scripts/rv32-bench.sh sizes what json + http take once floats are bound).
double gDouble;
void bindFloat() {
  auto* binder = new (gBinderStorage) ehc::StaticJsonBinder<32>();
  binder->bind("statuses.0.geo.coordinates.0", &gDouble);
  const EmbeddedFile& body = doc("twitter.json");
  binder->feed(body.text(), body.size);
  binder->finish();
}
#endif

int main() {
  const uint64_t a = instret();
  const uint64_t b = instret();
  gOverhead = b - a;
#ifdef EHC_FLOAT_BINDING
  bindFloat();
#endif
#ifdef EHC_CLIENT_BENCH
  // Placed, not a global: no destructor registered with atexit().
  auto* client = new (gClientStorage) ehc::RestClient("http://bench.test", 0, &gTransport, nullptr);
  for (const client_bench::ClientWorkload& w : client_bench::kClientWorkloads) {
#ifdef EHC_PROFILE_WORKLOAD  // scripts/rv32-profile.sh: that workload only
    if (strcmp(w.name, EHC_PROFILE_WORKLOAD) != 0) continue;
#endif
    clientWorkload(*client, w);
  }
  return 0;
#endif
#ifdef EHC_PROFILE_WORKLOAD  // scripts/rv32-profile.sh: that workload only
  for (const Workload& w : kWorkloads)
    if (strcmp(w.name, EHC_PROFILE_WORKLOAD) == 0) jsonWorkload(w);
  if (strcmp("http-chunked", EHC_PROFILE_WORKLOAD) == 0) usersResponse("http-chunked", 1024);
  if (strcmp("http-content-length", EHC_PROFILE_WORKLOAD) == 0)
    usersResponse("http-content-length", 0);
  for (const http_bench::HeadWorkload& w : http_bench::kHeadWorkloads)
    if (strcmp(w.name, EHC_PROFILE_WORKLOAD) == 0) headWorkload(w);
  for (const http_bench::Workload& w : http_bench::kBodyWorkloads)
    if (strcmp(w.name, EHC_PROFILE_WORKLOAD) == 0) bodyWorkload(w);
  return 0;
#endif
  for (const Workload& w : kWorkloads) jsonWorkload(w);
  usersResponse("http-chunked", 1024);
  usersResponse("http-content-length", 0);
  for (const http_bench::HeadWorkload& w : http_bench::kHeadWorkloads) headWorkload(w);
  for (const http_bench::Workload& w : http_bench::kBodyWorkloads) bodyWorkload(w);
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
