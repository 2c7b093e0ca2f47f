// RFC 9112 grammar of a response, strictly: the status line, chunk
// extensions, the transfer-coding rules of sections 6.1 and 6.3, and the
// response cases of llhttp's and http-parser's test suites (written anew here,
// one row per case RFC 9112 decides; lenient llhttp modes aside). Every row is
// fed whole, byte by byte and at random splits.
#include <gtest/gtest.h>

#include <string>

#include "response_harness.h"

using ehc::HttpError;
using ehc_test::parseAllWays;

namespace {

// What the last response of a stream came to. For an error only the error
// (and, when given, its offset) is checked.
struct Case {
  const char* what;
  std::string wire;
  HttpError error;
  int status;
  std::string body;
  bool keepAlive;
};
constexpr size_t kAnyOffset = ~size_t{0};

void expectCase(const Case& c, bool head = false, bool coded = false, size_t offset = kAnyOffset) {
  const auto r = parseAllWays(c.wire, head, true, coded);
  ASSERT_FALSE(r.empty()) << c.what;
  const auto& last = r.back();
  EXPECT_EQ(last.error, c.error) << c.what << ": got " << ehc::httpErrorName(last.error) << " at "
                                 << last.offset;
  if (offset != kAnyOffset) EXPECT_EQ(last.offset, offset) << c.what;
  if (c.error != HttpError::Ok) return;
  EXPECT_EQ(last.status, c.status) << c.what;
  EXPECT_EQ(last.body, c.body) << c.what;
  EXPECT_EQ(last.keepAlive, c.keepAlive) << c.what;
}

const char kOk[] = "HTTP/1.1 200 OK\r\n";
const char kChunked[] = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";

// status-line = HTTP-version SP status-code SP [ reason-phrase ]: one SP
// each, three digits, a reason of HTAB / SP / VCHAR / obs-text, possibly
// empty. A status line without the second SP is accepted, as llhttp and
// http-parser do (servers send "HTTP/1.1 200"; the reason carries nothing).
TEST(Grammar, StatusLine) {
  struct Line {
    const char* line;
    HttpError error;
    size_t offset;
    int status;
    const char* reason;
  } lines[] = {
      {"HTTP/1.1 200 OK\r\n", HttpError::Ok, 0, 200, "OK"},
      {"HTTP/1.1 200 \r\n", HttpError::Ok, 0, 200, ""},
      {"HTTP/1.1 200\r\n", HttpError::Ok, 0, 200, ""},
      {"HTTP/1.1 200  OK\r\n", HttpError::Ok, 0, 200, " OK"},  // the reason starts with SP
      {"HTTP/1.1 200 OK \t\r\n", HttpError::Ok, 0, 200, "OK \t"},
      {"HTTP/1.1 500 Ori\xC3\xABntatieprobleem\r\n", HttpError::Ok, 0, 500,
       "Ori\xC3\xABntatieprobleem"},
      {"HTTP/1.9 200 OK\r\n", HttpError::Ok, 0, 200, "OK"},  // a higher minor: as 1.1
      {"HTTP/1.1\t200 OK\r\n", HttpError::BadStatusLine, 8, 0, ""},
      {"HTTP/1.1  200 OK\r\n", HttpError::BadStatusLine, 9, 0, ""},
      {"HTTP/1.1 200\tOK\r\n", HttpError::BadStatusLine, 12, 0, ""},
      {"HTTP/1.1 2 OK\r\n", HttpError::BadStatusLine, 10, 0, ""},
      {"HTTP/1.1 2000 OK\r\n", HttpError::BadStatusLine, 12, 0, ""},
      {"HTTP/1.1 099 OK\r\n", HttpError::BadStatusLine, 9, 0, ""},
      {"HTTP/1.01 200 OK\r\n", HttpError::BadStatusLine, 8, 0, ""},
      {"HTTP/01.1 200 OK\r\n", HttpError::BadStatusLine, 5, 0, ""},
      {"HTTP/11.1 200 OK\r\n", HttpError::BadStatusLine, 6, 0, ""},
      {"HTTP/5.6 200 OK\r\n", HttpError::BadStatusLine, 5, 0, ""},
      {"HTTP/0.9 200 OK\r\n", HttpError::BadStatusLine, 5, 0, ""},
      {"HTTP/1.1 200 OK\rX: y\r\n", HttpError::BadLineEnding, 16, 0, ""},
      {"HTTP/1.1 200 OK\r\rContent-Length: 4\r\n", HttpError::BadLineEnding, 16, 0, ""},
      {"HTTP/1.1 200 A\x7F\r\n", HttpError::BadStatusLine, 14, 0, ""},
      {"\rHTTP/1.1 200 OK\r\n", HttpError::BadLineEnding, 1, 0, ""},
      {"HTP/1.1 200 OK\r\n", HttpError::NoHttpServer, 2, 0, ""},
      {"HTTPER/1.1 200 OK\r\n", HttpError::NoHttpServer, 4, 0, ""},
      {"RTSP/1.1 200 OK\r\n", HttpError::NoHttpServer, 0, 0, ""},
      {"ICE/1.1 200 OK\r\n", HttpError::NoHttpServer, 0, 0, ""},
  };
  for (const auto& l : lines) {
    const auto r = parseAllWays(std::string(l.line) + "Content-Length: 0\r\n\r\n");
    EXPECT_EQ(r.back().error, l.error) << l.line << " got " << ehc::httpErrorName(r.back().error);
    if (l.error != HttpError::Ok) {
      EXPECT_EQ(r.back().offset, l.offset) << l.line;
      continue;
    }
    EXPECT_EQ(r.back().status, l.status) << l.line;
    EXPECT_EQ(r.back().reason, l.reason) << l.line;
  }
}

// chunk = chunk-size [ chunk-ext ] CRLF chunk-data CRLF, with
// chunk-ext = *( BWS ";" BWS name [ BWS "=" BWS value ] ), names tokens and
// values token / quoted-string: whitespace after the size only before ';'.
TEST(Grammar, ChunkExtensions) {
  const char* const valid[] = {
      "5;ilovew3;somuchlove=aretheseparametersfor\r\nhello\r\n",
      "5 ;a\r\nhello\r\n",
      "5\t; a = b ;c\r\nhello\r\n",
      "5;a=\"I love; extensions\";b=\"x\\\"y\\\\\";c\r\nhello\r\n",
      "5;a=\"\"\r\nhello\r\n",
      "5;a=\"\xC3\xA9\t \"\r\nhello\r\n",
      "5;n=v \t;m\r\nhello\r\n",
      "00005\r\nhello\r\n",
  };
  for (const char* v : valid) {
    const Case c{v, std::string(kChunked) + v + "0\r\n\r\n", HttpError::Ok, 200, "hello", true};
    expectCase(c);
  }
  struct Bad {
    const char* chunks;
    HttpError error;
  } bad[] = {
      {"25  \r\n", HttpError::BadChunkSize},
      {"5 \r\nhello\r\n", HttpError::BadChunkSize},
      {"2 erfrferferf\r\n", HttpError::BadChunkSize},
      {"0  \r\n\r\n", HttpError::BadChunkSize},
      {"5x\r\n", HttpError::BadChunkSize},
      {" 5\r\n", HttpError::BadChunkSize},
      {"2;\r\naa\r\n", HttpError::BadChunkExtension},
      {"2; \r\naa\r\n", HttpError::BadChunkExtension},
      {"2;;a\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a=\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a =\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a \r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a=b \r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a b\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a=b c\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a=b=c\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a@b\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a=\"x\"y\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a=\"def; ghi\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a=\"x\x01\"\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a=\"\\\x7F\"\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a=\x80\r\naa\r\n", HttpError::BadChunkExtension},
      {"2;a\rb\r\naa\r\n", HttpError::BadLineEnding},
  };
  for (const auto& b : bad) {
    const Case c{b.chunks, std::string(kChunked) + b.chunks, b.error, 0, "", false};
    expectCase(c);
  }
  // Leading zeros of any number (a size of 256 digits used to count as none).
  expectCase({"zeros", std::string(kChunked) + std::string(255, '0') + "5\r\nhello\r\n0\r\n\r\n",
              HttpError::Ok, 200, "hello", true});
  // Where the error is: the byte that breaks the grammar.
  expectCase(
      {"offset", std::string(kChunked) + "2;a b\r\n", HttpError::BadChunkExtension, 0, "", false},
      false, false, sizeof kChunked - 1 + 4);
}

// Transfer-Encoding (RFC 9112 6.1, 6.3). The parser frames the body by the
// rules; it decodes chunked only, so by default any other coding is
// unsupported_transfer_coding once the head is read. With
// deliverCodedBodies(true) such a body is framed and handed on undecoded.
TEST(Grammar, TransferCodings) {
  const std::string chunkedBody = "2\r\nOK\r\n0\r\n\r\n";
  struct Row {
    const char* fields;
    HttpError error;        // by default
    HttpError codedError;   // with deliverCodedBodies(true)
    const char* codedBody;  // then
    bool codedKeep;
  } rows[] = {
      {"Transfer-Encoding: chunked", HttpError::Ok, HttpError::Ok, "OK", true},
      {"Transfer-Encoding: Chunked ", HttpError::Ok, HttpError::Ok, "OK", true},
      {"Transfer-Encoding: ,chunked,", HttpError::Ok, HttpError::Ok, "OK", true},
      {"Transfer-Encoding: gzip, chunked", HttpError::UnsupportedTransferCoding, HttpError::Ok,
       "OK", true},
      {"Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked",
       HttpError::UnsupportedTransferCoding, HttpError::Ok, "OK", true},
      {"Transfer-Encoding: x;q=\"a, chunked\", chunked", HttpError::UnsupportedTransferCoding,
       HttpError::Ok, "OK", true},
      // chunked not last: the body runs to the close
      {"Transfer-Encoding: chunked, deflate", HttpError::UnsupportedTransferCoding, HttpError::Ok,
       "2\r\nOK\r\n0\r\n\r\n", false},
      {"Transfer-Encoding: chunked\r\nTransfer-Encoding: identity",
       HttpError::UnsupportedTransferCoding, HttpError::Ok, "2\r\nOK\r\n0\r\n\r\n", false},
      {"Transfer-Encoding: chunked, identity", HttpError::UnsupportedTransferCoding, HttpError::Ok,
       "2\r\nOK\r\n0\r\n\r\n", false},
      {"Transfer-Encoding: chunkedchunked", HttpError::UnsupportedTransferCoding, HttpError::Ok,
       "2\r\nOK\r\n0\r\n\r\n", false},
      {"Transfer-Encoding: gzip", HttpError::UnsupportedTransferCoding, HttpError::Ok,
       "2\r\nOK\r\n0\r\n\r\n", false},
      {"Transfer-Encoding:", HttpError::Ok, HttpError::Ok, "2\r\nOK\r\n0\r\n\r\n", false},
      // faulty framing, whatever the setting
      {"Transfer-Encoding: chunked, chunked", HttpError::BadFraming, HttpError::BadFraming, "",
       false},
      {"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked", HttpError::BadFraming,
       HttpError::BadFraming, "", false},
      {"Transfer-Encoding: chunked, gzip, chunked", HttpError::BadFraming, HttpError::BadFraming,
       "", false},
      {"Transfer-Encoding: chunked;x=1", HttpError::BadFraming, HttpError::BadFraming, "", false},
      {"Transfer-Encoding: chun ked", HttpError::BadFraming, HttpError::BadFraming, "", false},
      {"Transfer-Encoding: chunked\"", HttpError::BadFraming, HttpError::BadFraming, "", false},
      {"Transfer-Encoding: gzip;q=\"1", HttpError::BadFraming, HttpError::BadFraming, "", false},
      {"Transfer-Encoding: ;q=1", HttpError::BadFraming, HttpError::BadFraming, "", false},
      {"Transfer-Encoding: chunked\r\nContent-Length: 13", HttpError::BadFraming,
       HttpError::BadFraming, "", false},
      {"Content-Length: 1\r\nTransfer-Encoding: anything", HttpError::BadFraming,
       HttpError::BadFraming, "", false},
      {"Content-Length-X: 0\r\nTransfer-Encoding: chunked", HttpError::Ok, HttpError::Ok, "OK",
       true},
  };
  for (const auto& row : rows) {
    const std::string wire = std::string(kOk) + row.fields + "\r\n\r\n" + chunkedBody;
    expectCase({row.fields, wire, row.error, 200, row.error == HttpError::Ok ? row.codedBody : "",
                row.codedKeep});
    expectCase({row.fields, wire, row.codedError, 200, row.codedBody, row.codedKeep}, false, true);
  }
  // HTTP/1.0 with Transfer-Encoding is faulty framing (6.1), even with CL.
  expectCase({"1.0", "HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunkedBody,
              HttpError::BadFraming, 0, "", false});
  // No body: HEAD, 204 and 304 are complete at the end of the head, a coding
  // announced for the body they do not have is no error.
  expectCase({"head", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", HttpError::Ok,
              200, "", true},
             true);
  expectCase({"304", "HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\n\r\n",
              HttpError::Ok, 304, "", true});
}

// Who knows what the parser did with the codings: transferCoded().
TEST(Grammar, CodedBodiesAreMarked) {
  for (const bool coded : {false, true}) {
    ehc::ResponseParser p;
    p.deliverCodedBodies(coded);
    std::string body;
    p.onBody([](void* u, const char* d, size_t n) { static_cast<std::string*>(u)->append(d, n); },
             &body);
    p.begin(false);
    const std::string wire =
        std::string(kOk) + "Transfer-Encoding: gzip, chunked\r\n\r\n3\r\n\x1F\x8B\x08\r\n0\r\n\r\n";
    p.feed(wire.data(), wire.size());
    EXPECT_TRUE(p.headersDone());
    EXPECT_TRUE(p.transferCoded());
    EXPECT_EQ(p.status(), 200);
    EXPECT_EQ(p.complete(), coded);
    EXPECT_EQ(p.error(), coded ? HttpError::Ok : HttpError::UnsupportedTransferCoding);
    EXPECT_EQ(body, coded ? "\x1F\x8B\x08" : "");
    p.begin(false);
    const std::string plain = std::string(kChunked) + "0\r\n\r\n";
    p.feed(plain.data(), plain.size());
    EXPECT_TRUE(p.complete());
    EXPECT_FALSE(p.transferCoded());
  }
}

// The response cases of llhttp (test/response/*.md) and http-parser
// (test.c), rewritten, with what RFC 9112 says of each.
TEST(Grammar, ReferenceSuites) {
  const std::string google =
      "HTTP/1.1 301 Moved Permanently\r\nLocation: http://www.google.com/\r\nX-$Proto-Version: "
      "1.6\r\nContent-Length:  13  \r\n\r\n<HTML></HTML>";
  const std::string soap =
      "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nConnection: close\r\n\r\n<x>\n</x>";
  const Case cases[] = {
      {"tab in OWS", "HTTP/1.1 200 OK\r\nA: 1\r\nB:\t 2\r\nContent-Length: 0\r\n\r\n",
       HttpError::Ok, 200, "", true},
      {"$ in a name, spaces around the length", google, HttpError::Ok, 301, "<HTML></HTML>", true},
      {"until close", soap, HttpError::Ok, 200, "<x>\n</x>", false},
      {"no headers no body: until close", "HTTP/1.1 404 Not Found\r\n\r\n", HttpError::Ok, 404, "",
       false},
      {"bare LF line ends (RFC 9112 2.2 allows them)",
       "HTTP/1.1 200 OK\nContent-Type: text/html\nConnection: close\n\nthese headers",
       HttpError::Ok, 200, "these headers", false},
      {"underscore in a name",
       "HTTP/1.1 200 OK\r\nDCLK_imp: v7;x;;~okv=;dcmt=text/xml;;~cs=o\r\nContent-Length: 0\r\n\r\n",
       HttpError::Ok, 200, "", true},
      {"an empty value is not merged with the next field",
       "HTTP/1.0 301 Moved\r\nPragma: \r\nLocation: /x\r\nContent-Length: 0\r\nConnection: "
       "keep-alive\r\n\r\n",
       HttpError::Ok, 301, "", true},
      {"odd token names, Connection: close",
       "HTTP/1.1 200 OK\r\n.et-Cookie: a=1\r\n_eep-Alive: timeout=45\r\n_onnection: "
       "Keep-Alive\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n",
       HttpError::Ok, 200, "", false},
      {"space in a name",
       "HTTP/1.1 200 OK\r\nen-US Content-Type: text/xml\r\nContent-Length: 0\r\n\r\n",
       HttpError::BadHeader, 0, "", false},
      {"@ in a name", "HTTP/1.1 200 OK\r\nFo@: Failure\r\n\r\n", HttpError::BadHeader, 0, "",
       false},
      {"control byte in a name", "HTTP/1.1 200 OK\r\nFoo\x01test: Bar\r\n\r\n",
       HttpError::BadHeader, 0, "", false},
      {"control byte in a value", "HTTP/1.1 200 OK\r\nFoo: F\x01ailure\r\n\r\n",
       HttpError::BadHeader, 0, "", false},
      {"CR without LF in the head", "HTTP/1.1 200 OK\r\nFoo: 1\rBar: 2\r\n\r\n",
       HttpError::BadLineEnding, 0, "", false},
      {"whitespace before the first field (RFC 9112 2.2)", "HTTP/1.1 200 OK\r\n Host: foo\r\n\r\n",
       HttpError::ObsoleteLineFolding, 0, "", false},
      {"empty lines before the status line", "\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
       HttpError::Ok, 200, "", true},
      {"a chunk holding a line feed",
       "HTTP/1.1 301 MovedPermanently\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n\n\r\n0\r\n\r\n",
       HttpError::Ok, 301, "\n", true},
      {"Content-Length with tabs", "HTTP/1.1 200 OK\r\nContent-Length:\t4\t\r\n\r\nabcd",
       HttpError::Ok, 200, "abcd", true},
      {"Proxy-Connection is not Connection",
       "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nProxy-Connection: close\r\n\r\nhello",
       HttpError::Ok, 200, "hello", true},
      {"HTTP/1.0 keep-alive, until close",
       "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n\r\nHTTP/1.0 200 OK", HttpError::Ok, 200,
       "HTTP/1.0 200 OK", false},
      {"HTTP/1.0 keep-alive 204",
       "HTTP/1.0 204 No content\r\nConnection: keep-alive\r\n\r\nHTTP/1.0 200 OK\r\nConnection: "
       "keep-alive\r\nContent-Length: 1\r\n\r\nx",
       HttpError::Ok, 200, "x", true},
      {"HTTP/1.1 until close", "HTTP/1.1 200 OK\r\n\r\nHTTP/1.1 200 OK", HttpError::Ok, 200,
       "HTTP/1.1 200 OK", false},
      {"204 with Connection: close", "HTTP/1.1 204 No content\r\nConnection: close\r\n\r\n",
       HttpError::Ok, 204, "", false},
      {"200 with Upgrade is an ordinary response",
       "HTTP/1.1 200 OK\r\nConnection: upgrade\r\nUpgrade: h2c\r\nTransfer-Encoding: "
       "chunked\r\n\r\n2\r\nbo\r\n2\r\ndy\r\n0\r\n\r\n",
       HttpError::Ok, 200, "body", true},
      {"304 with Content-Length, then the next response",
       "HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n\r\nHTTP/1.1 200 OK\r\n"
       "Content-Length: 5\r\n\r\nhello",
       HttpError::Ok, 200, "hello", true},
      {"304 with Transfer-Encoding, then the next response",
       "HTTP/1.1 304 Not Modified\r\nTransfer-Encoding: chunked\r\n\r\nHTTP/1.1 200 OK\r\n"
       "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
       HttpError::Ok, 200, "hello", true},
      {"100, an empty line, 404",
       "HTTP/1.1 100 Continue\r\n\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 3\r\n\r\nnot",
       HttpError::Ok, 404, "not", true},
      {"103, then 200",
       "HTTP/1.1 103 Early Hints\r\nLink: </s.css>; rel=preload\r\n\r\nHTTP/1.1 200 OK\r\n"
       "Content-Length: 2\r\n\r\nok",
       HttpError::Ok, 200, "ok", true},
      {"two different lengths", "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nContent-Length: 1\r\n\r\n",
       HttpError::ConflictingContentLength, 0, "", false},
      {"the largest length", "HTTP/1.1 200 OK\r\nContent-Length: 1844674407370955160\r\n\r\n",
       HttpError::Incomplete, 0, "", false},
      {"length over 64 bits", "HTTP/1.1 200 OK\r\nContent-Length: 18446744073709551616\r\n\r\n",
       HttpError::BadContentLength, 0, "", false},
      {"length of 2^64-1", "HTTP/1.1 200 OK\r\nContent-Length: 18446744073709551615\r\n\r\n",
       HttpError::BadContentLength, 0, "", false},
      {"a large chunk size", std::string(kChunked) + "FFFFFFFFFFFFFFE\r\n...",
       HttpError::Incomplete, 0, "", false},
      {"chunk size 2^64-1", std::string(kChunked) + "FFFFFFFFFFFFFFFF\r\n...",
       HttpError::ChunkSizeOverflow, 0, "", false},
      {"chunk size 2^64", std::string(kChunked) + "10000000000000000\r\n...",
       HttpError::ChunkSizeOverflow, 0, "", false},
      {"chunked on HTTP/1.0 (RFC 9112 6.1: faulty framing)",
       "HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n" + std::string(1024, 'c') +
           "\r\n0\r\n\r\n",
       HttpError::BadFraming, 0, "", false},
      {"three back to back",
       "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nAAAHTTP/1.1 201 Created\r\nContent-Length: "
       "4\r\n\r\nBBBBHTTP/1.1 202 Accepted\r\nContent-Length: 5\r\n\r\nCCCCC",
       HttpError::Ok, 202, "CCCCC", true},
  };
  for (const auto& c : cases) expectCase(c);
  // A 101 ends at its head: what follows is the other protocol's.
  const auto upgraded = ehc_test::parseStream(
      "HTTP/1.1 101 Switching Protocols\r\nConnection: upgrade\r\nUpgrade: h2c\r\nContent-Length: "
      "4\r\n\r\n",
      false, {}, false);
  ASSERT_EQ(upgraded.size(), 1u);
  EXPECT_EQ(upgraded[0].error, HttpError::Ok);
  EXPECT_EQ(upgraded[0].status, 101);
  EXPECT_FALSE(upgraded[0].keepAlive);
  // HEAD: lengths announced, no bodies.
  expectCase({"head",
              "HTTP/1.1 200 OK\r\nContent-Length: 123\r\n\r\nHTTP/1.1 200 OK\r\n"
              "Content-Length: 456\r\n\r\n",
              HttpError::Ok, 200, "", true},
             true);
}

}  // namespace
