// The client after an interim response (103 Early Hints before the final
// 200): getHeader() targets and the cookie jar take only the final
// response's fields, never the interim one's (issue 13.5).
#include <gtest/gtest.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "ehc/net/scripted_transport.h"
#include "shared_data.h"

using ehc::ScriptStep;

namespace {

TEST(ClientInterim, HeaderTargetsAndCookiesIgnoreA103) {
  // 103 with Link, X-Count: 5, Set-Cookie: early=1; then 200 with a JSON body.
  const std::string wire = ehc_test::sharedFile("testdata/regressions/headers-in-103.http");
  ASSERT_NE(wire.find("Set-Cookie: early=1"), std::string::npos);
  const char next[] = "HTTP/1.1 204 No Content\r\n\r\n";
  const ScriptStep steps[] = {ScriptStep::data(wire.c_str()), ScriptStep::stall(0),
                              ScriptStep::data(next), ScriptStep::stall(0)};
  ehc::ScriptedTransport transport(steps, 4);
  ESP32HTTPClient client("http://api.test", transport);
  client.acceptCookies();  // the jar on: it must not take the 103's cookie
  int count = -1;
  char link[32] = "untouched";
  char name[8] = "";
  const RestResult r = client.get("/")
                           .getHeader("X-Count", &count)
                           .getHeader("Link", link)
                           .getBody("name", name)
                           .send();
  ASSERT_TRUE(r.isSuccess()) << r.message();
  EXPECT_EQ(r.statusCode, 200);
  EXPECT_STREQ(name, "ok");
  EXPECT_EQ(count, -1);
  EXPECT_STREQ(link, "untouched");
  EXPECT_EQ(r.headersFound, 0u);
  // The 103's cookie was not stored: the next request sends none.
  EXPECT_TRUE(client.get("/again").send().isSuccess());
  const std::string written = transport.written();
  const size_t second = written.find("GET /again");
  ASSERT_NE(second, std::string::npos) << written;
  EXPECT_EQ(written.find("Cookie:", second), std::string::npos) << written.substr(second);
  EXPECT_EQ(written.find("early=1"), std::string::npos) << written;
}

}  // namespace
