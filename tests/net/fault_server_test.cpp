// FaultServer, observed from raw loopback sockets: every route's bytes, the
// close or reset after them, the stalls and the trickle in time, keep-alive
// and the then= faults, the request log, and a prompt stop() whatever the
// connections are doing. Every read waits with a timeout, so nothing hangs.
#include "fault_server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "public_apis.h"
#include "raw_client.h"
#include "waiting.h"

namespace {

using ehc_fault::FaultServer;
using ehc_test::Clock;

// Generous: only a broken server gets anywhere near it.
constexpr int kTimeoutMs = 3000;

using ehc_test::msSince;

bool eventually(const std::function<bool()>& condition, int timeoutMs = kTimeoutMs) {
  return ehc_test::eventually(condition, timeoutMs);
}

std::string get(std::string_view target) {
  return "GET " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
}

size_t countOf(std::string_view text, std::string_view what) {
  size_t count = 0;
  for (size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

// The value of a Content-Length header in a response head, if any.
std::optional<size_t> contentLength(std::string_view head) {
  const std::string_view name = "\r\nContent-Length: ";
  const size_t at = head.find(name);
  if (at == std::string_view::npos) return std::nullopt;
  return std::stoul(std::string(head.substr(at + name.size())));
}

using End = ehc_test::RawClient::End;

struct Response {
  std::string head;  // through the empty line
  std::string body;
};

// A raw connection that also reads responses framed by Content-Length.
class RawClient : public ehc_test::RawClient {
 public:
  using ehc_test::RawClient::RawClient;
  End readUntil(const std::function<bool(const std::string&)>& done, int timeoutMs = kTimeoutMs,
                size_t* reads = nullptr) {
    return ehc_test::RawClient::readUntil(done, timeoutMs, reads);
  }
  End readBytes(size_t count, int timeoutMs = kTimeoutMs) {
    return ehc_test::RawClient::readBytes(count, timeoutMs);
  }
  End readToEnd(int timeoutMs = kTimeoutMs) { return ehc_test::RawClient::readToEnd(timeoutMs); }
  End readHead(int timeoutMs = kTimeoutMs) { return ehc_test::RawClient::readHead(timeoutMs); }

  // One response framed by Content-Length (no header: no body); nullopt and a
  // test failure if it does not arrive whole.
  std::optional<Response> readResponse() {
    if (readHead() != End::kDone) {
      ADD_FAILURE() << "no response head; got: " << received();
      return std::nullopt;
    }
    Response response;
    response.head = take(received().find("\r\n\r\n") + 4);
    const size_t length = contentLength(response.head).value_or(0);
    if (readBytes(length) != End::kDone) {
      ADD_FAILURE() << "body cut short: " << received().size() << " of " << length;
      return std::nullopt;
    }
    response.body = take(length);
    return response;
  }
  std::optional<Response> exchange(std::string_view target) {
    return send(get(target)) ? readResponse() : std::nullopt;
  }
};

class FaultServerTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(server_.start()); }

  // A connected client; the server has counted it when this returns.
  std::unique_ptr<RawClient> connectClient() {
    const size_t before = server_.connectionsAccepted();
    auto client = std::make_unique<RawClient>(server_.port());
    EXPECT_TRUE(client->connected());
    EXPECT_TRUE(eventually([&] { return server_.connectionsAccepted() > before; }));
    return client;
  }
  bool allConnectionsClosed() {
    return eventually([this] { return server_.openConnections() == 0; });
  }

  FaultServer server_;
};

// ---- /ok, keep-alive, the log -------------------------------------------------

TEST_F(FaultServerTest, OkCountsConnectionsAndRequestsOnAKeptAliveConnection) {
  auto first = connectClient();
  for (const char* expected :
       {"{\"ok\":true,\"conn\":1,\"req\":1}", "{\"ok\":true,\"conn\":1,\"req\":2}"}) {
    const std::optional<Response> response = first->exchange("/ok");
    ASSERT_TRUE(response);
    EXPECT_EQ(response->head.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << response->head;
    EXPECT_NE(response->head.find("\r\nContent-Type: application/json\r\n"), std::string::npos);
    EXPECT_EQ(response->body, expected);
  }
  auto second = connectClient();
  const std::optional<Response> response = second->exchange("/ok?x=1");
  ASSERT_TRUE(response);
  EXPECT_EQ(response->body, "{\"ok\":true,\"conn\":2,\"req\":1}");

  EXPECT_EQ(server_.connectionsAccepted(), 2u);
  EXPECT_EQ(server_.openConnections(), 2u);
  EXPECT_EQ(server_.requests(),
            (std::vector<std::string>{"1 GET /ok", "1 GET /ok", "2 GET /ok?x=1"}));
  server_.clearLog();
  EXPECT_TRUE(server_.requests().empty());
  first->close();
  second->close();
  EXPECT_TRUE(allConnectionsClosed());
  EXPECT_EQ(server_.connectionsAccepted(), 2u);
}

TEST_F(FaultServerTest, RequestBodiesAreReadAndDroppedEvenSplitOrPipelined) {
  auto client = connectClient();
  // A POST whose body arrives in two pieces, and a GET in the same write as
  // the body's end: both answered, in order, on the same connection.
  ASSERT_TRUE(client->send("POST /ok HTTP/1.1\r\nHost: x\r\ncontent-length:  11\r\n\r\nhello"));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(client->send(" world" + get("/ok")));
  for (const char* expected :
       {"{\"ok\":true,\"conn\":1,\"req\":1}", "{\"ok\":true,\"conn\":1,\"req\":2}"}) {
    const std::optional<Response> response = client->readResponse();
    ASSERT_TRUE(response);
    EXPECT_EQ(response->body, expected);
  }
  EXPECT_EQ(server_.requests(), (std::vector<std::string>{"1 POST /ok", "1 GET /ok"}));
}

TEST_F(FaultServerTest, HeadAndConnectionCloseAreHonoured) {
  auto client = connectClient();
  ASSERT_TRUE(client->send("HEAD /ok HTTP/1.1\r\n\r\n"));
  ASSERT_EQ(client->readHead(), End::kDone);
  EXPECT_NE(client->received().find("Content-Length: 28\r\n"), std::string::npos);
  client->take(client->received().size());
  const std::optional<Response> response = client->exchange("/ok");  // no HEAD body came before it
  ASSERT_TRUE(response);
  EXPECT_EQ(response->body, "{\"ok\":true,\"conn\":1,\"req\":2}");

  ASSERT_TRUE(client->send("GET /ok HTTP/1.1\r\nConnection: close\r\n\r\n"));
  const std::optional<Response> last = client->readResponse();
  ASSERT_TRUE(last);
  EXPECT_NE(last->head.find("\r\nConnection: close\r\n"), std::string::npos);
  EXPECT_EQ(client->readToEnd(), End::kClosed);
}

// ---- then= ---------------------------------------------------------------------

TEST_F(FaultServerTest, ThenCloseAnswersThenClosesSilently) {
  auto client = connectClient();
  const std::optional<Response> response = client->exchange("/ok?then=close");
  ASSERT_TRUE(response);
  EXPECT_EQ(response->body, "{\"ok\":true,\"conn\":1,\"req\":1}");
  EXPECT_EQ(response->head.find("Connection"), std::string::npos) << "the close must be silent";
  EXPECT_EQ(client->readToEnd(), End::kClosed);
  EXPECT_TRUE(client->received().empty());
  EXPECT_TRUE(allConnectionsClosed());
}

TEST_F(FaultServerTest, ThenDropReadsTheNextRequestAndClosesWithoutAnswer) {
  auto client = connectClient();
  ASSERT_TRUE(client->exchange("/ok?then=drop"));
  // Still open until the next request: nothing arrives meanwhile.
  EXPECT_EQ(client->readToEnd(100), End::kTimedOut);
  ASSERT_TRUE(client->send("POST /ok HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"));
  EXPECT_EQ(client->readToEnd(), End::kClosed);
  EXPECT_TRUE(client->received().empty());
  EXPECT_EQ(server_.requests(), (std::vector<std::string>{"1 GET /ok?then=drop", "1 POST /ok"}));
}

TEST_F(FaultServerTest, ThenResetNextResetsOnTheNextRequest) {
  auto client = connectClient();
  ASSERT_TRUE(client->exchange("/ok?then=reset-next"));
  EXPECT_EQ(client->readToEnd(100), End::kTimedOut);
  ASSERT_TRUE(client->send(get("/ok")));
  EXPECT_EQ(client->readToEnd(), End::kReset);
  EXPECT_TRUE(client->received().empty());
  EXPECT_EQ(server_.requests().size(), 2u);
}

// ---- bodies --------------------------------------------------------------------

TEST_F(FaultServerTest, JsonHasTheRequestedSizeAndKeepsTheConnection) {
  auto client = connectClient();
  const std::optional<Response> response = client->exchange("/json?bytes=5000");
  ASSERT_TRUE(response);
  EXPECT_EQ(response->body.size(), 5000u);
  EXPECT_EQ(response->body.rfind("{\"pad\":\"xxx", 0), 0u);
  EXPECT_EQ(response->body.substr(response->body.size() - 10), "\",\"end\":1}");
  // Smaller than its frame: the frame alone.
  const std::optional<Response> tiny = client->exchange("/json?bytes=3");
  ASSERT_TRUE(tiny);
  EXPECT_EQ(tiny->body, "{\"pad\":\"\",\"end\":1}");
}

// Decodes a complete chunked body; the sizes of its chunks go to sizes.
std::string dechunk(std::string_view encoded, std::vector<size_t>* sizes) {
  std::string body;
  for (;;) {
    const size_t lineEnd = encoded.find("\r\n");
    const size_t size = std::stoul(std::string(encoded.substr(0, lineEnd)), nullptr, 16);
    if (size == 0) return body;
    sizes->push_back(size);
    body.append(encoded.substr(lineEnd + 2, size));
    encoded.remove_prefix(lineEnd + 2 + size + 2);
  }
}

TEST_F(FaultServerTest, ChunkedCarriesTheSameJsonInSmallChunks) {
  auto client = connectClient();
  const std::string json = client->exchange("/json?bytes=1234")->body;
  ASSERT_TRUE(client->send(get("/chunked?bytes=1234")));
  ASSERT_EQ(client->readUntil([](const std::string& in) {
    return in.find("\r\n0\r\n\r\n") != std::string::npos;
  }),
            End::kDone);
  const size_t headEnd = client->received().find("\r\n\r\n") + 4;
  const std::string head = client->take(headEnd);
  EXPECT_NE(head.find("\r\nTransfer-Encoding: chunked\r\n"), std::string::npos);
  EXPECT_EQ(head.find("Content-Length"), std::string::npos);
  std::vector<size_t> sizes;
  EXPECT_EQ(dechunk(client->received(), &sizes), json);
  EXPECT_EQ(sizes.size(), 13u);
  for (size_t size : sizes) EXPECT_LE(size, 100u);
  client->take(client->received().size());
  EXPECT_TRUE(client->exchange("/ok"));  // still kept alive
}

TEST_F(FaultServerTest, CloseAfterHeadersPromisesABodyAndCloses) {
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/close-after-headers")));
  EXPECT_EQ(client->readToEnd(), End::kClosed);
  const std::string& in = client->received();
  EXPECT_NE(in.find("\r\nContent-Length: 100\r\n"), std::string::npos);
  EXPECT_EQ(in.size(), in.find("\r\n\r\n") + 4) << "no body byte at all";
}

TEST_F(FaultServerTest, ResetMidBodySendsATenthOfTheBodyThenResets) {
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/reset-mid-body")));
  EXPECT_EQ(client->readToEnd(), End::kReset);
  const std::string& in = client->received();
  EXPECT_NE(in.find("\r\nContent-Length: 1000\r\n"), std::string::npos);
  EXPECT_EQ(in.size() - (in.find("\r\n\r\n") + 4), 100u);
}

TEST_F(FaultServerTest, HugeBodyStreamsUntilTheClientLeaves) {
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/huge-body")));
  ASSERT_EQ(client->readHead(), End::kDone);
  const size_t headEnd = client->received().find("\r\n\r\n") + 4;
  EXPECT_NE(client->received().find("\r\nContent-Length: 1073741824\r\n"), std::string::npos);
  ASSERT_EQ(client->readBytes(headEnd + 2 * 1024 * 1024), End::kDone);
  const std::string body = client->received().substr(headEnd);
  EXPECT_EQ(body.rfind("{\"pad\":\"xxx", 0), 0u);
  EXPECT_EQ(body.find_first_not_of('x', 8), std::string::npos);
  client->close();  // with unread data: a reset
  EXPECT_TRUE(allConnectionsClosed());
}

// ---- time ----------------------------------------------------------------------

TEST_F(FaultServerTest, StallSendsNothingForTheGivenTimeThenCloses) {
  auto client = connectClient();
  const Clock::time_point start = Clock::now();
  ASSERT_TRUE(client->send(get("/stall?ms=300")));
  EXPECT_EQ(client->readToEnd(), End::kClosed);
  EXPECT_TRUE(client->received().empty());
  EXPECT_GE(msSince(start), 280);
  EXPECT_LT(msSince(start), 2000);
}

TEST_F(FaultServerTest, StallBodySendsFiveOfTwentyBytesThenStalls) {
  auto client = connectClient();
  const Clock::time_point start = Clock::now();
  ASSERT_TRUE(client->send(get("/stall-body?ms=300")));
  EXPECT_EQ(client->readToEnd(), End::kClosed);
  EXPECT_GE(msSince(start), 280);
  EXPECT_LT(msSince(start), 2000);
  const std::string& in = client->received();
  EXPECT_NE(in.find("\r\nContent-Length: 20\r\n"), std::string::npos);
  EXPECT_EQ(in.substr(in.find("\r\n\r\n") + 4), "{\"pad");
}

TEST_F(FaultServerTest, StallEndsEarlyWhenTheClientLeaves) {
#ifndef POLLRDHUP
  GTEST_SKIP() << "the server sees the client leave only with POLLRDHUP";
#endif
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/stall?ms=60000")));
  ASSERT_TRUE(eventually([this] { return server_.requests().size() == 1; }));
  client->close();
  EXPECT_TRUE(allConnectionsClosed());
}

TEST_F(FaultServerTest, TrickleDeliversAValidResponseByteByByte) {
  auto client = connectClient();
  const Clock::time_point start = Clock::now();
  ASSERT_TRUE(client->send(get("/trickle?ms=4")));
  size_t reads = 0;
  ASSERT_EQ(client->readUntil(
                [](const std::string& in) {
                  const size_t headEnd = in.find("\r\n\r\n");
                  return headEnd != std::string::npos &&
                         in.size() >= headEnd + 4 + contentLength(in).value_or(0);
                },
                kTimeoutMs, &reads),
            End::kDone);
  const size_t total = client->received().size();
  EXPECT_EQ(client->received().substr(client->received().find("\r\n\r\n") + 4),
            "{\"trickle\":true,\"bytes\":\"each\"}");
  // Not in one piece: many reads, spread over (total - 1) pauses.
  EXPECT_GT(reads, total / 4);
  EXPECT_GE(msSince(start), static_cast<int64_t>((total - 1) * 4 * 3 / 4));
  client->take(total);
  EXPECT_TRUE(client->exchange("/ok"));
}

// ---- broken framing ------------------------------------------------------------

TEST_F(FaultServerTest, BadStatusHasANonNumericCode) {
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/bad-status")));
  EXPECT_EQ(client->readToEnd(), End::kClosed);
  EXPECT_EQ(client->received().rfind("HTTP/1.1 2x0 OK\r\n", 0), 0u) << client->received();
}

TEST_F(FaultServerTest, NotHttpAnswersLikeAnSshServer) {
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/not-http")));
  EXPECT_EQ(client->readToEnd(), End::kClosed);
  EXPECT_EQ(client->received(), "SSH-2.0-OpenSSH_9.2\r\n");
}

TEST_F(FaultServerTest, BadChunkHasAChunkSizeThatIsNotHex) {
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/bad-chunk")));
  EXPECT_EQ(client->readToEnd(), End::kClosed);
  const std::string& in = client->received();
  EXPECT_NE(in.find("\r\nTransfer-Encoding: chunked\r\n"), std::string::npos);
  EXPECT_EQ(in.substr(in.find("\r\n\r\n") + 4, 4), "zz\r\n");
}

TEST_F(FaultServerTest, ConflictingLengthSendsTwoContentLengths) {
  auto client = connectClient();
  ASSERT_TRUE(client->send(get("/conflicting-length")));
  EXPECT_EQ(client->readToEnd(), End::kClosed);
  const std::string& in = client->received();
  EXPECT_NE(in.find("\r\nContent-Length: 5\r\nContent-Length: 6\r\n"), std::string::npos);
  EXPECT_EQ(in.substr(in.find("\r\n\r\n") + 4), "hello");
}

TEST_F(FaultServerTest, HugeHeadersSendsKilobyteLines) {
  auto client = connectClient();
  const std::optional<Response> response = client->exchange("/huge-headers?kb=100");
  ASSERT_TRUE(response);
  EXPECT_EQ(countOf(response->head, "\r\nX-Fill-"), 100u);
  EXPECT_NE(response->head.find("\r\nX-Fill-100: aaa"), std::string::npos);
  EXPECT_GE(response->head.size(), 100u * 1024);
  EXPECT_LT(response->head.size(), 101u * 1024);
  EXPECT_EQ(response->body, "{}");
}

// ---- status codes and errors ---------------------------------------------------

TEST_F(FaultServerTest, StatusAnswersWithTheRequestedCode) {
  auto client = connectClient();
  const std::optional<Response> teapot = client->exchange("/status?code=418");
  ASSERT_TRUE(teapot);
  EXPECT_EQ(teapot->head.rfind("HTTP/1.1 418 ", 0), 0u);
  EXPECT_EQ(teapot->body, "{\"status\":418}");
  // 204 has no body (and no Content-Length): the next response follows at once.
  ASSERT_TRUE(client->send(get("/status?code=204") + get("/status?code=503")));
  const std::optional<Response> noContent = client->readResponse();
  ASSERT_TRUE(noContent);
  EXPECT_EQ(noContent->head.rfind("HTTP/1.1 204 No Content\r\n", 0), 0u);
  EXPECT_EQ(noContent->head.find("Content-Length"), std::string::npos);
  const std::optional<Response> unavailable = client->readResponse();
  ASSERT_TRUE(unavailable);
  EXPECT_EQ(unavailable->head.rfind("HTTP/1.1 503 Service Unavailable\r\n", 0), 0u);
}

TEST_F(FaultServerTest, UnknownRouteIsA404WithJson) {
  auto client = connectClient();
  const std::optional<Response> response = client->exchange("/nope?ok");
  ASSERT_TRUE(response);
  EXPECT_EQ(response->head.rfind("HTTP/1.1 404 Not Found\r\n", 0), 0u);
  EXPECT_EQ(response->body.front(), '{');
}

TEST_F(FaultServerTest, OversizedOrMalformedRequestsAreRejectedAndClosed) {
  auto tooLarge = connectClient();
  ASSERT_TRUE(tooLarge->send("GET /ok HTTP/1.1\r\nX-Big: " + std::string(70 * 1024, 'a')));
  ASSERT_EQ(tooLarge->readHead(), End::kDone);
  EXPECT_EQ(tooLarge->received().rfind("HTTP/1.1 431 ", 0), 0u) << tooLarge->received();

  auto malformed = connectClient();
  ASSERT_TRUE(malformed->send("hello\r\n\r\n"));
  EXPECT_EQ(malformed->readToEnd(), End::kClosed);
  EXPECT_EQ(malformed->received().rfind("HTTP/1.1 400 ", 0), 0u);
  EXPECT_TRUE(server_.requests().empty());
}

// ---- stop ----------------------------------------------------------------------

TEST_F(FaultServerTest, StopIsPromptWhateverTheConnectionsAreDoing) {
  std::vector<std::unique_ptr<RawClient>> clients;
  for (const char* target :
       {"/stall?ms=60000", "/stall-body?ms=60000", "/huge-body", "/trickle?ms=1000"}) {
    clients.push_back(connectClient());
    ASSERT_TRUE(clients.back()->send(get(target)));
  }
  clients.push_back(connectClient());  // idle, kept alive
  clients.push_back(connectClient());
  ASSERT_TRUE(clients.back()->send("GET /ok HTTP/1.1\r\n"));  // half a head
  ASSERT_TRUE(eventually([this] { return server_.requests().size() == 4; }));
  // Let the huge body fill the socket buffers, so its sender waits on POLLOUT.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(server_.openConnections(), 6u);

  const uint16_t port = server_.port();
  const Clock::time_point start = Clock::now();
  server_.stop();
  EXPECT_LT(msSince(start), 3000);  // not the stall's 60 s
  EXPECT_EQ(server_.openConnections(), 0u);
  for (auto& client : clients) EXPECT_NE(client->readToEnd(), End::kTimedOut);

  // Nobody listens any more; and the server can be started again.
  EXPECT_FALSE(RawClient(port).connected());
  ASSERT_TRUE(server_.start());
  auto again = connectClient();
  EXPECT_TRUE(again->exchange("/ok"));
}

TEST(FaultServer, DestructorStopsPromptly) {
  const Clock::time_point start = Clock::now();
  {
    FaultServer server;
    ASSERT_TRUE(server.start());
    RawClient client(server.port());
    ASSERT_TRUE(client.send(get("/stall?ms=60000")));
    ASSERT_TRUE(eventually([&] { return server.requests().size() == 1; }));
  }
  EXPECT_LT(msSince(start), 3000);  // not the stall's 60 s
}

TEST(FaultServer, StartFailsOnAPortInUse) {
  FaultServer first, second;
  ASSERT_TRUE(first.start());
  EXPECT_NE(first.port(), 0);
  EXPECT_FALSE(second.start(first.port()));
  EXPECT_FALSE(first.start()) << "already running";
}

TEST(FaultServer, HelpListsEveryRoute) {
  const std::string help = FaultServer::routesHelp();
  for (const char* route : {"/ok",
                            "/json",
                            "/chunked",
                            "/close-after-headers",
                            "/reset-mid-body",
                            "/stall",
                            "/stall-body",
                            "/trickle",
                            "/bad-status",
                            "/not-http",
                            "/bad-chunk",
                            "/conflicting-length",
                            "/huge-headers",
                            "/huge-body",
                            "/status",
                            "/api/v1/time/current/unix",
                            "/bearer",
                            "/basic-auth/USER/PASS",
                            "/headers",
                            "/early"}) {
    EXPECT_NE(help.find(std::string("  ") + route), std::string::npos) << route;
  }
}

}  // namespace

// ---- the JSONPlaceholder-like API (api_routes.h) ---------------------------------

namespace {

const std::string kApiData = std::string(EHC_SHARED_DIR) + "/testdata/jsonplaceholder";

std::string slurp(const std::string& path) {
  std::string text;
  if (FILE* file = fopen(path.c_str(), "rb")) {
    char buffer[4096];
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, got);
    fclose(file);
  }
  return text;
}

std::string requestWithBody(std::string_view method, std::string_view target,
                            std::string_view body) {
  return std::string(method) + " " + std::string(target) +
         " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
}

class FaultServerApiTest : public FaultServerTest {
 protected:
  void SetUp() override {
    FaultServerTest::SetUp();
    server_.setDataDir(kApiData);  // taken by the connections made from now on
    client_ = connectClient();
  }
  std::optional<Response> call(std::string_view method, std::string_view target,
                               std::string_view body = "") {
    return client_->send(requestWithBody(method, target, body)) ? client_->readResponse()
                                                                : std::nullopt;
  }
  static int statusOf(const Response& response) { return std::stoi(response.head.substr(9, 3)); }
  std::unique_ptr<RawClient> client_;
};

TEST_F(FaultServerApiTest, ListsAreTheDataFilesAsTheyAre) {
  for (const char* resource : {"users", "posts", "todos", "comments"}) {
    SCOPED_TRACE(resource);
    const std::optional<Response> response = client_->exchange(std::string("/") + resource);
    ASSERT_TRUE(response);
    EXPECT_EQ(response->head.rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
    EXPECT_NE(response->head.find("\r\nContent-Type: application/json\r\n"), std::string::npos);
    EXPECT_EQ(response->body, slurp(kApiData + "/" + resource + ".json"));
  }
}

TEST_F(FaultServerApiTest, OneElementIsItsJsonTextFromTheFile) {
  const std::string users = slurp(kApiData + "/users.json");
  std::optional<Response> first = client_->exchange("/users/1");
  ASSERT_TRUE(first);
  EXPECT_EQ(statusOf(*first), 200);
  EXPECT_EQ(first->body.front(), '{');
  EXPECT_EQ(first->body.back(), '}');
  EXPECT_NE(users.find(first->body), std::string::npos) << "not cut from users.json";
  EXPECT_NE(first->body.find("\"name\": \"Leanne Graham\""), std::string::npos);
  EXPECT_EQ(countOf(first->body, "\"id\": "), 1u);
  std::optional<Response> last = client_->exchange("/users/10/");
  ASSERT_TRUE(last);
  EXPECT_NE(last->body.find("\"name\": \"Clementina DuBuque\""), std::string::npos);
  std::optional<Response> todo = client_->exchange("/todos/1");
  ASSERT_TRUE(todo);
  EXPECT_NE(todo->body.find("\"title\": \"delectus aut autem\""), std::string::npos);
  std::optional<Response> post = client_->exchange("/posts/100");
  ASSERT_TRUE(post);
  EXPECT_NE(post->body.find("\"id\": 100,"), std::string::npos);
  for (const char* absent : {"/users/11", "/users/0", "/users/x", "/posts/101", "/users/1/x"}) {
    SCOPED_TRACE(absent);
    const std::optional<Response> response = client_->exchange(absent);
    ASSERT_TRUE(response);
    EXPECT_EQ(statusOf(*response), 404);
    EXPECT_EQ(response->body, "{}");
  }
}

TEST_F(FaultServerApiTest, FiltersByFieldsAndNestedResources) {
  const std::optional<Response> byQuery = client_->exchange("/comments?postId=2");
  ASSERT_TRUE(byQuery);
  EXPECT_EQ(statusOf(*byQuery), 200);
  EXPECT_EQ(byQuery->body.rfind("[\n  {\n    \"postId\": 2,\n    \"id\": 6,", 0), 0u);
  EXPECT_EQ(countOf(byQuery->body, "\"postId\": 2,"), 5u);
  EXPECT_EQ(countOf(byQuery->body, "\"postId\": "), 5u);
  EXPECT_EQ(byQuery->body.back(), ']');
  const std::optional<Response> nested = client_->exchange("/posts/2/comments");
  ASSERT_TRUE(nested);
  EXPECT_EQ(nested->body, byQuery->body);
  // Several fields, a literal among them: user 1's finished todos.
  const std::optional<Response> done = client_->exchange("/todos?userId=1&completed=true");
  ASSERT_TRUE(done);
  EXPECT_EQ(countOf(done->body, "\"completed\": true"), 11u);
  EXPECT_EQ(countOf(done->body, "\"completed\": false"), 0u);
  const std::optional<Response> byText = client_->exchange("/users?username=Bret");
  ASSERT_TRUE(byText);
  EXPECT_EQ(countOf(byText->body, "\"id\": 1,"), 1u);
  EXPECT_EQ(countOf(byText->body, "\"username\": "), 1u);
  const std::optional<Response> none = client_->exchange("/comments?postId=999");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->body, "[]");
}

TEST_F(FaultServerApiTest, WritesAnswerAsJsonPlaceholderDoesAndStoreNothing) {
  std::optional<Response> created =
      call("POST", "/posts", "{\"title\": \"foo\", \"body\": \"bar\", \"userId\": 1}");
  ASSERT_TRUE(created);
  EXPECT_EQ(created->head.rfind("HTTP/1.1 201 Created\r\n", 0), 0u);
  EXPECT_EQ(created->body, "{\"title\":\"foo\",\"body\":\"bar\",\"userId\":1,\"id\":101}");
  created = call("POST", "/users", " {\"id\": 5, \"tags\": [\"a,b\", {\"c\": \"}\"}]} ");
  ASSERT_TRUE(created);
  // The members as written, the client's id replaced by the server's.
  EXPECT_EQ(created->body, "{\"tags\":[\"a,b\", {\"c\": \"}\"}],\"id\":11}");
  created = call("POST", "/posts");  // no body
  ASSERT_TRUE(created);
  EXPECT_EQ(created->body, "{\"id\":101}");

  const std::optional<Response> replaced = call("PUT", "/posts/1", "{\"title\":\"new\"}");
  ASSERT_TRUE(replaced);
  EXPECT_EQ(statusOf(*replaced), 200);
  EXPECT_EQ(replaced->body, "{\"title\":\"new\",\"id\":1}");
  const std::optional<Response> patched = call("PATCH", "/posts/7", "{\"title\":\"p\",\"id\":9}");
  ASSERT_TRUE(patched);
  EXPECT_EQ(statusOf(*patched), 200);
  EXPECT_EQ(patched->body, "{\"title\":\"p\",\"id\":7}");
  const std::optional<Response> deleted = call("DELETE", "/posts/1");
  ASSERT_TRUE(deleted);
  EXPECT_EQ(statusOf(*deleted), 200);
  EXPECT_EQ(deleted->body, "{}");

  for (const auto& [method, target] : {std::pair<const char*, const char*>{"PUT", "/posts/101"},
                                       {"PATCH", "/posts/0"},
                                       {"DELETE", "/posts/101"},
                                       {"POST", "/posts/1"}}) {
    SCOPED_TRACE(std::string(method) + " " + target);
    const std::optional<Response> response = call(method, target, "{}");
    ASSERT_TRUE(response);
    EXPECT_EQ(statusOf(*response), 404);
  }
  for (const char* body : {"[1]", "\"text\"", "{\"a\":", "{\"a\":1}x"}) {
    SCOPED_TRACE(body);
    const std::optional<Response> response = call("POST", "/posts", body);
    ASSERT_TRUE(response);
    EXPECT_EQ(statusOf(*response), 400);
  }
  // Nothing was stored: the first post is as it was.
  const std::optional<Response> first = client_->exchange("/posts/1");
  ASSERT_TRUE(first);
  EXPECT_NE(first->body.find("\"title\": \"sunt aut facere"), std::string::npos);
  EXPECT_EQ(client_->exchange("/posts?id=101")->body, "[]");
}

TEST_F(FaultServerTest, ApiRoutesAnswer404WithoutADataDir) {
  auto client = connectClient();
  for (const char* target : {"/users", "/users/1", "/posts/1/comments", "/comments?postId=1"}) {
    SCOPED_TRACE(target);
    const std::optional<Response> response = client->exchange(target);
    ASSERT_TRUE(response);
    EXPECT_EQ(response->head.rfind("HTTP/1.1 404 ", 0), 0u);
  }
  // A folder without the files: 404 as well, and other routes are unaffected.
  server_.setDataDir("/nonexistent-ehc-data");
  auto other = connectClient();
  const std::optional<Response> users = other->exchange("/users/1");
  ASSERT_TRUE(users);
  EXPECT_EQ(users->head.rfind("HTTP/1.1 404 ", 0), 0u);
  EXPECT_TRUE(other->exchange("/ok"));
  EXPECT_EQ(other->exchange("/usersx")->body, "{\"error\":\"no such route\"}");
}

TEST(FaultServer, HelpListsTheApiRoutes) {
  const std::string help = FaultServer::routesHelp();
  for (const char* route : {"/users", "/posts", "/comments", "/todos"}) {
    EXPECT_NE(help.find(std::string("  ") + route), std::string::npos) << route;
  }
}

TEST(FaultServer, PublicApisCheckTheCredentialsSent) {
  using ehc_fault::publicApiReply;
  const std::string line = "GET /x HTTP/1.1\r\nHost: h\r\n";
  // admin:secret123
  EXPECT_EQ(publicApiReply("/basic-auth/admin/secret123",
                           line + "Authorization: Basic YWRtaW46c2VjcmV0MTIz\r\n")
                ->status,
            200);
  EXPECT_EQ(publicApiReply("/basic-auth/admin/other",
                           line + "Authorization: Basic YWRtaW46c2VjcmV0MTIz\r\n")
                ->status,
            401);
  EXPECT_EQ(publicApiReply("/basic-auth/admin/secret123", line)->status, 401);
  EXPECT_EQ(publicApiReply("/bearer", line + "authorization: Bearer t0k\r\n")->body,
            "{\"authenticated\":true,\"token\":\"t0k\"}");
  EXPECT_EQ(publicApiReply("/bearer", line + "Authorization: Bearer \r\n")->status, 401);
  EXPECT_EQ(publicApiReply("/headers", line + "x-api-key: k\"1\r\n")->body,
            "{\"headers\":{\"Host\":\"h\",\"X-Api-Key\":\"k\\\"1\"}}");
  EXPECT_FALSE(publicApiReply("/bearers", line).has_value());
}

}  // namespace
