// JSON benchmark: our binder vs RapidJSON (SAX + path tracking), cJSON,
// simdjson On-Demand and nlohmann-json, extracting the same fields from the
// same documents, measured in the same run.
//
//   json_bench                 time every pair, then count instructions of
//                              every pair under callgrind, print the table
//   json_bench --no-callgrind  timing only
//   json_bench --measure C W   (internal) one pair, collection toggled around it
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "callgrind_count.h"
#include "json_workloads.h"
#include "user_fields.h"

namespace {

std::string load(const std::string& rel) {
  std::ifstream in(std::string(EHC_SHARED_DIR) + "/testdata/" + rel, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  if (s.empty()) {
    fprintf(stderr, "json_bench: cannot read shared/testdata/%s\n", rel.c_str());
    exit(2);
  }
  s.reserve(s.size() + 64);  // simdjson's padding
  return s;
}

std::vector<Workload> workloads() {
  const Field userFields[] = {
#define EHC_FIELD(path, member, isInt, first) {path, isInt},
      EHC_USER_FIELDS(EHC_FIELD)
#undef EHC_FIELD
  };
  std::vector<Workload> w(4);
  for (int k = 0; k < 2; ++k) {
    const std::string el = k == 0 ? "0" : "9";
    w[k].name = "users el." + el;
    w[k].file = "jsonplaceholder/users.json";
    w[k].stopWhenDone = k == 0;
    for (const Field& f : userFields) w[k].fields.push_back({el + "." + f.path, f.isInt});
  }
  w[2].name = "twitter";
  w[2].file = "corpus/twitter.json";
  w[2].fields = {{"statuses.99.id", true},
                 {"statuses.99.user.screen_name", false},
                 {"statuses.99.text", false},
                 {"search_metadata.count", true},
                 {"search_metadata.max_id_str", false}};
  w[3].name = "citm";
  w[3].file = "corpus/citm_catalog.json";
  w[3].fields = {{"performances.242.id", true},
                 {"performances.242.venueCode", false},
                 {"performances.242.prices.0.amount", true},
                 {"venueNames.PLEYEL_PLEYEL", false}};
  for (auto& x : w) x.doc = load(x.file);
  return w;
}

// Ours: fed in `piece`-byte pieces (0: whole), as a socket would deliver it.
// Values land in plain variables; `out` (if any) gets copies afterwards.
void ours(const Workload& w, size_t piece, bool stop, Extracted* out) {
  static char buffers[32][256];
  static int64_t ints[32];
  ehc::StaticJsonBinder<32> binder;
  binder.setStopWhenDone(stop);
  for (size_t i = 0; i < w.fields.size(); ++i) {
    buffers[i][0] = '\0';
    if (w.fields[i].isInt)
      binder.bind(w.fields[i].path.c_str(), &ints[i]);
    else
      binder.bind(w.fields[i].path.c_str(), buffers[i], sizeof buffers[i]);
  }
  const char* p = w.doc.data();
  const size_t n = w.doc.size();
  if (piece == 0) {
    binder.feed(p, n);
  } else {
    for (size_t off = 0; off < n && !binder.done(); off += piece)
      binder.feed(p + off, n - off < piece ? n - off : piece);
  }
  if (binder.finish() != ehc::JsonError::Ok) abort();
  if (!out) return;
  out->ints.assign(w.fields.size(), 0);
  out->strings.assign(w.fields.size(), "");
  for (size_t i = 0; i < w.fields.size(); ++i) {
    if (w.fields[i].isInt)
      out->ints[i] = ints[i];
    else
      out->strings[i] = buffers[i];
  }
}

struct Contender {
  std::string name;
  bool onlyStopWorkloads;
  // Every contender extracts into `Extracted`; ours can also run without it
  // (out == nullptr), which is how instructions are counted: the copies into
  // std::string are the benchmark's work, not the library's.
  std::function<void(const Workload&, Extracted*)> run;
};

std::vector<Contender> contenders() {
  return {
      {"ours (512-byte pieces)", false,
       [](const Workload& w, Extracted* e) { ours(w, 512, false, e); }},
      {"ours (whole)", false, [](const Workload& w, Extracted* e) { ours(w, 0, false, e); }},
      {"ours stop-when-done (512)", true,
       [](const Workload& w, Extracted* e) { ours(w, 512, true, e); }},
      {"RapidJSON SAX + paths", false,
       [](const Workload& w, Extracted* e) { peerRapidJsonSax(w, false, e); }},
      {"RapidJSON SAX, stop when found", true,
       [](const Workload& w, Extracted* e) { peerRapidJsonSax(w, true, e); }},
      {"cJSON parse + lookup", false, peerCJson},
      {"simdjson On-Demand", false, peerSimdjson},
      {"nlohmann parse + lookup", false, peerNlohmann},
  };
}

double secondsPerRun(const Workload& w, const Contender& c) {
  Extracted e;
  c.run(w, &e);
  size_t iters = 1;
  for (;;) {
    const auto t0 = std::chrono::steady_clock::now();
    for (size_t i = 0; i < iters; ++i) c.run(w, &e);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (s > 0.15) return s / static_cast<double>(iters);
    iters *= 2;
  }
}

// Instructions of one run of (contender, workload), counted by callgrind.
double instructions(const char* self, size_t c, size_t w) {
  return bench::callgrindInstructions(self, {"--measure", std::to_string(c), std::to_string(w)});
}

}  // namespace

int main(int argc, char** argv) {
  auto ws = workloads();
  auto cs = contenders();
  if (argc == 4 && strcmp(argv[1], "--measure") == 0) {
    const Contender& c = cs[static_cast<size_t>(atoi(argv[2]))];
    const Workload& w = ws[static_cast<size_t>(atoi(argv[3]))];
    Extracted e;
    Extracted* out = c.name.rfind("ours", 0) == 0 ? nullptr : &e;
    c.run(w, out);  // warm up: first-use allocations, page faults
    CALLGRIND_TOGGLE_COLLECT;
    c.run(w, out);
    CALLGRIND_TOGGLE_COLLECT;
    return 0;
  }
  const bool callgrind = !(argc > 1 && strcmp(argv[1], "--no-callgrind") == 0) &&
                         system("valgrind --version >/dev/null 2>&1") == 0;

  printf("%-10s %-32s %9s %9s %8s %10s %9s %s\n", "workload", "contender", "MB/s", "Ir/byte",
         "allocs", "ours/peer", "(Ir)", "values");
  for (size_t wi = 0; wi < ws.size(); ++wi) {
    const Workload& w = ws[wi];
    Extracted reference;
    ours(w, 0, false, &reference);
    double oursTime = 0, oursIr = 0;
    for (size_t ci = 0; ci < cs.size(); ++ci) {
      const Contender& c = cs[ci];
      if (c.onlyStopWorkloads && !w.stopWhenDone) continue;
      Extracted e;
      const bool isOurs = c.name.rfind("ours", 0) == 0;
      ehc_test::AllocScope scope;
      c.run(w, isOurs ? nullptr : &e);
      const size_t allocs = scope.calls();
      if (isOurs) c.run(w, &e);
      const bool same = e == reference;
      const double t = secondsPerRun(w, c);
      const double ir = callgrind ? instructions(argv[0], ci, wi) : -1;
      if (ci == 0) {
        oursTime = t;
        oursIr = ir;
      }
      const double mbs = static_cast<double>(w.doc.size()) / t / 1e6;
      char ratio[32] = "", irRatio[32] = "", irb[32] = "-";
      if (ci != 0) snprintf(ratio, sizeof ratio, "%.2fx", t / oursTime);
      if (ci != 0 && ir > 0 && oursIr > 0)
        snprintf(irRatio, sizeof irRatio, "(%.2fx)", ir / oursIr);
      if (ir > 0) snprintf(irb, sizeof irb, "%.2f", ir / static_cast<double>(w.doc.size()));
      printf("%-10s %-32s %9.1f %9s %8zu %10s %9s %s\n", w.name.c_str(), c.name.c_str(), mbs, irb,
             allocs, ratio, irRatio, same ? "ok" : "DIFFER");
      fflush(stdout);
    }
  }
  printf(
      "\nIr/byte: callgrind instructions per input byte of one run (after a warm-up run).\n"
      "ours/peer: how many times longer the peer takes than ours fed in 512-byte pieces "
      "(time; in brackets, instructions). allocs: heap allocations in one run.\n");
  return 0;
}
