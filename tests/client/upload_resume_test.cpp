// An upload whose writes are cut: a few bytes per write and WouldBlock
// between them (the blocking send() and the polled start()/poll()), from a
// source that cannot be read again (a callback, a Stream) and no
// uploadRewind(). Each source byte is read exactly once and the body on the
// wire is the source's, with Content-Length and chunked, with and without
// Expect: 100-continue.
#include <gtest/gtest.h>
#include <string.h>

#include <algorithm>
#include <string>

#include "ESP32HTTPClient.h"
#include "ehc/net/scripted_transport.h"

using ehc::ScriptStep;

namespace {

std::string sourceBytes(size_t n) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + (i * 7 + i / 26) % 26);
  return s;
}

const std::string kData = sourceBytes(1500);
const char kOk[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
const char kContinue[] = "HTTP/1.1 100 Continue\r\n\r\n";

// A read-once source: it hands out its bytes in order and fails the test
// (and the read) when it is asked for more after its end was given.
struct OnceSource {
  size_t at = 0;
  size_t reads = 0;
  bool endGiven = false;
  bool askedAgain = false;
  long read(uint8_t* b, size_t room) {
    ++reads;
    if (endGiven) {
      askedAgain = true;
      return -1;
    }
    const size_t n = std::min<size_t>({room, 100, kData.size() - at});
    memcpy(b, kData.data() + at, n);
    at += n;
    if (n == 0) endGiven = true;
    return static_cast<long>(n);
  }
};

// The same bytes as a Stream (read(buf, n), as an ehc::FdStream).
struct OnceStream {
  OnceSource source;
  int read(uint8_t* b, size_t n) { return static_cast<int>(source.read(b, n)); }
};

// The body of a chunked message, unframed; "" when the framing is wrong.
std::string unchunk(const std::string& body) {
  std::string out;
  size_t at = 0;
  for (;;) {
    const size_t line = body.find("\r\n", at);
    if (line == std::string::npos) return "";
    const size_t n = strtoul(body.substr(at, line - at).c_str(), nullptr, 16);
    at = line + 2;
    if (n == 0) return body.compare(at, std::string::npos, "\r\n") == 0 ? out : "";
    if (body.size() < at + n + 2 || body.compare(at + n, 2, "\r\n") != 0) return "";
    out += body.substr(at, n);
    at += n + 2;
  }
}

struct Case {
  bool polled;
  bool known;
  bool expect;
  bool stream;
};

std::string name(const Case& c) {
  return std::string(c.polled ? "polled" : "send") + (c.known ? " length" : " chunked") +
         (c.expect ? " expect" : "") + (c.stream ? " stream" : " callback");
}

// Polls with simulated time passing between polls; bounded.
void pollToEnd(ehc::RestRequest& r, ehc::ScriptedTransport& t) {
  for (int polls = 0; r.poll() == ehc::PollState::InProgress && polls < 200000; ++polls)
    t.elapse(1);
}

void uploadThroughCutWrites(const Case& c, size_t maxWrite) {
  SCOPED_TRACE(name(c) + " maxWrite " + std::to_string(maxWrite));
  const ScriptStep steps[] = {ScriptStep::data(kContinue), ScriptStep::data(kOk),
                              ScriptStep::stall(0)};
  ehc::ScriptedTransport t(c.expect ? steps : steps + 1, c.expect ? 3 : 2);
  t.setMaxWrite(maxWrite);
  t.setWriteWouldBlock(true);
  ESP32HTTPClient client("http://api.test", t);
  OnceStream stream;
  OnceSource& source = stream.source;
  const int64_t length = c.known ? static_cast<int64_t>(kData.size()) : -1;
  auto request = client.post("/up");
  if (c.stream)
    request.uploadFrom(stream, length);
  else
    request.upload([&source](uint8_t* b, size_t room) { return source.read(b, room); }, length);
  uint64_t progress = 0;
  request.onUploadProgress([&progress](uint64_t sent, int64_t) { progress = sent; });
  request.expectContinue(c.expect);
  ehc::RestResult r;
  if (c.polled) {
    request.start();
    pollToEnd(request, t);
    r = request.result();
  } else {
    r = request.send();
  }
  ASSERT_TRUE(r.isSuccess()) << r.error << " " << r.message();
  // the writes were cut: one of each at least, of the buffer's 512 bytes at most
  EXPECT_GE(t.wouldBlocks(), kData.size() / std::min<size_t>(maxWrite, 512));
  EXPECT_FALSE(source.askedAgain);
  EXPECT_EQ(source.at, kData.size());  // every byte read, once
  EXPECT_EQ(progress, kData.size());
  const std::string w(t.written(), t.writtenLength());
  const size_t head = w.find("\r\n\r\n");
  ASSERT_NE(head, std::string::npos);
  const std::string body = w.substr(head + 4);
  if (c.known) {
    EXPECT_NE(w.find("Content-Length: 1500\r\n"), std::string::npos);
    EXPECT_TRUE(body == kData) << body.size();
  } else {
    EXPECT_NE(w.find("Transfer-Encoding: chunked\r\n"), std::string::npos);
    EXPECT_TRUE(unchunk(body) == kData) << body.size();
  }
  EXPECT_EQ(w.find("POST", 1), std::string::npos);  // one request, written once
}

TEST(UploadCutWrites, EachSourceByteIsReadOnceWithoutARewind) {
  for (bool polled : {false, true})
    for (bool known : {true, false})
      for (bool expect : {false, true})
        for (bool stream : {false, true})
          for (size_t maxWrite : {size_t{3}, size_t{61}, size_t{700}})
            uploadThroughCutWrites({polled, known, expect, stream}, maxWrite);
}

// A write that fails partway (after cut writes) is retried only with a
// rewind, and the retry sends the source from its start: the cursor of the
// failed write is not carried over.
TEST(UploadCutWrites, ARetryAfterARewindStartsTheBodyOver) {
  for (bool rewinds : {false, true}) {
    SCOPED_TRACE(rewinds ? "rewinds" : "no rewind");
    const ScriptStep steps[] = {ScriptStep::close(), ScriptStep::data(kOk), ScriptStep::stall(0)};
    ehc::ScriptedTransport t(steps, 3);
    t.setMaxWrite(5);
    t.setWriteWouldBlock(true);
    t.failWriteAfter(400, ehc::NetError::WriteFailed);  // in the body
    ESP32HTTPClient client("http://api.test", t);
    OnceSource source;
    int rewound = 0;
    auto request = client.put("/up").retry(1).upload(
        [&source](uint8_t* b, size_t room) { return source.read(b, room); },
        static_cast<int64_t>(kData.size()));
    if (rewinds)
      request.uploadRewind([&] {
        ++rewound;
        source = OnceSource();
        return true;
      });
    const ehc::RestResult r = request.send();
    const std::string w(t.written(), t.writtenLength());
    if (!rewinds) {
      EXPECT_EQ(r.error, ehc::EHC_ERROR_SEND_PAYLOAD_FAILED);
      EXPECT_EQ(r.attempts, 1);
      continue;
    }
    ASSERT_TRUE(r.isSuccess()) << r.error << " " << r.message();
    EXPECT_EQ(rewound, 1);
    EXPECT_EQ(r.attempts, 2);
    const size_t second = w.find("PUT", 1);
    ASSERT_NE(second, std::string::npos);
    const std::string body = w.substr(w.find("\r\n\r\n", second) + 4);
    EXPECT_TRUE(body == kData) << body.size();
  }
}

}  // namespace
