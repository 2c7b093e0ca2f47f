// ehc-http-parse: parse raw HTTP responses from stdin (one or more, back to
// back, as on a kept-alive connection) and print each as one JSON line:
//
//   {"status":200,"reason":"OK","headers":[["Name","value"],...],"body":"...","keep_alive":true}
//
// Strings map each byte to the code point of the same value (Latin-1), so any
// body prints. Trailers, when there are any, come as "trailers". On an error:
// {"error":"KIND","offset":N} and exit status 1.
//
//   ehc-http-parse [--chunk N] [--head] < responses.bin
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <utility>
#include <vector>

#include "ESP32HTTPClient.h"

namespace {

struct Response {
  std::vector<std::pair<std::string, std::string>> headers, trailers;
  std::string name, value, body;
};

const ehc::ResponseParser::HeaderVisitor kVisitor = {
    [](void* u, const char* d, size_t n) { static_cast<Response*>(u)->name.append(d, n); },
    [](void* u, const char* d, size_t n) { static_cast<Response*>(u)->value.append(d, n); },
    [](void* u, bool trailer) {
      auto* r = static_cast<Response*>(u);
      (trailer ? r->trailers : r->headers).emplace_back(r->name, r->value);
      r->name.clear();
      r->value.clear();
    }};

// Byte b -> code point U+00bb, as UTF-8.
std::string latin1(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

bool toStdout(void*, const char* d, size_t n) {
  return fwrite(d, 1, n, stdout) == n;
}

void printPairs(ehc::JsonWriter& w, const char* key,
                const std::vector<std::pair<std::string, std::string>>& v) {
  w.key(key).beginArray();
  for (const auto& h : v) {
    const std::string n = latin1(h.first), val = latin1(h.second);
    w.beginArray().value(n.data(), n.size()).value(val.data(), val.size()).endArray();
  }
  w.endArray();
}

int usage(const char* msg) {
  fprintf(stderr, "ehc-http-parse: %s\nusage: ehc-http-parse [--chunk N] [--head] < responses\n",
          msg);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  size_t chunk = 512;
  bool head = false;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--head")) {
      head = true;
    } else if (!strcmp(argv[i], "--chunk") && i + 1 < argc) {
      char* e = nullptr;
      const long n = strtol(argv[++i], &e, 10);
      if (*e || n <= 0) return usage("--chunk needs a positive number");
      chunk = static_cast<size_t>(n);
    } else {
      return usage("unknown argument");
    }
  }
  std::string input;
  char buf[65536];
  for (size_t n; (n = fread(buf, 1, sizeof buf, stdin)) > 0;) input.append(buf, n);

  ehc::ResponseParser p;
  Response r;
  p.onHeaders(&kVisitor, &r);
  p.onBody([](void* u, const char* d, size_t n) { static_cast<Response*>(u)->body.append(d, n); },
           &r);
  p.begin(head);
  auto print = [&]() {
    ehc::JsonWriter w(toStdout, nullptr);
    const std::string reason = latin1(p.reason()), body = latin1(r.body);
    w.beginObject().member("status", p.status()).key("reason").value(reason.data(), reason.size());
    printPairs(w, "headers", r.headers);
    w.key("body").value(body.data(), body.size());
    if (!r.trailers.empty()) printPairs(w, "trailers", r.trailers);
    w.member("keep_alive", p.keepAlive()).endObject();
    fputc('\n', stdout);
  };
  // Offsets count from the stream's first byte, across responses.
  size_t base = 0;
  auto printError = [&]() {
    ehc::JsonWriter w(toStdout, nullptr);
    w.beginObject()
        .member("error", ehc::httpErrorName(p.error()))
        .member("offset", base + p.errorOffset())
        .endObject();
    fputc('\n', stdout);
    return 1;
  };
  for (size_t off = 0; off < input.size();) {
    const size_t n = input.size() - off < chunk ? input.size() - off : chunk;
    size_t used = 0;
    while (used < n) {
      used += p.feed(input.data() + off + used, n - used);
      if (p.failed()) return printError();
      if (p.complete()) {
        print();
        base += p.bytesConsumed();
        r = Response{};
        p.begin(head);
      }
    }
    off += n;
  }
  if (p.bytesConsumed() > 0 || input.empty()) {  // a response still open: the peer "closes" now
    p.finishAtClose();
    if (p.failed()) return printError();
    print();
  }
  return 0;
}
