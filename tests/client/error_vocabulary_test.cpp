// One error vocabulary: every layer's errors are a table of names and
// sentences in the enum's order (its count asserted where it is defined);
// a result keeps the layer's own error as its cause beside the compatible
// code, and its message comes from that cause.
#include <gtest/gtest.h>
#include <string.h>

#include <set>
#include <string>
#include <type_traits>

#include "ESP32HTTPClient.h"
#include "ehc/client/reason_phrase.h"
#include "ehc/codec/inflate.h"
#include "ehc/codec/sse.h"
#include "ehc/core/packed_texts.h"
#include "ehc/http/content_range.h"
#include "ehc/json/json_binder.h"
#include "ehc/json/json_writer.h"
#include "ehc/net/scripted_transport.h"
#include "ehc/net/sha256_digest.h"

using ehc::ErrorCause;
using ehc::ErrorLayer;
using ehc::HttpError;
using ehc::JsonBinder;
using ehc::JsonError;
using ehc::NetError;
using ehc::RequestError;
using ehc::ScriptStep;

namespace {

// Every value of E up to `last` has a name and a sentence of its own; the
// value after `last` is unknown (the table has no more rows than values).
template <typename E>
void expectEveryValueNamed(E last, const char* (*name)(E), const char* (*message)(E)) {
  std::set<std::string> names;
  const int n = static_cast<int>(last) + 1;
  for (int i = 0; i < n; ++i) {
    const E e = static_cast<E>(i);
    ASSERT_NE(name(e), nullptr) << i;
    ASSERT_NE(message(e), nullptr) << i;
    EXPECT_GT(strlen(name(e)), 0u) << i;
    EXPECT_GT(strlen(message(e)), 0u) << i;
    EXPECT_STRNE(name(e), "unknown") << i;
    EXPECT_TRUE(names.insert(name(e)).second) << "twice: " << name(e);
  }
  EXPECT_STREQ(name(static_cast<E>(n)), "unknown");
  EXPECT_STREQ(message(static_cast<E>(n)), "unknown error");
}

TEST(ErrorVocabulary, EveryTableNamesEveryValueOnce) {
  expectEveryValueNamed(NetError::ClientCertRefused, ehc::netErrorName, ehc::netErrorMessage);
  expectEveryValueNamed(HttpError::BodySourceFailed, ehc::httpErrorName, ehc::httpErrorMessage);
  expectEveryValueNamed(JsonError::InvalidLiteral, ehc::jsonErrorName, ehc::jsonErrorMessage);
  expectEveryValueNamed(ehc::BindStatus::Invalid, ehc::bindStatusName, ehc::bindStatusMessage);
  expectEveryValueNamed(ehc::WriteError::SinkFailed, ehc::writeErrorName, ehc::writeErrorMessage);
  expectEveryValueNamed(RequestError::BadSoapAction, ehc::requestErrorName,
                        ehc::requestErrorMessage);
  expectEveryValueNamed(ehc::SseError::Incomplete, ehc::sseErrorName, ehc::sseErrorMessage);
  expectEveryValueNamed(ehc::InflateError::TrailingGarbage, ehc::inflateErrorName,
                        ehc::inflateErrorMessage);
  expectEveryValueNamed(ehc::RangeError::UnexpectedStatus, ehc::rangeErrorName,
                        ehc::rangeErrorMessage);
  expectEveryValueNamed(ehc::DigestError::Stopped, ehc::digestErrorName, ehc::digestErrorMessage);
  expectEveryValueNamed(ehc::XmlError::NamesTooLong, ehc::xmlErrorName, ehc::xmlErrorMessage);
}

TEST(ErrorVocabulary, EveryClientCodeHasANameAndASentence) {
  std::set<std::string> names;
  for (int code = 0; code >= ehc::EHC_ERROR_LAST; --code) {
    EXPECT_STRNE(ehc::errorToString(code), "unknown error") << code;
    EXPECT_GT(strlen(ehc::errorToString(code)), 0u) << code;
    EXPECT_TRUE(names.insert(ehc::errorName(code)).second) << "twice: " << ehc::errorName(code);
  }
  // The texts users of ESP32-HTTP-Client know, by their codes.
  EXPECT_STREQ(ehc::errorToString(ehc::EHC_OK), "not executed");
  EXPECT_STREQ(ehc::errorToString(ehc::EHC_ERROR_CONNECTION_REFUSED), "connection refused");
  EXPECT_STREQ(ehc::errorToString(ehc::EHC_ERROR_READ_TIMEOUT), "read timeout");
  EXPECT_STREQ(ehc::errorName(ehc::EHC_ERROR_READ_TIMEOUT), "read_timeout");
  EXPECT_STREQ(ehc::errorToString(ehc::EHC_ERROR_LAST - 1), "unknown error");
  EXPECT_STREQ(ehc::errorToString(404), "HTTP status");
  EXPECT_STREQ(ehc::errorName(404), "http_status");
}

// The tables are packed by column: the texts one after the other, each
// ended by '\0' (core/packed_texts.h).
TEST(PackedTexts, TheIndexthTextOfAColumn) {
  static const char packed[] = "ok\0\0read_timeout\0x";
  EXPECT_STREQ(ehc::packedText(packed, 0), "ok");
  EXPECT_STREQ(ehc::packedText(packed, 1), "");
  EXPECT_STREQ(ehc::packedText(packed, 2), "read_timeout");
  EXPECT_STREQ(ehc::packedText(packed, 3), "x");
}

TEST(ReasonPhrase, TheStandardPhraseElseTheClass) {
  EXPECT_STREQ(ehc::reasonPhrase(200), "OK");  // the first row
  EXPECT_STREQ(ehc::reasonPhrase(301), "Moved Permanently");
  EXPECT_STREQ(ehc::reasonPhrase(404), "Not Found");
  EXPECT_STREQ(ehc::reasonPhrase(422), "Unprocessable Content");
  EXPECT_STREQ(ehc::reasonPhrase(504), "Gateway Timeout");  // the last row
  EXPECT_STREQ(ehc::reasonPhrase(299), "success");
  EXPECT_STREQ(ehc::reasonPhrase(399), "redirect");
  EXPECT_STREQ(ehc::reasonPhrase(418), "client error");
  EXPECT_STREQ(ehc::reasonPhrase(599), "server error");
}

TEST(ErrorVocabulary, ACauseNamesItsLayerAndItsOwnError) {
  EXPECT_STREQ(ehc::errorLayerName(ErrorLayer::None), "none");
  EXPECT_STREQ(ehc::errorLayerName(ErrorLayer::Net), "net");
  EXPECT_STREQ(ehc::errorLayerName(ErrorLayer::Http), "http");
  EXPECT_STREQ(ehc::errorLayerName(ErrorLayer::Json), "json");
  EXPECT_STREQ(ehc::errorLayerName(ErrorLayer::Request), "request");
  EXPECT_STREQ(ehc::errorLayerName(ErrorLayer::Inflate), "inflate");
  EXPECT_STREQ(ehc::errorLayerName(ErrorLayer::Range), "range");
  EXPECT_STREQ(ehc::errorLayerName(ErrorLayer::Xml), "xml");
  EXPECT_STREQ(ehc::errorLayerName(static_cast<ErrorLayer>(8)), "unknown");
  EXPECT_STREQ(ehc::causeName(ErrorCause(ehc::XmlError::MismatchedTag)), "mismatched_tag");

  EXPECT_EQ(ehc::causeName(ErrorCause()), nullptr);
  EXPECT_EQ(ehc::causeMessage(ErrorCause()), nullptr);
  const ErrorCause net(NetError::CertUntrusted);
  EXPECT_EQ(net.layer, ErrorLayer::Net);
  EXPECT_EQ(net.net(), NetError::CertUntrusted);
  EXPECT_EQ(net.http(), HttpError::Ok);  // another layer's: Ok
  EXPECT_STREQ(ehc::causeName(net), "cert_untrusted");
  EXPECT_STREQ(ehc::causeMessage(ErrorCause(HttpError::BadChunkSize)), "malformed chunk size");
  EXPECT_STREQ(ehc::causeName(ErrorCause(JsonError::TooDeep)), "too_deep");
  EXPECT_STREQ(ehc::causeName(ErrorCause(RequestError::NoLocation)), "no_location");
}

// --- through the client, over the scripted transport --------------------

struct Scripted {
  Scripted(const ScriptStep* steps, size_t n)
      : transport(steps, n), client("http://api.test", transport) {
    client.setMaxRetry(0);  // the first failure as it is (the default retries once)
  }
  ehc::ScriptedTransport transport;
  ESP32HTTPClient client;
};

TEST(ErrorCauseInResult, ANetFailureKeepsTheTransportsError) {
  const ScriptStep steps[] = {ScriptStep::reset()};
  Scripted s(steps, 1);
  const RestResult r = s.client.get("/").send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_CONNECTION_LOST);
  EXPECT_EQ(r.cause.layer, ErrorLayer::Net);
  EXPECT_EQ(r.cause.net(), NetError::Reset);
  EXPECT_STREQ(r.message(), ehc::netErrorMessage(NetError::Reset));
  // getErrorMessage() is the original's name of the code; the details stay in message().
  EXPECT_EQ(s.client.getErrorMessage(), "Connection Lost");
  EXPECT_STREQ(s.client.lastResult().message(), r.message());
}

TEST(ErrorCauseInResult, AnHttpFailureKeepsTheParsersError) {
  const ScriptStep steps[] = {
      ScriptStep::data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"),
      ScriptStep::stall(0)};
  Scripted s(steps, 2);
  int a = 0;
  const RestResult r = s.client.get("/").getBody("a", &a).send();  // the body read
  EXPECT_EQ(r.error, ehc::EHC_ERROR_BAD_RESPONSE);
  EXPECT_EQ(r.cause.layer, ErrorLayer::Http);
  EXPECT_EQ(r.cause.http(), HttpError::BadChunkSize);
  EXPECT_STREQ(r.message(), "malformed chunk size");
}

// The code says which part of the request failed (header or payload, as
// ESP32-HTTP-Client's -2 and -3), the cause what the transport saw.
TEST(ErrorCauseInResult, AFailedWriteIsTheHeadersOrThePayloadsWithTheNetCause) {
  const std::string body(2000, 'b');
  for (const size_t after : {size_t{10}, size_t{1000}}) {
    SCOPED_TRACE(after);
    const ScriptStep steps[] = {ScriptStep::stall(0)};
    Scripted s(steps, 1);
    s.transport.failWriteAfter(after, NetError::WriteTimeout);
    const RestResult r =
        s.client.post("/").rawBodyRef(body.c_str(), body.size(), "text/plain").send();
    EXPECT_EQ(r.error,
              after == 10 ? ehc::EHC_ERROR_SEND_HEADER_FAILED : ehc::EHC_ERROR_SEND_PAYLOAD_FAILED);
    EXPECT_EQ(r.cause.net(), NetError::WriteTimeout);
    EXPECT_STREQ(r.message(), ehc::netErrorMessage(NetError::WriteTimeout));
  }
}

TEST(ErrorCauseInResult, AJsonFailureKeepsTheDocumentsError) {
  const ScriptStep steps[] = {
      ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\n{\"a\":]"),
      ScriptStep::stall(0)};
  Scripted s(steps, 2);
  int a = 0;
  const RestResult r = s.client.get("/").getBody("a", &a).send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_INVALID_JSON);
  EXPECT_EQ(r.cause.layer, ErrorLayer::Json);
  EXPECT_EQ(r.cause.json(), JsonError::UnexpectedByte);
  EXPECT_STREQ(r.message(), "unexpected_byte");  // by its name, as before
}

TEST(ErrorCauseInResult, TheClientsOwnRefusalSaysWhichLimit) {
  const ScriptStep steps[] = {ScriptStep::stall(0)};
  Scripted s(steps, 1);
  auto request = s.client.get("/");
  for (int i = 0; i <= EHC_MAX_QUERY_PARAMS; ++i) request.query("q", i);
  const RestResult r = request.send();
  EXPECT_EQ(r.error, ehc::EHC_ERROR_CAPACITY);
  EXPECT_EQ(r.cause.request(), RequestError::TooManyQueryParams);
  EXPECT_STREQ(r.message(), "too many query parameters (EHC_MAX_QUERY_PARAMS)");
}

TEST(ErrorCauseInResult, AResponseHasNoCauseAndItsReasonPhrase) {
  const ScriptStep steps[] = {
      ScriptStep::data("HTTP/1.1 404 Whatever\r\nContent-Length: 0\r\n\r\n"), ScriptStep::stall(0)};
  Scripted s(steps, 2);
  const RestResult r = s.client.get("/").send();
  EXPECT_EQ(r.error, ehc::EHC_OK);
  EXPECT_EQ(r.statusCode, 404);
  EXPECT_EQ(r.cause.layer, ErrorLayer::None);
  EXPECT_STREQ(r.message(), "Not Found");
  EXPECT_STREQ(RestResult().message(), "not executed");
}

// A retry that gets a response leaves nothing of the failed attempt's cause.
TEST(ErrorCauseInResult, ARetryThatSucceedsHasNoCause) {
  const ScriptStep steps[] = {ScriptStep::reset(),
                              ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"),
                              ScriptStep::stall(0)};
  Scripted s(steps, 3);
  const RestResult r = s.client.get("/").retry(1).send();
  EXPECT_TRUE(r.isSuccess());
  EXPECT_EQ(r.attempts, 2);
  EXPECT_EQ(r.cause.layer, ErrorLayer::None);
  EXPECT_STREQ(r.message(), "OK");
}

// --- bind() results --------------------------------------------------------

TEST(BindResult, BindReturnsTheEnumAnIndexOrWhyNot) {
  ehc::StaticJsonBinder<2> binder;
  int x = 0;
  char buf[4];
  static_assert(std::is_same<decltype(binder.bind("a", &x)), JsonBinder::BindResult>::value,
                "bind() returns BindResult");
  static_assert(std::is_same<decltype(binder.bind("a", buf)), JsonBinder::BindResult>::value,
                "bind() returns BindResult");
  EXPECT_EQ(binder.bind("a", static_cast<int*>(nullptr)), JsonBinder::kBadTarget);
  EXPECT_EQ(binder.bind("a", buf, 0), JsonBinder::kBadTarget);
  EXPECT_EQ(binder.bind("a\\", &x), JsonBinder::kBadPath);
  const JsonBinder::BindResult first = binder.bind("a", &x);
  EXPECT_EQ(static_cast<int>(first), 0);
  EXPECT_EQ(static_cast<int>(binder.bind("b", buf)), 1);
  EXPECT_EQ(binder.bind("c", &x), JsonBinder::kFull);
}

}  // namespace
