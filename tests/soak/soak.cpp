// The soak run (scripts/soak.sh): many requests through the fluent client
// against a real nginx on loopback, plain and TLS, with nginx closing each
// connection after its Nth response (keepalive_requests N), so the client
// reconnects (and resumes its TLS session) every N requests. Every request
// must succeed with the right values. Every SAMPLE requests it prints the
// descriptors open, the heap in use (the allocation counter's live bytes
// and glibc's mallinfo2), the resident set and the allocations made; it
// fails when descriptors or heap in use grow past the first sample, taken
// once everything is warm. mallinfo2 counts the chunks glibc keeps in its
// per-thread cache as in use: scripts/soak.sh turns that cache off
// (GLIBC_TUNABLES=glibc.malloc.tcache_count=0) so the figure is exact.
//   ehc-soak [--requests N] [--sample N] [--keepalive N] [--seconds S] [--scheme http|https|both]
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "loopback.h"
#include "nginx_server.h"
#include "test_certs.h"

namespace {

struct Options {
  long requests = 100000;  // per scheme
  long sample = 10000;
  int keepalive = 100;
  long seconds = 900;  // the whole run's bound
  bool http = true, https = true;
};

bool parse(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!v) return false;
    ++i;
    if (a == "--requests") {
      o->requests = atol(v);
    } else if (a == "--sample") {
      o->sample = atol(v);
    } else if (a == "--keepalive") {
      o->keepalive = atoi(v);
    } else if (a == "--seconds") {
      o->seconds = atol(v);
    } else if (a == "--scheme") {
      o->http = strcmp(v, "https") != 0;
      o->https = strcmp(v, "http") != 0;
      if (strcmp(v, "http") && strcmp(v, "https") && strcmp(v, "both")) return false;
    } else {
      return false;
    }
  }
  return o->requests > 0 && o->sample > 0 && o->keepalive > 0 && o->seconds > 0 &&
         o->sample % o->keepalive == 0;  // every sample at the same point of a connection
}

long residentKb() {
  long kb = -1;
  if (FILE* f = fopen("/proc/self/status", "r")) {
    char line[128];
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "VmRSS: %ld kB", &kb) == 1) break;
    fclose(f);
  }
  return kb;
}

struct Sample {
  size_t descriptors, live, inUse;
  long rssKb;
};

Sample sampleNow() {
  const struct mallinfo2 m = mallinfo2();
  return {ehc_test::openDescriptors(), ehc_test::allocTotals().live, m.uordblks, residentKb()};
}

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One scheme's run; false on a failed request, growth or the time bound.
bool soak(const char* scheme, const std::string& base, const std::string& caPem, const Options& o,
          Clock::time_point deadline) {
  ESP32HTTPClient client(base.c_str());
  client.setCACert(caPem.c_str());
  Sample first{};
  long reconnects = 0, resumed = 0;
  size_t callsBefore = ehc_test::allocTotals().calls;
  const Clock::time_point start = Clock::now();
  printf("%-5s %8s %6s %10s %10s %8s %10s %7s %9s\n", scheme, "requests", "fds", "live B",
         "mallinfo B", "RSS kB", "allocs", "new", "resumed");
  bool ok = true;
  long i = 0;
  while (ok && i < o.requests) {
    ++i;
    int id = 0;
    char name[32] = "", lat[16] = "";
    const RestResult r = client.get("/users-1.json")
                             .getBody("id", &id)
                             .getBody("name", name)
                             .getBody("address.geo.lat", lat)
                             .send();
    if (!r.isSuccess() || id != 1 || strcmp(name, "Leanne Graham") != 0 ||
        strcmp(lat, "-37.3159") != 0) {
      fprintf(stderr, "soak: %s request %ld failed: status %d, %s (id %d, name '%s', lat '%s')\n",
              scheme, i, r.statusCode, r.message(), id, name, lat);
      return false;
    }
    reconnects += !r.reused;
    resumed += r.sessionResumed;
    if (i % o.sample != 0) continue;
    const Sample s = sampleNow();
    const size_t calls = ehc_test::allocTotals().calls;
    printf("%-5s %8ld %6zu %10zu %10zu %8ld %10zu %7ld %9ld\n", scheme, i, s.descriptors, s.live,
           s.inUse, s.rssKb, calls - callsBefore, reconnects, resumed);
    fflush(stdout);
    callsBefore = calls;
    if (i == o.sample) {
      first = s;
    } else if (s.descriptors > first.descriptors || s.live > first.live || s.inUse > first.inUse) {
      fprintf(stderr,
              "soak: %s grew after %ld requests: descriptors %zu -> %zu, live %zu -> %zu,"
              " mallinfo %zu -> %zu bytes\n",
              scheme, i, first.descriptors, s.descriptors, first.live, s.live, first.inUse,
              s.inUse);
      ok = false;
    }
    if (Clock::now() > deadline) {
      fprintf(stderr, "soak: out of time after %ld %s requests\n", i, scheme);
      return false;
    }
  }
  const double took = secondsSince(start);
  printf("%-5s %ld requests in %.1f s (%.0f/s), %ld connections, %ld resumed, RSS %ld -> %ld kB\n",
         scheme, i, took, i / took, reconnects, resumed, first.rssKb, residentKb());
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, &o)) {
    fprintf(stderr,
            "usage: ehc-soak [--requests N] [--sample N] [--keepalive N] [--seconds S]\n"
            "                [--scheme http|https|both]   (SAMPLE a multiple of KEEPALIVE)\n");
    return 2;
  }
  if (!ehc_test::allocCountingWorks()) {
    fprintf(stderr, "soak: the allocation counter does not work in this build\n");
    return 1;
  }
  const Clock::time_point deadline = Clock::now() + std::chrono::seconds(o.seconds);
  std::string why;
  ehc_test::TestCerts certs;
  if (!certs.make(EHC_OPENSSL, &why)) {
    fprintf(stderr, "soak: %s\n", why.c_str());
    return 1;
  }
  ehc_test::NginxOptions n;
  n.nginx = EHC_NGINX;
  n.certs = &certs;
  n.docroot = std::string(EHC_SHARED_DIR) + "/testdata/jsonplaceholder";
  n.keepaliveRequests = o.keepalive;
  n.keepaliveTimeoutSeconds = 60;
  ehc_test::NginxServer nginx(n);
  if (!nginx.start(&why)) {
    fprintf(stderr, "soak: %s\n", why.c_str());
    return 1;
  }
  printf(
      "soak: nginx on 127.0.0.1 closes each connection after %d requests; %ld requests per "
      "scheme, a sample every %ld, at most %ld s\n",
      o.keepalive, o.requests, o.sample, o.seconds);
  bool ok = true;
  if (o.http)
    ok = soak("http", "http://127.0.0.1:" + std::to_string(nginx.httpPort()), certs.caPem(), o,
              deadline);
  if (ok && o.https)  // localhost: mbedTLS 2.28 does not match IP SANs
    ok = soak("https", "https://localhost:" + std::to_string(nginx.httpsPort()), certs.caPem(), o,
              deadline);
  printf("soak: %s\n", ok ? "descriptors and heap flat" : "FAILED");
  return ok ? 0 : 1;
}
