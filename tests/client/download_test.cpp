// Downloads over the scripted transport: where the body goes (a callback, a
// stream), progress, the size limit, the digest, the codings, and the kept
// connection afterwards; each response also read in one-byte and seven-byte
// reads, with the same outcome.
#include <gtest/gtest.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "body_test_helpers.h"
#include "ehc/net/scripted_transport.h"

using ehc::ScriptStep;
using namespace ehc;  // the error codes

namespace {

struct Scripted {
  explicit Scripted(std::vector<std::string> parts, size_t maxRead = 0) : texts(std::move(parts)) {
    for (const std::string& t : texts)
      steps.push_back(t == "<close>"  ? ScriptStep::close()
                      : t == "<idle>" ? ScriptStep::stall(0)  // the kept connection waits
                                      : ScriptStep::data(t.data(), t.size()));
    steps.push_back(ScriptStep::stall(0));
    transport.reset(new ehc::ScriptedTransport(steps.data(), steps.size()));
    if (maxRead) transport->setMaxRead(maxRead);
    client.reset(new ESP32HTTPClient("http://api.test", *transport));
  }
  std::string written() const { return transport->written(); }
  std::vector<std::string> texts;
  std::vector<ScriptStep> steps;
  std::unique_ptr<ehc::ScriptedTransport> transport;
  std::unique_ptr<ESP32HTTPClient> client;
};

// The bytes a download took, and how.
struct Collected {
  std::string body;
  size_t calls = 0;
};

std::string lengthResponse(const std::string& body, const std::string& extra = "") {
  return "HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(body.size()) + "\r\n" + extra +
         "\r\n" + body;
}

std::string chunkedResponse(const std::string& body, size_t chunk, const std::string& extra = "") {
  std::string r = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n" + extra + "\r\n";
  char size[32];
  for (size_t i = 0; i < body.size(); i += chunk) {
    const std::string piece = body.substr(i, chunk);
    snprintf(size, sizeof size, "%zx;ext=1\r\n", piece.size());
    r += size + piece + "\r\n";
  }
  return r + "0\r\nX-Trailer: t\r\n\r\n";
}

std::string sampleBody(size_t n) {
  std::string s;
  for (size_t i = 0; s.size() < n; ++i) s += "line " + std::to_string(i) + " of the body\n";
  s.resize(n);
  return s;
}

const size_t kReadSizes[] = {0, 1, 7};  // 0: the whole script step at once

TEST(Download, TheBodyReachesTheCallbackDechunkedInEverySplit) {
  const std::string body = sampleBody(5000);
  for (const std::string& response : {lengthResponse(body), chunkedResponse(body, 333)}) {
    for (size_t maxRead : kReadSizes) {
      Scripted s({response}, maxRead);
      Collected got;
      std::vector<std::pair<uint64_t, int64_t>> progress;
      const RestResult r = s.client->get("/file")
                               .download([&got](const uint8_t* d, size_t n) {
                                 got.body.append(reinterpret_cast<const char*>(d), n);
                                 ++got.calls;
                                 return true;
                               })
                               .onProgress([&progress](uint64_t received, int64_t total) {
                                 progress.emplace_back(received, total);
                               })
                               .send();
      ASSERT_TRUE(r.isSuccess()) << r.message();
      EXPECT_EQ(got.body, body);
      ASSERT_EQ(progress.size(), got.calls);
      EXPECT_EQ(progress.back().first, body.size());
      const bool chunked = response.find("chunked") != std::string::npos;
      EXPECT_EQ(progress.back().second, chunked ? -1 : static_cast<int64_t>(body.size()));
    }
  }
}

// A callback without a result takes everything.
TEST(Download, AVoidCallbackTakesTheWholeBody) {
  Scripted s({lengthResponse("abcdef")});
  std::string got;
  ASSERT_TRUE(s.client->get("/")
                  .download([&got](const uint8_t* d, size_t n) {
                    got.append(reinterpret_cast<const char*>(d), n);
                  })
                  .send()
                  .isSuccess());
  EXPECT_EQ(got, "abcdef");
}

// Stopping is its own error, and the connection stays for the next request
// when the rest of the body is small enough to drain.
TEST(Download, ACallbackStopsTheTransferAndTheConnectionIsKept) {
  const std::string body = sampleBody(3000);
  for (size_t maxRead : kReadSizes) {
    Scripted s({chunkedResponse(body, 100), "<idle>", lengthResponse("{\"a\":7}")}, maxRead);
    size_t taken = 0;
    const RestResult r = s.client->get("/big")
                             .download([&taken](const uint8_t*, size_t n) {
                               taken += n;
                               return taken < 200;
                             })
                             .send();
    EXPECT_EQ(r.error, EHC_ERROR_STOPPED);
    EXPECT_STREQ(r.message(), "transfer stopped by the body callback");
    EXPECT_GE(taken, 200u);
    EXPECT_LT(taken, body.size());
    int a = 0;
    const RestResult next = s.client->get("/a").getBody("a", &a).send();
    EXPECT_TRUE(next.isSuccess()) << next.message();
    EXPECT_EQ(a, 7);
    EXPECT_EQ(s.transport->connects(), 1u);
    EXPECT_TRUE(next.reused);
  }
}

struct ShortStream {  // takes `room` bytes, then writes short
  size_t room;
  std::string got;
  size_t write(const uint8_t* d, size_t n) {
    const size_t k = n < room ? n : room;
    got.append(reinterpret_cast<const char*>(d), k);
    room -= k;
    return k;
  }
};

TEST(Download, AStreamThatWritesShortIsAStreamWriteError) {
  Scripted s({lengthResponse(sampleBody(2000))}, 100);
  ShortStream out{250, ""};
  const RestResult r = s.client->get("/").downloadTo(out).send();
  EXPECT_EQ(r.error, EHC_ERROR_STREAM_WRITE);
  EXPECT_EQ(out.got, sampleBody(250));
}

TEST(Download, AnErrorPageIsNotWrittenToTheTarget) {
  Scripted s({"HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found"});
  std::string got;
  int code = 0;
  const RestResult r = s.client->get("/missing")
                           .download([&got](const uint8_t* d, size_t n) {
                             got.append(reinterpret_cast<const char*>(d), n);
                           })
                           .onError([&code](int c) { code = c; })
                           .send();
  EXPECT_EQ(r.statusCode, 404);
  EXPECT_EQ(code, 404);
  EXPECT_EQ(got, "");
}

TEST(Download, ABodyBeyondTheLimitIsItsOwnError) {
  const std::string body = sampleBody(1000);
  for (size_t maxRead : kReadSizes) {
    // announced: nothing of it is delivered
    Scripted announced({lengthResponse(body)}, maxRead);
    std::string got;
    auto take = [&got](const uint8_t* d, size_t n) {
      got.append(reinterpret_cast<const char*>(d), n);
    };
    RestResult r = announced.client->get("/").download(take).maxBodySize(999).send();
    EXPECT_EQ(r.error, EHC_ERROR_BODY_TOO_LARGE);
    EXPECT_STREQ(r.message(), "response body larger than the maximum body size");
    EXPECT_EQ(got, "");
    got.clear();
    // chunked: found as it comes; what was within the limit was delivered
    Scripted chunked({chunkedResponse(body, 64)}, maxRead);
    r = chunked.client->get("/").download(take).maxBodySize(999).send();
    EXPECT_EQ(r.error, EHC_ERROR_BODY_TOO_LARGE);
    EXPECT_LE(got.size(), 999u);
    EXPECT_EQ(got, body.substr(0, got.size()));
    got.clear();
    // exactly the limit is fine, and the client's setting is the default
    got.clear();
    Scripted exact({chunkedResponse(body, 64)}, maxRead);
    exact.client->setMaxBodySize(1000);
    r = exact.client->get("/").download(take).send();
    EXPECT_TRUE(r.isSuccess()) << r.message();
    EXPECT_EQ(got, body);
  }
}

// A JSON body counts too.
TEST(Download, TheLimitAppliesToTheBindingsBody) {
  Scripted s({chunkedResponse("{\"pad\":\"" + std::string(500, 'x') + "\",\"a\":1}", 50)});
  s.client->setMaxBodySize(100);
  int a = 0;
  const RestResult r = s.client->get("/").getBody("a", &a).send();
  EXPECT_EQ(r.error, EHC_ERROR_BODY_TOO_LARGE);
  EXPECT_EQ(a, 0);
}

TEST(Download, ABodyShorterThanAnnouncedFails) {
  for (size_t maxRead : kReadSizes) {
    Scripted s({"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n12345", "<close>"}, maxRead);
    std::string got;
    const RestResult r = s.client->get("/")
                             .download([&got](const uint8_t* d, size_t n) {
                               got.append(reinterpret_cast<const char*>(d), n);
                             })
                             .send();
    EXPECT_EQ(r.error, EHC_ERROR_CONNECTION_LOST);
    EXPECT_FALSE(r.isSuccess());
    EXPECT_EQ(got, "12345");
  }
}

// Once a byte reached the target, a failure is not retried (it would write
// the start again).
TEST(Download, NoRetryOnceTheTargetHasBytes) {
  Scripted s({"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n12345", "<close>",
              lengthResponse("0123456789")});
  std::string got;
  const RestResult r = s.client->get("/")
                           .retry(3)
                           .download([&got](const uint8_t* d, size_t n) {
                             got.append(reinterpret_cast<const char*>(d), n);
                           })
                           .send();
  EXPECT_EQ(r.error, EHC_ERROR_CONNECTION_LOST);
  EXPECT_EQ(r.attempts, 1);
  EXPECT_EQ(got, "12345");
}

// SHA-256 of "abc" (FIPS 180-2).
const char kAbcDigest[] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

TEST(Download, TheDigestOfWhatWasWrittenIsChecked) {
  for (size_t maxRead : kReadSizes) {
    Scripted good({chunkedResponse("abc", 1)}, maxRead);
    ehc::Sha256Check digest(kAbcDigest);
    std::string got;
    auto take = [&got](const uint8_t* d, size_t n) {
      got.append(reinterpret_cast<const char*>(d), n);
    };
    RestResult r = good.client->get("/").download(take).verify(digest).send();
    EXPECT_TRUE(r.isSuccess()) << r.message();
    EXPECT_STREQ(digest.hex(), kAbcDigest);

    Scripted bad({lengthResponse("abd")}, maxRead);
    ehc::Sha256Check other(kAbcDigest);
    r = bad.client->get("/").download(take).verify(other).send();
    EXPECT_EQ(r.error, EHC_ERROR_DIGEST_MISMATCH);
    EXPECT_EQ(other.error(), ehc::DigestError::Mismatch);
    EXPECT_STREQ(r.message(), "the SHA-256 of the data is not the one expected");
  }
}

uint8_t window[32768];
ehc::Inflater inflater(window, sizeof window);

TEST(Download, AcceptEncodingIsSentOnlyWithAnInflater) {
  Scripted plain({lengthResponse("{}"), lengthResponse("{}")});
  int a = 0;
  plain.client->get("/").getBody("a", &a).send();
  EXPECT_EQ(plain.written().find("Accept-Encoding"), std::string::npos);
  plain.client->get("/").getBody("a", &a).acceptEncoding(inflater).send();
  EXPECT_NE(plain.written().find("Accept-Encoding: gzip, deflate\r\n"), std::string::npos);
}

TEST(Download, GzipBodiesAreDecodedForTheBindingsAndTheDownload) {
  std::string pad = sampleBody(20000);
  for (char& c : pad)
    if (c == '\n') c = ' ';
  const std::string json = "{\"pad\":\"" + pad + "\",\"name\":\"Ann\",\"n\":42}";
  const std::string gz = ehc_test::gzipped(json);
  const std::string zlib = ehc_test::compressed(json, 15);
  const std::string raw = ehc_test::compressed(json, -15);
  const std::vector<std::string> responses = {
      lengthResponse(gz, "Content-Encoding: gzip\r\n"),
      chunkedResponse(gz, 500, "Content-Encoding: gzip\r\n"),
      lengthResponse(zlib, "Content-Encoding: deflate\r\n"),
      lengthResponse(raw, "Content-Encoding: deflate\r\n"),  // as some servers send it
      chunkedResponse(gz, 700, "Content-Encoding: identity, x-gzip\r\n"),
      // RFC 9112 6.1: chunked last is undone first, then the coding
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n" +
          chunkedResponse(gz, 400).substr(
              strlen("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")),
      // not chunked: the body runs to the close (RFC 9112 6.3)
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n" + gz,
  };
  for (const std::string& response : responses) {
    for (size_t maxRead : kReadSizes) {
      Scripted s({response, "<close>"}, maxRead);
      char name[8] = "";
      int n = 0;
      RestResult r =
          s.client->get("/").acceptEncoding(inflater).getBody("name", name).getBody("n", &n).send();
      EXPECT_TRUE(r.isSuccess()) << r.message() << " in " << response.substr(0, 80);
      EXPECT_STREQ(name, "Ann");
      EXPECT_EQ(n, 42);

      Scripted d({response, "<close>"}, maxRead);
      d.client->setInflater(&inflater);
      std::string got;
      r = d.client->get("/")
              .download([&got](const uint8_t* p, size_t k) {
                got.append(reinterpret_cast<const char*>(p), k);
              })
              .send();
      EXPECT_TRUE(r.isSuccess()) << r.message();
      EXPECT_EQ(got, json);
    }
  }
}

// Without an inflater a coded body is what it is (it was not asked for).
TEST(Download, WithoutAnInflaterTheBodyComesAsSent) {
  const std::string gz = ehc_test::gzipped("hello");
  Scripted s({lengthResponse(gz, "Content-Encoding: gzip\r\n")});
  std::string got;
  const RestResult r = s.client->get("/")
                           .download([&got](const uint8_t* p, size_t k) {
                             got.append(reinterpret_cast<const char*>(p), k);
                           })
                           .send();
  EXPECT_TRUE(r.isSuccess());
  EXPECT_EQ(got, gz);
  // and a transfer coding is still refused
  Scripted t({"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"});
  EXPECT_EQ(t.client->get("/").download([](const uint8_t*, size_t) {}).send().error,
            EHC_ERROR_ENCODING);
}

TEST(Download, BrokenGzipIsAnEncodingError) {
  const std::string text = sampleBody(10000);
  const std::string gz = ehc_test::gzipped(text);
  std::string badCrc = gz;
  badCrc[gz.size() - 6] ^= 1;  // CRC-32
  std::string badSize = gz;
  badSize[gz.size() - 2] ^= 1;  // ISIZE
  std::string badData = gz;
  badData[gz.size() / 2] ^= 0x55;
  const std::string truncated = gz.substr(0, gz.size() - 3);
  struct Case {
    std::string body;
    const char* message;
  } cases[] = {
      {badCrc, "the gzip CRC-32 of the data does not match"},
      {badSize, "the gzip length of the data does not match"},
      {truncated, "the compressed body ended too soon"},
      {"not gzip at all", "not a gzip stream (no magic number)"},
  };
  for (const Case& c : cases) {
    for (size_t maxRead : kReadSizes) {
      Scripted s({lengthResponse(c.body, "Content-Encoding: gzip\r\n")}, maxRead);
      const RestResult r = s.client->get("/")
                               .acceptEncoding(inflater)
                               .download([](const uint8_t*, size_t) {})
                               .send();
      EXPECT_EQ(r.error, EHC_ERROR_ENCODING);
      EXPECT_STREQ(r.message(), c.message);
    }
  }
  Scripted s({lengthResponse(badData, "Content-Encoding: gzip\r\n")});
  EXPECT_EQ(s.client->get("/")
                .acceptEncoding(inflater)
                .download([](const uint8_t*, size_t) {})
                .send()
                .error,
            EHC_ERROR_ENCODING);
}

TEST(Download, CodingsTheInflaterCannotUndoAreRefused) {
  const std::string gz = ehc_test::gzipped("x");
  for (const char* field : {"Content-Encoding: br\r\n", "Content-Encoding: gzip, gzip\r\n",
                            "Content-Encoding: gzip\r\nTransfer-Encoding: gzip, chunked\r\n",
                            "Transfer-Encoding: chunked, gzip\r\n"}) {
    const bool transfer = strstr(field, "Transfer") != nullptr;
    Scripted s({"HTTP/1.1 200 OK\r\n" + std::string(field) +
                    (transfer ? "\r\n3\r\nabc\r\n0\r\n\r\n" : "Content-Length: 3\r\n\r\nabc"),
                "<close>"});
    const RestResult r =
        s.client->get("/").acceptEncoding(inflater).download([](const uint8_t*, size_t) {}).send();
    EXPECT_EQ(r.error, EHC_ERROR_ENCODING) << field;
  }
}

// GET /f into `got`, resumed up to `resumes` times; with `restarts`, the
// target starts over when asked (counted there).
RestResult resumedGet(Scripted& s, std::string& got, uint8_t resumes, int* restarts = nullptr) {
  auto request = s.client->get("/f").download(
      [&got](const uint8_t* d, size_t n) { got.append(reinterpret_cast<const char*>(d), n); });
  if (!restarts) return request.resume(resumes).send();
  return request
      .resume(resumes,
              [&got, restarts] {
                ++*restarts;
                got.clear();
                return true;
              })
      .send();
}

// The resumed request asks for the rest; a 416 saying nothing is missing
// completes it; a 206 elsewhere or of another length fails it.
TEST(Download, ResumeAnswersAreReadStrictly) {
  const std::string cut = "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n12345";
  struct Case {
    std::string first, answer;
    int error;
    const char* got;
  } cases[] = {
      {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n12345\r\n",
       "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */5\r\nContent-Length: "
       "0\r\n\r\n",
       EHC_OK, "12345"},
      {cut,
       "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 5-9/10\r\nContent-Length: "
       "5\r\n\r\n67890",
       EHC_OK, "1234567890"},
      {cut,
       "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 4-9/10\r\nContent-Length: "
       "6\r\n\r\n567890",
       EHC_ERROR_RESUME_FAILED, "12345"},
      {cut,
       "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 5-10/11\r\nContent-Length: "
       "6\r\n\r\n678901",
       EHC_ERROR_RESUME_FAILED, "12345"},
      {cut, "HTTP/1.1 206 Partial Content\r\nContent-Length: 5\r\n\r\n67890",
       EHC_ERROR_RESUME_FAILED, "12345"},
      {cut, "HTTP/1.1 500 Oops\r\nContent-Length: 0\r\n\r\n", EHC_ERROR_RESUME_FAILED, "12345"},
  };
  for (const Case& c : cases) {
    for (size_t maxRead : kReadSizes) {
      Scripted s({c.first, "<close>", c.answer}, maxRead);
      std::string got;
      const RestResult r = resumedGet(s, got, 1);
      EXPECT_EQ(r.error, c.error) << c.answer << r.message();
      EXPECT_EQ(got, c.got);
      EXPECT_EQ(r.attempts, 2);
      EXPECT_NE(s.written().find("Range: bytes=5-\r\n"), std::string::npos);
      if (c.error == EHC_OK) {
        EXPECT_EQ(r.statusCode, 206);
      }
    }
  }
}

// A resumption asks If-Range with the validator of the answer that began
// the body: a strong ETag, else a Last-Modified a second or more before the
// Date; a weak ETag, or a date that may hide a change, none.
TEST(Download, AResumeSendsIfRangeWithTheFirstAnswersValidator) {
  const std::string lm = "Last-Modified: Sun, 06 Nov 1994 08:49:37 GMT\r\n";
  const std::string dateAfter = "Date: Sun, 06 Nov 1994 08:49:38 GMT\r\n";
  const std::string dateSame = "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n";
  struct Case {
    std::string fields;
    const char* ifRange;  // nullptr: none sent
  } cases[] = {
      {"ETag: \"v1\"\r\n" + lm + dateAfter, "If-Range: \"v1\"\r\n"},
      {"ETag: W/\"v1\"\r\n" + lm + dateAfter, nullptr},
      {lm + dateAfter, "If-Range: Sun, 06 Nov 1994 08:49:37 GMT\r\n"},
      {lm + dateSame, nullptr},
      {lm, nullptr},
      {"ETag: \"" + std::string(80, 'e') + "\"\r\n" + lm + dateAfter, nullptr},  // cut: none
  };
  for (const Case& c : cases) {
    Scripted s({"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n" + c.fields + "\r\n12345", "<close>",
                "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 5-9/10\r\nContent-Length: "
                "5\r\n\r\n67890"});
    std::string got;
    const RestResult r = resumedGet(s, got, 1);
    EXPECT_TRUE(r.isSuccess()) << c.fields << r.message();
    EXPECT_EQ(got, "1234567890");
    const std::string w = s.written();
    const size_t second = w.find("GET /f", 1);
    ASSERT_NE(second, std::string::npos);
    EXPECT_EQ(w.find("If-Range"), c.ifRange ? w.find("If-Range", second) : std::string::npos)
        << c.fields;  // never on the first request
    if (c.ifRange) EXPECT_NE(w.find(c.ifRange, second), std::string::npos) << c.fields;
  }
}

// The resource changed between the attempts: the server answers the
// If-Range with the whole new version (200), the target starts over with it,
// and a later resumption asks with the new version's ETag.
TEST(Download, AChangedResourceStartsOverAndTheNewValidatorIsKept) {
  for (size_t maxRead : kReadSizes) {
    Scripted s({"HTTP/1.1 200 OK\r\nContent-Length: 10\r\nETag: \"v1\"\r\n\r\n12345", "<close>",
                "HTTP/1.1 200 OK\r\nContent-Length: 10\r\nETag: \"v2\"\r\n\r\nABC", "<close>",
                "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 3-9/10\r\nETag: "
                "\"v2\"\r\nContent-Length: 7\r\n\r\nDEFGHIJ"},
               maxRead);
    std::string got;
    int restarts = 0;
    const RestResult r = resumedGet(s, got, 2, &restarts);
    EXPECT_TRUE(r.isSuccess()) << r.message();
    EXPECT_EQ(got, "ABCDEFGHIJ");
    EXPECT_EQ(restarts, 1);
    EXPECT_EQ(r.attempts, 3);
    const std::string w = s.written();
    const size_t first = w.find("Range: bytes=5-\r\nIf-Range: \"v1\"\r\n");
    EXPECT_NE(first, std::string::npos) << w;
    EXPECT_NE(w.find("Range: bytes=3-\r\nIf-Range: \"v2\"\r\n", first), std::string::npos) << w;
  }
}

// No validator to ask with, and the resource changed length: the 206 with
// the new length fails the resumption; a target that can start over gets
// the whole new resource by a request without Range (one resumption more).
TEST(Download, ALengthChangedStartsOverWithoutRange) {
  for (size_t maxRead : kReadSizes) {
    Scripted s({"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n12345", "<close>",
                "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 5-10/11\r\nContent-Length: "
                "6\r\n\r\nFGHIJK",
                "<close>", "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nABCDEFGHIJK"},
               maxRead);
    std::string got;
    int restarts = 0;
    const RestResult r = resumedGet(s, got, 2, &restarts);
    EXPECT_TRUE(r.isSuccess()) << r.message();
    EXPECT_EQ(r.statusCode, 200);
    EXPECT_EQ(got, "ABCDEFGHIJK");
    EXPECT_EQ(restarts, 1);
    EXPECT_EQ(r.attempts, 3);
    const std::string w = s.written();
    const size_t third = w.rfind("GET /f");
    EXPECT_NE(w.find("Range: bytes=5-\r\n"), std::string::npos);
    EXPECT_EQ(w.find("Range", third), std::string::npos);  // the whole resource
    // One resumption allowed: it was the 206; no restart is left.
    Scripted once(
        {"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n12345", "<close>",
         "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 5-10/11\r\nContent-Length: "
         "6\r\n\r\nFGHIJK"},
        maxRead);
    got.clear();
    EXPECT_EQ(resumedGet(once, got, 1, &restarts).error, EHC_ERROR_RESUME_FAILED);
  }
}

// What an upload puts on the wire: the framing, Expect, the type.
TEST(Upload, TheRequestIsFramedByTheLength) {
  const std::string data = sampleBody(700);
  for (bool known : {true, false}) {
    Scripted s({"HTTP/1.1 100 Continue\r\n\r\n", lengthResponse("{}")});
    size_t at = 0;
    const RestResult r = s.client->post("/up")
                             .upload(
                                 [&](uint8_t* b, size_t room) {
                                   const size_t n = std::min<size_t>({room, 100, data.size() - at});
                                   memcpy(b, data.data() + at, n);
                                   at += n;
                                   return static_cast<long>(n);
                                 },
                                 known ? 700 : -1)
                             .expectContinue()
                             .header("Content-Type", "text/plain")
                             .send();
    ASSERT_TRUE(r.isSuccess()) << r.message();
    const std::string w = s.written();
    EXPECT_NE(w.find("Expect: 100-continue\r\n"), std::string::npos);
    EXPECT_NE(w.find("Content-Type: text/plain\r\n"), std::string::npos);
    const std::string body = w.substr(w.find("\r\n\r\n") + 4);
    if (known) {
      EXPECT_NE(w.find("Content-Length: 700\r\n"), std::string::npos);
      EXPECT_EQ(body, data);
    } else {
      EXPECT_NE(w.find("Transfer-Encoding: chunked\r\n"), std::string::npos);
      std::string chunked;
      for (size_t i = 0; i < data.size(); i += 100)
        chunked += "64\r\n" + data.substr(i, 100) + "\r\n";
      EXPECT_EQ(body, chunked + "0\r\n\r\n");
    }
  }
}

TEST(Upload, OneBodyPerRequest) {
  Scripted s({});
  auto read = [](uint8_t*, size_t) { return 0L; };
  EXPECT_EQ(s.client->post("/").rawBody("x").upload(read).send().error, EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(s.client->post("/").upload(read).body("a", 1).send().error, EHC_ERROR_INVALID_REQUEST);
}

// A source that fails ends the request (-6); without uploadRewind() it is
// read once, so a retry does not send it again.
TEST(Upload, ASourceIsReadOnceUnlessItRewinds) {
  Scripted s({"<close>", lengthResponse("{}")});
  s.transport->failWriteAfter(0, NetError::WriteFailed);
  int reads = 0;
  auto read = [&reads](uint8_t* b, size_t) {
    if (reads++ % 2) return 0L;
    b[0] = 'x';
    return 1L;
  };
  RestResult r = s.client->put("/").upload(read).retry(2).send();
  EXPECT_FALSE(r.isSuccess());
  EXPECT_EQ(r.attempts, 1);
  Scripted t({"<close>", lengthResponse("{}")});
  t.transport->failWriteAfter(0, NetError::WriteFailed);
  int rewinds = 0;
  r = t.client->put("/")
          .upload(read)
          .uploadRewind([&rewinds] { return ++rewinds > 0; })
          .retry(2)
          .send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(rewinds, 1);
}

}  // namespace
