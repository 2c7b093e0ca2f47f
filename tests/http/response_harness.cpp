#include "response_harness.h"

#include <gtest/gtest.h>

#include <random>

namespace ehc_test {

namespace {
struct Collector {
  Response* r = nullptr;
  std::string name, value;
  bool inValue = false;
};
const ehc::ResponseParser::HeaderVisitor kVisitor = {
    [](void* u, const char* d, size_t n) { static_cast<Collector*>(u)->name.append(d, n); },
    [](void* u, const char* d, size_t n) { static_cast<Collector*>(u)->value.append(d, n); },
    [](void* u, bool trailer) {
      auto* c = static_cast<Collector*>(u);
      (trailer ? c->r->trailers : c->r->headers).emplace_back(c->name, c->value);
      c->name.clear();
      c->value.clear();
    }};
}  // namespace

std::vector<Response> parseStream(const std::string& wire, bool head,
                                  const std::vector<size_t>& pieces, bool closeAtEnd, bool coded) {
  std::vector<Response> out;
  ehc::ResponseParser p;
  p.deliverCodedBodies(coded);
  Collector col;
  std::string body;
  p.onHeaders(&kVisitor, &col);
  p.onBody([](void* u, const char* d, size_t n) { static_cast<std::string*>(u)->append(d, n); },
           &body);
  auto start = [&]() {
    out.emplace_back();
    col.r = &out.back();
    body.clear();
    p.begin(head);
  };
  auto finish = [&]() {
    Response& r = out.back();
    // An error is always the end: nothing parses on after it.
    EXPECT_EQ(p.failed(), p.error() != ehc::HttpError::Ok) << ehc::httpErrorName(p.error());
    r.error = p.error();
    r.offset = p.errorOffset();
    r.status = p.status();
    r.reason = p.reason();
    r.body = body;
    r.keepAlive = p.keepAlive();
    r.contentLength = p.contentLength();
  };
  start();
  size_t off = 0, k = 0;
  while (off < wire.size()) {
    size_t n = pieces.empty() ? wire.size() : pieces[k++ % pieces.size()];
    if (n > wire.size() - off) n = wire.size() - off;
    size_t used = 0;
    while (used < n) {
      used += p.feed(wire.data() + off + used, n - used);
      if (p.failed()) {
        finish();
        return out;
      }
      if (p.complete()) {
        finish();
        if (off + used < wire.size()) start();
      }
    }
    off += n;
  }
  if (!p.complete()) {
    if (closeAtEnd) p.finishAtClose();
    finish();
  }
  return out;
}

std::vector<Response> parseAllWays(const std::string& wire, bool head, bool closeAtEnd,
                                   bool coded) {
  const auto whole = parseStream(wire, head, {}, closeAtEnd, coded);
  const auto bytes = parseStream(wire, head, {1}, closeAtEnd, coded);
  EXPECT_TRUE(whole == bytes) << "byte-by-byte differs: " << wire.substr(0, 120);
  std::mt19937 rng(static_cast<unsigned>(wire.size()));
  for (int round = 0; round < 10; ++round) {
    std::vector<size_t> pieces;
    for (int j = 0; j < 12; ++j) pieces.push_back(1 + rng() % (round % 2 ? 9 : 200));
    const auto split = parseStream(wire, head, pieces, closeAtEnd, coded);
    EXPECT_TRUE(whole == split) << "split differs (round " << round << "): " << wire.substr(0, 120);
  }
  return whole;
}

}  // namespace ehc_test
