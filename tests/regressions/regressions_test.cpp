// The shared regression inputs (../shared/testdata/regressions/, described in
// the README there): responses that broke the library once, checked for
// what they must give. client-readsize.bin is an input of the client fuzzer;
// fuzz/CMakeLists.txt replays it (and these two through the parser fuzzer),
// and names every file of the folder in a test.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../http/response_harness.h"
#include "ESP32HTTPClient.h"
#include "ehc/net/scripted_transport.h"
#include "test_certs.h"

using ehc::ScriptStep;

namespace {

std::string regression(const char* name) {
  return ehc_test::slurpFile(std::string(EHC_SHARED_DIR) + "/testdata/regressions/" + name);
}

// 16 400 chunks of "xxxx": the line feed after each size line counted against
// the header limit, and the body failed with headers_too_large.
TEST(Regressions, Chunked16400ChunksParse) {
  const std::string wire = regression("chunked-16400-chunks.http");
  ASSERT_EQ(wire.size(), 147652u) << "the shared file changed";
  for (const std::vector<size_t>& pieces : {std::vector<size_t>{}, {1}, {7}, {64}, {1460}}) {
    SCOPED_TRACE(pieces.empty() ? 0 : pieces[0]);
    const std::vector<ehc_test::Response> r = ehc_test::parseStream(wire, false, pieces);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].error, ehc::HttpError::Ok)
        << ehc::httpErrorName(r[0].error) << " at byte " << r[0].offset;
    EXPECT_EQ(r[0].status, 200);
    EXPECT_EQ(r[0].body.size(), 16400u * 4);  // all of it, and nothing else:
    EXPECT_EQ(r[0].body.find_first_not_of('x'), std::string::npos);
  }
}

// A 103 Early Hints with Link, X-Count and Set-Cookie before the 200, which
// has none of them.
const char kEarlyHints[] = "headers-in-103.http";

TEST(Regressions, TheParserCapturesNoHeaderOfA103) {
  const std::string wire = regression(kEarlyHints);
  ASSERT_EQ(wire.size(), 149u) << "the shared file changed";
  for (size_t piece : {wire.size(), size_t{1}, size_t{7}}) {
    SCOPED_TRACE(piece);
    ehc::ResponseParser p;
    char link[32] = "", count[8] = "", cookie[16] = "";
    const int l = p.captureHeader("Link", link, sizeof link);
    const int c = p.captureHeader("X-Count", count, sizeof count);
    const int s = p.captureHeader("Set-Cookie", cookie, sizeof cookie);
    p.begin(false);
    for (size_t at = 0; at < wire.size() && !p.complete() && !p.failed(); at += piece)
      p.feed(wire.data() + at, std::min(piece, wire.size() - at));
    ASSERT_TRUE(p.complete()) << ehc::httpErrorName(p.error());
    EXPECT_EQ(p.status(), 200);
    EXPECT_EQ(p.headerStatus(l), ehc::HeaderStatus::Missing) << link;
    EXPECT_EQ(p.headerStatus(c), ehc::HeaderStatus::Missing) << count;
    EXPECT_EQ(p.headerStatus(s), ehc::HeaderStatus::Missing) << cookie;
  }
}

TEST(Regressions, TheClientTakesNothingFromA103) {
  const std::string wire = regression(kEarlyHints);
  // The stall ends what the server sent for the first request: the 204 is
  // the answer to the second (bytes after a response make the connection
  // close instead of being reused).
  const ScriptStep steps[] = {ScriptStep::data(wire.data(), wire.size()), ScriptStep::stall(0),
                              ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
                              ScriptStep::stall(0)};
  ehc::ScriptedTransport transport(steps, 4);
  ESP32HTTPClient client("http://api.test", transport);
  client.acceptCookies();  // the jar on: it must not take the 103's cookie
  long count = -1;
  char link[32] = "untouched";
  int id = 0;
  const RestResult r = client.get("/first")
                           .getHeader("X-Count", &count)
                           .getHeader("Link", link)
                           .getBody("id", &id)
                           .send();
  EXPECT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(r.statusCode, 200);
  EXPECT_EQ(id, 1);
  EXPECT_EQ(r.headersFound, 0u);
  EXPECT_EQ(count, -1);
  EXPECT_STREQ(link, "untouched");
  // The 103's Set-Cookie was not stored: the next request sends no cookie.
  EXPECT_EQ(client.get("/second").send().statusCode, 204);
  const std::string written = transport.written();
  ASSERT_NE(written.find("GET /second"), std::string::npos) << written;
  EXPECT_EQ(written.find("early=1"), std::string::npos) << written;
}

}  // namespace
