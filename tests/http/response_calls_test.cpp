// How the response parser hands on what it reads: a call per run of bytes
// that lies whole in a fed piece (a name, a value, a chunk's data), never a
// call per byte; and what it reports of a status line it rejected.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "response_harness.h"

using ehc::HttpError;

namespace {

// The calls one response made, each with the bytes it was given.
struct Calls {
  std::vector<std::string> names, values, bodies;
  int ends = 0;
};

Calls parse(const std::string& wire, const std::vector<size_t>& pieces) {
  static const ehc::ResponseParser::HeaderVisitor kVisitor = {
      [](void* u, const char* d, size_t n) { static_cast<Calls*>(u)->names.emplace_back(d, n); },
      [](void* u, const char* d, size_t n) { static_cast<Calls*>(u)->values.emplace_back(d, n); },
      [](void* u, bool) { ++static_cast<Calls*>(u)->ends; }};
  Calls calls;
  ehc::ResponseParser p;
  p.onHeaders(&kVisitor, &calls);
  p.onBody(
      [](void* u, const char* d, size_t n) { static_cast<Calls*>(u)->bodies.emplace_back(d, n); },
      &calls);
  p.begin(false);
  size_t off = 0;
  for (size_t k = 0; off < wire.size() && !p.complete() && !p.failed(); ++k) {
    const size_t n = pieces.empty() ? wire.size() : pieces[k % pieces.size()];
    off += p.feed(wire.data() + off, n < wire.size() - off ? n : wire.size() - off);
  }
  EXPECT_TRUE(p.complete()) << ehc::httpErrorName(p.error());
  return calls;
}

TEST(ResponseCalls, AHeadFedWholeIsACallPerNameAndPerValue) {
  const Calls c = parse(
      "HTTP/1.1 200 OK\r\nDate: Mon, 30 Nov 2026 10:00:00 GMT\r\n"
      "Content-Type: application/json; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}",
      {});
  EXPECT_EQ(c.names, (std::vector<std::string>{"Date", "Content-Type", "Content-Length"}));
  EXPECT_EQ(c.values, (std::vector<std::string>{"Mon, 30 Nov 2026 10:00:00 GMT",
                                                "application/json; charset=utf-8", "2"}));
  EXPECT_EQ(c.ends, 3);
  EXPECT_EQ(c.bodies, (std::vector<std::string>{"{}"}));
}

TEST(ResponseCalls, PiecesCutRunsOnlyWhereTheyEnd) {
  // 9-byte pieces: "HTTP/1.1 " "304 OK\r\nX" "-Name: ab" "cdefgh\r\n\r" "\n"
  const Calls c = parse("HTTP/1.1 304 OK\r\nX-Name: abcdefgh\r\n\r\n", {9});
  EXPECT_EQ(c.names, (std::vector<std::string>{"X", "-Name"}));
  EXPECT_EQ(c.values, (std::vector<std::string>{"ab", "cdefgh"}));
}

TEST(ResponseCalls, AValueIsCutWhereItsWhitespaceBecomesOneSpace) {
  // A tab inside the value and a fold are each handed on as one SP.
  const Calls c = parse("HTTP/1.1 204 No Content\r\nX: a\tb\r\n  c d\r\n\r\n", {});
  EXPECT_EQ(c.values, (std::vector<std::string>{"a", " ", "b", " ", "c d"}));
}

TEST(ResponseCalls, AChunkedBodyIsACallPerChunkInAPiece) {
  const std::string wire =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      "5\r\nhello\r\n6;x=1\r\n world\r\n00000001\r\n!\r\n0\r\n\r\n";
  EXPECT_EQ(parse(wire, {}).bodies, (std::vector<std::string>{"hello", " world", "!"}));
  // A piece that ends inside a chunk's data cuts it in two.
  EXPECT_EQ(parse(wire, {53, 1000}).bodies, (std::vector<std::string>{"hel", "lo", " world", "!"}));
}

TEST(ResponseCalls, ChunkBoundariesOfEveryShapeGiveTheSameBody) {
  // Sizes of up to 8 digits are read at once, longer ones (leading zeros) a
  // byte at a time; both give the same body at every split.
  const auto r = ehc_test::parseAllWays(
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      "1\r\na\r\n00000002\r\nbc\r\n000000003\r\ndef\r\nA\r\n0123456789\r\n"
      "f ; q=\"x\"\r\nFFFFFFFFFFFFFFF\r\n0\r\n\r\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].error, HttpError::Ok);
  EXPECT_EQ(r[0].body, "abcdef0123456789FFFFFFFFFFFFFFF");
}

TEST(ResponseCalls, ARejectedMinorVersionIsNotReported) {
  // The minor digit that failed was stored (httpMinor() said 72 for 'x').
  ehc::ResponseParser p;
  p.begin(false);
  const char wire[] = "HTTP/1.x 200 OK\r\n\r\n";
  p.feed(wire, sizeof wire - 1);
  EXPECT_EQ(p.error(), HttpError::BadStatusLine);
  EXPECT_EQ(p.errorOffset(), 7u);
  EXPECT_EQ(p.httpMinor(), 1);
}

}  // namespace
