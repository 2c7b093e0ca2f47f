// The HTTP layer's benchmark workloads (issue 20), shared by
// bench/http_bench.cpp (host, callgrind) and rv32/bench.cpp (rv32imc,
// minstret): a response built around a body (identity or chunked in chunks
// of a given size), parsed by a ResponseParser in reads of a given size as a
// connection reads it, the body to a no-op sink or to the JSON binder.
//
// Each figure is a difference of two runs, so that only the HTTP layer's
// own work is left: a body workload minus the same head with an empty body
// (parser only), or minus the binder alone fed the same document in pieces
// of the read size (parser + binder); per body byte. The head workloads are
// the header section alone, per header byte.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ehc/http/response_parser.h"
#include "ehc/json/json_binder.h"

namespace http_bench {

// A response written into a caller's buffer.
class Wire {
 public:
  Wire(char* buffer, size_t capacity) : buf_(buffer), cap_(capacity) {}
  void add(const char* s, size_t n) {
    if (n > cap_ - size_) {
      overflowed_ = true;
      return;
    }
    memcpy(buf_ + size_, s, n);
    size_ += n;
  }
  void add(const char* s) { add(s, strlen(s)); }
  void number(uint64_t v, unsigned base) {
    char d[24];
    size_t n = 0;
    do {
      d[sizeof d - ++n] = "0123456789abcdef"[v % base];
      v /= base;
    } while (v);
    add(d + sizeof d - n, n);
  }
  const char* data() const { return buf_; }
  size_t size() const { return size_; }
  bool overflowed() const { return overflowed_; }

 private:
  char* buf_;
  size_t cap_;
  size_t size_ = 0;
  bool overflowed_ = false;
};

// The header section JSONPlaceholder (behind Cloudflare) sends with /users:
// 24 fields, about 950 bytes.
inline void addHead(Wire& w, bool chunked, size_t length) {
  w.add(
      "HTTP/1.1 200 OK\r\nDate: Mon, 30 Nov 2026 10:00:00 GMT\r\n"
      "Content-Type: application/json; charset=utf-8\r\n");
  if (chunked) {
    w.add("Transfer-Encoding: chunked\r\n");
  } else {
    w.add("Content-Length: ");
    w.number(length, 10);
    w.add("\r\n");
  }
  w.add(
      "Connection: keep-alive\r\n"
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

// The whole response: the head, then the body as it is (chunk 0) or in
// chunks of `chunk` bytes and the last chunk.
inline void addResponse(Wire& w, const char* body, size_t n, size_t chunk) {
  addHead(w, chunk != 0, n);
  if (chunk == 0) {
    w.add(body, n);
    return;
  }
  for (size_t off = 0; off < n; off += chunk) {
    const size_t m = n - off < chunk ? n - off : chunk;
    w.number(m, 16);
    w.add("\r\n");
    w.add(body + off, m);
    w.add("\r\n");
  }
  w.add("0\r\n\r\n");
}

enum class Sink : uint8_t {
  None,    // a no-op body sink: the parser alone
  Binder,  // the JSON binder with the twitter fields
};

struct Workload {
  const char* name;
  size_t chunk;  // 0: Content-Length framing
  size_t read;   // bytes per feed(): EHC_READ_BUFFER is 512; 1 is the worst case
  Sink sink;
};

// Body workloads (body: corpus/twitter.json, 631 515 bytes). Chunk sizes of
// the kinds servers send: a chunk per buffer (nginx's proxy and gzip buffers
// are a memory page or two, 4 or 8 KB), a chunk per write (a Node.js stream
// piped into a response: 16 KB, the default highWaterMark; an application's
// small writes: 512 B).
inline constexpr Workload kBodyWorkloads[] = {
    {"http-body-identity", 0, 512, Sink::None},
    {"http-body-chunked-512", 512, 512, Sink::None},
    {"http-body-chunked-4k", 4096, 512, Sink::None},
    {"http-body-chunked-16k", 16384, 512, Sink::None},
    {"http-body-identity-1B-reads", 0, 1, Sink::None},
    {"http-body-chunked-512-1B-reads", 512, 1, Sink::None},
    {"http-binder-identity", 0, 512, Sink::Binder},
    {"http-binder-chunked-512", 512, 512, Sink::Binder},
    {"http-binder-chunked-4k", 4096, 512, Sink::Binder},
    {"http-binder-chunked-16k", 16384, 512, Sink::Binder},
};

// Head workloads: the header section alone (Content-Length: 0).
struct HeadWorkload {
  const char* name;
  size_t read;
  bool visitor;  // a header visitor (no-op), as the client registers
};
inline constexpr HeadWorkload kHeadWorkloads[] = {
    {"http-head", 512, false},
    {"http-head-visitor", 512, true},
    {"http-head-1B-reads", 1, false},
};

inline void noBody(void*, const char*, size_t) {}
inline void toBinder(void* binder, const char* data, size_t n) {
  static_cast<ehc::JsonBinder*>(binder)->feed(data, n);
}
inline const ehc::ResponseParser::HeaderVisitor kNoVisitor = {
    [](void*, const char*, size_t) {}, [](void*, const char*, size_t) {}, [](void*, bool) {}};

// Parses the response in reads of `read` bytes (a feed stops at the end of
// the message); true when it is complete.
inline bool parse(ehc::ResponseParser& p, const char* wire, size_t n, size_t read) {
  p.begin(false);
  for (size_t off = 0; off < n && !p.complete() && !p.failed();)
    off += p.feed(wire + off, n - off < read ? n - off : read);
  return p.complete();
}

// The twitter workload's fields (bench/json_bench.cpp's): two integers and
// three strings.
struct TwitterValues {
  int64_t ints[2];
  char strings[3][256];
};
inline void bindTwitter(ehc::JsonBinder& b, TwitterValues& v) {
  b.bind("statuses.99.id", &v.ints[0]);
  b.bind("statuses.99.user.screen_name", v.strings[0], sizeof v.strings[0]);
  b.bind("statuses.99.text", v.strings[1], sizeof v.strings[1]);
  b.bind("search_metadata.count", &v.ints[1]);
  b.bind("search_metadata.max_id_str", v.strings[2], sizeof v.strings[2]);
}
// The binder alone: the document in pieces of `read` bytes.
inline ehc::JsonError bindAlone(ehc::JsonBinder& b, const char* doc, size_t n, size_t read) {
  for (size_t off = 0; off < n; off += read) b.feed(doc + off, n - off < read ? n - off : read);
  return b.finish();
}

}  // namespace http_bench
