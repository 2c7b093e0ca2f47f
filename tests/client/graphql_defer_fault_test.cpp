// GraphQLRequest::onIncremental against the fault server's /graphql: a
// @defer query answered as multipart/mixed (chunked, one chunk per part; in
// chunks cut through delimiters, line ends and JSON; with bare LF line ends),
// a malformed and an unclosed variant, a server that answers plain JSON
// instead, and a plain query next to it on the same kept-alive connection.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "GraphQLRequest.h"
#include "fault_server.h"

namespace {

const char kDashboard[] =
    "query GetDashboard {\n"
    "  systemStatus\n"
    "  ... @defer(label: \"history\") {\n"
    "    heavyHistoricalMetrics { cpuUsage memoryUsage }\n"
    "  }\n"
    "}";

class DeferServer : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server_.start());
    client_.reset(
        new ESP32HTTPClient(("http://127.0.0.1:" + std::to_string(server_.port())).c_str()));
  }
  struct Outcome {
    RestResult result;
    std::string status;
    std::vector<std::string> payloads;
  };
  Outcome dashboard(const char* path) {
    Outcome out;
    char status[8] = "";
    GraphQLRequest q(client_.get(), path);
    q.query(kDashboard)
        .getData("systemStatus", status, sizeof status)
        .onIncremental([&out](const GraphQLIncrementalPayload& p) {
          out.payloads.push_back(std::string(p.path.c_str()) + "|" + p.label.c_str() + "|" +
                                 (p.hasNext ? "next" : "last") + "|" + p.data.c_str());
        });
    out.result = q.send();
    out.status = status;
    return out;
  }
  ehc_fault::FaultServer server_;
  std::unique_ptr<ESP32HTTPClient> client_;
};

// The server writes hasNext after incremental (as graphql-js does): when
// the entry is called back, only "more may come" is known.
const std::vector<std::string> kExpected = {
    "||next|{\"systemStatus\":\"OK\"}",
    "|history|next|{\"heavyHistoricalMetrics\":{\"cpuUsage\":37.5,\"memoryUsage\":61.25}}",
};

TEST_F(DeferServer, ADeferredFragmentComesAsItsOwnPart) {
  for (const char* path :
       {"/graphql", "/graphql?multipart=hostile", "/graphql?multipart=lf", "/graphql"}) {
    SCOPED_TRACE(path);
    const Outcome o = dashboard(path);
    ASSERT_TRUE(o.result.isSuccess()) << o.result.message();
    EXPECT_EQ(o.status, "OK");
    EXPECT_EQ(o.payloads, kExpected);
  }
  EXPECT_EQ(server_.connectionsAccepted(), 1u);  // every answer read to its end
}

TEST_F(DeferServer, AServerThatDoesNotDeferAnswersPlainJson) {
  const Outcome o = dashboard("/graphql?defer=ignore");
  ASSERT_TRUE(o.result.isSuccess()) << o.result.message();
  EXPECT_EQ(o.status, "OK");
  EXPECT_TRUE(o.payloads.empty());
}

TEST_F(DeferServer, AMalformedOrUnclosedAnswerFailsTheRequest) {
  const Outcome bad = dashboard("/graphql?multipart=malformed");
  EXPECT_EQ(bad.result.error, ehc::EHC_ERROR_BAD_RESPONSE);
  EXPECT_EQ(client_->getStatusCode(), ehc::EHC_ERROR_BAD_RESPONSE);
  EXPECT_TRUE(bad.payloads.empty());  // the first part's delimiter line was the bad one

  const Outcome open = dashboard("/graphql?multipart=unclosed");
  EXPECT_EQ(open.result.error, ehc::EHC_ERROR_BAD_RESPONSE);
  EXPECT_EQ(open.payloads.size(), 2u);  // the entry was read whole, then the body ended

  // The client goes on: a plain query, without multipart in its Accept.
  char status[8] = "";
  GraphQLRequest plain(client_.get(), "/graphql");
  plain.query(kDashboard).getData("systemStatus", status, sizeof status);
  ASSERT_TRUE(plain.send().isSuccess());
  EXPECT_STREQ(status, "OK");
}

}  // namespace
