// What one more kept-alive request costs the client (issue 20), through the
// public API, as a user's program runs it: ESP32HTTPClient's fluent chain
// against nginx on loopback, users.json (5 645 bytes) with the 15 fields of
// its first user bound, over HTTP and HTTPS. Each figure is callgrind's count
// of a separate run of this program with collection on only around kRequests
// requests (after kWarmUp, so connecting and first-time set-up are not in
// it), divided by kRequests, the median of three such runs; nginx runs in
// processes of its own. Printed:
//
//   bare-loop      a bare socket + HTTP loop: write the request, read the head
//                  and find Content-Length, read the body (no JSON), the floor
//   json           the binder alone fed the body in 512-byte pieces (the
//                  client's stop-when-done mode), bindings made outside
//   http           the client's request, in all
//   https          the same over TLS; "record protection" is mbedTLS's
//                  (mbedtls_ssl_decrypt_buf / _encrypt_buf, inclusive), "the
//                  rest of mbedTLS" what else its read and write calls cost
//   ... beyond     the request minus the binder's parsing in the same run
//                  (and minus record protection, or all of mbedTLS)
//
//   request_cost                               every line (starts nginx)
//   request_cost --measure KIND PORT [CAFILE]  (internal) one run under callgrind
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <valgrind/callgrind.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "callgrind_count.h"
#include "nginx_server.h"
#include "test_certs.h"
#include "user_fields.h"

namespace {

constexpr int kWarmUp = 3;
constexpr int kRequests = 50;
constexpr size_t kPiece = 512;  // EHC_READ_BUFFER's default: the client's reads

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct User {
  long id = 0;
  char name[32], username[32], email[48], phone[32], website[32], street[32], suite[32], city[32],
      zipcode[16], lat[16], lng[16], company[48], catchPhrase[64], bs[64];
};

bool same(long value, const char* first) {
  return std::to_string(value) == first;
}
bool same(const char* text, const char* first) {
  return !strcmp(text, first);
}

// Every field as the first user has it.
bool rightUser(const User& u) {
#define EHC_SAME(path, member, isInt, first) &&same(u.member, first)
  return true EHC_USER_FIELDS(EHC_SAME);
#undef EHC_SAME
}

// One field into its member: the client's getBody and the binder's bind
// take the same arguments.
template <typename Binder>
void bindField(Binder& b, const char* path, long& value) {
  b.getBody(path, &value);
}
template <typename Binder, size_t N>
void bindField(Binder& b, const char* path, char (&text)[N]) {
  b.getBody(path, text, N);
}

// The 15 fields of users.json's first element, into `u`.
template <typename Binder>
void bindUser(Binder& b, User& u) {
#define EHC_BIND(path, member, isInt, first) bindField(b, "0." path, u.member);
  EHC_USER_FIELDS(EHC_BIND)
#undef EHC_BIND
}

// The binder under RestRequest's name, for bindUser.
template <typename Binder>
struct BinderCalls {
  Binder& binder;
  void getBody(const char* path, long* value) { binder.bind(path, value); }
  void getBody(const char* path, char* text, size_t size) { binder.bind(path, text, size); }
};

// One request through the public API, as a sketch writes it (the values
// are checked by the caller, outside the count).
bool request(ESP32HTTPClient& client, User& u) {
  ehc::RestRequest r = client.get("/users.json");
  bindUser(r, u);
  return r.send().isSuccess();
}

int measureClient(bool tls, int port, const char* caFile) {
  const std::string origin =
      std::string(tls ? "https" : "http") + "://localhost:" + std::to_string(port);
  const std::string ca = caFile ? slurp(caFile) : std::string();
  ESP32HTTPClient client(origin.c_str());
  if (tls) client.setCACert(ca.c_str());
  User u;
  bool ok = true;
  for (int i = 0; i < kWarmUp + kRequests; ++i) {
    u = User{};
    if (i >= kWarmUp) CALLGRIND_TOGGLE_COLLECT;  // on: the request alone
    ok = request(client, u) && ok;
    if (i >= kWarmUp) CALLGRIND_TOGGLE_COLLECT;
    ok = rightUser(u) && ok;
  }
  client.end();
  return ok ? 0 : 1;
}

// The binder alone, fed what the client's binder gets: the body in pieces.
int measureJson() {
  const std::string body = slurp(EHC_SHARED_DIR "/testdata/jsonplaceholder/users.json");
  ehc::StaticJsonBinder<15> binder;
  binder.setStopWhenDone(true);
  User u;
  BinderCalls<ehc::StaticJsonBinder<15>> calls{binder};
  bindUser(calls, u);
  bool ok = true;
  for (int r = 0; r < kWarmUp + kRequests; ++r) {
    binder.restart();
    if (r == kWarmUp) CALLGRIND_TOGGLE_COLLECT;
    for (size_t at = 0; at < body.size(); at += kPiece)
      binder.feed(body.data() + at, std::min(kPiece, body.size() - at));
    ok = binder.finish() == ehc::JsonError::Ok && ok;
  }
  CALLGRIND_TOGGLE_COLLECT;
  return ok && rightUser(u) ? 0 : 1;
}

// Reads until `need` bytes of the body are in, into one small buffer.
bool bareRequest(int fd) {
  static const char kRequest[] = "GET /users.json HTTP/1.1\r\nHost: localhost\r\n\r\n";
  if (send(fd, kRequest, sizeof kRequest - 1, 0) != sizeof kRequest - 1) return false;
  char buf[kPiece + 1];
  size_t have = 0;
  long bodyLeft = -1;
  while (bodyLeft < 0) {  // the head: until its blank line
    const ssize_t n = recv(fd, buf + have, kPiece - have, 0);
    if (n <= 0) return false;
    have += static_cast<size_t>(n);
    buf[have] = 0;
    const char* end = strstr(buf, "\r\n\r\n");
    if (!end) {
      if (have == kPiece) return false;  // a head this loop cannot hold
      continue;
    }
    const char* cl = strcasestr(buf, "\r\ncontent-length:");
    if (!cl || cl > end) return false;
    bodyLeft = strtol(cl + 17, nullptr, 10) - static_cast<long>(buf + have - (end + 4));
  }
  while (bodyLeft > 0) {
    const ssize_t n = recv(fd, buf, kPiece, 0);
    if (n <= 0) return false;
    bodyLeft -= n;
  }
  return bodyLeft == 0;
}

int measureBare(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return 1;
  bool ok = true;
  for (int i = 0; i < kWarmUp; ++i) ok = bareRequest(fd) && ok;
  CALLGRIND_TOGGLE_COLLECT;
  for (int i = 0; i < kRequests; ++i) ok = bareRequest(fd) && ok;
  CALLGRIND_TOGGLE_COLLECT;
  close(fd);
  return ok ? 0 : 1;
}

int measure(int argc, char** argv) {
  const std::string kind = argv[2];
  const int port = argc > 3 ? atoi(argv[3]) : 0;
  if (kind == "bare") return measureBare(port);
  if (kind == "json") return measureJson();
  if (kind == "http") return measureClient(false, port, nullptr);
  if (kind == "https") return measureClient(true, port, argc > 4 ? argv[4] : nullptr);
  return 2;
}

// Instructions per request of a measured run, the median of three (whether
// a read finds the response there or waits for it varies from run to run:
// a wait costs a poll and a read more), or -1; with `parts`, the inclusive
// counts per request of the functions named, in that run.
double perRequest(const char* self, const std::vector<std::string>& args,
                  const std::vector<std::string>& names = {},
                  std::vector<double>* parts = nullptr) {
  struct Count {
    double ir;
    std::vector<double> parts;
  } runs[3];
  for (Count& c : runs) {
    c.ir = bench::callgrindInstructions(self, args, names.empty() ? nullptr : &names, &c.parts);
    if (c.ir < 0) return -1;
  }
  std::sort(runs, runs + 3, [](const Count& a, const Count& b) { return a.ir < b.ir; });
  if (parts) {
    *parts = runs[1].parts;
    for (double& p : *parts) p /= kRequests;
  }
  return runs[1].ir / kRequests;
}

// What a request costs beyond the JSON bytes: the binder's parsing of the
// body, counted in the same run.
const std::vector<std::string> kJsonParts = {"JsonBinder::feed", "JsonBinder::finish"};
// ... and beyond the TLS record protection (the request encrypted, the
// response decrypted), and what else mbedTLS does in its read and write
// calls (record headers, buffers, its debug hooks; the socket reads it
// makes through the transport are in it too, a few per request).
const std::vector<std::string> kTlsParts = {"JsonBinder::feed",        "JsonBinder::finish",
                                            "mbedtls_ssl_decrypt_buf", "mbedtls_ssl_encrypt_buf",
                                            "mbedtls_ssl_read",        "mbedtls_ssl_write"};

double sum(const std::vector<double>& v, size_t from, size_t to) {
  double s = 0;
  for (size_t k = from; k < to && k < v.size(); ++k) s += v[k];
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3 && !strcmp(argv[1], "--measure")) return measure(argc, argv);

  ehc_test::TestCerts certs;
  std::string why;
  if (!certs.make(EHC_OPENSSL, &why)) {
    fprintf(stderr, "request_cost: %s\n", why.c_str());
    return 1;
  }
  ehc_test::NginxOptions o;
  o.nginx = EHC_NGINX;
  o.certs = &certs;
  o.docroot = EHC_SHARED_DIR "/testdata/jsonplaceholder";
  o.keepaliveRequests = 1000;
  o.ipv6 = false;
  ehc_test::NginxServer nginx(o);
  if (!nginx.start(&why)) {
    fprintf(stderr, "request_cost: %s\n", why.c_str());
    return 1;
  }
  const std::string http = std::to_string(nginx.httpPort());
  const std::string https = std::to_string(nginx.httpsPort());
  std::vector<double> plainParts, tlsParts;
  const double bare = perRequest(argv[0], {"--measure", "bare", http});
  const double json = perRequest(argv[0], {"--measure", "json"});
  const double plain = perRequest(argv[0], {"--measure", "http", http}, kJsonParts, &plainParts);
  const double tls =
      perRequest(argv[0], {"--measure", "https", https, certs.caPemPath()}, kTlsParts, &tlsParts);
  if (bare < 0 || json < 0 || plain < 0 || tls < 0) {
    fprintf(stderr,
            "request_cost: a measured run failed (bare %.0f json %.0f http %.0f https %.0f)\n",
            bare, json, plain, tls);
    return 1;
  }
  const double plainJson = sum(plainParts, 0, 2), tlsJson = sum(tlsParts, 0, 2);
  const double crypto = sum(tlsParts, 2, 4), inMbedTls = sum(tlsParts, 4, 6);
  printf(
      "instructions per kept-alive request (callgrind; %d requests after %d, the median of 3 "
      "runs; users.json, %zu bytes; 15 fields)\n",
      kRequests, kWarmUp, slurp(EHC_SHARED_DIR "/testdata/jsonplaceholder/users.json").size());
  printf("%-40s %8.0f\n", "bare socket + HTTP loop (no JSON)", bare);
  printf("%-40s %8.0f\n", "binder alone, the body (512 B pieces)", json);
  printf("%-40s %8.0f\n", "http: request", plain);
  printf("%-40s %8.0f\n", "http: the binder's parsing in it", plainJson);
  printf("%-40s %8.0f\n", "http: beyond the JSON bytes", plain - plainJson);
  printf("%-40s %8.0f\n", "https: request", tls);
  printf("%-40s %8.0f\n", "https: the binder's parsing in it", tlsJson);
  printf("%-40s %8.0f\n", "https: TLS record protection", crypto);
  printf("%-40s %8.0f\n", "https: beyond JSON and record protection", tls - tlsJson - crypto);
  printf("%-40s %8.0f\n", "https: the rest of mbedTLS's read/write", inMbedTls - crypto);
  printf("%-40s %8.0f\n", "https: the client's own (beyond mbedTLS)", tls - tlsJson - inMbedTls);
  return 0;
}
