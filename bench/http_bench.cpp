// The HTTP layer's own cost on the host (issue 20): the workloads of
// bench/http_workloads.h (the rv32 benchmark runs the same ones), each
// counted by callgrind, one run after a warm-up, and printed as
//
//   host WORKLOAD BYTES INSTRUCTIONS IR_PER_BYTE
//
// with the same meaning as scripts/rv32-bench.sh's lines: for the body
// workloads BYTES is the body's size and INSTRUCTIONS the difference of two
// counts (see http_workloads.h), for the head workloads the header section;
// the client-body-* lines are the client's own body path and client-copy-*
// the transport's copy into its buffer (bench/client_workloads.h).
//
//   http_bench                      every workload
//   http_bench --measure KIND INDEX PART   (internal) one run, collection toggled
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "callgrind_count.h"
#include "client_workloads.h"
#include "http_workloads.h"

namespace {

std::string load(const std::string& rel) {
  std::ifstream in(std::string(EHC_SHARED_DIR) + "/testdata/" + rel, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  if (ss.str().empty()) {
    fprintf(stderr, "http_bench: cannot read shared/testdata/%s\n", rel.c_str());
    exit(2);
  }
  return ss.str();
}

// What one measured run does (kCopy*: the client workloads' transport alone).
enum Part { kFull, kEmptyBody, kBinderAlone, kCopyFull, kCopyEmpty };

struct Runner {
  std::string body = load("corpus/twitter.json");
  std::vector<char> wire = std::vector<char>(body.size() * 2 + 4096);
  std::vector<char> head = std::vector<char>(4096);
  ehc::ResponseParser parser;
  ehc::StaticJsonBinder<32> binder;
  http_bench::TwitterValues values;
  size_t wireSize = 0, headSize = 0;

  // Builds the responses of body workload w.
  void prepare(const http_bench::Workload& w) {
    http_bench::Wire full(wire.data(), wire.size()), empty(head.data(), head.size());
    http_bench::addResponse(full, body.data(), body.size(), w.chunk);
    http_bench::addResponse(empty, body.data(), 0, w.chunk);
    wireSize = full.size();
    headSize = empty.size();
  }
  bool runBody(const http_bench::Workload& w, Part part) {
    parser.onBody(http_bench::noBody, nullptr);
    if (part == kEmptyBody) return http_bench::parse(parser, head.data(), headSize, w.read);
    if (part == kBinderAlone || w.sink == http_bench::Sink::Binder) {
      binder.clear();
      http_bench::bindTwitter(binder, values);
    }
    if (part == kBinderAlone)
      return http_bench::bindAlone(binder, body.data(), body.size(), w.read) == ehc::JsonError::Ok;
    if (w.sink == http_bench::Sink::Binder) parser.onBody(http_bench::toBinder, &binder);
    const bool ok = http_bench::parse(parser, wire.data(), wireSize, w.read);
    if (w.sink == http_bench::Sink::Binder)
      return ok && binder.finish() == ehc::JsonError::Ok &&
             binder.status(4) == ehc::BindStatus::Found;
    return ok && parser.bodyBytes() == body.size();
  }
  void prepareHead(const http_bench::HeadWorkload& w) {
    http_bench::Wire h(head.data(), head.size());
    http_bench::addHead(h, false, 0);
    headSize = h.size();
    parser.onHeaders(w.visitor ? &http_bench::kNoVisitor : nullptr, nullptr);
  }
  bool runHead(const http_bench::HeadWorkload& w) {
    return http_bench::parse(parser, head.data(), headSize, w.read);
  }

  // A client workload (bench/client_workloads.h): its responses built by
  // prepare(), the transport loaded with the one a part reads.
  client_bench::WireTransport transport;
  ehc::RestClient client{"http://bench.test", 0, &transport, nullptr};
  bool runClient(Part part) {
    const bool empty = part == kEmptyBody || part == kCopyEmpty;
    transport.load(empty ? head.data() : wire.data(), empty ? headSize : wireSize);
    if (part == kCopyFull || part == kCopyEmpty)
      return client_bench::readAll(transport, empty ? headSize : wireSize);
    if (part == kBinderAlone) {
      binder.clear();
      http_bench::bindTwitter(binder, values);
      return http_bench::bindAlone(binder, body.data(), body.size(), EHC_READ_BUFFER) ==
             ehc::JsonError::Ok;
    }
    return client_bench::get(client, transport, values, empty);
  }
};

// Instructions of one run (`--measure KIND INDEX PART` of this program),
// counted by callgrind; -1 if it failed.
double instructions(const char* self, char kind, size_t index, Part part) {
  return bench::callgrindInstructions(
      self, {"--measure", std::string(1, kind), std::to_string(index), std::to_string(part)});
}

int measure(char kind, size_t index, Part part) {
  static Runner r;  // not on the stack: the binder and buffers are large
  bool ok;
  if (kind == 'h') {
    const http_bench::HeadWorkload& w = http_bench::kHeadWorkloads[index];
    r.prepareHead(w);
    r.runHead(w);  // warm up: first-use page faults
    CALLGRIND_TOGGLE_COLLECT;
    ok = r.runHead(w);
    CALLGRIND_TOGGLE_COLLECT;
  } else if (kind == 'c') {
    const client_bench::ClientWorkload& w = client_bench::kClientWorkloads[index];
    r.prepare({w.name, w.chunk, EHC_READ_BUFFER, http_bench::Sink::Binder});
    r.runClient(part);
    CALLGRIND_TOGGLE_COLLECT;
    ok = r.runClient(part);
    CALLGRIND_TOGGLE_COLLECT;
  } else {
    const http_bench::Workload& w = http_bench::kBodyWorkloads[index];
    r.prepare(w);
    r.runBody(w, part);
    CALLGRIND_TOGGLE_COLLECT;
    ok = r.runBody(w, part);
    CALLGRIND_TOGGLE_COLLECT;
  }
  return ok ? 0 : 1;
}

// One line of the listing (a difference may be below zero).
void line(const char* name, size_t bytes, double ir, bool failed) {
  if (failed)
    printf("host %s %zu failed\n", name, bytes);
  else
    printf("host %s %zu %.0f %.3f\n", name, bytes, ir, ir / static_cast<double>(bytes));
  fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 5 && strcmp(argv[1], "--measure") == 0)
    return measure(argv[2][0], static_cast<size_t>(atoi(argv[3])),
                   static_cast<Part>(atoi(argv[4])));
  if (system("valgrind --version >/dev/null 2>&1") != 0) {
    fprintf(stderr, "http_bench: needs valgrind (callgrind)\n");
    return 2;
  }
  Runner r;
  for (size_t k = 0; k < sizeof http_bench::kHeadWorkloads / sizeof http_bench::kHeadWorkloads[0];
       ++k) {
    r.prepareHead(http_bench::kHeadWorkloads[k]);
    const double ir = instructions(argv[0], 'h', k, kFull);
    line(http_bench::kHeadWorkloads[k].name, r.headSize, ir, ir < 0);
  }
  for (size_t k = 0; k < sizeof http_bench::kBodyWorkloads / sizeof http_bench::kBodyWorkloads[0];
       ++k) {
    const http_bench::Workload& w = http_bench::kBodyWorkloads[k];
    const double full = instructions(argv[0], 'b', k, kFull);
    const double empty = instructions(argv[0], 'b', k, kEmptyBody);
    const double alone =
        w.sink == http_bench::Sink::Binder ? instructions(argv[0], 'b', k, kBinderAlone) : 0;
    const bool failed = full < 0 || empty < 0 || alone < 0;
    line(w.name, r.body.size(), full - empty - alone, failed);
  }
  for (size_t k = 0;
       k < sizeof client_bench::kClientWorkloads / sizeof client_bench::kClientWorkloads[0]; ++k) {
    const char* name = client_bench::kClientWorkloads[k].name;
    double ir[5];
    bool failed = false;
    for (int part = kFull; part <= kCopyEmpty; ++part) {
      ir[part] = instructions(argv[0], 'c', k, static_cast<Part>(part));
      failed = failed || ir[part] < 0;
    }
    const double copy = ir[kCopyFull] - ir[kCopyEmpty];
    line(name, r.body.size(), ir[kFull] - ir[kEmptyBody] - ir[kBinderAlone] - copy, failed);
    const std::string copyName = std::string("client-copy") + (name + strlen("client-body"));
    line(copyName.c_str(), r.body.size(), copy, failed);
  }
  return 0;
}
