// JsonRpcRequest: the request it writes and how it reads answers, over the
// scripted transport (every split of each answer into two reads, and reads
// of one byte), then against the fault server's JSON-RPC endpoint (/rpc),
// and its heap use once connected.
#include <gtest/gtest.h>
#include <math.h>
#include <string.h>

#include <memory>
#include <string>
#include <vector>

#include "JsonRpcRequest.h"
#include "alloc_counter.h"
#include "ehc/client/json_rpc_reply.h"
#include "ehc/client/member_path.h"
#include "ehc/net/scripted_transport.h"
#include "fault_server.h"

using ehc::ScriptStep;

namespace {

struct Point {
  int x = 0;
  int y = 0;
  REST_JSON_MAP(REST_FIELD(x), REST_FIELD(y))
};

std::string http200(const std::string& body) {
  return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

// The request's body as written to the transport.
std::string bodyOf(const std::string& written) {
  const size_t at = written.find("\r\n\r\n");
  return at == std::string::npos ? "" : written.substr(at + 4);
}

// One answer, replayed as two reads split at `split` (0: reads of one byte).
struct Replay {
  Replay(const std::string& response, size_t split)
      : text(response),
        steps{ScriptStep::data(text.c_str(), split ? split : text.size()),
              ScriptStep::data(text.c_str() + (split ? split : text.size()),
                               split ? text.size() - split : 0),
              ScriptStep::stall(0)},
        transport(steps, 3),
        client("http://api.test", transport) {
    if (!split) transport.setMaxRead(1);
  }
  std::string text;
  ScriptStep steps[3];
  ehc::ScriptedTransport transport;
  ESP32HTTPClient client;
};

// What a call bound, to compare across splits.
struct Seen {
  int error = 0, status = 0, rpcCode = 0;
  uint32_t found = 0;
  long sum = 0;
  char name[16] = "";
  std::string message, data;
  bool operator==(const Seen& o) const {
    return error == o.error && status == o.status && rpcCode == o.rpcCode && found == o.found &&
           sum == o.sum && strcmp(name, o.name) == 0 && message == o.message && data == o.data;
  }
};

Seen callWith(const std::string& response, size_t split, int id = 7) {
  Replay r(response, split);
  Seen s;
  JsonRpcRequest call(&r.client, "/rpc");
  call.method("sum").id(id).param(1).param(2).getResult("sum", &s.sum).getResult("name", s.name);
  call.execute();
  s.error = call.result().error;
  s.status = call.getStatusCode();
  s.found = call.result().found;
  s.rpcCode = call.getErrorCode();
  s.message = call.getError().message.c_str();
  s.data = call.getError().data.c_str();
  return s;
}

// The same outcome for every split of the answer, which is returned.
Seen everySplit(const std::string& body, int id = 7) {
  const std::string response = http200(body);
  const Seen whole = callWith(response, response.size());
  for (size_t split = 0; split < response.size(); ++split)
    EXPECT_TRUE(callWith(response, split, id) == whole) << "split at " << split << " of " << body;
  return whole;
}

// The envelope is written as it is sent (RestRequest::jsonBody), not copied
// into the request's storage: escaping may make it longer than that.
TEST(JsonRpcWrite, AnEnvelopeLongerThanTheRequestStorageIsSentWhole) {
  Replay r(http200("{\"jsonrpc\":\"2.0\",\"result\":0,\"id\":1}"), 0);
  const std::string controls(100, '\x01');  // 600 bytes once escaped
  std::string escaped;
  for (size_t i = 0; i < controls.size(); ++i) escaped += "\\u0001";
  const std::string expected =
      "{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":[\"" + escaped + "\"],\"id\":1}";
  ASSERT_GT(expected.size(), static_cast<size_t>(EHC_REQUEST_STORAGE));
  JsonRpcRequest call(&r.client, "/rpc");
  call.method("m").id(1).param(controls);
  EXPECT_EQ(std::string(call.buildRequestBody()), expected);
  call.execute();
  EXPECT_TRUE(call.isSuccess()) << call.result().message() << " " << call.result().error;
  EXPECT_EQ(bodyOf(r.transport.written()), expected);
}

TEST(JsonRpcWrite, TheEnvelopeHasMethodParamsOfEveryTypeAndId) {
  Replay r(http200("{\"jsonrpc\":\"2.0\",\"result\":0,\"id\":5}"), 0);
  {
    JsonRpcRequest call(&r.client, "/rpc");
    call.method("m\"x")
        .id(5)
        .param(true)
        .param(-7)
        .param(4000000000u)
        .param(9.87f)
        .param(0.1)
        .param("a\"b\\\n")
        .param(std::string("s"))
        .param(Point{3, 4})
        .rawParam("[1,{}]");
    call.param(static_cast<long long>(INT64_MIN))
        .param(static_cast<unsigned long long>(UINT64_MAX));
    call.execute();
    EXPECT_TRUE(call.isSuccess()) << call.result().message() << " " << call.result().error;
  }
  EXPECT_EQ(bodyOf(r.transport.written()),
            "{\"jsonrpc\":\"2.0\",\"method\":\"m\\\"x\",\"params\":[true,-7,4000000000,9.87,0.1,"
            "\"a\\\"b\\\\\\n\",\"s\",{\"x\":3,\"y\":4},[1,{}],-9223372036854775808,"
            "18446744073709551615],\"id\":5}");
  EXPECT_NE(std::string(r.transport.written()).find("POST /rpc HTTP/1.1\r\n"), std::string::npos);
}

TEST(JsonRpcWrite, NamedParamsTextIdsNullIdsAndNotifications) {
  Replay a(http200("{\"jsonrpc\":\"2.0\",\"result\":0,\"id\":\"k-1\"}"), 0);
  JsonRpcRequest named(&a.client, "/rpc");
  named.method("subtract")
      .id("k-1")
      .param("minuend", 42)
      .param("subtrahend", 23.5)
      .namedParam("p", Point{1, 2})
      .rawParam("raw", "null");
  named.execute();
  EXPECT_TRUE(named.isSuccess()) << named.result().message();
  EXPECT_EQ(bodyOf(a.transport.written()),
            "{\"jsonrpc\":\"2.0\",\"method\":\"subtract\",\"params\":{\"minuend\":42,"
            "\"subtrahend\":23.5,\"p\":{\"x\":1,\"y\":2},\"raw\":null},\"id\":\"k-1\"}");

  Replay b(http200("{\"jsonrpc\":\"2.0\",\"result\":0,\"id\":null}"), 0);
  JsonRpcRequest nulled(&b.client, "/rpc");
  nulled.method("m").nullId().params(Point{5, 6});
  nulled.execute();
  EXPECT_TRUE(nulled.isSuccess()) << nulled.result().message();
  EXPECT_EQ(bodyOf(b.transport.written()),
            "{\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":{\"x\":5,\"y\":6},\"id\":null}");

  Replay c("HTTP/1.1 204 No Content\r\n\r\n", 0);
  JsonRpcRequest note(&c.client, "/rpc");
  note.method("log").asNotification().rawParams("[\"x\"]");
  note.execute();
  EXPECT_TRUE(note.isSuccess());
  EXPECT_EQ(bodyOf(c.transport.written()),
            "{\"jsonrpc\":\"2.0\",\"method\":\"log\",\"params\":[\"x\"]}");
}

TEST(JsonRpcWrite, MisuseFailsTheCallAndNothingIsSent) {
  const auto refused = [](auto build) {
    Replay r(http200("{}"), 0);
    JsonRpcRequest call(&r.client, "/rpc");
    build(call.method("m"));
    call.execute();
    EXPECT_TRUE(std::string(r.transport.written()).empty());
    EXPECT_EQ(call.result().statusCode, call.result().error);
    EXPECT_EQ(r.client.getStatusCode(), call.result().error);  // the client saw the refusal
    EXPECT_EQ(call.result().cause.layer, ehc::ErrorLayer::Request);
    return call.result().error;
  };
  EXPECT_EQ(refused([](JsonRpcRequest& c) { c.param(1).param("n", 2); }),
            ehc::EHC_ERROR_INVALID_REQUEST);  // positional and named
  EXPECT_EQ(refused([](JsonRpcRequest& c) { c.rawParams("3"); }), ehc::EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(refused([](JsonRpcRequest& c) { c.rawParam("{\"a\":"); }),
            ehc::EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(refused([](JsonRpcRequest& c) { c.param(NAN); }), ehc::EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(refused([](JsonRpcRequest& c) { c.param("\xff"); }), ehc::EHC_ERROR_INVALID_REQUEST);
  EXPECT_EQ(refused([](JsonRpcRequest& c) { c.param(std::string(400, 'x')); }),
            ehc::EHC_ERROR_CAPACITY);
  EXPECT_EQ(refused([](JsonRpcRequest& c) {
              for (int i = 0; i <= EHC_JSONRPC_MAX_PARAMS; ++i) c.param(i);
            }),
            ehc::EHC_ERROR_CAPACITY);
}

TEST(JsonRpcWrite, TheRefusalSaysWhich) {
  const auto causeOf = [](auto build) {
    Replay r(http200("{}"), 0);
    JsonRpcRequest call(&r.client, "/rpc");
    build(call.method("m"));
    call.execute();
    return std::string(ehc::causeName(call.result().cause));
  };
  long v = 0;
  EXPECT_EQ(causeOf([](JsonRpcRequest& c) { c.param(1).param("n", 2); }), "rpc_params_mixed");
  EXPECT_EQ(causeOf([](JsonRpcRequest& c) { c.rawParams("[1]").rawParams("[2]"); }),
            "rpc_params_not_structured");
  EXPECT_EQ(causeOf([&v](JsonRpcRequest& c) { c.getResult("a[", &v); }), "rpc_bad_result_path");
  EXPECT_EQ(causeOf([](JsonRpcRequest& c) { c.id(std::string(EHC_JSONRPC_ID_SIZE, 'i')); }),
            "rpc_id_too_long");
  EXPECT_EQ(causeOf([](JsonRpcRequest& c) { c.param(std::string(EHC_JSONRPC_STORAGE, 'x')); }),
            "rpc_storage_full");
}

TEST(JsonRpcRead, AResultInAnyOrderForEverySplit) {
  for (const char* body :
       {"{\"jsonrpc\":\"2.0\",\"result\":{\"sum\":3,\"name\":\"ab\"},\"id\":7}",
        "{\"id\":7,\"result\":{\"name\":\"ab\",\"sum\":3},\"jsonrpc\":\"2.0\"}",
        "{\"result\":{\"sum\":3,\"name\":\"ab\"},\"id\":7,\"jsonrpc\":\"2.0\"}"}) {
    const Seen s = everySplit(body);
    EXPECT_EQ(s.error, ehc::EHC_OK) << body;
    EXPECT_EQ(s.sum, 3);
    EXPECT_STREQ(s.name, "ab");
    EXPECT_EQ(s.found & 0b11, 0b11u);
  }
}

TEST(JsonRpcRead, AnErrorBeforeOrAfterTheIdForEverySplit) {
  for (const char* body :
       {"{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32601,\"message\":\"Method not found\","
        "\"data\":{\"m\":[1]}},\"id\":7}",
        "{\"id\":7,\"jsonrpc\":\"2.0\",\"error\":{\"data\":{\"m\":[1]},\"message\":\"Method not "
        "found\",\"code\":-32601}}"}) {
    const Seen s = everySplit(body);
    EXPECT_EQ(s.error, ehc::EHC_ERROR_RPC_ERROR) << body;
    EXPECT_EQ(s.status, 200);
    EXPECT_EQ(s.rpcCode, -32601);
    EXPECT_EQ(s.message, "Method not found");
    EXPECT_EQ(s.data, "{\"m\":[1]}");
    EXPECT_EQ(s.found & 0b11, 0u);  // the result bindings: not found
    EXPECT_EQ(s.sum, 0);
  }
  // A parse error the server could not tie to a request has id null.
  const Seen p = everySplit(
      "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32700,\"message\":\"Parse "
      "error\"},\"id\":null}");
  EXPECT_EQ(p.error, ehc::EHC_ERROR_RPC_ERROR);
  EXPECT_EQ(p.rpcCode, -32700);
  EXPECT_EQ(p.data, "");
}

TEST(JsonRpcRead, AnotherIdIsAMismatchAndNothingIsFound) {
  const Seen s = everySplit("{\"jsonrpc\":\"2.0\",\"result\":{\"sum\":3},\"id\":8}");
  EXPECT_EQ(s.error, ehc::EHC_ERROR_RPC_ID_MISMATCH);
  EXPECT_EQ(s.found, 0u);
  EXPECT_EQ(everySplit("{\"jsonrpc\":\"2.0\",\"result\":1,\"id\":\"7\"}").error,
            ehc::EHC_ERROR_RPC_ID_MISMATCH);  // the text "7" is not the number 7
  EXPECT_EQ(everySplit("{\"jsonrpc\":\"2.0\",\"result\":1,\"id\":null}").error,
            ehc::EHC_ERROR_RPC_ID_MISMATCH);  // null only on an error
  EXPECT_STREQ(ehc::errorName(ehc::EHC_ERROR_RPC_ID_MISMATCH), "rpc_id_mismatch");
}

TEST(JsonRpcRead, WhatIsNotAJsonRpcResponseIsSaid) {
  for (const char* body : {"{\"jsonrpc\":\"1.0\",\"result\":1,\"id\":7}",  // version
                           "{\"jsonrpc\":\"2.0\",\"result\":1}",           // no id
                           "{\"jsonrpc\":\"2.0\",\"id\":7}",               // neither
                           "{\"jsonrpc\":\"2.0\",\"result\":1,\"error\":{\"code\":1,\"message\":"
                           "\"m\"},\"id\":7}",  // both
                           "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":\"x\",\"message\":\"m\"},"
                           "\"id\":7}",  // a code that is not an integer
                           "[1]"}) {
    const Seen s = everySplit(body);
    EXPECT_EQ(s.error, ehc::EHC_ERROR_RPC_INVALID_REPLY) << body;
    EXPECT_EQ(s.found, 0u) << body;
  }
  // JSON-RPC 1.0 servers send the other member as null, and may leave out jsonrpc.
  EXPECT_EQ(everySplit("{\"result\":{\"sum\":3},\"error\":null,\"id\":7}").error, ehc::EHC_OK);
  EXPECT_EQ(
      everySplit("{\"result\":null,\"error\":{\"code\":-1,\"message\":\"m\"},\"id\":7}").error,
      ehc::EHC_ERROR_RPC_ERROR);
  EXPECT_EQ(everySplit("{\"jsonrpc\":\"2.0\",\"result\":{\"sum\":3},\"id\":7").error,
            ehc::EHC_ERROR_INVALID_JSON);
  // An error object in a body that then breaks is not reported as the answer.
  const Seen broken =
      everySplit("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-5,\"message\":\"m\"},\"id\":7,]");
  EXPECT_EQ(broken.error, ehc::EHC_ERROR_INVALID_JSON);
  EXPECT_EQ(broken.rpcCode, 0);
  EXPECT_EQ(broken.message, "");
}

TEST(JsonRpcRead, CallbacksInTheOriginalsOrder) {
  Replay r(http200("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"busy\"},"
                   "\"id\":1}"),
           0);
  std::string order;
  JsonRpcError copied;
  int code = 0;
  {
    JsonRpcRequest call(&r.client, "/rpc");
    call.method("m")
        .id(1)
        .getError(&copied)
        .getErrorCode(&code)
        .onResponse([&](int status) { order += "response " + std::to_string(status) + ";"; })
        .onJsonRpcError(
            [&](const JsonRpcError& e) { order += std::string("rpc ") + e.message.c_str() + ";"; })
        .onError(
            [&](int c, const char* m) { order += "error " + std::to_string(c) + " " + m + ";"; })
        .onSuccess([&](int) { order += "success;"; });
  }  // executed here
  EXPECT_EQ(order, "response 200;rpc busy;error -32000 busy;");
  EXPECT_EQ(code, -32000);
  EXPECT_STREQ(copied.message.c_str(), "busy");
}

TEST(JsonRpcRead, TheResultItselfAndIds) {
  Replay r(http200("{\"jsonrpc\":\"2.0\",\"result\":[10,{\"p\":{\"x\":1,\"y\":2}}],\"id\":\"q\"}"),
           0);
  long first = 0;
  Point p;
  std::string raw, id;
  JsonRpcRequest call(&r.client, "/rpc");
  call.method("m")
      .id("q")
      .getResult("[0]", &first)
      .getResult("result[1].p", &p)
      .getRawResult(&raw)
      .getId(&id);
  call.execute();
  EXPECT_TRUE(call.isSuccess()) << call.result().message();
  EXPECT_EQ(first, 10);
  EXPECT_EQ(p.x, 1);
  EXPECT_EQ(p.y, 2);
  EXPECT_EQ(raw, "[10,{\"p\":{\"x\":1,\"y\":2}}]");
  EXPECT_EQ(id, "q");
  EXPECT_EQ(call.getResponseId(), "q");
  EXPECT_EQ(call.getRequestId(), "q");
}

TEST(JsonRpcPaths, MemberPathsAsTheOriginalWritesThem) {
  char out[32];
  ASSERT_TRUE(ehc::memberPath(out, sizeof out, "result", ""));
  EXPECT_STREQ(out, "result");
  ASSERT_TRUE(ehc::memberPath(out, sizeof out, "result", "items[0].id"));
  EXPECT_STREQ(out, "result.items.0.id");
  ASSERT_TRUE(ehc::memberPath(out, sizeof out, "result", "result[2][3]"));
  EXPECT_STREQ(out, "result.2.3");
  ASSERT_TRUE(ehc::memberPath(out, sizeof out, "data", "resultSet"));
  EXPECT_STREQ(out, "data.resultSet");
  EXPECT_FALSE(ehc::memberPath(out, sizeof out, "result", "a[]"));
  EXPECT_FALSE(ehc::memberPath(out, sizeof out, "result", "a[1"));
  EXPECT_FALSE(ehc::memberPath(out, 8, "result", "abc"));
}

// ---- against the fault server's /rpc ----------------------------------------

class JsonRpcServer : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server_.start());
    base_ = "http://127.0.0.1:" + std::to_string(server_.port());
    client_ = std::make_unique<ESP32HTTPClient>(base_.c_str());
  }
  ehc_fault::FaultServer server_;
  std::string base_;
  std::unique_ptr<ESP32HTTPClient> client_;
};

TEST_F(JsonRpcServer, PositionalAndNamedCalls) {
  long difference = 0;
  double sum = 0;
  JsonRpcRequest(client_.get(), "/rpc")
      .method("subtract")
      .param(42)
      .param(23)
      .getResult(&difference);
  EXPECT_EQ(difference, 19);
  JsonRpcRequest named(client_.get(), "/rpc");
  named.method("subtract").param("subtrahend", 23).param("minuend", 42.5).getResult(&sum);
  named.execute();
  EXPECT_TRUE(named.isSuccess()) << named.result().message();
  EXPECT_EQ(sum, 19.5);
  JsonRpcRequest add(client_.get(), "/rpc?order=id-last");
  add.method("add").id("t").param("a", 0.1f).param("b", 2u).getResult(&sum);
  add.execute();
  EXPECT_TRUE(add.isSuccess()) << add.result().message();
  EXPECT_EQ(sum, 2.1);
}

TEST_F(JsonRpcServer, EchoOfEveryParameterType) {
  bool b = false;
  long long i = 0;
  unsigned long long u = 0;
  float f = 0;
  double d = 0;
  char s[16] = "";
  Point p;
  JsonRpcRequest call(client_.get(), "/rpc");
  call.method("echo")
      .param("b", true)
      .param("i", INT64_MIN)
      .param("u", UINT64_MAX)
      .param("f", 9.87f)
      .param("d", 1e-300)
      .param("s", "\"q\"\n")
      .param("p", Point{7, -8})
      .getResult("b", &b)
      .getResult("i", &i)
      .getResult("u", &u)
      .getResult("f", &f)
      .getResult("d", &d)
      .getResult("s", s)
      .getResult("p", &p);
  call.execute();
  ASSERT_TRUE(call.isSuccess()) << call.result().message();
  EXPECT_TRUE(b);
  EXPECT_EQ(i, INT64_MIN);
  EXPECT_EQ(u, UINT64_MAX);
  EXPECT_EQ(f, 9.87f);
  EXPECT_EQ(d, 1e-300);
  EXPECT_STREQ(s, "\"q\"\n");
  EXPECT_EQ(p.x, 7);
  EXPECT_EQ(p.y, -8);
}

TEST_F(JsonRpcServer, ErrorsFromTheServer) {
  long result = 0;
  const auto errorOf = [&](const char* path, auto build) {
    JsonRpcRequest call(client_.get(), path);
    result = 0;
    build(call.getResult(&result));
    call.execute();
    return call;
  };
  JsonRpcRequest failed =
      errorOf("/rpc?order=id-last", [](JsonRpcRequest& c) { c.method("fail").param(1); });
  EXPECT_TRUE(failed.hasJsonRpcError());
  EXPECT_EQ(failed.getErrorCode(), -32000);
  EXPECT_EQ(failed.getErrorMessage(), "Server error");
  EXPECT_EQ(failed.getErrorData(), "{\"reason\":\"asked to fail\",\"params\":[1]}");
  EXPECT_EQ(result, 0);
  EXPECT_EQ(errorOf("/rpc", [](JsonRpcRequest& c) { c.method("nope"); }).getErrorCode(),
            JSONRPC_METHOD_NOT_FOUND);
  EXPECT_EQ(errorOf("/rpc", [](JsonRpcRequest& c) { c.method("add").param("x").param(1); })
                .getErrorCode(),
            JSONRPC_INVALID_PARAMS);
  JsonRpcRequest wrong =
      errorOf("/rpc?id=wrong", [](JsonRpcRequest& c) { c.method("add").param(1).param(2); });
  EXPECT_EQ(wrong.result().error, ehc::EHC_ERROR_RPC_ID_MISMATCH);
  EXPECT_EQ(wrong.result().found, 0u);  // written as it came (3), but not reported found
  EXPECT_EQ(result, 3);
}

TEST_F(JsonRpcServer, ParseErrorAndNotification) {
  // A body the server cannot parse, sent as raw text through a RestRequest.
  int code = 0;
  client_->post("/rpc").rawBody("{\"jsonrpc\":").getBody("error.code", &code);
  EXPECT_EQ(code, JSONRPC_PARSE_ERROR);
  JsonRpcRequest note(client_.get(), "/rpc");
  note.method("add").param(1).param(2).notification();
  note.execute();
  EXPECT_TRUE(note.isSuccess());
  EXPECT_EQ(note.getStatusCode(), 204);
}

// Zero heap per call once connected, counted over the scripted transport
// (the fault server runs in this process: its threads allocate).
TEST(JsonRpcHeap, NoHeapPerCallOnceConnected) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  const std::string result = http200("{\"jsonrpc\":\"2.0\",\"result\":{\"sum\":3},\"id\":1}");
  const std::string error = http200(
      "{\"error\":{\"code\":-32601,\"message\":\"Method not found\",\"data\":[1]},"
      "\"id\":\"x\",\"jsonrpc\":\"2.0\"}");
  std::vector<ScriptStep> steps;
  for (int k = 0; k < 11; ++k) {
    steps.push_back(ScriptStep::data(result.c_str()));
    steps.push_back(ScriptStep::gap());
    steps.push_back(ScriptStep::data(error.c_str()));
    steps.push_back(ScriptStep::gap());
  }
  ehc::ScriptedTransport transport(steps.data(), steps.size());
  ESP32HTTPClient client("http://api.test", transport);
  for (int k = 0; k < 11; ++k) {
    ehc_test::AllocScope scope;
    long sum = 0;
    int calls = 0;
    {
      JsonRpcRequest call(&client, "/rpc");
      call.method("add")
          .id(1)
          .param("a", k)
          .param("b", 2.5f)
          .param("s", "text")
          .getResult("sum", &sum)
          .onSuccess([&calls](int) { ++calls; });
      call.execute();
      EXPECT_TRUE(call.isSuccess()) << call.result().message();
    }
    {
      JsonRpcRequest call(&client, "/rpc");
      call.method("nope")
          .id("x")
          .param(Point{1, 2})
          .getResult(&sum)
          .onJsonRpcError([&calls](const JsonRpcError&) { ++calls; });
      call.execute();
      EXPECT_EQ(call.getError().code, -32601);
      EXPECT_STREQ(call.getError().data.c_str(), "[1]");
    }
    EXPECT_EQ(sum, 3);
    EXPECT_EQ(calls, 2);
    if (k > 0) EXPECT_EQ(scope.calls(), 0u) << k;  // the first one connects
  }
  EXPECT_EQ(transport.connects(), 1u);
}

}  // namespace
