// The response parser: RFC 9112 framing, limits and errors, every case fed
// whole, byte by byte and at random splits.
#include <gtest/gtest.h>

#include <string>

#include "response_harness.h"
#include "shared_data.h"

using ehc::HttpError;
using ehc_test::parseAllWays;
using Headers = std::vector<std::pair<std::string, std::string>>;

namespace {

TEST(Response, ContentLengthBody) {
  const auto r = parseAllWays(
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].error, HttpError::Ok);
  EXPECT_EQ(r[0].status, 200);
  EXPECT_EQ(r[0].reason, "OK");
  EXPECT_EQ(r[0].body, "{\"a\":1}");
  EXPECT_TRUE(r[0].keepAlive);
  EXPECT_EQ(r[0].contentLength, 7);
  EXPECT_EQ(r[0].headers, (Headers{{"Content-Type", "application/json"}, {"Content-Length", "7"}}));
}

TEST(Response, ChunkedWithExtensionsAndTrailers) {
  const auto r = parseAllWays(
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      "4;name=value\r\nWiki\r\n5 ; x\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: "
      "never\r\nX-Sum: 42\r\n\r\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].error, HttpError::Ok);
  EXPECT_EQ(r[0].body, "Wikipedia in\r\n\r\nchunks.");
  EXPECT_EQ(r[0].trailers, (Headers{{"Expires", "never"}, {"X-Sum", "42"}}));
  EXPECT_TRUE(r[0].keepAlive);
  EXPECT_EQ(r[0].contentLength, -1);
}

TEST(Response, BackToBackOnAKeptConnection) {
  const std::string one = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi";
  const std::string two =
      "HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nno!\r\n0\r\n\r\n";
  const std::string three = "HTTP/1.1 204 No Content\r\n\r\n";
  const auto r = parseAllWays(one + two + three + one);
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r[0].body, "hi");
  EXPECT_EQ(r[1].status, 404);
  EXPECT_EQ(r[1].body, "no!");
  EXPECT_EQ(r[2].status, 204);
  EXPECT_EQ(r[2].body, "");
  EXPECT_EQ(r[3].body, "hi");
  for (const auto& x : r) EXPECT_TRUE(x.keepAlive);
}

TEST(Response, NoBodyForHeadAnd304) {
  const auto head = parseAllWays(
      "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
      true);
  ASSERT_EQ(head.size(), 2u);
  EXPECT_EQ(head[0].body, "");
  EXPECT_EQ(head[0].contentLength, 1000);
  const auto notModified = parseAllWays("HTTP/1.1 304 Not Modified\r\nContent-Length: 50\r\n\r\n");
  EXPECT_EQ(notModified[0].error, HttpError::Ok);
  EXPECT_EQ(notModified[0].body, "");
}

TEST(Response, InterimResponsesAreSkipped) {
  const auto r = parseAllWays(
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
      "HTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].status, 201);
  EXPECT_EQ(r[0].body, "x");
}

// What an upload with Expect: 100-continue waits for: a 100 read whole (its
// blank line included), in any split; a 103 is not one.
TEST(Response, CountsTheContinuesRead) {
  const std::string wire =
      "HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n"
      "HTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx";
  const size_t continueEnds = wire.find("Continue\r\n\r\n") + 12;
  ehc::ResponseParser p;
  p.begin(false);
  for (size_t i = 0; i < wire.size(); ++i) {
    EXPECT_EQ(p.continues(), i < continueEnds ? 0u : 1u) << "after " << i << " bytes";
    ASSERT_EQ(p.feed(&wire[i], 1), 1u);
  }
  EXPECT_TRUE(p.complete());
  EXPECT_EQ(p.status(), 201);
  EXPECT_EQ(p.continues(), 1u);
  p.begin(false);  // the next response starts with none
  EXPECT_EQ(p.continues(), 0u);
}

// An interim response's fields are not the final response's: the visitor and
// the captures see only the final response's, and its framing fields change
// nothing (a 1xx has no body).
TEST(Response, InterimFieldsAreNotTheFinalResponses) {
  const std::string wire = ehc_test::sharedFile("testdata/regressions/headers-in-103.http");
  ASSERT_NE(wire.find("103 Early Hints"), std::string::npos);
  const auto r = parseAllWays(wire);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].error, HttpError::Ok);
  EXPECT_EQ(r[0].status, 200);
  EXPECT_EQ(r[0].headers, (Headers{{"Content-Length", "20"}}));
  EXPECT_EQ(r[0].body, "{\"id\":1,\"name\":\"ok\"}");
  const auto framing = parseAllWays(
      "HTTP/1.1 103 Early Hints\r\nContent-Length: nonsense\r\nTransfer-Encoding: gzip\r\n"
      "Connection: close\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx");
  ASSERT_EQ(framing.size(), 1u);
  EXPECT_EQ(framing[0].error, HttpError::Ok);
  EXPECT_EQ(framing[0].body, "x");
  EXPECT_TRUE(framing[0].keepAlive);
  EXPECT_EQ(framing[0].headers, (Headers{{"Content-Length", "1"}}));

  ehc::ResponseParser p;
  char count[8], cookie[16];
  const int c = p.captureHeader("X-Count", count, sizeof count);
  const int k = p.captureHeader("Set-Cookie", cookie, sizeof cookie);
  p.begin(false);
  ASSERT_EQ(p.feed(wire.data(), wire.size()), wire.size());
  ASSERT_TRUE(p.complete());
  EXPECT_EQ(p.headerStatus(c), ehc::HeaderStatus::Missing);
  EXPECT_EQ(p.headerStatus(k), ehc::HeaderStatus::Missing);
  // Cut off inside the interim response: still nothing captured.
  p.begin(false);
  const std::string cut = wire.substr(0, wire.find("\r\n\r\n"));
  p.feed(cut.data(), cut.size());
  p.finishAtClose();
  EXPECT_EQ(p.error(), HttpError::Incomplete);
  EXPECT_EQ(p.headerStatus(c), ehc::HeaderStatus::Missing);
  EXPECT_STREQ(count, "");
  EXPECT_STREQ(cookie, "");
}

TEST(Response, CloseDelimitedBody) {
  const auto r = parseAllWays("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end");
  EXPECT_EQ(r[0].error, HttpError::Ok);
  EXPECT_EQ(r[0].body, "until the end");
  EXPECT_FALSE(r[0].keepAlive);
  // The peer must close for it to end; without that it is still open.
  const auto open = ehc_test::parseStream("HTTP/1.1 200 OK\r\n\r\npartial", false, {}, false);
  EXPECT_EQ(open[0].error, HttpError::Ok);
}

TEST(Response, KeepAliveDecision) {
  struct Case {
    const char* wire;
    bool keep;
  } cases[] = {
      {"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", true},
      {"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", false},
      {"HTTP/1.1 200 OK\r\nConnection: Upgrade, CLOSE\r\nContent-Length: 0\r\n\r\n", false},
      {"HTTP/1.1 200 OK\r\nConnection: closed\r\nContent-Length: 0\r\n\r\n", true},
      {"HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", false},
      {"HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n", true},
  };
  for (const auto& c : cases) {
    const auto r = parseAllWays(c.wire);
    EXPECT_EQ(r[0].error, HttpError::Ok) << c.wire;
    EXPECT_EQ(r[0].keepAlive, c.keep) << c.wire;
  }
}

TEST(Response, ContentLengthRules) {
  EXPECT_EQ(
      parseAllWays("HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\nContent-Length: 3\r\n\r\nabc")[0]
          .body,
      "abc");
  struct Case {
    const char* wire;
    HttpError error;
    size_t offset;
  } cases[] = {
      {"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
       HttpError::ConflictingContentLength, 53},
      {"HTTP/1.1 200 OK\r\nContent-Length: 3, 4\r\n\r\nabcd", HttpError::ConflictingContentLength,
       37},
      {"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", HttpError::BadContentLength, 33},
      {"HTTP/1.1 200 OK\r\nContent-Length: 1 2\r\n\r\n", HttpError::BadContentLength, 35},
      {"HTTP/1.1 200 OK\r\nContent-Length: \r\n\r\n", HttpError::BadContentLength, 33},
      {"HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
       HttpError::BadContentLength, 51},
      {"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", HttpError::Incomplete, 44},
  };
  for (const auto& c : cases) {
    const auto r = parseAllWays(c.wire);
    EXPECT_EQ(r.back().error, c.error) << c.wire << " got " << ehc::httpErrorName(r.back().error);
    EXPECT_EQ(r.back().offset, c.offset) << c.wire;
  }
}

// Transfer codings: tests/http/response_grammar_test.cpp.

TEST(Response, ChunkErrors) {
  struct Case {
    const char* chunks;
    HttpError error;
  } cases[] = {
      {"g\r\n", HttpError::BadChunkSize},
      {"\r\n", HttpError::BadChunkSize},
      {"1\r\nab\r\n", HttpError::BadChunkTerminator},
      {"1\r\na\n0\r\n\r\n", HttpError::BadChunkTerminator},
      {"10000000000000000\r\n", HttpError::ChunkSizeOverflow},
      {"1\r\na\r\n", HttpError::Incomplete},
      {"1\ra", HttpError::BadLineEnding},
  };
  for (const auto& c : cases) {
    const std::string wire =
        std::string("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n") + c.chunks;
    EXPECT_EQ(parseAllWays(wire).back().error, c.error) << c.chunks;
  }
}

TEST(Response, StatusLineErrors) {
  struct Case {
    const char* wire;
    HttpError error;
    size_t offset;
  } cases[] = {
      {"<html>hello</html>", HttpError::NoHttpServer, 0},
      {"SSH-2.0-OpenSSH\r\n", HttpError::NoHttpServer, 0},
      {"HTTX/1.1 200 OK\r\n", HttpError::NoHttpServer, 3},
      {"HTTP/2 200\r\n", HttpError::BadStatusLine, 5},
      {"HTTP/1.1 20 OK\r\n", HttpError::BadStatusLine, 11},
      {"HTTP/1.1 abc OK\r\n", HttpError::BadStatusLine, 9},
      {"HTTP/1.1  200 OK\r\n", HttpError::BadStatusLine, 9},
      {"HTTP/1.1 200 O\x01K\r\n", HttpError::BadStatusLine, 14},
      {"\r\n\r\n\r\nHTTP/1.1 200 OK\r\n", HttpError::NoHttpServer, 4},
      {"HTTP/1.1 200 OK", HttpError::Incomplete, 15},
  };
  for (const auto& c : cases) {
    const auto r = parseAllWays(c.wire);
    EXPECT_EQ(r.back().error, c.error) << c.wire << " got " << ehc::httpErrorName(r.back().error);
    EXPECT_EQ(r.back().offset, c.offset) << c.wire;
  }
  // Tolerated: no reason phrase, empty reason, bare LF line ends, two leading CRLFs.
  EXPECT_EQ(parseAllWays("HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n")[0].error, HttpError::Ok);
  EXPECT_EQ(parseAllWays("HTTP/1.1 500 \nContent-Length: 0\n\n")[0].status, 500);
  EXPECT_EQ(parseAllWays("\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")[0].error,
            HttpError::Ok);
}

TEST(Response, HeaderErrors) {
  struct Case {
    const char* headers;
    HttpError error;
  } cases[] = {
      {"Bad Name: x\r\n", HttpError::BadHeader},
      {"Name : x\r\n", HttpError::BadHeader},
      {"Name: a\x01b\r\n", HttpError::BadHeader},
      {"Name: a\x7f\r\n", HttpError::BadHeader},
      {" Name: x\r\n", HttpError::ObsoleteLineFolding},  // whitespace after the status line
      {"Content-Length: 1\r\n 0\r\n", HttpError::BadContentLength},  // "1  0" once unfolded
      {"Name: x\rY: z\r\n", HttpError::BadLineEnding},
      {": x\r\n", HttpError::BadHeader},
  };
  for (const auto& c : cases) {
    const std::string wire = std::string("HTTP/1.1 200 OK\r\n") + c.headers + "\r\n";
    EXPECT_EQ(parseAllWays(wire).back().error, c.error) << c.headers;
  }
  // Optional whitespace is trimmed; inner whitespace and obs-text are kept.
  const auto r = parseAllWays(
      "HTTP/1.1 200 OK\r\nX-A:   spaced  out \t \r\nX-B:\xE2\x82\xAC\r\nX-C:\r\nContent-Length: "
      "0\r\n\r\n");
  EXPECT_EQ(
      r[0].headers,
      (Headers{
          {"X-A", "spaced  out"}, {"X-B", "\xE2\x82\xAC"}, {"X-C", ""}, {"Content-Length", "0"}}));
  // A long value is not cut short of its inner whitespace.
  const std::string spaces(300, ' ');
  EXPECT_EQ(parseAllWays("HTTP/1.1 200 OK\r\nX: a" + spaces + "b\r\nContent-Length: 0\r\n\r\n")[0]
                .headers[0]
                .second,
            "a" + spaces + "b");
}

// RFC 9112 5.2: a user agent replaces each obs-fold (OWS CRLF RWS) of a
// response with SP before it interprets the value (here with one SP);
// fields, trailers and captures alike.
TEST(Response, FoldedLinesAreUnfolded) {
  const auto r = parseAllWays(
      "HTTP/1.1 200 OK\r\nX-A: abc\r\n\tdef\r\n  ghi \r\n \r\nX-B:\r\n b\r\n"
      "Transfer-Encoding: gzip,\r\n chunked\r\nConnection:\r\n close\r\n\r\n"
      "1\r\nx\r\n0\r\nX-T: t\r\n\t u\r\n\r\n",
      false, true, true);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].error, HttpError::Ok) << ehc::httpErrorName(r[0].error);
  EXPECT_EQ(r[0].headers, (Headers{{"X-A", "abc def ghi"},
                                   {"X-B", "b"},
                                   {"Transfer-Encoding", "gzip, chunked"},
                                   {"Connection", "close"}}));
  EXPECT_EQ(r[0].trailers, (Headers{{"X-T", "t u"}}));
  EXPECT_EQ(r[0].body, "x");
  EXPECT_FALSE(r[0].keepAlive);  // the folded Connection: close counted
  ehc::ResponseParser p;
  char a[16];
  p.captureHeader("x-a", a, sizeof a);
  p.begin(false);
  const std::string wire = "HTTP/1.1 204 No Content\r\nX-A: 1\r\n 2\r\n\r\n";
  p.feed(wire.data(), wire.size());
  EXPECT_TRUE(p.complete());
  EXPECT_STREQ(a, "1 2");
}

TEST(Response, Limits) {
  std::string longLine =
      "HTTP/1.1 200 OK\r\nX: " + std::string(EHC_HTTP_MAX_LINE, 'a') + "\r\n\r\n";
  EXPECT_EQ(parseAllWays(longLine).back().error, HttpError::LineTooLong);
  std::string many = "HTTP/1.1 200 OK\r\n";
  for (int i = 0; i <= EHC_HTTP_MAX_HEADERS; ++i) many += "X-" + std::to_string(i) + ": y\r\n";
  EXPECT_EQ(parseAllWays(many + "\r\n").back().error, HttpError::TooManyHeaders);
  std::string big = "HTTP/1.1 200 OK\r\n";
  while (big.size() <= EHC_HTTP_MAX_HEADER_BYTES)
    big += "X-Big: " + std::string(1000, 'b') + "\r\n";
  EXPECT_EQ(parseAllWays(big + "\r\n").back().error, HttpError::HeadersTooLarge);
  std::string chunkLine = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;" +
                          std::string(EHC_HTTP_MAX_LINE, 'e');
  EXPECT_EQ(parseAllWays(chunkLine).back().error, HttpError::LineTooLong);
}

// The header byte limit is for the header section and, separately, for the
// trailers: chunk-size lines count against neither (a streaming server that
// flushes many small chunks used to hit headers_too_large after about 16 300
// chunks, each line feed of a chunk-size line having been counted).
TEST(Response, ChunkLinesDoNotCountAsHeaderBytes) {
  const std::string wire = ehc_test::sharedFile("testdata/regressions/chunked-16400-chunks.http");
  ASSERT_GT(wire.size(), 100000u);
  const auto r = parseAllWays(wire);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].error, HttpError::Ok) << ehc::httpErrorName(r[0].error);
  EXPECT_TRUE(r[0].body == std::string(16400 * 4, 'x')) << r[0].body.size() << " body bytes";
  EXPECT_TRUE(r[0].keepAlive);
  // A head just under the limit leaves chunks and trailers their own room.
  std::string head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n";
  std::string trailers;
  while (head.size() < EHC_HTTP_MAX_HEADER_BYTES - 1100) {
    head += "X-Head: " + std::string(1000, 'h') + "\r\n";
    trailers += "X-Tail: " + std::string(1000, 't') + "\r\n";
  }
  std::string chunks;
  for (int i = 0; i < 3000; ++i) chunks += "1;e=v\r\nc\r\n";
  const auto big = parseAllWays(head + "\r\n" + chunks + "0\r\n" + trailers + "\r\n");
  ASSERT_EQ(big.size(), 1u);
  EXPECT_EQ(big[0].error, HttpError::Ok) << ehc::httpErrorName(big[0].error);
  EXPECT_TRUE(big[0].body == std::string(3000, 'c')) << big[0].body.size() << " body bytes";
  EXPECT_EQ(big[0].trailers.size(), big[0].headers.size() - 1);
}

TEST(Response, TrailersHaveTheirOwnLimits) {
  const std::string start = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n";
  std::string big;  // trailers over EHC_HTTP_MAX_HEADER_BYTES
  while (big.size() <= EHC_HTTP_MAX_HEADER_BYTES)
    big += "X-Big: " + std::string(1000, 'b') + "\r\n";
  const auto tooLarge = parseAllWays(start + big + "\r\n");
  EXPECT_EQ(tooLarge.back().error, HttpError::HeadersTooLarge);
  EXPECT_GT(tooLarge.back().offset, start.size() + EHC_HTTP_MAX_HEADER_BYTES - 1100);
  // Exactly the limit: the trailer section's bytes, its final empty line included.
  std::string exact;
  while (exact.size() + 1000 < EHC_HTTP_MAX_HEADER_BYTES - 2)
    exact += "X-Fill: " + std::string(990, 'f') + "\r\n";
  exact += "X-Last: " + std::string(EHC_HTTP_MAX_HEADER_BYTES - exact.size() - 12, 'l') + "\r\n";
  ASSERT_EQ(exact.size() + 2, size_t{EHC_HTTP_MAX_HEADER_BYTES});
  EXPECT_EQ(parseAllWays(start + exact + "\r\n")[0].error, HttpError::Ok);
  EXPECT_EQ(parseAllWays(start + "X" + exact + "\r\n").back().error, HttpError::HeadersTooLarge);
  std::string many;
  for (int i = 0; i <= EHC_HTTP_MAX_HEADERS; ++i) many += "T-" + std::to_string(i) + ": y\r\n";
  EXPECT_EQ(parseAllWays(start + many + "\r\n").back().error, HttpError::TooManyHeaders);
}

TEST(Response, CapturedHeadersGoToCallerBuffers) {
  ehc::ResponseParser p;
  char type[16], date[8], missing[8], multi[32];
  const int t = p.captureHeader("Content-Type", type, sizeof type);
  const int d = p.captureHeader("DATE", date, sizeof date);
  const int m = p.captureHeader("X-Missing", missing, sizeof missing);
  const int v = p.captureHeader("vary", multi, sizeof multi);
  EXPECT_EQ(p.captureHeader("Bad Name", missing, sizeof missing), -1);
  std::string body;
  p.onBody([](void* u, const char* s, size_t n) { static_cast<std::string*>(u)->append(s, n); },
           &body);
  p.begin(false);
  const std::string wire =
      "HTTP/1.1 200 OK\r\ncontent-type:  application/json \r\nDate: Mon, 30 Nov 2026\r\n"
      "Vary: Accept\r\nVARY: Origin\r\nContent-Length: 2\r\n\r\n{}";
  EXPECT_EQ(p.feed(wire.data(), wire.size()), wire.size());
  ASSERT_TRUE(p.complete());
  EXPECT_STREQ(type, "application/jso");
  EXPECT_EQ(p.headerStatus(t), ehc::HeaderStatus::Truncated);
  EXPECT_STREQ(date, "Mon, 30");
  EXPECT_EQ(p.headerStatus(d), ehc::HeaderStatus::Truncated);
  EXPECT_EQ(p.headerStatus(m), ehc::HeaderStatus::Missing);
  EXPECT_STREQ(multi, "Accept, Origin");
  EXPECT_EQ(p.headerStatus(v), ehc::HeaderStatus::Found);
  EXPECT_EQ(body, "{}");
  // The next response on the connection starts from empty captures.
  p.begin(false);
  const std::string next = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
  p.feed(next.data(), next.size());
  EXPECT_EQ(p.headerStatus(t), ehc::HeaderStatus::Missing);
  EXPECT_STREQ(type, "");
}

TEST(Response, CaptureLimits) {
  ehc::ResponseParser p;
  char buf[EHC_HTTP_MAX_CAPTURES + 1][8];
  const std::string longName(31, 'x');  // the name buffer holds 31 bytes
  EXPECT_EQ(p.captureHeader(longName.c_str(), buf[0], sizeof buf[0]), 0);
  EXPECT_EQ(p.captureHeader((longName + "y").c_str(), buf[0], sizeof buf[0]), -1);
  EXPECT_EQ(p.captureHeader("", buf[0], sizeof buf[0]), -1);
  EXPECT_EQ(p.captureHeader("X-A", buf[0], 0), -1);
  for (int k = 1; k < EHC_HTTP_MAX_CAPTURES; ++k)
    EXPECT_EQ(p.captureHeader(("X-" + std::to_string(k)).c_str(), buf[k], sizeof buf[k]), k);
  EXPECT_EQ(p.captureHeader("X-Full", buf[EHC_HTTP_MAX_CAPTURES], sizeof buf[0]),
            -1);  // no room left
  // A header whose name is longer than any capture can hold is simply not captured.
  p.begin(false);
  const std::string wire = "HTTP/1.1 200 OK\r\n" + longName + "yz: v\r\n" + longName +
                           ": w\r\nContent-Length: 0\r\n\r\n";
  p.feed(wire.data(), wire.size());
  ASSERT_TRUE(p.complete());
  EXPECT_STREQ(buf[0], "w");
}

TEST(Response, LargeBodyStreamsWithoutStorage) {
  std::string wire =
      "HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n" + std::string(1000000, 'z');
  ehc::ResponseParser p;
  size_t total = 0;
  p.onBody([](void* u, const char*, size_t n) { *static_cast<size_t*>(u) += n; }, &total);
  p.begin(false);
  for (size_t off = 0; off < wire.size(); off += 1460)
    p.feed(wire.data() + off, std::min<size_t>(1460, wire.size() - off));
  EXPECT_TRUE(p.complete());
  EXPECT_EQ(total, 1000000u);
  EXPECT_EQ(p.bodyBytes(), 1000000u);
  EXPECT_LT(sizeof(ehc::ResponseParser), 1024u);
}

}  // namespace
