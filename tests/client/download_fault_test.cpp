// Uploads to the fault server's /upload handler (Content-Length and chunked,
// from a callback and a file descriptor), and downloads (GET /file): drops
// mid-body, mid-chunk and mid-gzip-member resumed with Range (or started
// over on a 200), bounded attempts, truncated and corrupt gzip, and the
// client usable after each.
#include <gtest/gtest.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <string>

#include "ESP32HTTPClient.h"
#include "body_test_helpers.h"
#include "fault_server.h"
#include "file_route.h"

using namespace ehc;  // the error codes

namespace {

uint8_t window[32768];
Inflater inflater(window, sizeof window);

class DownloadFaults : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server_.start());
    client_.reset(
        new ESP32HTTPClient(("http://127.0.0.1:" + std::to_string(server_.port())).c_str()));
  }
  // GET target into got_; the result.
  RestResult get(const std::string& target, uint8_t resumes, bool restartable = false,
                 BodyCheck* check = nullptr) {
    got_.clear();
    auto request = client_->get(target.c_str())
                       .acceptEncoding(inflater)
                       .download([this](const uint8_t* d, size_t n) {
                         got_.append(reinterpret_cast<const char*>(d), n);
                       });
    if (restartable)
      request.resume(resumes, [this] {
        got_.clear();
        return true;
      });
    else
      request.resume(resumes);
    if (check) request.verify(*check);
    return request.send();
  }
  // The request targets the server saw, in order.
  size_t requestsFor(const std::string& target) const {
    size_t n = 0;
    for (const std::string& line : server_.requests())
      n += line.find("GET " + target) != std::string::npos;
    return n;
  }

  ehc_fault::FaultServer server_;
  std::unique_ptr<ESP32HTTPClient> client_;
  std::string got_;
};

const std::string kFile = ehc_fault::fileBytes(300000);

TEST_F(DownloadFaults, ADropMidBodyIsResumedWithRange) {
  const std::string expected = ehc_test::sha256Hex(kFile);  // outlives the check
  Sha256Check digest(expected.c_str());
  const RestResult r = get("/file?bytes=300000&drop=123457", 2, false, &digest);
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(r.statusCode, 206);
  EXPECT_EQ(r.attempts, 2);
  EXPECT_TRUE(got_ == kFile);
  EXPECT_STREQ(digest.hex(), expected.c_str());
}

TEST_F(DownloadFaults, AttemptsAreBounded) {
  // every answer cut after 64000 bytes: five answers make the file
  RestResult r = get("/file?bytes=300000&every=64000", 3);
  EXPECT_EQ(r.error, EHC_ERROR_CONNECTION_LOST);
  EXPECT_EQ(r.attempts, 4);
  EXPECT_EQ(got_.size(), 4 * 64000u);
  EXPECT_TRUE(got_ == kFile.substr(0, got_.size()));
  r = get("/file?bytes=300000&every=64000", 4);
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(r.attempts, 5);
  EXPECT_TRUE(got_ == kFile);
  // without resume(): no second attempt once bytes were written
  r = client_->get("/file?bytes=300000&every=64000")
          .retry(3)
          .download([](const uint8_t*, size_t) {})
          .send();
  EXPECT_EQ(r.error, EHC_ERROR_CONNECTION_LOST);
  EXPECT_EQ(r.attempts, 1);
}

TEST_F(DownloadFaults, AServerIgnoringRangeStartsTheTargetOver) {
  const std::string target = "/file?bytes=300000&drop=100000&drop-conn=1&ranges=ignore";
  RestResult r = get(target, 2);  // the target cannot start over
  EXPECT_EQ(r.error, EHC_ERROR_RESUME_FAILED);
  EXPECT_STREQ(r.message(),
               "the server ignored the range and the download target cannot start over");
  EXPECT_TRUE(client_->get("/ok").send().isSuccess());  // the client goes on

  server_.stop();
  ASSERT_TRUE(server_.start());
  client_.reset(
      new ESP32HTTPClient(("http://127.0.0.1:" + std::to_string(server_.port())).c_str()));
  r = get(target, 2, /*restartable=*/true);
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(r.statusCode, 200);
  EXPECT_TRUE(got_ == kFile);
}

// The file changed between the attempts (a new version from connection 2
// on, the same length): the resumption's If-Range (the first answer's ETag,
// or its Last-Modified) no longer matches, the server sends the new version
// whole (200), and the target starts over with it, never a mix of the two.
// Unchanged, the same If-Range gets the rest (206).
TEST_F(DownloadFaults, AChangedFileComesWholeUnderIfRange) {
  const std::string changed = ehc_fault::fileBytes(300000, 2);
  ASSERT_NE(changed, kFile);
  // The next connection drops, the one after it serves the new version.
  const auto target = [this](const char* validator, bool change) {
    client_.reset(  // no kept connection: the download makes the next one
        new ESP32HTTPClient(("http://127.0.0.1:" + std::to_string(server_.port())).c_str()));
    const size_t next = server_.connectionsAccepted() + 1;
    return "/file?bytes=300000&drop=123457&drop-conn=" + std::to_string(next) +
           "&validator=" + validator + (change ? "&change-conn=" + std::to_string(next + 1) : "");
  };
  for (const char* validator : {"etag", "date"}) {
    for (bool change : {true, false}) {
      for (bool restartable : {true, false}) {
        SCOPED_TRACE(std::string(validator) + (change ? " changed" : " unchanged") +
                     (restartable ? "" : ", the target cannot start over"));
        const RestResult r = get(target(validator, change), 2, restartable);
        EXPECT_EQ(r.attempts, 2);
        if (change && !restartable) {  // the resumption fails; nothing mixed
          EXPECT_EQ(r.error, EHC_ERROR_RESUME_FAILED) << r.message();
          EXPECT_TRUE(got_ == kFile.substr(0, 123457));
          continue;
        }
        ASSERT_TRUE(r.isSuccess()) << r.message();
        EXPECT_EQ(r.statusCode, change ? 200 : 206);
        EXPECT_TRUE(got_ == (change ? changed : kFile));
      }
    }
  }
}

TEST_F(DownloadFaults, ADropMidChunkStartsOverWhereRangesAreNotServed) {
  // chunked answers here have no ranges: the 200 replaces what came
  const RestResult r = get("/file?bytes=300000&framing=chunked&drop=150500&drop-conn=1", 1, true);
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_TRUE(got_ == kFile);
}

TEST_F(DownloadFaults, ADropMidGzipGoesOnThroughTheSameInflater) {
  const std::string expected = ehc_test::sha256Hex(kFile);  // outlives the check
  Sha256Check digest(expected.c_str());
  const RestResult r = get("/file?bytes=300000&coding=gzip&drop=90001", 2, false, &digest);
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(r.attempts, 2);
  EXPECT_TRUE(got_ == kFile);
}

TEST_F(DownloadFaults, BrokenGzipIsAnEncodingErrorAndTheClientGoesOn) {
  struct Case {
    const char* query;
    const char* message;
  } cases[] = {
      {"&coding=gzip&truncate=5", "the compressed body ended too soon"},
      {"&coding=gzip&corrupt=crc", "the gzip CRC-32 of the data does not match"},
      {"&coding=gzip&corrupt=size", "the gzip length of the data does not match"},
      {"&coding=te-gzip&corrupt=crc", "the gzip CRC-32 of the data does not match"},
  };
  for (const Case& c : cases) {
    const RestResult r = get(std::string("/file?bytes=100000") + c.query, 0);
    EXPECT_EQ(r.error, EHC_ERROR_ENCODING) << c.query;
    EXPECT_STREQ(r.message(), c.message) << c.query;
    EXPECT_TRUE(got_ == kFile.substr(0, 100000).substr(0, got_.size()));
    const RestResult next = client_->get("/ok").send();
    EXPECT_TRUE(next.isSuccess()) << next.message();
  }
  // te-gzip whole: decoded
  const RestResult r = get("/file?bytes=100000&coding=te-gzip", 0);
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_TRUE(got_ == ehc_fault::fileBytes(100000));
}

struct Uploaded {
  uint64_t bytes = 0;
  uint32_t crc32 = 0;
  bool chunked = false;
};

RestRequest& expectUpload(RestRequest& r, Uploaded& u) {
  return r.getBody("bytes", &u.bytes).getBody("crc32", &u.crc32).getBody("chunked", &u.chunked);
}

uint32_t crcOf(const std::string& s) {
  return static_cast<uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(s.data()), s.size()));
}

TEST_F(DownloadFaults, UploadsWithAndWithoutALength) {
  for (bool known : {true, false}) {
    SCOPED_TRACE(known ? "Content-Length" : "chunked");
    size_t at = 0;
    uint64_t progress = 0;
    Uploaded u;
    auto request = client_->post("/upload").upload(
        [&at](uint8_t* b, size_t room) {
          const size_t n = std::min(room, kFile.size() - at);
          memcpy(b, kFile.data() + at, n);
          at += n;
          return static_cast<long>(n);
        },
        known ? static_cast<int64_t>(kFile.size()) : -1);
    request.onUploadProgress([&progress](uint64_t sent, int64_t) { progress = sent; });
    const RestResult r = expectUpload(request, u).send();
    ASSERT_TRUE(r.isSuccess()) << r.message();
    EXPECT_EQ(u.bytes, kFile.size());
    EXPECT_EQ(u.crc32, crcOf(kFile));
    EXPECT_EQ(u.chunked, !known);
    EXPECT_EQ(progress, kFile.size());
    EXPECT_GT(r.bytesSent, kFile.size());
  }
  // the connection serves the next request
  EXPECT_TRUE(client_->get("/ok").send().reused);
}

TEST_F(DownloadFaults, UploadFromAFile) {
  char path[] = "/tmp/ehc-upload-XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, kFile.data(), kFile.size()), static_cast<ssize_t>(kFile.size()));
  lseek(fd, 0, SEEK_SET);
  FdStream file{fd};
  Uploaded u;
  auto request = client_->put("/upload").uploadFrom(file);  // length unknown: chunked
  const RestResult r = expectUpload(request, u).send();
  close(fd);
  unlink(path);
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(u.bytes, kFile.size());
  EXPECT_EQ(u.crc32, crcOf(kFile));
  EXPECT_TRUE(u.chunked);
}

TEST_F(DownloadFaults, ASourceShortOfItsLengthFailsTheRequest) {
  const RestResult r = client_->post("/upload")
                           .upload(
                               [](uint8_t* b, size_t) {
                                 static int calls = 0;
                                 if (calls++) return 0L;
                                 b[0] = 'x';
                                 return 1L;
                               },
                               10)
                           .send();
  EXPECT_EQ(r.error, EHC_ERROR_NO_STREAM);
  EXPECT_STREQ(r.message(), "the request body's source failed or ended before its length");
  EXPECT_TRUE(client_->get("/ok").send().isSuccess());  // on a new connection
}

// Events bound with the JSON binder, one callback each; the stream that
// drops is asked for again with Last-Event-ID and goes on where it was.
TEST_F(DownloadFaults, EventsResumeAfterADropWithLastEventId) {
  StaticSseParser<> sse;
  struct Seen {
    int n = 0;
    char name[8] = "";
    std::string text;
  } seen;
  const RestResult r = client_->get("/events?count=7&drop=3")
                           .getBody("n", &seen.n)
                           .getBody("name", seen.name)
                           .onEvent(sse,
                                    [&seen](const ServerEvent& e) {  // one pointer: fits
                                      EXPECT_EQ(e.json, JsonError::Ok);
                                      EXPECT_EQ(e.found, 0b11u);
                                      EXPECT_EQ(std::to_string(seen.n), e.id);
                                      seen.text += std::to_string(seen.n) + seen.name + " ";
                                      return true;
                                    })
                           .reconnect(3)
                           .send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(seen.text, "1e1 2e2 3e3 4e4 5e5 6e6 7e7 ");
  EXPECT_EQ(r.attempts, 4);  // 3 + 3 + 1 events, then an empty stream ends it
  EXPECT_EQ(server_.connectionsAccepted(), 4u);
}

// The same stream polled (issue 17's API): start(), then poll() until done,
// waiting only as waitFor() says; the same events and reconnections.
TEST_F(DownloadFaults, PolledEventsResumeAfterADropAsSentOnesDo) {
  StaticSseParser<> sse;
  int n = 0;
  std::string ids;
  auto request = client_->get("/events?count=7&drop=3")
                     .getBody("n", &n)
                     .onEvent(sse,
                              [&ids](const ServerEvent& e) {
                                ids += std::string(e.id) + " ";
                                return true;
                              })
                     .reconnect(3);
  request.start();
  for (int polls = 0; request.poll() == PollState::InProgress && polls < 100000; ++polls) {
    const WaitFor w = request.waitFor();
    const uint32_t ms = w.until.remainingMs() < 50 ? w.until.remainingMs() : 50;
    if (w.fd >= 0) {
      pollfd p{w.fd, static_cast<short>((w.readable ? POLLIN : 0) | (w.writable ? POLLOUT : 0)), 0};
      ::poll(&p, 1, static_cast<int>(ms));
    } else if (ms > 0) {
      sleepMs(1);
    }
  }
  const RestResult r = request.result();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(ids, "1 2 3 4 5 6 7 ");
  EXPECT_EQ(n, 7);
  EXPECT_EQ(r.attempts, 4);
  EXPECT_EQ(server_.connectionsAccepted(), 4u);
}

TEST_F(DownloadFaults, TheEventCallbackEndsTheStream) {
  StaticSseParser<> sse;
  int n = 0, calls = 0;
  const RestResult r = client_->get("/events?count=100")
                           .getBody("n", &n)
                           .onEvent(sse, [&calls](const ServerEvent&) { return ++calls < 4; })
                           .reconnect(5)
                           .send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(calls, 4);
  EXPECT_EQ(n, 4);
  EXPECT_EQ(r.attempts, 1);
  // and reconnections are bounded
  StaticSseParser<> again;
  calls = 0;
  const RestResult q = client_->get("/events?count=100&drop=2")
                           .onEvent(again, [&calls](const ServerEvent&) { return ++calls > 0; })
                           .reconnect(2)
                           .send();
  EXPECT_TRUE(q.isSuccess()) << q.message();
  EXPECT_EQ(calls, 6);
  EXPECT_EQ(q.attempts, 3);
}

}  // namespace
