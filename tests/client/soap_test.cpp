// SoapRequest (issue 16): the reader of its answers on its own, fed whole,
// byte by byte and in the split patterns with the same outcome; then the
// request against the fault server's SOAP endpoints (soap_route.h): what it
// sends for SOAP 1.1 and 1.2, NumberToWords read as it streams, both
// versions' faults, malformed XML, the callbacks' order and the limits.
#include <gtest/gtest.h>
#include <string.h>

#include <memory>
#include <string>
#include <vector>

#include "../codec/split_feed.h"
#include "ESP32HTTPClient.h"
#include "SoapRequest.h"
#include "alloc_counter.h"
#include "ehc/net/scripted_transport.h"
#include "fault_server.h"

namespace {

using ehc::BindStatus;
using ehc::SoapBinding;
using ehc::SoapTarget;

// ---- the reader ------------------------------------------------------------------

struct Targets {
  int i = -1;
  long l = -1;
  float f = -1;
  double d = -1;
  bool b = false;
  char small[6] = "";
  std::string text;
  SoapFault fault;
  BindStatus status[8] = {};
  ehc::XmlError error = ehc::XmlError::Ok;
};

Targets readAnswer(const std::string& xml, const std::vector<size_t>& pieces, const char* intPath,
                   const char* textPath = "Name") {
  Targets t;
  const SoapBinding bindings[] = {
      {intPath, &t.i, 0, nullptr, SoapTarget::Int},
      {"L", &t.l, 0, nullptr, SoapTarget::Long},
      {"F", &t.f, 0, nullptr, SoapTarget::Float},
      {"D", &t.d, 0, nullptr, SoapTarget::Double},
      {"B", &t.b, 0, nullptr, SoapTarget::Bool},
      {textPath, t.small, sizeof t.small, nullptr, SoapTarget::Chars},
      {textPath, &t.text, 0, ehc::stdStringSink(), SoapTarget::Text},
  };
  ehc::SoapReader r;
  r.begin(bindings, 7, &t.fault);
  ehc_test::feedPieces(xml, pieces, [&](const char* d, size_t n) {
    r.feed(d, n);
    return true;
  });
  t.error = r.finish();
  for (int k = 0; k < 7; ++k) t.status[k] = r.status(k);
  return t;
}

std::string statuses(const Targets& t) {
  std::string s;
  for (int k = 0; k < 7; ++k) s += std::to_string(static_cast<int>(t.status[k])) + ",";
  return s;
}

// Every split gives what the whole document gives.
Targets readAllWays(const std::string& xml, const char* intPath = "Answer.I",
                    const char* textPath = "Name") {
  const Targets whole = readAnswer(xml, {}, intPath, textPath);
  for (const auto& p : ehc_test::splitPatterns(xml.size())) {
    const Targets o = readAnswer(xml, p.pieces, intPath, textPath);
    EXPECT_EQ(statuses(o), statuses(whole)) << p.name;
    EXPECT_EQ(o.i, whole.i) << p.name;
    EXPECT_EQ(o.l, whole.l) << p.name;
    EXPECT_EQ(o.d, whole.d) << p.name;
    EXPECT_STREQ(o.small, whole.small) << p.name;
    EXPECT_EQ(o.text, whole.text) << p.name;
    EXPECT_STREQ(o.fault.faultString.c_str(), whole.fault.faultString.c_str()) << p.name;
    EXPECT_STREQ(o.fault.detail.c_str(), whole.fault.detail.c_str()) << p.name;
  }
  return whole;
}

const char kAnswer[] =
    "<?xml version=\"1.0\"?><s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">"
    "<s:Body><m:Answer xmlns:m=\"urn:m\"><m:I> 42 </m:I><L>-9000000000</L><F>2.5e1</F>"
    "<D>+.125</D><B> TRUE </B><Name>J&#xF6;rg &amp; co</Name></m:Answer></s:Body></s:Envelope>";

TEST(SoapReader, ValuesAreReadByLocalNamePathsIntoEachTargetType) {
  const Targets t = readAllWays(kAnswer);
  EXPECT_EQ(t.error, ehc::XmlError::Ok);
  EXPECT_EQ(t.i, 42);
  EXPECT_EQ(t.l, -9000000000L);
  EXPECT_EQ(t.f, 25.0f);
  EXPECT_EQ(t.d, 0.125);
  EXPECT_TRUE(t.b);
  EXPECT_EQ(t.text, "J\xC3\xB6rg & co");
  EXPECT_STREQ(t.small, "J\xC3\xB6rg");  // 5 bytes of room: cut after a whole sequence
  EXPECT_EQ(t.status[5], BindStatus::Truncated);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(t.status[k], BindStatus::Found) << k;
  EXPECT_FALSE(t.fault.matched);
}

TEST(SoapReader, WholeChainsQualifiedNamesAndCaseAreMatchedAsTheOriginalDoes) {
  EXPECT_EQ(readAllWays(kAnswer, "Envelope.Body.Answer.I").i, 42);
  EXPECT_EQ(readAllWays(kAnswer, "m:I").i, 42);
  EXPECT_EQ(readAllWays(kAnswer, "answer.i").i, 42);
  const Targets wrong = readAllWays(kAnswer, "Body.I");  // not I's parent
  EXPECT_EQ(wrong.status[0], BindStatus::Missing);
  EXPECT_EQ(wrong.i, -1);
}

TEST(SoapReader, BadValuesAreMismatchesOrOutOfRangeAndLeaveTheTargets) {
  const Targets t = readAllWays(
      "<a><I>3000000000</I><L>12abc</L><F>1e39</F><D></D><B>yes</B><Name><x/></Name></a>", "I");
  EXPECT_EQ(t.status[0], BindStatus::OutOfRange);
  EXPECT_EQ(t.i, -1);
  EXPECT_EQ(t.status[1], BindStatus::Mismatch);
  EXPECT_EQ(t.status[2], BindStatus::OutOfRange);
  EXPECT_EQ(t.status[3], BindStatus::Mismatch);
  EXPECT_EQ(t.status[4], BindStatus::Mismatch);
  EXPECT_EQ(t.status[5], BindStatus::Mismatch);  // an element with children has no text value
  EXPECT_EQ(t.status[6], BindStatus::Mismatch);
}

TEST(SoapReader, ALaterWholeValueIsNotReportedTruncatedByAnEarlierCutOne) {
  const Targets t = readAllWays("<a><R>abcdefgh</R><R>ab</R></a>", "I", "R");
  EXPECT_STREQ(t.small, "ab");
  EXPECT_EQ(t.status[5], BindStatus::Found);
  EXPECT_EQ(t.text, "ab");
}

TEST(SoapReader, NothingOfABrokenDocumentIsFound) {
  const Targets t = readAllWays("<a><I>7</I><Name>x</Name></b>", "I");
  EXPECT_EQ(t.error, ehc::XmlError::MismatchedTag);
  EXPECT_EQ(t.status[0], BindStatus::Invalid);
  EXPECT_EQ(t.status[5], BindStatus::Invalid);
  // An end tag that only hashes like its start tag's name (the scanner once
  // compared length and a 32-bit hash) is a mismatch too.
  const Targets colliding = readAllWays("<declinate><I>7</I></macallums>", "I");
  EXPECT_EQ(colliding.error, ehc::XmlError::MismatchedTag);
  EXPECT_EQ(colliding.status[0], BindStatus::Invalid);
  const Targets cut = readAllWays("<a><I>7", "I");
  EXPECT_EQ(cut.error, ehc::XmlError::Incomplete);
  EXPECT_EQ(cut.status[0], BindStatus::Missing);  // its element never ended
  EXPECT_EQ(cut.i, -1);
}

TEST(SoapReader, FaultsOfBothVersionsAreRead) {
  const Targets v11 = readAllWays(
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
      "<soap:Fault><faultcode> soap:Server </faultcode><faultstring>Bad &lt;input&gt;"
      "</faultstring><faultactor>urn:a</faultactor><detail>\n <e:E xmlns:e=\"urn:e\">one"
      "</e:E><e:F xmlns:e=\"urn:e\">two</e:F>\n</detail></soap:Fault></soap:Body></soap:Envelope>");
  EXPECT_TRUE(v11.fault.matched);
  EXPECT_STREQ(v11.fault.faultCode.c_str(), "soap:Server");
  EXPECT_STREQ(v11.fault.faultString.c_str(), "Bad <input>");
  EXPECT_STREQ(v11.fault.faultActor.c_str(), "urn:a");
  EXPECT_STREQ(v11.fault.detail.c_str(), "onetwo");
  EXPECT_FALSE(v11.fault.truncated);

  const Targets v12 = readAllWays(
      "<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"><env:Body><env:Fault>"
      "<env:Code><env:Value>env:Sender</env:Value><env:Subcode><env:Value>m:X</env:Value>"
      "</env:Subcode></env:Code><env:Reason><env:Text xml:lang=\"en\">first</env:Text>"
      "<env:Text xml:lang=\"de\">zweite</env:Text></env:Reason><env:Role>urn:role</env:Role>"
      "<env:Detail><![CDATA[<raw>]]></env:Detail></env:Fault></env:Body></env:Envelope>");
  EXPECT_TRUE(v12.fault.matched);
  EXPECT_STREQ(v12.fault.faultCode.c_str(), "env:Sender");
  EXPECT_STREQ(v12.fault.faultString.c_str(), "first");
  EXPECT_STREQ(v12.fault.faultActor.c_str(), "urn:role");
  EXPECT_STREQ(v12.fault.detail.c_str(), "<raw>");
}

TEST(SoapReader, AFaultOutsideEnvelopeAndBodyIsNotOneAndLongFieldsAreCut) {
  EXPECT_FALSE(readAllWays("<a><Fault><faultstring>x</faultstring></Fault></a>").fault.matched);
  const std::string longText(EHC_SOAP_FAULT_STRING_SIZE + 10, 'w');
  const Targets t = readAllWays("<s:Envelope xmlns:s=\"urn:s\"><s:Body><s:Fault><faultstring>" +
                                longText + "</faultstring></s:Fault></s:Body></s:Envelope>");
  EXPECT_TRUE(t.fault.matched);
  EXPECT_TRUE(t.fault.truncated);
  EXPECT_EQ(t.fault.faultString.length(), static_cast<size_t>(EHC_SOAP_FAULT_STRING_SIZE - 1));
  const Targets broken = readAllWays(
      "<s:Envelope xmlns:s=\"urn:s\"><s:Body><s:Fault><faultstring>x</faultstring>"
      "</s:Fault></s:Body>");
  EXPECT_FALSE(broken.fault.matched);
  EXPECT_STREQ(broken.fault.faultString.c_str(), "");
}

// The scanner passes every CR LF and lone CR on as one LF (XML 1.0 2.11):
// targets and fault fields hold LF only, at every split.
TEST(SoapReader, LineEndsReachTargetsAndFaultFieldsAsLf) {
  const Targets t = readAllWays("<a><Name>a\r\nb\rc</Name></a>", "I");
  EXPECT_EQ(t.text, "a\nb\nc");
  EXPECT_STREQ(t.small, "a\nb\nc");
  const Targets f = readAllWays(
      "<s:Envelope xmlns:s=\"urn:s\"><s:Body><s:Fault><faultstring>one\r\ntwo</faultstring>"
      "<detail>x\r\n<e>y\r</e>\rz\r\n</detail></s:Fault></s:Body></s:Envelope>");
  EXPECT_STREQ(f.fault.faultString.c_str(), "one\ntwo");
  EXPECT_STREQ(f.fault.detail.c_str(), "x\ny\n\nz");
}

// ---- the request, against the fault server ------------------------------------------

class SoapServer : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server_.start());
    client_.reset(
        new ESP32HTTPClient(("http://127.0.0.1:" + std::to_string(server_.port())).c_str()));
  }
  ehc_fault::FaultServer server_;
  std::unique_ptr<ESP32HTTPClient> client_;
};

const char kNumberBody[] =
    "<m:NumberToWords xmlns:m=\"http://www.dataaccess.com/webservicesserver/\">"
    "<m:ubiNum>42</m:ubiNum></m:NumberToWords>";

TEST_F(SoapServer, Soap11SendsTextXmlAQuotedSoapActionAndTheEnvelope) {
  std::string type, action, body;
  client_->soap("/soap/echo")
      .soapAction("urn:Act")
      .body("<m:Op xmlns:m=\"urn:m\"/>")
      .getBody("ContentType", &type)
      .getBody("SoapAction", &action)
      .getBody("Echo.Body", &body);
  EXPECT_EQ(client_->getStatusCode(), 200);
  EXPECT_EQ(type, "text/xml; charset=utf-8");
  EXPECT_EQ(action, "\"urn:Act\"");
  EXPECT_EQ(body,
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><soap:Envelope "
            "xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" "
            "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
            "xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"><soap:Body><m:Op xmlns:m=\"urn:m\"/>"
            "</soap:Body></soap:Envelope>");
}

TEST_F(SoapServer, Soap12PutsTheActionInTheTypeAndUsesTheW3cEnvelope) {
  std::string type, action, body;
  client_->setSoapVersion(SOAP_1_2);
  EXPECT_EQ(client_->getSoapVersion(), SOAP_1_2);
  client_->soap("/soap/echo")
      .action("\"urn:Act\"")  // given quoted: sent once quoted
      .headerXml("<h:Token xmlns:h=\"urn:h\">t</h:Token>")
      .body("<x/>")
      .getBody("ContentType", &type)
      .getBody("SoapAction", &action)
      .getBody("Body", &body);
  EXPECT_EQ(type, "application/soap+xml; charset=utf-8; action=\"urn:Act\"");
  EXPECT_EQ(action, "(none)");
  EXPECT_EQ(body,
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><soap12:Envelope "
            "xmlns:soap12=\"http://www.w3.org/2003/05/soap-envelope\" "
            "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
            "xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"><soap12:Header><h:Token "
            "xmlns:h=\"urn:h\">t</h:Token></soap12:Header><soap12:Body><x/></soap12:Body>"
            "</soap12:Envelope>");
  // The request's own version wins; a raw envelope goes as it is.
  client_->soap("/soap/echo")
      .version(SOAP_1_1)
      .rawEnvelope("<E/>")
      .getBody("ContentType", &type)
      .getBody("Body", &body);
  EXPECT_EQ(type, "text/xml; charset=utf-8");
  EXPECT_EQ(body, "<E/>");
}

TEST_F(SoapServer, NumberToWordsIsReadInBothVersionsOverOneConnection) {
  std::string words11, words12;
  char words[32] = "";
  client_->soap("/webservicesserver/numberconversion.wso")
      .soapAction("http://www.dataaccess.com/webservicesserver/NumberToWords")
      .body(kNumberBody)
      .getBody("NumberToWordsResult", &words11);
  EXPECT_TRUE(client_->isSuccess());
  EXPECT_EQ(words11, "forty two ");
  SoapRequest r = client_->soap("/webservicesserver/numberconversion.wso");
  r.version(SOAP_1_2)
      .action("http://www.dataaccess.com/webservicesserver/NumberToWords")
      .body(std::string("<m:NumberToWords xmlns:m=\"urn:x\"><m:ubiNum>1000100</m:ubiNum>"
                        "</m:NumberToWords>"))
      .getBody("NumberToWordsResponse.NumberToWordsResult", &words12)
      .getBody("m:NumberToWordsResult", words);
  const ehc::RestResult res = r.send();
  EXPECT_TRUE(res.isSuccess()) << res.message();
  EXPECT_EQ(res.found, 3u);
  EXPECT_EQ(words12, "one million one hundred ");
  EXPECT_STREQ(words, "one million one hundred ");
  EXPECT_TRUE(res.reused);
  EXPECT_FALSE(r.hasFault());
}

TEST_F(SoapServer, ASoap11FaultIsReadAndTheCallbacksRunInTheOriginalsOrder) {
  SoapFault fault;
  std::string raw, order;
  int status = 0;
  client_->soap("/soap-endpoint")
      .soapAction("http://example.com/InvalidOperation")
      .body("<m:InvalidOperation xmlns:m=\"http://example.com/\"/>")
      .getFault(&fault)
      .getRawResponse(&raw)
      .onResponse([&](int s) { order += "response " + std::to_string(s) + ";"; })
      .onFault(
          [&](const SoapFault& f) { order += std::string("fault ") + f.faultCode.c_str() + ";"; })
      .onError([&](int s, const char* m) {
        status = s;
        order += std::string("error ") + m + ";";
      })
      .onSuccess([&](int) { order += "success;"; });
  EXPECT_EQ(order, "response 500;fault soap:Client;error Internal Server Error;");
  EXPECT_EQ(status, 500);
  EXPECT_TRUE(fault.matched);
  EXPECT_STREQ(fault.faultCode.c_str(), "soap:Client");
  EXPECT_STREQ(fault.faultString.c_str(), "Unknown operation: InvalidOperation");
  EXPECT_STREQ(fault.faultActor.c_str(), "http://example.com/soap-endpoint");
  EXPECT_STREQ(fault.detail.c_str(), "no such operation & no fallback");
  EXPECT_NE(raw.find("<faultcode>soap:Client</faultcode>"), std::string::npos);
  EXPECT_EQ(raw.rfind("<?xml", 0), 0u);
  EXPECT_FALSE(client_->isSuccess());
}

TEST_F(SoapServer, ASoap12FaultIsReadFromCodeReasonNodeAndDetail) {
  SoapFault fault;
  SoapRequest r = client_->soap("/soap/fault");
  r.version(SOAP_1_2).action("urn:ops/Charge").body("<m:Charge/>").getFault(&fault);
  r.execute();
  EXPECT_EQ(r.getStatusCode(), 500);
  EXPECT_TRUE(r.hasFault());
  EXPECT_STREQ(fault.faultCode.c_str(), "env:Sender");
  EXPECT_STREQ(fault.faultString.c_str(), "Unknown operation: Charge");
  EXPECT_STREQ(fault.faultActor.c_str(), "http://example.com/soap-endpoint");
  EXPECT_STREQ(fault.detail.c_str(), "no such operation & no fallback");
}

TEST_F(SoapServer, MalformedXmlIsAnErrorAndNothingIsFound) {
  int result = -1;
  bool succeeded = false;
  SoapRequest r = client_->soap("/soap/malformed");
  r.body("<x/>").getBody("Result", &result).onSuccess([&](int) { succeeded = true; });
  const ehc::RestResult res = r.send();
  EXPECT_EQ(res.statusCode, 200);
  EXPECT_EQ(res.error, ehc::EHC_ERROR_INVALID_XML);
  EXPECT_STREQ(ehc::causeName(res.cause), "mismatched_tag");
  EXPECT_EQ(res.found, 0u);
  EXPECT_EQ(result, -1);
  EXPECT_FALSE(succeeded);
  // The connection stays usable.
  std::string words;
  client_->soap("/webservicesserver/numberconversion.wso")
      .body(kNumberBody)
      .getBody("NumberToWordsResult", &words);
  EXPECT_EQ(words, "forty two ");
}

TEST_F(SoapServer, WhatDoesNotFitIsRefusedAndNothingIsSent) {
  const std::string big(EHC_SOAP_STORAGE, 'x');
  SoapRequest r = client_->soap("/soap/echo");
  r.body(big.c_str());
  const ehc::RestResult res = r.send();
  EXPECT_EQ(res.error, ehc::EHC_ERROR_CAPACITY);
  EXPECT_STREQ(ehc::causeName(res.cause), "soap_storage_full");
  EXPECT_EQ(res.bytesSent, 0u);
  int v = 0;
  SoapRequest bad = client_->soap("/soap/echo");
  bad.getBody("a..b", &v);
  EXPECT_EQ(bad.send().error, ehc::EHC_ERROR_INVALID_REQUEST);
}

// A quote or backslash in the action would end or escape its quoted-string
// (SOAP 1.2: add a parameter to the Content-Type): refused in both versions.
TEST_F(SoapServer, AnActionThatWouldBreakItsQuotedStringIsRefusedAndNothingIsSent) {
  const char* const actions[] = {"urn:a\\", "x\"; charset=\"latin1", "\"a\"b\"", "a\\\"b"};
  for (SoapVersion v : {SOAP_1_1, SOAP_1_2}) {
    for (const char* action : actions) {
      bool failed = false;
      SoapRequest r = client_->soap("/soap/echo");
      r.version(v).soapAction(action).body("<x/>").onError(
          [&](int, const char*) { failed = true; });
      const ehc::RestResult res = r.send();
      EXPECT_EQ(res.error, ehc::EHC_ERROR_INVALID_REQUEST) << action << " v" << v;
      EXPECT_STREQ(ehc::causeName(res.cause), "bad_soap_action") << action;
      EXPECT_EQ(res.bytesSent, 0u) << action;
      EXPECT_TRUE(failed) << action;
    }
  }
}

// Zero heap per call once connected (char and number targets, a fault),
// counted over the scripted transport (the fault server runs in this
// process: its threads allocate).
std::string httpXml(int status, const std::string& body) {
  return "HTTP/1.1 " + std::to_string(status) + (status == 200 ? " OK" : " Internal Server Error") +
         "\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

// One SOAP call with "I" bound into *i: its result, and whether onSuccess ran.
struct IntCall {
  ehc::RestResult result;
  bool succeeded = false;
};
IntCall callBindingI(ESP32HTTPClient& client, int* i) {
  IntCall call;
  SoapRequest r = client.soap("/ws");
  r.getBody("I", i).onSuccess([&](int) { call.succeeded = true; });
  call.result = r.send();
  return call;
}

// A 2xx answer without a body holds no XML (-39, no_root); a 204 has none by definition.
TEST(SoapEmpty, AnEmpty200IsNoXmlButA204IsASuccess) {
  const ehc::ScriptStep steps[] = {
      ehc::ScriptStep::data("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"),
      ehc::ScriptStep::gap(),
      ehc::ScriptStep::data("HTTP/1.1 204 No Content\r\n\r\n"),
      ehc::ScriptStep::gap(),
  };
  ehc::ScriptedTransport transport(steps, 4);
  ESP32HTTPClient client("http://soap.test", transport);
  int i = -1;
  const IntCall empty = callBindingI(client, &i);
  EXPECT_EQ(empty.result.statusCode, 200);
  EXPECT_EQ(empty.result.error, ehc::EHC_ERROR_INVALID_XML);
  EXPECT_STREQ(ehc::causeName(empty.result.cause), "no_root");
  EXPECT_FALSE(empty.succeeded);
  const IntCall none = callBindingI(client, &i);
  EXPECT_EQ(none.result.statusCode, 204);
  EXPECT_EQ(none.result.error, ehc::EHC_OK);
  EXPECT_TRUE(none.succeeded);
  EXPECT_EQ(none.result.missing, 1u);
  EXPECT_EQ(i, -1);
}

// Element Type Match: an end tag must name its start tag exactly.
TEST(SoapMismatch, AnEndTagThatIsNotItsStartTagsNameIsInvalidXml) {
  const std::string answer =
      httpXml(200,
              "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body>"
              "<declinate><I>7</I></macallums></s:Body></s:Envelope>");
  const ehc::ScriptStep steps[] = {ehc::ScriptStep::data(answer.c_str()), ehc::ScriptStep::gap()};
  ehc::ScriptedTransport transport(steps, 2);
  ESP32HTTPClient client("http://soap.test", transport);
  int i = -1;
  const IntCall call = callBindingI(client, &i);
  EXPECT_EQ(call.result.statusCode, 200);
  EXPECT_EQ(call.result.error, ehc::EHC_ERROR_INVALID_XML);
  EXPECT_STREQ(ehc::causeName(call.result.cause), "mismatched_tag");
  EXPECT_EQ(call.result.found, 0u);  // (i itself was written when </I> ended, before the break)
  EXPECT_FALSE(call.succeeded);
}

TEST(SoapHeap, NoHeapPerCallOnceConnected) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  const std::string answer = httpXml(200, kAnswer);
  const std::string fault =
      httpXml(500,
              "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault>"
              "<faultcode>s:Client</faultcode><faultstring>no</faultstring></s:Fault></s:Body>"
              "</s:Envelope>");
  std::vector<ehc::ScriptStep> steps;
  for (int k = 0; k < 11; ++k) {
    steps.push_back(ehc::ScriptStep::data(answer.c_str()));
    steps.push_back(ehc::ScriptStep::gap());
    steps.push_back(ehc::ScriptStep::data(fault.c_str()));
    steps.push_back(ehc::ScriptStep::gap());
  }
  ehc::ScriptedTransport transport(steps.data(), steps.size());
  ESP32HTTPClient client("http://soap.test", transport);
  for (int k = 0; k < 11; ++k) {
    ehc_test::AllocScope scope;
    int i = 0, faults = 0;
    char name[16] = "";
    SoapFault f;
    client.soap("/ws")
        .soapAction("urn:a")
        .headerXml("<h/>")
        .body("<m:Op xmlns:m=\"urn:m\"/>")
        .getBody("Answer.I", &i)
        .getBody("Name", name);
    EXPECT_TRUE(client.isSuccess());
    client.soap("/ws").version(SOAP_1_2).action("urn:b").getFault(&f).onFault(
        [&faults](const SoapFault&) { ++faults; });
    EXPECT_EQ(i, 42);
    EXPECT_STREQ(name, "J\xC3\xB6rg & co");
    EXPECT_EQ(faults, 1);
    EXPECT_STREQ(f.faultString.c_str(), "no");
    if (k > 0) EXPECT_EQ(scope.calls(), 0u) << k;  // the first one connects
  }
  EXPECT_EQ(transport.connects(), 1u);
}

}  // namespace
