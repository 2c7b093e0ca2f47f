// The headline benchmark: N consecutive HTTPS GETs of /users (the
// JSONPlaceholder users), the 15 fields of the first user, three ways, over
// an emulated network, in one run:
//
//   headline_bench [--quick | --scaling [--only NAME] [--scheme https|http] [--repeats N]]
//                  [--requests N] [--out DIR]
//
// nginx serves the payload over HTTPS with certificates made now; the
// project's network emulator (tools/ehc-netem) sits between each client and
// nginx. Scenarios: "wifi" (15 ms each way, 20 Mbit/s) and "device" (wifi
// plus the ESP32's handshake computation, modelled as 600 ms held on every
// full TLS handshake and 60 ms on a resumed one). Then a scaling run on
// plain loopback, over HTTPS and over HTTP: bodies of 5 KB .. 5 MB, ours also
// with the library built with a 16 KB read buffer. Prints the tables; writes
// summary.json, table.md and the chart data into --out; the last line is
// "summary: PATH". --quick: 20 requests, no scaling run, and the exit status
// says whether ours beat standard on time and heap with every value right.
// --scaling: the scaling run only (no emulated scenarios); --only
// ours|ours-2k|ours-16k|ours-ra0|standard|curl: of that contender alone (to count its system
// calls: strace -c -f); --scheme: over HTTPS or HTTP only; --repeats N: the
// median of N requests (3).
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "alloc_counter.h"
#include "contenders.h"
#include "ehc/config.h"  // EHC_SOCKET_READAHEAD, printed with the scaling run
#include "nginx_server.h"
#include "test_certs.h"
#include "user_fields.h"

using headline::Contender;
using headline::User;

namespace {

volatile pid_t gNginx = -1;  // nginx's process group, for the signal handler

struct LinkSettings {
  uint32_t oneWayDelayMs, jitterMs;
  double bandwidthMbit;
  uint32_t holdFullMs, holdResumedMs;
};

struct Scenario {
  const char* name;
  const char* description;
  LinkSettings link;
  const char* path;
};

// The network emulator (tools/ehc-netem) as a process of its own, so that
// its buffers never count as a contender's heap.
class Link {
 public:
  struct Counters {
    size_t connections = 0, tlsFull = 0, tlsResumed = 0;
    bool read = false;  // the emulator's exit line was found
  };
  bool start(uint16_t target, const LinkSettings& l) {
    char err[] = "/tmp/ehc-netem-XXXXXX";
    const int errFd = mkstemp(err);
    errPath_ = err;
    int out[2];
    if (errFd < 0 || pipe(out) != 0) return false;
    const std::vector<std::string> args = {EHC_NETEM_BIN,
                                           "--target",
                                           std::to_string(target),
                                           "--delay",
                                           std::to_string(l.oneWayDelayMs),
                                           "--jitter",
                                           std::to_string(l.jitterMs),
                                           "--bandwidth",
                                           number(l.bandwidthMbit),
                                           "--hold-full",
                                           std::to_string(l.holdFullMs),
                                           "--hold-resumed",
                                           std::to_string(l.holdResumedMs),
                                           "--seconds",
                                           "900"};
    pid_ = fork();
    if (pid_ == 0) {
      prctl(PR_SET_PDEATHSIG, SIGTERM);  // never outlive the benchmark
      dup2(out[1], 1);
      dup2(errFd, 2);
      std::vector<char*> argv;
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]);
    close(errFd);
    FILE* f = fdopen(out[0], "r");
    char line[128] = "";
    const bool ok =
        f && fgets(line, sizeof line, f) && sscanf(line, "listening on 127.0.0.1:%hu", &port_) == 1;
    if (f) fclose(f);
    return ok;
  }
  // Stops it and reads the counters it printed.
  Counters stop() {
    Counters c;
    if (pid_ <= 0) return c;
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
    std::ifstream in(errPath_);
    std::string line;
    while (std::getline(in, line))
      if (sscanf(line.c_str(), "ehc-netem: connections %zu, tls full %zu, tls resumed %zu",
                 &c.connections, &c.tlsFull, &c.tlsResumed) == 3)
        c.read = true;
    unlink(errPath_.c_str());
    return c;
  }
  ~Link() { stop(); }
  uint16_t port() const { return port_; }

 private:
  static std::string number(double v) {
    char b[32];
    snprintf(b, sizeof b, "%g", v);
    return b;
  }
  pid_t pid_ = -1;
  uint16_t port_ = 0;
  std::string errPath_;
};

struct Measured {
  std::string name;
  std::vector<double> ms;
  double heapBytesPerRequest = 0, heapAllocsPerRequest = 0;  // requests 2..N
  size_t firstRequestBytes = 0;
  size_t peakHeap = 0;
  size_t tcp = 0, tlsFull = 0, tlsResumed = 0;
  int loc = 0;
  bool correct = true;
  double resumedReconnectMs = -1, fullReconnectMs = -1;  // ours
  bool resumed = false;  // ours: the reconnect after end() did resume (client and emulator agree)
  double median() const { return percentile(0.5); }
  double p95() const { return percentile(0.95); }
  double max() const { return ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()); }
  double percentile(double q) const {
    if (ms.empty()) return 0;
    std::vector<double> s = ms;
    std::sort(s.begin(), s.end());
    const size_t i = static_cast<size_t>(q * static_cast<double>(s.size() - 1) + 0.5);
    return s[std::min(i, s.size() - 1)];
  }
};

double now() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// CPU time of this process (user + system, all its threads; nginx is another
// process), in ms: steadier than wall time on a loaded machine.
double cpuNow() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return (static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 +
          static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3);
}

void setField(long& v, const char* text) {
  v = atol(text);
}
template <size_t N>
void setField(char (&buf)[N], const char* text) {
  snprintf(buf, N, "%s", text);
}

User expectedFirstUser() {
  User u;
#define EHC_SET(path, member, isInt, first) setField(u.member, first);
  EHC_USER_FIELDS(EHC_SET)
#undef EHC_SET
  return u;
}

// One request, timed and counted.
struct One {
  double ms;
  size_t allocs, bytes, peak;
  bool ok;
  double cpuMs;
};
One timed(Contender& c, const char* path) {
  User u;
  ehc_test::AllocScope scope;
  const double t0 = now(), cpu0 = cpuNow();
  const bool ok = c.request(path, &u);
  One r{now() - t0, scope.calls(), scope.bytes(), scope.peakAbove(), false, cpuNow() - cpu0};
  static const User expected = expectedFirstUser();
  r.ok = ok && u == expected;
  return r;
}

Measured runContender(Contender& c, int requests, const char* path) {
  Measured m;
  m.name = c.name();
  m.loc = c.linesOfCode();
  size_t bytes = 0, allocs = 0;
  for (int i = 0; i < requests; ++i) {
    const One r = timed(c, path);
    m.ms.push_back(r.ms);
    m.correct = m.correct && r.ok;
    m.peakHeap = std::max(m.peakHeap, r.peak);
    if (i == 0) {
      m.firstRequestBytes = r.bytes;
    } else {
      bytes += r.bytes;
      allocs += r.allocs;
    }
  }
  if (requests > 1) {
    m.heapBytesPerRequest = static_cast<double>(bytes) / (requests - 1);
    m.heapAllocsPerRequest = static_cast<double>(allocs) / (requests - 1);
  }
  c.end();
  return m;
}

std::string fmt(const char* f, double v) {
  char b[64];
  snprintf(b, sizeof b, f, v);
  return b;
}

std::string ratio(double peer, double ours) {
  if (ours <= 0) return peer <= 0 ? "the same" : "all (ours: none)";
  return fmt("%.1fx", peer / ours);
}

// users.json's elements repeated into an array of about `bytes`.
std::string bigUsers(const std::string& users, size_t bytes) {
  const std::string inner =
      users.substr(users.find('[') + 1, users.rfind(']') - users.find('[') - 1);
  std::string out = "[";
  while (out.size() < bytes) {
    if (out.size() > 1) out += ",";
    out += inner;
  }
  return out + "]";
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The scaling run: every contender reads and parses each body (ours counts
// the elements with a '*' binding); the median of `repeats` requests, the
// largest peak heap. One table per scheme.
struct Scaling {
  const size_t* sizes;
  size_t count;
  int repeats;
  std::string only;  // one contender, or all
  std::ostringstream* md;
  std::ostringstream* json;

  // False when a value was wrong.
  bool table(const char* scheme, std::unique_ptr<Contender>* cs, size_t n,
             const std::string& dataFile) {
    printf(
        "\n== scaling over %s: bodies of 5 KB .. 5 MB (arrays of users), loopback, median of %d; "
        "every contender reads and parses the whole body (ours counts the elements with a '*' "
        "binding; ours-16k, ours-2k: built with EHC_READ_BUFFER=%d, %d; ours-ra0: 512 with "
        "EHC_SOCKET_READAHEAD=0, ours and the others read ahead %d)\n",
        scheme, repeats, headline::kBigReadBuffer, headline::kMidReadBuffer, EHC_SOCKET_READAHEAD);
    printf("%-9s %10s %12s %12s %12s %s\n", "contender", "body", "ms", "cpu ms", "peak heap",
           "values");
    *md << "**scaling, " << scheme << "** (loopback, no emulation; median of " << repeats
        << " requests (wall time, and the client process's CPU time), the largest peak; every "
           "contender reads and parses the whole body; ours-16k, ours-2k: the library built with "
           "EHC_READ_BUFFER="
        << headline::kBigReadBuffer << ", " << headline::kMidReadBuffer
        << "; ours-ra0: 512 with EHC_SOCKET_READAHEAD=0, the others read ahead "
        << EHC_SOCKET_READAHEAD << ")\n\n"
        << "| contender | body bytes | ms | cpu ms | peak heap B | values |\n"
           "|---|---|---|---|---|---|\n";
    std::ofstream data(dataFile);
    *json << "{";
    bool allRight = true, first = true;
    for (size_t k = 0; k < n; ++k) {
      if (!only.empty() && only != cs[k]->name()) continue;
      cs[k]->readWholeBody(true);
      *json << (first ? "" : ", ") << "\"" << cs[k]->name() << "\": [";
      first = false;
      for (size_t si = 0; si < count; ++si) {
        const std::string path = "/users-" + std::to_string(sizes[si]);
        std::vector<double> t, cpu;
        size_t peak = 0;
        bool ok = true;
        for (int r = 0; r < repeats; ++r) {
          const One one = timed(*cs[k], path.c_str());
          t.push_back(one.ms);
          cpu.push_back(one.cpuMs);
          peak = std::max(peak, one.peak);
          ok = ok && one.ok;
        }
        std::sort(t.begin(), t.end());
        std::sort(cpu.begin(), cpu.end());
        const double median = t[t.size() / 2], cpuMedian = cpu[cpu.size() / 2];
        printf("%-9s %10zu %12.1f %12.1f %12zu %s\n", cs[k]->name(), sizes[si], median, cpuMedian,
               peak, ok ? "right" : "WRONG");
        *md << "| " << cs[k]->name() << " | " << sizes[si] << " | " << fmt("%.1f", median) << " | "
            << fmt("%.1f", cpuMedian) << " | " << peak << " | " << (ok ? "right" : "WRONG")
            << " |\n";
        allRight = allRight && ok;
        data << k << " " << sizes[si] << " " << median << " " << peak << "\n";
        *json << (si ? ", " : "") << "{\"body_bytes\": " << sizes[si]
              << ", \"ms\": " << fmt("%.2f", median) << ", \"cpu_ms\": " << fmt("%.2f", cpuMedian)
              << ", \"peak_heap_bytes\": " << peak << ", \"correct\": " << (ok ? "true" : "false")
              << "}";
      }
      data << "\n\n";
      cs[k]->end();
      *json << "]";
    }
    *json << "}";
    *md << "\n";
    return allRight;
  }
};

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  bool scalingOnly = false;
  std::string only;  // one contender in the scaling run
  int scalingRepeats = 3;
  std::string scheme;  // the scaling run over this scheme only (https, http), or both
  int requests = 100;
  std::string out = "build/headline";
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--quick")) {
      quick = true;
      requests = 20;
    } else if (!strcmp(argv[i], "--scaling")) {
      scalingOnly = true;
    } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
      only = argv[++i];
    } else if (!strcmp(argv[i], "--scheme") && i + 1 < argc) {
      scheme = argv[++i];
    } else if (!strcmp(argv[i], "--repeats") && i + 1 < argc) {
      scalingRepeats = std::max(1, atoi(argv[++i]));
    } else if (!strcmp(argv[i], "--requests") && i + 1 < argc) {
      requests = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
      out = argv[++i];
    } else {
      fprintf(stderr,
              "usage: headline_bench [--quick | --scaling [--only NAME] [--scheme https|http] "
              "[--repeats N]] [--requests N] [--out DIR]\n");
      return 2;
    }
  }
  if (requests < 2) requests = 2;
  setvbuf(stdout, nullptr, _IOLBF, 0);  // progress shows as it comes, also through a pipe
  if (mkdir(out.c_str(), 0755) != 0 && errno != EEXIST) {
    fprintf(stderr, "headline_bench: cannot make %s: %s\n", out.c_str(), strerror(errno));
    return 1;
  }
  if (!ehc_test::allocCountingWorks()) {
    fprintf(stderr, "headline_bench: the allocation counter does not work in this build\n");
    return 1;
  }

  // --- servers -------------------------------------------------------------------
  ehc_test::TestCerts certs;
  std::string why;
  if (!certs.make(EHC_OPENSSL, &why)) {
    fprintf(stderr, "headline_bench: %s\n", why.c_str());
    return 1;
  }
  const std::string users =
      slurp(std::string(EHC_SHARED_DIR) + "/testdata/jsonplaceholder/users.json");
  ehc_test::NginxOptions o;
  o.nginx = EHC_NGINX;
  o.certs = &certs;
  o.keepaliveRequests = 100000;
  o.keepaliveTimeoutSeconds = 300;
  o.files.push_back({"users", users});
  const size_t sizes[] = {5 * 1000, 50 * 1000, 500 * 1000, 5 * 1000 * 1000};
  if (!quick)
    for (size_t s : sizes) o.files.push_back({"users-" + std::to_string(s), bigUsers(users, s)});
  ehc_test::NginxServer nginx(o);
  if (!nginx.start(&why)) {
    fprintf(stderr, "headline_bench: nginx: %s\n", why.c_str());
    return 1;
  }
  // Interrupted (Ctrl-C, a CI timeout): nginx goes too (the emulators die
  // with us by themselves).
  gNginx = nginx.pid();
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    signal(sig, [](int) {
      if (gNginx > 0) kill(-gNginx, SIGTERM);
      _exit(130);
    });

  const Scenario scenarios[] = {
      {"wifi", "15 ms each way, 20 Mbit/s, no handshake cost", {15, 0, 20.0, 0, 0}, "/users"},
      {"device",
       "wifi + 600 ms held on each full TLS handshake, 60 ms on a resumed one (a model of the "
       "ESP32's handshake computation)",
       {15, 0, 20.0, 600, 60},
       "/users"},
      {"wifi-chunked",
       "wifi, the body sent with chunked transfer encoding (as the real API does)",
       {15, 0, 20.0, 0, 0},
       "/chunked/users"}};

  std::ostringstream json, md;
  json << "{\"requests\": " << requests << ", \"scenarios\": {";
  struct utsname un {};
  uname(&un);
  md << "Machine: " << un.machine << ", " << un.sysname << " " << un.release
     << "; payload users.json " << users.size() << " bytes; " << requests
     << " requests per contender.\n\n";
  bool quickOk = true;                             // ours ahead of standard on time and heap
  bool allRight = true;                            // every value right, the handshakes as expected
  std::ofstream wide(out + "/requests-wide.dat");  // for the chart: scenario, then medians
  const double transfer = static_cast<double>(users.size() + 300) * 8 / 20e6 * 1000;

  const size_t scenarioCount = scalingOnly ? 0 : sizeof scenarios / sizeof scenarios[0];
  for (size_t si = 0; si < scenarioCount; ++si) {
    const Scenario& sc = scenarios[si];
    printf("\n== scenario %s: %s; %d requests each\n", sc.name, sc.description, requests);
    std::vector<Measured> ms;
    using Make = std::unique_ptr<Contender> (*)(const headline::Server&);
    const Make makers[] = {headline::makeOurs, headline::makeStandard, headline::makeCurl};
    for (size_t k = 0; k < 3; ++k) {
      Link link;  // a fresh emulator per contender: its counters are the contender's
      if (!link.start(nginx.httpsPort(), sc.link)) {
        fprintf(stderr, "headline_bench: the network emulator did not start\n");
        return 1;
      }
      const headline::Server server{"localhost", link.port(), certs.caPem(), certs.caPemPath()};
      {  // one untimed request first: a library's one-time set-up is not a request's
        auto warm = makers[k](server);
        User u;
        warm->request(sc.path, &u);
      }
      Link::Counters warmed = link.stop();
      if (!link.start(nginx.httpsPort(), sc.link)) return 1;
      const headline::Server measured{"localhost", link.port(), certs.caPem(), certs.caPemPath()};
      auto c = makers[k](measured);
      // The handshake counts cover the N requests only, not the end() probes.
      ms.push_back(runContender(*c, requests, sc.path));
      c.reset();
      const Link::Counters n = link.stop();
      ms.back().tcp = n.connections;
      ms.back().tlsFull = n.tlsFull;
      ms.back().tlsResumed = n.tlsResumed;
      if (!n.read || !warmed.read) {
        fprintf(stderr, "headline_bench: no counters from the network emulator\n");
        return 1;
      }
      if (k == 0) {  // ours: end(), then one more request, resumed and full
        Link probe;
        if (!probe.start(nginx.httpsPort(), sc.link)) return 1;
        const headline::Server again{"localhost", probe.port(), certs.caPem(), certs.caPemPath()};
        auto o = headline::makeOurs(again);
        User u;
        o->request("/users", &u);  // connect once, with a full handshake
        o->end();
        const One resumed = timed(*o, "/users");
        const bool wasResumed = headline::lastRequestResumed(*o);
        o->end();
        headline::forgetSession(*o);
        const One full = timed(*o, "/users");
        o->end();
        const Link::Counters p = probe.stop();
        ms[0].resumedReconnectMs = resumed.ms;
        ms[0].fullReconnectMs = full.ms;
        ms[0].resumed = wasResumed && p.tlsResumed == 1 && p.tlsFull == 2;
        ms[0].correct = ms[0].correct && resumed.ok && full.ok;
      }
    }

    const Measured& ours = ms[0];
    printf("%-9s %9s %9s %9s %12s %11s %11s %5s %9s %4s %s\n", "contender", "median", "p95", "max",
           "heap B/req", "allocs/req", "peak heap", "TCP", "TLS f/r", "LOC", "values");
    md << "**" << sc.name << "** (" << sc.description << ")\n\n"
       << "| contender | median ms | p95 ms | max ms | heap B/request | allocs/request | peak heap "
          "B "
          "| TCP | TLS full/resumed | lines | values "
          "|\n|---|---|---|---|---|---|---|---|---|---|---|\n";
    json << (si ? ", " : "") << "\"" << sc.name
         << "\": {\"one_way_delay_ms\": " << sc.link.oneWayDelayMs
         << ", \"bandwidth_mbit\": " << sc.link.bandwidthMbit
         << ", \"handshake_cost_ms\": " << sc.link.holdFullMs << ", \"contenders\": {";
    for (size_t k = 0; k < ms.size(); ++k) {
      const Measured& m = ms[k];
      const std::string tls = std::to_string(m.tlsFull) + "/" + std::to_string(m.tlsResumed);
      printf("%-9s %9.1f %9.1f %9.1f %12.0f %11.1f %11zu %5zu %9s %4d %s\n", m.name.c_str(),
             m.median(), m.p95(), m.max(), m.heapBytesPerRequest, m.heapAllocsPerRequest,
             m.peakHeap, m.tcp, tls.c_str(), m.loc, m.correct ? "right" : "WRONG");
      md << "| " << m.name << " | " << fmt("%.1f", m.median()) << " | " << fmt("%.1f", m.p95())
         << " | " << fmt("%.1f", m.max()) << " | " << fmt("%.0f", m.heapBytesPerRequest) << " | "
         << fmt("%.1f", m.heapAllocsPerRequest) << " | " << m.peakHeap << " | " << m.tcp << " | "
         << tls << " | " << m.loc << " | " << (m.correct ? "right" : "WRONG") << " |\n";
      json << (k ? ", " : "") << "\"" << m.name << "\": {\"median_ms\": " << fmt("%.2f", m.median())
           << ", \"p95_ms\": " << fmt("%.2f", m.p95()) << ", \"max_ms\": " << fmt("%.2f", m.max())
           << ", \"heap_bytes_per_request\": " << fmt("%.1f", m.heapBytesPerRequest)
           << ", \"heap_allocs_per_request\": " << fmt("%.2f", m.heapAllocsPerRequest)
           << ", \"peak_heap_bytes\": " << m.peakHeap << ", \"tcp_handshakes\": " << m.tcp
           << ", \"tls_handshakes\": " << (m.tlsFull + m.tlsResumed)
           << ", \"tls_full_handshakes\": " << m.tlsFull
           << ", \"tls_resumed_handshakes\": " << m.tlsResumed << ", \"lines_of_code\": " << m.loc
           << ", \"correct\": " << (m.correct ? "true" : "false");
      if (m.resumedReconnectMs >= 0)
        json << ", \"resumed_reconnect_ms\": " << fmt("%.2f", m.resumedReconnectMs)
             << ", \"full_reconnect_ms\": " << fmt("%.2f", m.fullReconnectMs)
             << ", \"reconnect_resumed\": " << (m.resumed ? "true" : "false");
      json << "}";
    }
    json << "}}";
    const Measured& standard = ms[1];
    const Measured& curl = ms[2];
    wide << sc.name << " " << ours.median() << " " << standard.median() << " " << curl.median()
         << "\n";
    const double floor = 2.0 * sc.link.oneWayDelayMs + transfer;
    printf(
        "ours vs standard: %s faster per request (median), %s less heap per request; "
        "ours vs curl: %s (time), heap %.0f vs %.0f B/request\n",
        ratio(standard.median(), ours.median()).c_str(),
        ratio(standard.heapBytesPerRequest, ours.heapBytesPerRequest).c_str(),
        ratio(curl.median(), ours.median()).c_str(), ours.heapBytesPerRequest,
        curl.heapBytesPerRequest);
    printf(
        "physical floor (one round trip + the body at the bandwidth cap): %.1f ms; ours' "
        "median is %.2fx of it\n",
        floor, ours.median() / floor);
    printf(
        "after end(): the next request took %.1f ms resuming the TLS session, %.1f ms with a "
        "full handshake\n",
        ours.resumedReconnectMs, ours.fullReconnectMs);
    md << "\nours vs standard: " << ratio(standard.median(), ours.median()) << " faster, "
       << ratio(standard.heapBytesPerRequest, ours.heapBytesPerRequest)
       << " less heap per request; ours vs curl: " << ratio(curl.median(), ours.median())
       << " (time). Floor (round trip + transfer) " << fmt("%.1f", floor) << " ms, ours "
       << fmt("%.2f", ours.median() / floor)
       << "x of it. After `end()`: " << fmt("%.1f", ours.resumedReconnectMs) << " ms resumed, "
       << fmt("%.1f", ours.fullReconnectMs) << " ms full handshake.\n\n";
    const size_t n = static_cast<size_t>(requests);
    const bool counts = ours.tcp == 1 && curl.tcp == 1 && standard.tcp == n &&
                        standard.tlsFull == n && ours.resumed;
    if (!counts) printf("UNEXPECTED handshake counts (or the reconnect did not resume)\n");
    allRight = allRight && ours.correct && standard.correct && curl.correct && counts;
    quickOk = quickOk && ours.median() < standard.median() &&
              ours.heapBytesPerRequest < standard.heapBytesPerRequest;
  }
  json << "}";

  // --- scaling: the same extraction from bigger bodies, on plain loopback -----------
  if (!quick) {
    Scaling run{sizes, sizeof sizes / sizeof sizes[0], scalingRepeats, only, &md, &json};
    const headline::Server https{"localhost", nginx.httpsPort(), certs.caPem(), certs.caPemPath()};
    std::unique_ptr<Contender> overTls[] = {
        headline::makeOurs(https),          headline::makeStandard(https),
        headline::makeCurl(https),          headline::makeOursBigBuffer(https),
        headline::makeOursMidBuffer(https), headline::makeOursNoReadAhead(https)};
    json << ", \"scaling\": ";
    if (scheme != "http")
      allRight = run.table("HTTPS", overTls, 6, out + "/scaling.dat") && allRight;
    else
      json << "{}";
    headline::Server http = https;
    http.port = nginx.httpPort();
    http.tls = false;
    std::unique_ptr<Contender> plain[] = {
        headline::makeOurs(http), headline::makeCurl(http), headline::makeOursBigBuffer(http),
        headline::makeOursMidBuffer(http), headline::makeOursNoReadAhead(http)};
    json << ", \"scaling_http\": ";
    if (scheme != "https")
      allRight = run.table("HTTP", plain, 5, out + "/scaling-http.dat") && allRight;
    else
      json << "{}";
  }
  json << "}\n";

  const std::string summary = out + "/summary.json";
  std::ofstream summaryFile(summary), tableFile(out + "/table.md");
  summaryFile << json.str();
  tableFile << md.str();
  summaryFile.close();
  tableFile.close();
  if (!summaryFile || !tableFile) {
    fprintf(stderr, "headline_bench: cannot write into %s\n", out.c_str());
    return 1;
  }
  const bool failed = !allRight || (quick && !quickOk);
  if (!allRight) printf("FAILED: a wrong value, or unexpected handshake counts (see above)\n");
  if (quick && !quickOk) printf("FAILED: ours must be ahead of standard on time and heap\n");
  char real[4096];
  printf("\nsummary: %s\n", realpath(summary.c_str(), real) ? real : summary.c_str());
  if (failed) return 1;
  return 0;
}
