// What a kept TLS connection costs while idle, and what idle release saves:
// for TLS 1.2 with tickets, TLS 1.2 with session IDs (nginx
// ssl_session_tickets off + ssl_session_cache) and TLS 1.3 with tickets
// (where the mbedTLS in use has 1.3), against nginx with certificates made
// at start-up. Prints one table:
//
//   heap (the allocation counter, straight to nginx on loopback; the
//   request a 20 KB body, so nginx sends a 16 KB record and the buffers are
//   as large as they get): the peak
//   during a full handshake, what the client holds connected and idle, what
//   it holds after idle release, the peak during the resumed handshake;
//   time (through the project's network emulator, 25 ms each way, so a
//   round trip is 50 ms): the first request's TLS handshake, the next
//   request's after idle release, and its kind as the client and the
//   emulator (which reads the server's first flight) saw it.
//
//   tls_idle_bench [--max-fragment N] the table (asking for records of N bytes)
//   tls_idle_bench --handshake full|resumed [tls13]
//       one full or resumed handshake inside measuredConnect(), for callgrind
//       --toggle-collect (scripts/bench-tls.sh); TLS 1.2 with tickets, or 1.3
//
// A benchmark, not a test: it prints what it measured and asserts nothing
// but that each step worked.
#include <mbedtls/ssl.h>
#include <mbedtls/version.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "cert_factory.h"
#include "netem.h"
#include "nginx_server.h"

namespace {

constexpr uint32_t kOneWayDelayMs = 25;
constexpr uint32_t kIdleReleaseMs = 100;
constexpr size_t kBigBody = 20000;
uint16_t gMaxFragment = 0;  // --max-fragment N: ask for smaller records (TLS 1.2 then)

struct Config {
  const char* name;
  const char* directives;  // for nginx's server block
  bool needsTls13;
};
const Config kConfigs[] = {
    {"TLS 1.2, tickets", "ssl_protocols TLSv1.2;", false},
    {"TLS 1.2, session IDs", "ssl_protocols TLSv1.2; ssl_session_tickets off;", false},
    {"TLS 1.3, tickets", "ssl_protocols TLSv1.3;", true},
};

bool hasTls13() {
#if defined(MBEDTLS_SSL_PROTO_TLS1_3)
  return true;
#else
  return false;
#endif
}

[[noreturn]] void die(const std::string& why) {
  fprintf(stderr, "tls_idle_bench: %s\n", why.c_str());
  exit(1);
}

// The value wanted comes last: the whole body is read.
std::string bigJson() {
  return "{\"pad\":\"" + std::string(kBigBody, 'x') + "\",\"hello\":\"nginx\"}";
}

struct Servers {
  ehc_test::CertFactory certs;
  ehc_test::NginxServer* nginx = nullptr;
  ~Servers() { delete nginx; }
  void start() {
    std::string why;
    if (!certs.make(EHC_OPENSSL,
                    {{"ca", "ec:P-256", "ehc-bench-ca", "", "", true},
                     {"server", "ec:P-256", "localhost", "DNS:localhost", "ca"}},
                    &why))
      die(why);
    ehc_test::NginxOptions o;
    o.nginx = EHC_NGINX;
    o.files = {{"hello.json", "{\"hello\":\"nginx\"}"}, {"big.json", bigJson()}};
    for (const Config& c : kConfigs)
      o.sites.push_back({certs.pem("server"), certs.key("server"), c.directives});
    nginx = new ehc_test::NginxServer(o);
    if (!nginx->start(&why)) die(why);
  }
  const char* ca() { return certs.text(certs.pem("ca")).c_str(); }
};

RestResult getHello(ESP32HTTPClient& c, const char* path = "/hello.json") {
  char hello[16] = "";
  const RestResult r = c.get(path).getBody("hello", hello, sizeof hello).send();
  if (r.statusCode != 200 || strcmp(hello, "nginx") != 0)
    die(std::string("request failed: ") + r.message());
  return r;
}

void getBig(ESP32HTTPClient& c) {
  if (getHello(c, "/big.json").bytesReceived < kBigBody) die("big.json came short");
}

void waitForIdleRelease(ESP32HTTPClient& c) {
  for (int i = 0; i < 1000; ++i) {
    if (c.releaseIdle()) return;
    usleep(5000);
  }
  die("the idle connection was never released");
}

struct Heap {
  size_t peakFull, connected, released, peakResumed, sessionBytes;
  const char* version;  // mbedTLS's static texts: nothing allocated for them
  const char* suite;
};

size_t live() {
  return ehc_test::allocTotals().live;
}

// Straight to nginx: what the client holds at each step, above what was
// live before it was made (after a warm-up, so the process's own one-time
// allocations are not counted).
Heap measureHeap(Servers& s, uint16_t port) {
  const std::string url = "https://localhost:" + std::to_string(port);
  {
    ESP32HTTPClient warmUp(url.c_str());
    warmUp.setCACert(s.ca());
    warmUp.tls().setMaxFragmentLength(gMaxFragment);
    getBig(warmUp);
    warmUp.end();
    getBig(warmUp);
  }
  Heap h{};
  const size_t base = live();
  ESP32HTTPClient c(url.c_str());
  c.setCACert(s.ca());
  c.setIdleRelease(kIdleReleaseMs);
  c.tls().setMaxFragmentLength(gMaxFragment);
  ehc_test::AllocScope full;
  getBig(c);
  h.peakFull = full.peakAbove();
  h.connected = live() - base;
  h.version = c.tls().tlsVersion();
  h.suite = c.tls().cipherSuite();
  waitForIdleRelease(c);
  h.released = live() - base;
  h.sessionBytes = c.tls().savedSessionBytes();
  ehc_test::AllocScope resumed;
  if (!getHello(c).sessionResumed) die("the request after idle release did not resume");
  h.peakResumed = resumed.peakAbove();
  return h;
}

struct Timing {
  uint32_t firstTlsMs, firstMs, nextTlsMs, nextMs;
  bool clientResumed;
  size_t serverFull, serverResumed;
};

// Through the network emulator: the handshakes' time, in round trips.
Timing measureTime(Servers& s, uint16_t port) {
  ehc_netem::NetEm link;
  ehc_netem::LinkSettings settings;
  settings.oneWayDelayMs = kOneWayDelayMs;
  settings.tcpHandshakeRoundTrip = false;  // the TLS handshake's round trips only
  if (!link.start(port, settings)) die("the network emulator did not start");
  ESP32HTTPClient c(("https://localhost:" + std::to_string(link.port())).c_str());
  c.setCACert(s.ca());
  c.setIdleRelease(kIdleReleaseMs);
  c.tls().setMaxFragmentLength(gMaxFragment);
  Timing t{};
  RestResult r = getHello(c);
  t.firstTlsMs = r.tlsMs;
  t.firstMs = r.totalMs;
  waitForIdleRelease(c);
  r = getHello(c);
  t.nextTlsMs = r.tlsMs;
  t.nextMs = r.totalMs;
  t.clientResumed = r.sessionResumed;
  const ehc_netem::NetEm::Counters n = link.counters();
  t.serverFull = n.tlsFull;
  t.serverResumed = n.tlsResumed;
  return t;
}

double roundTrips(uint32_t ms) {
  return ms / (2.0 * kOneWayDelayMs);
}

void printTable(Servers& s) {
  printf(
      "mbedTLS %s (records in %d, out %d bytes%s), EC P-256 certificate, idle release after "
      "%u ms; time through a %u ms round trip; max fragment length %u%s\n\n",
      MBEDTLS_VERSION_STRING, MBEDTLS_SSL_IN_CONTENT_LEN, MBEDTLS_SSL_OUT_CONTENT_LEN,
#if defined(MBEDTLS_SSL_VARIABLE_BUFFER_LENGTH)
      ", variable buffer length",
#else
      "",
#endif
      kIdleReleaseMs, 2 * kOneWayDelayMs, gMaxFragment, gMaxFragment ? "" : " (off)");
  printf(
      "| server | negotiated | peak heap, full handshake | held connected + idle | held after "
      "idle release | of which the session | peak heap, resumed handshake | first request "
      "TLS | next request TLS (total) | next handshake (client / server) |\n");
  printf("|---|---|---|---|---|---|---|---|---|---|\n");
  for (size_t i = 0; i < sizeof kConfigs / sizeof kConfigs[0]; ++i) {
    const Config& c = kConfigs[i];
    if (c.needsTls13 && !hasTls13()) {
      printf("| %s | (this mbedTLS has no TLS 1.3) | | | | | | | | |\n", c.name);
      continue;
    }
    if (c.needsTls13 && gMaxFragment) {  // the extension is TLS 1.2's (mbedtls_compat.h)
      printf("| %s | (max fragment length keeps the client at TLS 1.2) | | | | | | | | |\n",
             c.name);
      continue;
    }
    const uint16_t port = s.nginx->sitePort(i);
    const Heap h = measureHeap(s, port);
    const Timing t = measureTime(s, port);
    printf(
        "| %s | %s %s | %zu B | %zu B | %zu B | %zu B | %zu B | %u ms (%.1f RTT) | %u ms, %.1f "
        "RTT (%u ms) | %s / %s |\n",
        c.name, h.version, h.suite, h.peakFull, h.connected, h.released, h.sessionBytes,
        h.peakResumed, t.firstTlsMs, roundTrips(t.firstTlsMs), t.nextTlsMs, roundTrips(t.nextTlsMs),
        t.nextMs, t.clientResumed ? "resumed" : "full",
        t.serverResumed == 1 && t.serverFull == 1 ? "resumed" : "full");
  }
}

// One handshake, alone in this function, for callgrind --toggle-collect.
__attribute__((noinline)) ehc::NetError measuredConnect(ehc::MbedTlsTransport& t, uint16_t port) {
  return t.connect({"localhost", port, true}, ehc::Deadline::in(10000));
}

// A full handshake, or a resumed one (a session made first, outside the
// measurement, with a request: a TLS 1.3 ticket comes with the response), on
// the TLS 1.2-with-tickets or the TLS 1.3 site.
int oneHandshake(Servers& s, bool resumed, bool tls13) {
  if (tls13 && !hasTls13()) {
    printf("no TLS 1.3 in this mbedTLS\n");
    return 0;
  }
  const uint16_t port = s.nginx->sitePort(tls13 ? 2 : 0);
  ehc::MbedTlsTransport t;
  t.setCaPem(s.ca());
  if (resumed) {
    ESP32HTTPClient first(("https://localhost:" + std::to_string(port)).c_str(), t);
    getHello(first);
  }
  if (measuredConnect(t, port) != ehc::NetError::Ok) die("the measured handshake failed");
  if (t.sessionResumed() != resumed) die("not the kind of handshake asked for");
  printf("%s handshake: %s %s\n", resumed ? "resumed" : "full", t.tlsVersion(), t.cipherSuite());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (!ehc_test::allocCountingWorks()) die("the allocation counter does not work in this build");
  static Servers s;  // static: die()'s exit() destroys it, which stops nginx
  s.start();
  if ((argc == 3 || argc == 4) && strcmp(argv[1], "--handshake") == 0)
    return oneHandshake(s, strcmp(argv[2], "resumed") == 0,
                        argc == 4 && strcmp(argv[3], "tls13") == 0);
  if (argc == 3 && strcmp(argv[1], "--max-fragment") == 0)
    gMaxFragment = static_cast<uint16_t>(atoi(argv[2]));
  else if (argc != 1)
    die("usage: tls_idle_bench [--max-fragment 512|1024|2048|4096] | --handshake full|resumed "
        "[tls13]");
  printTable(s);
  return 0;
}
