// GraphQLRequest::onIncremental over the scripted transport: a multipart
// answer (GraphQL incremental delivery over HTTP) read at every two-piece
// split and byte by byte with the same payloads, bindings and errors; a
// plain JSON answer instead; malformed and cut answers; what is cut to fit.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ESP32HTTPClient.h"
#include "GraphQLRequest.h"
#include "GraphQLTypes.h"
#include "alloc_counter.h"
#include "ehc/net/scripted_transport.h"

using ehc::EHC_ERROR_BAD_RESPONSE;
using ehc::EHC_ERROR_INVALID_JSON;
using ehc::ScriptStep;

namespace {

const char kMultipartHead[] =
    "HTTP/1.1 200 OK\r\nContent-Type: multipart/mixed; boundary=\"-\"; deferSpec=20220824\r\n"
    "Transfer-Encoding: chunked\r\n\r\n";

// Each text as one chunk.
std::string chunked(const std::vector<std::string>& pieces) {
  std::string out;
  char size[16];
  for (const std::string& p : pieces) {
    snprintf(size, sizeof size, "%zx\r\n", p.size());
    out += size + p + "\r\n";
  }
  return out + "0\r\n\r\n";
}

std::string part(const std::string& json) {
  return "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + json;
}

const std::string kInitial = "{\"data\":{\"systemStatus\":\"OK\",\"uptime\":12},\"hasNext\":true}";
const std::string kDeferred =
    "{\"hasNext\":true,\"incremental\":[{\"data\":{\"cpuUsage\":41.5},\"path\":[\"metrics\"],"
    "\"label\":\"cpu\"},{\"items\":[{\"id\":7}],\"path\":[\"feed\",3],"
    "\"errors\":[{\"message\":\"feed item failed\",\"path\":[\"feed\",3]}]}]}";
const std::string kLast =
    "{\"incremental\":[{\"data\":{\"memoryUsage\":63},\"path\":[\"metrics\"]}],"
    "\"hasNext\":false}";

std::string deferAnswer() {
  return kMultipartHead +
         chunked({part(kInitial), part(kDeferred) + "\r\n", part(kLast), "\r\n-----\r\n"});
}

struct Seen {
  std::vector<std::string> payloads;  // one line per callback
  std::string status;
  int uptime = 0;
  size_t errors = 0;
  std::string firstError;
  int error = 0;
  ehc::MultipartError split = ehc::MultipartError::Ok;
  bool operator==(const Seen& o) const {
    return payloads == o.payloads && status == o.status && uptime == o.uptime &&
           errors == o.errors && firstError == o.firstError && error == o.error && split == o.split;
  }
};
std::ostream& operator<<(std::ostream& os, const Seen& s) {
  os << "error " << s.error << " status=" << s.status << " uptime=" << s.uptime
     << " errors=" << s.errors << " " << s.firstError << "\n";
  for (const auto& p : s.payloads) os << "  " << p << "\n";
  return os;
}

std::string line(const GraphQLIncrementalPayload& p) {
  std::string s = "path='" + std::string(p.path.c_str()) +
                  "' hasNext=" + (p.hasNext ? "true" : "false") + " data=" + p.data.c_str();
  if (!p.label.isEmpty()) s += " label=" + std::string(p.label.c_str());
  if (p.items) s += " items";
  if (p.truncated) s += " truncated";
  for (const GraphQLError& e : p.errors) s += " error=" + std::string(e.message.c_str());
  return s;
}

Seen run(const std::vector<ScriptStep>& steps, std::string* written = nullptr,
         uint64_t maxBody = 0) {
  ehc::ScriptedTransport t(steps.data(), steps.size());
  ESP32HTTPClient client("http://api.test", t);
  client.setMaxBodySize(maxBody);
  Seen seen;
  char status[16] = "";
  GraphQLRequest q(&client, "/graphql");
  q.query("query D { systemStatus uptime ... @defer { metrics { cpuUsage } } }")
      .getData("systemStatus", status, sizeof status)
      .getData("uptime", &seen.uptime)
      .onIncremental(
          [&seen](const GraphQLIncrementalPayload& p) { seen.payloads.push_back(line(p)); });
  const RestResult r = q.send();
  seen.error = r.error;
  seen.split = q.incrementalError();
  seen.status = status;
  seen.errors = q.getErrors().total();
  if (!q.getErrors().empty()) seen.firstError = q.getErrors()[0].message.c_str();
  if (written) *written = t.written();
  return seen;
}

Seen runSplit(const std::string& response, size_t split) {
  return run({ScriptStep::data(response.c_str(), split),
              ScriptStep::data(response.c_str() + split, response.size() - split),
              ScriptStep::gap()});
}

TEST(GraphQLIncremental, DeferredAndStreamedPayloadsAtEverySplit) {
  const std::string response = deferAnswer();
  std::string written;
  const Seen whole = run({ScriptStep::data(response.c_str()), ScriptStep::gap()}, &written);
  EXPECT_EQ(whole.error, 0);
  EXPECT_EQ(whole.status, "OK");
  EXPECT_EQ(whole.uptime, 12);
  EXPECT_EQ(whole.errors, 1u);
  EXPECT_EQ(whole.firstError, "feed item failed");
  const std::vector<std::string> expected = {
      "path='' hasNext=true data={\"systemStatus\":\"OK\",\"uptime\":12}",
      "path='metrics' hasNext=true data={\"cpuUsage\":41.5} label=cpu",
      "path='feed.3' hasNext=true data=[{\"id\":7}] items error=feed item failed",
      "path='metrics' hasNext=true data={\"memoryUsage\":63}",  // hasNext comes after it
  };
  EXPECT_EQ(whole.payloads, expected);
  EXPECT_NE(written.find("\r\nAccept: application/graphql-response+json, application/json, "
                         "multipart/mixed; deferSpec=20220824\r\n"),
            std::string::npos)
      << written;
  for (size_t split = 0; split <= response.size(); ++split) {
    SCOPED_TRACE("split at " + std::to_string(split));
    ASSERT_EQ(runSplit(response, split), whole);
  }
  std::vector<ScriptStep> bytes;
  for (size_t i = 0; i < response.size(); ++i) bytes.push_back(ScriptStep::data(&response[i], 1));
  bytes.push_back(ScriptStep::gap());
  EXPECT_EQ(run(bytes), whole);
}

TEST(GraphQLIncremental, HasNextReadBeforeAnEntryIsItsOwn) {
  const std::string last = "{\"hasNext\":false,\"incremental\":[{\"data\":{\"m\":1},\"path\":[]}]}";
  const std::string response = kMultipartHead + chunked({part(kInitial), part(last), "\r\n-----"});
  const Seen s = run({ScriptStep::data(response.c_str()), ScriptStep::gap()});
  ASSERT_EQ(s.payloads.size(), 2u) << s;
  EXPECT_EQ(s.payloads[1], "path='' hasNext=false data={\"m\":1}");
}

TEST(GraphQLIncremental, APlainJsonAnswerIsBoundWithoutCallbacks) {
  const std::string body = "{\"data\":{\"systemStatus\":\"DOWN\",\"uptime\":3}}";
  const std::string response =
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
      std::to_string(body.size()) + "\r\n\r\n" + body;
  const Seen s = run({ScriptStep::data(response.c_str()), ScriptStep::gap()});
  EXPECT_EQ(s.error, 0);
  EXPECT_EQ(s.status, "DOWN");
  EXPECT_EQ(s.uptime, 3);
  EXPECT_TRUE(s.payloads.empty());

  const std::string bad = "{\"data\":{\"systemStatus\":\"DOWN\"";
  const std::string cut = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                          std::to_string(bad.size()) + "\r\n\r\n" + bad;
  EXPECT_EQ(run({ScriptStep::data(cut.c_str()), ScriptStep::gap()}).error, EHC_ERROR_INVALID_JSON);
}

TEST(GraphQLIncremental, AnErrorAnswerIsReadAsJson) {
  const std::string body = "{\"errors\":[{\"message\":\"bad query\"}]}";
  const std::string response =
      "HTTP/1.1 400 Bad Request\r\nContent-Type: application/graphql-response+json\r\n"
      "Content-Length: " +
      std::to_string(body.size()) + "\r\n\r\n" + body;
  const Seen s = run({ScriptStep::data(response.c_str()), ScriptStep::gap()});
  EXPECT_EQ(s.errors, 1u);
  EXPECT_EQ(s.firstError, "bad query");
  EXPECT_TRUE(s.payloads.empty());
}

TEST(GraphQLIncremental, MalformedOrCutMultipartFailsTheRequest) {
  // A boundary line with junk after it; then a body without its close
  // delimiter; then a part that is not JSON.
  const std::string junk = kMultipartHead + chunked({part(kInitial), "\r\n--- junk\r\n"});
  const Seen j = run({ScriptStep::data(junk.c_str()), ScriptStep::gap()});
  EXPECT_EQ(j.error, EHC_ERROR_BAD_RESPONSE);
  EXPECT_EQ(j.status, "OK");        // the value was read whole before
  EXPECT_TRUE(j.payloads.empty());  // no delimiter ended its part

  const std::string open = kMultipartHead + chunked({part(kInitial), part(kLast)});
  const Seen o = run({ScriptStep::data(open.c_str()), ScriptStep::gap()});
  EXPECT_EQ(o.error, EHC_ERROR_BAD_RESPONSE);
  // Each entry is delivered when it was read whole, before its part ends.
  EXPECT_EQ(o.payloads.size(), 2u);

  const std::string notJson = kMultipartHead + chunked({part("{\"data\":"), "\r\n-----\r\n"});
  EXPECT_EQ(run({ScriptStep::data(notJson.c_str()), ScriptStep::gap()}).error,
            EHC_ERROR_INVALID_JSON);

  const std::string noBoundary =
      "HTTP/1.1 200 OK\r\nContent-Type: multipart/mixed\r\nContent-Length: 5\r\n\r\n-----";
  EXPECT_EQ(run({ScriptStep::data(noBoundary.c_str()), ScriptStep::gap()}).error,
            EHC_ERROR_BAD_RESPONSE);
  const Seen nb = run({ScriptStep::data(noBoundary.c_str()), ScriptStep::gap()});
  EXPECT_EQ(nb.split, ehc::MultipartError::NoBoundary);
  const std::string longBoundary =
      "HTTP/1.1 200 OK\r\nContent-Type: multipart/mixed; boundary=" + std::string(71, 'b') +
      "\r\nContent-Length: 5\r\n\r\n-----";
  const Seen lb = run({ScriptStep::data(longBoundary.c_str()), ScriptStep::gap()});
  EXPECT_EQ(lb.error, EHC_ERROR_BAD_RESPONSE);
  EXPECT_EQ(lb.split, ehc::MultipartError::BoundaryTooLong);
  // A Content-Type too long to keep whole: its boundary is not guessed.
  const std::string longType =
      "HTTP/1.1 200 OK\r\nContent-Type: multipart/mixed; boundary=-; x=" + std::string(120, 'x') +
      "\r\nContent-Length: 5\r\n\r\n-----";
  const Seen lt = run({ScriptStep::data(longType.c_str()), ScriptStep::gap()});
  EXPECT_EQ(lt.error, EHC_ERROR_BAD_RESPONSE);
  EXPECT_EQ(lt.split, ehc::MultipartError::HeaderTooLong);
  EXPECT_EQ(j.split, ehc::MultipartError::BadDelimiter);
  EXPECT_EQ(o.split, ehc::MultipartError::MissingClose);
}

// A part that is not JSON ends the request at once with the stage's code,
// though the server keeps the answer open (no timeout waited for).
TEST(GraphQLIncremental, APartNotJsonEndsAnAnswerKeptOpen) {
  std::string open = kMultipartHead + chunked({part("{\"data\":"), "\r\n---\r\n"});
  open.resize(open.size() - 5);  // no last chunk: the server goes quiet
  const Seen s = run({ScriptStep::data(open.c_str()), ScriptStep::stall(3600000)});
  EXPECT_EQ(s.error, EHC_ERROR_INVALID_JSON) << s;
  const std::string junk = kMultipartHead + chunked({part(kInitial), "\r\n--- junk\r\n"});
  const std::string junkOpen = junk.substr(0, junk.size() - 5);
  const Seen j = run({ScriptStep::data(junkOpen.c_str()), ScriptStep::stall(3600000)});
  EXPECT_EQ(j.error, EHC_ERROR_BAD_RESPONSE) << j;
  EXPECT_EQ(j.split, ehc::MultipartError::BadDelimiter);
}

// maxBodySize holds for a chunked multipart answer as for any body.
TEST(GraphQLIncremental, AnAnswerBeyondMaxBodySizeFails) {
  const std::string pad(4800, 'x');
  const std::string deferred = "{\"incremental\":[{\"data\":{\"pad\":\"" + pad +
                               "\"},\"path\":[\"metrics\"]}],\"hasNext\":false}";
  const std::string answer =
      kMultipartHead + chunked({part(kInitial), part(deferred), "\r\n-----\r\n"});
  const std::vector<ScriptStep> steps = {ScriptStep::data(answer.c_str()), ScriptStep::gap()};
  EXPECT_EQ(run(steps).error, 0);
  EXPECT_EQ(run(steps, nullptr, 1000).error, ehc::EHC_ERROR_BODY_TOO_LARGE);
}

// A Content-Type too long to keep whole is judged by its type, whatever
// its case (as multipartBoundary() reads it).
TEST(GraphQLIncremental, ALongContentTypeIsMultipartInAnyCase) {
  std::string type = "Multipart/Mixed; boundary=-; x=";
  type += std::string(130 - type.size(), 'x');
  const std::string answer =
      "HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: 5\r\n\r\n-----";
  const Seen s = run({ScriptStep::data(answer.c_str()), ScriptStep::gap()});
  EXPECT_EQ(s.error, EHC_ERROR_BAD_RESPONSE) << s;
  EXPECT_EQ(s.split, ehc::MultipartError::HeaderTooLong);
}

TEST(GraphQLIncremental, WhatDoesNotFitIsFlagged) {
  const std::string big(EHC_GRAPHQL_INCREMENTAL_SIZE + 10, 'x');
  const std::string json = "{\"incremental\":[{\"data\":{\"blob\":\"" + big +
                           "\"},\"path\":[\"a-very-long-field-name\",\"another-long-field\","
                           "\"and-a-third-one\"]}],\"hasNext\":false}";
  const std::string response = kMultipartHead + chunked({part(json), "\r\n-----\r\n"});
  const Seen s = run({ScriptStep::data(response.c_str()), ScriptStep::gap()});
  ASSERT_EQ(s.payloads.size(), 1u) << s;
  EXPECT_NE(s.payloads[0].find(" truncated"), std::string::npos) << s.payloads[0];
  EXPECT_EQ(s.error, 0);
}

TEST(GraphQLIncremental, NoHeapPerRequestOnceConnected) {
  const std::string response = deferAnswer();
  std::vector<ScriptStep> steps;
  for (int i = 0; i < 3; ++i) {
    steps.push_back(ScriptStep::data(response.c_str()));
    steps.push_back(ScriptStep::gap());
  }
  ehc::ScriptedTransport t(steps.data(), steps.size());
  ESP32HTTPClient client("http://api.test", t);
  int payloads = 0;
  auto once = [&] {
    char status[16] = "";
    GraphQLRequest q(&client, "/graphql");
    q.query("{ systemStatus }")
        .getData("systemStatus", status, sizeof status)
        .onIncremental([&payloads](const GraphQLIncrementalPayload&) { ++payloads; });
    EXPECT_EQ(q.send().error, 0);
  };
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  once();
  ehc_test::AllocScope scope;
  once();
  once();
  EXPECT_EQ(scope.calls(), 0u);
  EXPECT_EQ(payloads, 12);
}

}  // namespace
