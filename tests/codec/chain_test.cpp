// The stages chained as the client will chain them (issue 18; not wired
// into the client yet): a chunked HTTP response whose body is a gzipped
// event stream, each event's data bound by the JSON binder as it arrives
// (restart at the event's first data line, feed its data, finish at its
// end). Every split of the wire gives the same events and values.
#include <gtest/gtest.h>
#include <stdio.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ehc/codec/inflate.h"
#include "ehc/codec/sse.h"
#include "ehc/http/response_parser.h"
#include "ehc/json/json_binder.h"
#include "split_feed.h"
#include "zlib_reference.h"

namespace {

struct Pipeline {
  ehc::ResponseParser http;
  ehc::StaticInflater<32768> inflater;
  ehc::StaticSseParser<> events;
  ehc::StaticJsonBinder<2> binder;
  int64_t id = 0;
  char name[16] = {};
  std::vector<std::string> seen;

  Pipeline() {
    binder.bind("id", &id);
    binder.bind("name", name);
    http.onBody(
        [](void* u, const char* d, size_t n) { static_cast<Pipeline*>(u)->inflater.feed(d, n); },
        this);
    inflater.begin(ehc::InflateFormat::Gzip, events.input());
    events.setVisitor(&kToBinder, this);
    http.begin(false);
  }

  static const ehc::SseVisitor kToBinder;
};

const ehc::SseVisitor Pipeline::kToBinder = {
    [](void* u) {
      static_cast<Pipeline*>(u)->binder.restart();
      return true;
    },
    [](void* u, const char* d, size_t n) {
      static_cast<Pipeline*>(u)->binder.feed(d, n);
      return true;
    },
    [](void* u, const ehc::SseEvent& e) {
      auto* p = static_cast<Pipeline*>(u);
      const ehc::JsonError err = p->binder.finish();
      p->seen.push_back(std::string(e.type) + "#" + e.id + ":" + ehc::jsonErrorName(err) + ":" +
                        std::to_string(p->id) + ":" + p->name);
      return true;
    },
    nullptr};

std::string chunked(const std::string& body, size_t chunk) {
  std::string wire =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
      "Content-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n";
  char size[16];
  for (size_t off = 0; off < body.size(); off += chunk) {
    const size_t n = std::min(chunk, body.size() - off);
    snprintf(size, sizeof size, "%zx\r\n", n);
    wire += size + body.substr(off, n) + "\r\n";
  }
  return wire + "0\r\n\r\n";
}

TEST(Chain, GzippedEventStreamInAChunkedResponseIntoTheBinder) {
  std::string stream = "retry: 2000\n\n";
  for (int i = 0; i < 300; ++i)
    stream += "event: user\nid: " + std::to_string(i) + "\ndata: {\"id\": " + std::to_string(i) +
              ",\ndata:  \"name\": \"n" + std::to_string(i % 7) + "\"}\n\n";
  stream += "data: {\"id\": \n\n";  // data that is not a whole document
  ehc_test::Compression c;
  c.windowBits = 31;
  const std::string wire = chunked(ehc_test::compress(stream, c), 100);
  std::vector<std::string> whole;
  for (const auto& pattern : ehc_test::splitPatterns(wire.size(), 3)) {
    Pipeline p;
    ehc_test::feedPieces(wire, pattern.pieces, [&](const char* d, size_t n) {
      size_t used = 0;
      while (used < n && !p.http.complete() && !p.http.failed())
        used += p.http.feed(d + used, n - used);
      return !p.http.failed();
    });
    EXPECT_TRUE(p.http.complete()) << pattern.name;
    EXPECT_EQ(p.inflater.finish(), ehc::InflateError::Ok) << pattern.name;
    EXPECT_EQ(p.events.finish(), ehc::SseError::Ok) << pattern.name;
    EXPECT_EQ(p.events.retryMs(), 2000u);
    if (whole.empty()) whole = p.seen;
    EXPECT_EQ(p.seen, whole) << pattern.name;
  }
  ASSERT_EQ(whole.size(), 301u);
  EXPECT_EQ(whole[0], "user#0:ok:0:n0");
  EXPECT_EQ(whole[299], "user#299:ok:299:n5");
  // The binder says so (the targets keep what the last whole event gave).
  EXPECT_EQ(whole[300], "message#299:incomplete:299:n5");
}

}  // namespace
