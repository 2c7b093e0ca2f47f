// Correctness on the target, http layer: the response parser on framing
// (content-length, chunked with extensions and trailers, until close),
// keep-alive sequences, limits and malformed responses, each fed whole, byte
// by byte and at other splits; the URL parser and the request writer.
#include <string.h>

#include "check.h"
#include "ehc/http/request_writer.h"
#include "ehc/http/response_parser.h"
#include "ehc/http/text.h"
#include "ehc/http/url.h"
#include "ehc/json/json_binder.h"

using ehc::HttpError;

namespace {

// Everything one response showed: status line, headers and trailers as the
// visitor saw them, two captured headers, body digest, framing, outcome.
struct Collector {
  Text* out;
  ehc::ResponseParser p;
  FixedText<700> fields;
  FixedText<256> name, value;  // of the field in progress
  size_t bodyLength;
  uint64_t bodyHash;
  FixedText<48> bodyStart;
  char type[16], vary[32];
  int typeIndex, varyIndex;
  ehc::JsonBinder* binder;  // when set, the body also goes through it
};

// The visitor gets names and values in pieces (down to single bytes); they
// are collected and listed whole.
const ehc::ResponseParser::HeaderVisitor kVisitor = {
    [](void* u, const char* d, size_t n) { static_cast<Collector*>(u)->name.put(d, n); },
    [](void* u, const char* d, size_t n) { static_cast<Collector*>(u)->value.put(d, n); },
    [](void* u, bool trailer) {
      Collector& c = *static_cast<Collector*>(u);
      c.fields << (trailer ? "trailer " : "");
      c.fields.quoted(c.name.c_str(), c.name.size(), 40) << ':';
      c.fields.quoted(c.value.c_str(), c.value.size(), 40) << ' ';
      c.name.clear();
      c.value.clear();
    }};

void onBody(void* u, const char* d, size_t n) {
  Collector& c = *static_cast<Collector*>(u);
  c.bodyLength += n;
  c.bodyHash = fnv1a(d, n, c.bodyHash);
  c.bodyStart.put(d, n);
  if (c.binder) c.binder->feed(d, n);
}

const char* captureName(ehc::HeaderStatus s) {
  return s == ehc::HeaderStatus::Found ? "found" : s == ehc::HeaderStatus::Truncated ? "cut" : "-";
}

void startResponse(Collector& c, bool head) {
  c.fields.clear();
  c.name.clear();
  c.value.clear();
  c.bodyLength = 0;
  c.bodyHash = fnv1a(nullptr, 0);
  c.bodyStart.clear();
  c.p.begin(head);
}

void endResponse(Collector& c) {
  const ehc::ResponseParser& p = c.p;
  Text& t = *c.out;
  t << '[';
  t.i(p.status()) << " 1.";
  t.i(p.httpMinor()) << ' ';
  t.quoted(p.reason()) << ' ' << ehc::httpErrorName(p.error()) << '@';
  t.num(p.errorOffset()) << " hd=";
  t.b(p.headersDone()) << " done=";
  t.b(p.complete()) << " keep=";
  t.b(p.keepAlive()) << " reuse=";
  t.b(p.framingAllowsReuse()) << " cl=";
  t.i(p.contentLength()) << " chunked=";
  t.b(p.chunked()) << " coded=";
  t.b(p.transferCoded()) << " body=";
  t.u(p.bodyBytes()) << '/';
  t.num(c.bodyLength) << '/';
  t.hex(c.bodyHash, 16) << ' ';
  t.quoted(c.bodyStart.c_str(), c.bodyStart.size(), 40) << " used=";
  t.num(p.bytesConsumed()) << " type=" << captureName(p.headerStatus(c.typeIndex));
  t.quoted(c.type) << " vary=" << captureName(p.headerStatus(c.varyIndex));
  t.quoted(c.vary) << " {" << c.fields;
  if (c.name.size()) t.quoted(c.name.c_str(), c.name.size(), 40) << ':';  // cut short
  if (c.value.size()) t.quoted(c.value.c_str(), c.value.size(), 40);
  t << "}]";
}

// Back-to-back responses on one connection, as the client reads them: each
// feed stops at the end of a message, the rest starts the next one.
void parseStream(const char* wire, size_t n, bool head, bool closeAtEnd, const Split& split,
                 Text& out, ehc::JsonBinder* binder = nullptr, bool coded = false) {
  static Collector c;
  c.out = &out;
  c.binder = binder;
  c.p = ehc::ResponseParser();
  c.p.deliverCodedBodies(coded);
  c.typeIndex = c.p.captureHeader("Content-Type", c.type, sizeof c.type);
  c.varyIndex = c.p.captureHeader("vary", c.vary, sizeof c.vary);
  c.p.onHeaders(&kVisitor, &c);
  c.p.onBody(onBody, &c);
  startResponse(c, head);
  size_t off = 0;
  for (size_t k = 0; off < n; ++k) {
    const size_t m = split.piece(k, off, n);
    size_t used = 0;
    while (used < m) {
      used += c.p.feed(wire + off + used, m - used);
      if (c.p.failed()) {
        endResponse(c);
        return;
      }
      if (c.p.complete()) {
        endResponse(c);
        if (off + used < n) startResponse(c, head);
      }
    }
    off += m;
  }
  if (!c.p.complete()) {
    if (closeAtEnd) c.p.finishAtClose();
    endResponse(c);
  }
}

void runWire(const char* name, const char* wire, size_t n, bool head = false,
             bool closeAtEnd = true, bool coded = false) {
  static FixedText<4096> r[kSplitCount];
  Text* rs[kSplitCount];
  for (size_t k = 0; k < kSplitCount; ++k) {
    r[k].clear();
    parseStream(wire, n, head, closeAtEnd, kSplits[k], r[k], nullptr, coded);
    rs[k] = &r[k];
  }
  sameForEverySplit(name, rs);
  static FixedText<4200> t;
  t.clear();
  t << "http " << name << ' ' << r[0];
  line(t);
}
void runWire(const char* name, const char* wire, bool head = false, bool closeAtEnd = true,
             bool coded = false) {
  runWire(name, wire, strlen(wire), head, closeAtEnd, coded);
}

// A buffer the generated responses are built in.
template <size_t N>
struct WireOf {
  char data[N];
  size_t n = 0;
  WireOf& add(const char* s, size_t len) {
    if (len > sizeof data - n) len = sizeof data - n;
    memcpy(data + n, s, len);
    n += len;
    return *this;
  }
  WireOf& add(const char* s) { return add(s, strlen(s)); }
  WireOf& repeat(char c, size_t count) {
    for (size_t i = 0; i < count && n < sizeof data; ++i) data[n++] = c;
    return *this;
  }
  WireOf& hex(size_t v) {
    FixedText<20> t;
    t.hex(v, 8);
    const char* s = t.c_str();
    while (*s == '0' && s[1]) ++s;
    return add(s);
  }
  WireOf& dec(size_t v) {
    FixedText<24> t;
    t.num(v);
    return add(t.c_str());
  }
};
using Wire = WireOf<20000>;

void usersResponses() {
  const EmbeddedFile* users = findDoc("users.json");
  static Wire cl, chunked;
  cl.add("HTTP/1.1 200 OK\r\nDate: Mon, 30 Nov 2026 10:00:00 GMT\r\n")
      .add("Content-Type: application/json; charset=utf-8\r\nContent-Length: ")
      .dec(users->size)
      .add("\r\nConnection: keep-alive\r\nVary: Origin, Accept-Encoding\r\n")
      .add("Cache-Control: max-age=43200\r\nETag: W/\"160d-1eMSsxeJRfnVLRBmYJSbCiJZ1qQ\"\r\n\r\n")
      .add(users->text(), users->size);
  // Chunks of 1000 bytes with an extension now and then, a last chunk of the
  // rest, trailers.
  chunked.add("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
      .add("Transfer-Encoding: chunked\r\n\r\n");
  for (size_t off = 0, k = 0; off < users->size; off += 1000, ++k) {
    const size_t m = users->size - off < 1000 ? users->size - off : 1000;
    chunked.hex(m).add(k % 2 ? ";ext=\"v\"" : "").add("\r\n").add(users->text() + off, m);
    chunked.add("\r\n");
  }
  chunked.add("0;last\r\nX-Checksum: abc\r\nServer-Timing: db;dur=53\r\n\r\n");
  // The same twice on a kept connection, then the chunked one.
  static Wire seq;
  seq.add(cl.data, cl.n).add(chunked.data, chunked.n).add(cl.data, cl.n);
  runWire("users content-length", cl.data, cl.n);
  runWire("users chunked", chunked.data, chunked.n);
  runWire("users keep-alive sequence", seq.data, seq.n);
  // The bodies into a JSON binder, as the client does.
  for (const Wire* w : {&cl, &chunked}) {
    for (size_t k = 0; k < kSplitCount; ++k) {
      static ehc::StaticJsonBinder<4> b;
      b.clear();
      long id = 0;
      char name[32] = {}, lat[16] = {};
      b.bind("9.id", &id);
      b.bind("9.name", name);
      b.bind("0.address.geo.lat", lat);
      static FixedText<4096> r;
      r.clear();
      parseStream(w->data, w->n, false, false, kSplits[k], r, &b);
      FixedText<200> t;
      t << "http users body->json split=" << kSplits[k].name << ' '
        << (w == &cl ? "content-length" : "chunked") << " err=" << ehc::jsonErrorName(b.finish())
        << " 9.id=";
      t.i(id) << " 9.name=";
      t.quoted(name) << " 0.address.geo.lat=";
      t.quoted(lat);
      line(t);
    }
  }
}

void limits() {
  static Wire w;
  w.n = 0;
  w.add("HTTP/1.1 200 OK\r\nX: ").repeat('a', EHC_HTTP_MAX_LINE).add("\r\n\r\n");
  runWire("limit line", w.data, w.n);
  w.n = 0;
  w.add("HTTP/1.1 200 OK\r\n");
  for (size_t i = 0; i <= EHC_HTTP_MAX_HEADERS; ++i) w.add("X-").dec(i).add(": y\r\n");
  w.add("\r\n");  // before the call: its arguments are evaluated in any order
  runWire("limit header count", w.data, w.n);
  w.n = 0;
  w.add("HTTP/1.1 200 OK\r\n");
  while (w.n <= EHC_HTTP_MAX_HEADER_BYTES) w.add("X-Big: ").repeat('b', 1000).add("\r\n");
  w.add("\r\n");  // before the call: its arguments are evaluated in any order
  runWire("limit header bytes", w.data, w.n);
  w.n = 0;
  w.add("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;").repeat('e', EHC_HTTP_MAX_LINE);
  runWire("limit chunk line", w.data, w.n);
  // The longest line that is allowed.
  w.n = 0;
  w.add("HTTP/1.1 200 OK\r\nX: ")
      .repeat('a', EHC_HTTP_MAX_LINE - 6)
      .add("\r\nContent-Length: 0\r\n\r\n");
  runWire("limit line just fits", w.data, w.n);
  // Chunk-size lines count against no header limit; the trailers have their
  // own: a head near the limit, 1500 chunks, trailers near the limit.
  static WireOf<48000> many;
  many.add("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n");
  while (many.n < EHC_HTTP_MAX_HEADER_BYTES - 1100)
    many.add("X-Head: ").repeat('h', 1000).add("\r\n");
  many.add("\r\n");
  for (int k = 0; k < 1500; ++k) many.add("1\r\nc\r\n");
  many.add("0\r\n");
  for (int k = 0; k < 15; ++k) many.add("X-Tail: ").repeat('t', 1000).add("\r\n");
  many.add("\r\n");
  runWire("limit chunks and trailers", many.data, many.n);
}

}  // namespace

void checkHttp() {
  runWire("content-length",
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n"
          "{\"a\":1}");
  runWire("chunked extensions trailers",
          "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;name=value\r\nWiki\r\n5 ; "
          "x\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\nX-Sum: 42\r\n\r\n");
  runWire("keep-alive sequence",
          "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi"
          "HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nno!\r\n0\r\n\r\n"
          "HTTP/1.1 204 No Content\r\n\r\n"
          "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi");
  runWire("head",
          "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: "
          "0\r\n\r\n",
          true);
  runWire("304", "HTTP/1.1 304 Not Modified\r\nContent-Length: 50\r\n\r\n");
  runWire("interim",
          "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
          "HTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx");
  runWire("interim fields are nobody's",
          "HTTP/1.1 103 Early Hints\r\nContent-Type: text/html\r\nContent-Length: x\r\n"
          "Vary: a\r\n\r\nHTTP/1.1 200 OK\r\nVary: b\r\nContent-Length: 1\r\n\r\nx");
  runWire("until close", "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end");
  runWire("until close, still open", "HTTP/1.1 200 OK\r\n\r\npartial", false, false);
  runWire("captures",
          "HTTP/1.1 200 OK\r\ncontent-type:  application/json \r\nDate: Mon, 30 Nov 2026\r\n"
          "Vary: Accept\r\nVARY: Origin\r\nContent-Length: 2\r\n\r\n{}");
  static const char* const kKeepAlive[] = {
      "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nConnection: Upgrade, CLOSE\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nConnection: closed\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
  };
  for (const char* w : kKeepAlive) runWire("keep-alive decision", w);
  static const char* const kLengths[] = {
      "HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\nContent-Length: 3\r\n\r\nabc",
      "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
      "HTTP/1.1 200 OK\r\nContent-Length: 3, 4\r\n\r\nabcd",
      "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 1 2\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: \r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 18446744073709551615\r\n\r\nab",
      "HTTP/1.1 200 OK\r\nContent-Length: 5000000000\r\n\r\nabc",
      "HTTP/1.1 200 OK\r\nContent-Length: 4294967296\r\n\r\nx",
      "HTTP/1.1 200 OK\r\nContent-Length: 4294967295\r\n\r\nx",
      "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort",
      "HTTP/1.1 200 OK\r\nContent-Length: 007\r\n\r\n1234567",
  };
  for (const char* w : kLengths) runWire("content-length rule", w);
  static const char* const kCodings[] = {
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
      "HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: CHUNKED\r\n\r\n1\r\nx\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, deflate\r\n\r\n1\r\nx\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunkedchunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: x;q=\"a, chunked\", "
      "chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding:\r\n\r\nto the close",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked;x=1\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chun ked\r\n\r\n",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip;q=\"1\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nTransfer-Encoding: anything\r\n\r\nx",
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
  };
  for (const char* w : kCodings) runWire("transfer-encoding rule", w);
  for (const char* w : kCodings)
    runWire("transfer-encoding rule, coded bodies", w, false, true, true);
  static const char* const kChunks[] = {
      "g\r\n",
      "\r\n",
      "1\r\nab\r\n",
      "1\r\na\n0\r\n\r\n",
      "10000000000000000\r\n",
      "ffffffffffffffff\r\nabc",
      "100000000\r\nab",
      "1A\r\n",
      "0000000000000000001\r\nz\r\n0\r\n\r\n",
      "1\r\na\r\n",
      "1\ra",
      "2\r\nab\r\n0\r\nTrailer-Without-Colon\r\n\r\n",
      "5 ;a\r\nhello\r\n0\r\n\r\n",
      "5\t; a = b ;c\r\nhello\r\n0\r\n\r\n",
      "5;a=\"I love; extensions\";b=\"x\\\"y\\\\\";c\r\nhello\r\n0\r\n\r\n",
      "25  \r\n",
      "2 erfrferferf\r\n",
      "2;\r\naa\r\n",
      "2;a=b \r\naa\r\n",
      "2;a b\r\naa\r\n",
      "2;a=\"x\"y\r\naa\r\n",
      "2;a=\"def; ghi\r\naa\r\n",
  };
  for (const char* c : kChunks) {
    static Wire w;
    w.n = 0;
    w.add("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n").add(c);
    runWire("chunk rule", w.data, w.n);
  }
  static const char* const kStatusLines[] = {
      "<html>hello</html>",
      "SSH-2.0-OpenSSH\r\n",
      "HTTX/1.1 200 OK\r\n",
      "HTTP/2 200\r\n",
      "HTTP/1.1 20 OK\r\n",
      "HTTP/1.1 abc OK\r\n",
      "HTTP/1.1  200 OK\r\n",
      "HTTP/1.1 200 O\x01K\r\n",
      "\r\n\r\n\r\nHTTP/1.1 200 OK\r\n",
      "HTTP/1.1 200 OK",
      "HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 500 \nContent-Length: 0\n\n",
      "\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 999 A reason phrase longer than thirty-one bytes\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1\t200 OK\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.01 200 OK\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 200\tOK\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 200  OK\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.1 200 \r\nContent-Length: 0\r\n\r\n",
  };
  for (const char* w : kStatusLines) runWire("status line", w);
  static const char* const kHeaders[] = {
      "Bad Name: x\r\n",
      "Name : x\r\n",
      "Name: a\x01"
      "b\r\n",
      "Name: a\x7f\r\n",
      "Name: x\r\n folded\r\n",
      "Name: x\rY: z\r\n",
      ": x\r\n",
      "X-A:   spaced  out \t \r\nX-B:\xE2\x82\xAC\r\nX-C:\r\nContent-Length: 0\r\n",
  };
  for (const char* h : kHeaders) {
    static Wire w;
    w.n = 0;
    w.add("HTTP/1.1 200 OK\r\n").add(h).add("\r\n");
    runWire("header rule", w.data, w.n);
  }
  limits();
  usersResponses();
}

// --- URLs and the request writer ----------------------------------------------

namespace {

struct Sent {
  FixedText<1200> bytes;
};
bool sentSink(void* u, const char* d, size_t n) {
  static_cast<Sent*>(u)->bytes.put(d, n);
  return true;
}

}  // namespace

void checkRequests() {
  static const char* const kUrls[] = {"https://jsonplaceholder.typicode.com",
                                      "HTTP://10.0.0.7:8080/api/v1/",
                                      "http://[fe80::1]:81/x?k=v",
                                      "http://h:80",
                                      "http://h:65535/",
                                      "ftp://h",
                                      "http:/h",
                                      "http://",
                                      "http://:80",
                                      "http://h:",
                                      "http://h:0",
                                      "http://h:65536",
                                      "http://h:8a",
                                      "http://u@h",
                                      "http://h h",
                                      "http://[::1",
                                      "http://[xyz]",
                                      "http://h/a#frag",
                                      "http://h/a b",
                                      "//h/path",
                                      "http://[]",
                                      "http://h:4294967377/"};
  for (const char* s : kUrls) {
    ehc::Url u;
    const HttpError e = ehc::parseUrl(s, &u);
    FixedText<300> t;
    t << "url ";
    t.quoted(s) << ' ' << ehc::httpErrorName(e);
    if (e == HttpError::Ok) {
      t << " https=";
      t.b(u.https) << " ipv6=";
      t.b(u.ipv6) << " host=";
      t.quoted(u.host, u.hostLength) << " port=";
      t.u(u.port) << " default=";
      t.b(u.defaultPort) << " path=";
      t.quoted(u.path, u.pathLength);
    }
    line(t);
  }
  // The same request through buffers of several sizes: the same bytes.
  for (size_t size : {size_t{8}, size_t{13}, size_t{256}}) {
    Sent sent;
    char buf[256];
    ehc::RequestWriter w(sentSink, &sent, buf, size);
    ehc::Url url;
    ehc::parseUrl("https://api.example.com:8443/v1/", &url);
    const ehc::Param path[] = {{"id", ehc::ParamValue(42)}, {"name", ehc::ParamValue("a/b c")}};
    const ehc::Param query[] = {{"q", ehc::ParamValue("caf\xC3\xA9 & more")},
                                {"limit", ehc::ParamValue(10u)},
                                {"ratio", ehc::ParamValue(0.5)},
                                {"big", ehc::ParamValue(1e21)},
                                {"tiny", ehc::ParamValue(5e-324)},
                                {"f", ehc::ParamValue(0.1f)},
                                {"on", ehc::ParamValue(true)},
                                {"neg", ehc::ParamValue(-3)},
                                {"i64", ehc::ParamValue(-9223372036854775807ll - 1)},
                                {"u64", ehc::ParamValue(18446744073709551615ull)},
                                {"l", ehc::ParamValue(-2147483647l - 1)},
                                {"ul", ehc::ParamValue(4294967295ul)},
                                {"null", ehc::ParamValue(nullptr)}};
    HttpError e = w.begin("GET", url, "users/{id}/files/{name}", path, 2, query, 13);
    if (e == HttpError::Ok) e = w.standardHeaders("ESP32HTTPClient/0.1");
    if (e == HttpError::Ok) e = w.basicAuth("Aladdin", "open sesame");
    if (e == HttpError::Ok) e = w.header("X-Empty", "");
    if (e == HttpError::Ok) e = w.endHeaders(-1);
    if (e == HttpError::Ok) e = w.finish();
    FixedText<1400> t;
    t << "request get buffer=";
    t.num(size) << ' ' << ehc::httpErrorName(e) << " written=";
    t.num(w.bytesWritten()) << ' ';
    t.quoted(sent.bytes.c_str(), sent.bytes.size(), 1200);
    line(t);
  }
  {
    Sent sent;
    char buf[64];
    ehc::RequestWriter w(sentSink, &sent, buf, sizeof buf);
    ehc::Url url;
    ehc::parseUrl("http://[::1]:8080/api?key=k1", &url);
    const ehc::Param query[] = {{"page", ehc::ParamValue(2)}};
    HttpError e = w.begin("POST", url, "/items?sort=asc", nullptr, 0, query, 1);
    if (e == HttpError::Ok) e = w.header("Content-Type", "application/json");
    if (e == HttpError::Ok) e = w.bearer("t0k3n");
    if (e == HttpError::Ok) e = w.beginHeader("Cookie");
    if (e == HttpError::Ok) e = w.headerText("a=1; ", 5);
    if (e == HttpError::Ok) e = w.headerText("b=2", 3);
    if (e == HttpError::Ok) e = w.endHeader();
    if (e == HttpError::Ok) e = w.endHeaders(12);
    if (e == HttpError::Ok) e = w.body("{\"name\":\"x\"}", 12);
    if (e == HttpError::Ok) e = w.finish();
    FixedText<600> t;
    t << "request post " << ehc::httpErrorName(e) << ' ';
    t.quoted(sent.bytes.c_str(), sent.bytes.size(), 500);
    line(t);
  }
  struct Refused {
    const char* method;
    const char* path;
    const char* name;
    const char* value;
  };
  static const Refused kRefused[] = {
      {"GET\r\nX: y", "/", "A", "b"},  {"G ET", "/", "A", "b"},
      {"GET", "/a\r\nX: y", "A", "b"}, {"GET", "/a b", "A", "b"},
      {"GET", "/", "A\r\nX", "b"},     {"GET", "/", "A", "b\r\nX: y"},
      {"GET", "/", "A", "b\nX: y"},    {"GET", "/", "A", "b\x01"},
      {"GET", "/", "A B", "b"},        {"GET", "/", "", "b"},
      {"GET", "/{missing}", "A", "b"}, {"GET", "/{open", "A", "b"},
  };
  for (const Refused& c : kRefused) {
    Sent sent;
    char buf[64];
    ehc::RequestWriter w(sentSink, &sent, buf, sizeof buf);
    ehc::Url url;
    ehc::parseUrl("http://h", &url);
    HttpError e = w.begin(c.method, url, c.path, nullptr, 0, nullptr, 0);
    if (e == HttpError::Ok) e = w.header(c.name, c.value);
    w.finish();
    FixedText<300> t;
    t << "request refused ";
    t.quoted(c.method) << ' ';
    t.quoted(c.path) << ' ';
    t.quoted(c.name) << ' ';
    t.quoted(c.value) << ' ' << ehc::httpErrorName(e) << ' ';
    t.quoted(sent.bytes.c_str(), sent.bytes.size(), 200);
    line(t);
  }
  {
    // Percent-encoding, Base64, tokens.
    char out[64];
    const char s[] = "a b/~-._%41?\xC3\xA9";
    FixedText<400> t;
    t << "text percent ";
    t.quoted(out, ehc::percentEncode(s, sizeof s - 1, ehc::PercentSet::Unreserved, out)) << ' ';
    t.quoted(out, ehc::percentEncode(s, sizeof s - 1, ehc::PercentSet::Path, out)) << ' ';
    t.num(ehc::percentEncodedLength(s, sizeof s - 1, ehc::PercentSet::Unreserved)) << " base64";
    for (const char* in : {"", "f", "fo", "foo", "foob", "fooba", "\xff\xfe\xfd\x00"}) {
      t << ' ';
      t.quoted(out, ehc::base64Encode(reinterpret_cast<const uint8_t*>(in), strlen(in), out));
    }
    t << " case=";
    t.b(ehc::equalsIgnoreCase("Content-Length", 14, "content-LENGTH", 14));
    t.b(ehc::equalsIgnoreCase("a", 1, "ab", 2)) << " token=";
    t.b(ehc::isToken("X-Custom_1", 10));
    t.b(ehc::isToken("a:b", 3));
    line(t);
  }
}
