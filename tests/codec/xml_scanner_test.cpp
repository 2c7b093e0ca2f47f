// The XML scanner (codec/xml_scanner.h): what it reports of well-formed
// documents and which error it gives for malformed ones, each input fed
// whole, byte by byte and in the split patterns of split_feed.h with the
// same events and outcome.
#include "ehc/codec/xml_scanner.h"

#include <gtest/gtest.h>

#include <string>

#include "split_feed.h"

namespace {

// Events as text: "<local@depth>" for an open, "[text]" for each element's
// text (pieces joined), "</depth>" for a close.
struct Events {
  std::string log;
  std::string pending;
  void flush() {
    if (!pending.empty()) log += "[" + pending + "]";
    pending.clear();
  }
};

const ehc::XmlVisitor kVisitor = {
    [](void* u, const char* name, size_t n, size_t local, uint8_t depth) {
      auto* e = static_cast<Events*>(u);
      e->flush();
      e->log += "<" + std::string(name, n) + "|" + std::string(name + local, n - local) + "@" +
                std::to_string(depth) + ">";
    },
    [](void* u, const char* d, size_t n) { static_cast<Events*>(u)->pending.append(d, n); },
    [](void* u, uint8_t depth) {
      auto* e = static_cast<Events*>(u);
      e->flush();
      e->log += "</" + std::to_string(depth) + ">";
    }};

struct Outcome {
  std::string log;
  ehc::XmlError error;
  uint64_t offset;
};

Outcome scan(const std::string& doc, const std::vector<size_t>& pieces) {
  Events events;
  ehc::XmlScanner x;
  x.setVisitor(&kVisitor, &events);
  ehc_test::feedPieces(doc, pieces, [&](const char* d, size_t n) { return x.feed(d, n); });
  const ehc::XmlError e = x.finish();
  events.flush();
  return {events.log, e, x.errorOffset()};
}

// Scans every way; all must agree. Returns the whole-input outcome.
Outcome scanAllWays(const std::string& doc) {
  const Outcome whole = scan(doc, {});
  for (const auto& p : ehc_test::splitPatterns(doc.size())) {
    const Outcome o = scan(doc, p.pieces);
    EXPECT_EQ(o.log, whole.log) << p.name << ": " << doc;
    EXPECT_EQ(o.error, whole.error) << p.name << ": " << doc;
    EXPECT_EQ(o.offset, whole.offset) << p.name << ": " << doc;
  }
  return whole;
}

void expectError(const std::string& doc, ehc::XmlError e) {
  const Outcome o = scanAllWays(doc);
  EXPECT_EQ(o.error, e) << doc << " -> " << ehc::xmlErrorName(o.error);
}

TEST(XmlScanner, ASoapAnswerGivesItsElementsByLocalNameAndTheirText) {
  const std::string doc =
      "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
      "<!-- the answer -->"
      "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">"
      "<soap:Body><m:R xmlns:m='urn:x' a=\"1 > 0\">forty two </m:R><e/><f a='x' /></soap:Body>"
      "</soap:Envelope>\r\n<?pi after?>  ";
  const Outcome o = scanAllWays(doc);
  EXPECT_EQ(o.error, ehc::XmlError::Ok) << ehc::xmlErrorName(o.error);
  EXPECT_EQ(o.log,
            "<soap:Envelope|Envelope@1><soap:Body|Body@2><m:R|R@3>[forty two ]</3>"
            "<e|e@3></3><f|f@3></3></2></1>");
}

TEST(XmlScanner, EntitiesCharacterReferencesAndCdataAreDecoded) {
  const Outcome o = scanAllWays(
      "<a>&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#xe9;&#x20AC;&#x1F600;"
      "<![CDATA[<b>&amp;]]]]>x<![CDATA[]]><!-- c -->y</a>");
  EXPECT_EQ(o.error, ehc::XmlError::Ok);
  EXPECT_EQ(o.log,
            "<a|a@1>[<>&\"' AB\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80<b>&amp;]]x"
            "y]</1>");
}

TEST(XmlScanner, MalformedDocumentsGiveTheirError) {
  using E = ehc::XmlError;
  expectError("", E::NoRoot);
  expectError("  <!-- c -->  ", E::NoRoot);
  expectError("<a>", E::Incomplete);
  expectError("<a>text", E::Incomplete);
  expectError("<a></a", E::Incomplete);
  expectError("<a><!-- c", E::Incomplete);
  expectError("<a><![CDATA[x]]", E::Incomplete);
  expectError("<a></b>", E::MismatchedTag);
  expectError("<a><b></a></b>", E::MismatchedTag);
  expectError("<ns:a></ns:b>", E::MismatchedTag);
  expectError("<a></ab>", E::MismatchedTag);
  expectError("</a>", E::MismatchedTag);
  expectError("<a>&unknown;</a>", E::BadReference);
  expectError("<a>&#0;</a>", E::BadReference);
  expectError("<a>&#xD800;</a>", E::BadReference);
  expectError("<a>&#x110000;</a>", E::BadReference);
  expectError("<a>&#;</a>", E::BadReference);
  expectError("<a>&#x;</a>", E::BadReference);
  expectError("<a>&amp</a>", E::BadReference);
  expectError("<a>&verylongentityname;</a>", E::BadReference);
  expectError("<a x></a>", E::Syntax);
  expectError("<a x=1></a>", E::Syntax);
  expectError("<a x='1'y='2'></a>", E::Syntax);
  expectError("<a x='<'></a>", E::Syntax);
  expectError("<a x='1>", E::Incomplete);
  expectError("<1a></1a>", E::Syntax);
  expectError("< a></a>", E::Syntax);
  expectError("<a/ ></a>", E::Syntax);
  expectError("<a>\x01</a>", E::Syntax);
  expectError("<a><!-- x -- y --></a>", E::Syntax);
  expectError("<a><![CDATX[x]]></a>", E::Syntax);
  expectError(" <?xml version='1.0'?><a/>", E::Syntax);
  expectError("<a/><?xml version='1.0'?>", E::Syntax);
  expectError("<a><?XmL?></a>", E::Syntax);  // the declaration's target in any case
  expectError("<!DOCTYPE a [<!ENTITY x 'y'>]><a>&x;</a>", E::Doctype);
  expectError("text<a/>", E::TextOutsideRoot);
  expectError("<a/>text", E::TextOutsideRoot);
  expectError("<a/><b/>", E::TextOutsideRoot);
  expectError("<a/>&amp;", E::TextOutsideRoot);
  expectError("<" + std::string(EHC_XML_MAX_NAME + 1, 'n') + "/>", E::NameTooLong);
  std::string deep, close;
  for (int i = 0; i <= EHC_XML_MAX_DEPTH; ++i) deep += "<d>";
  expectError(deep, E::TooDeep);
}

// Every two-piece cut of the document gives what the whole one gives.
Outcome scanEveryCut(const std::string& doc) {
  const Outcome whole = scanAllWays(doc);
  for (size_t cut = 0; cut <= doc.size(); ++cut) {
    const Outcome o = scan(doc, {cut ? cut : doc.size(), doc.size()});
    EXPECT_EQ(o.log, whole.log) << "cut " << cut << ": " << doc;
    EXPECT_EQ(o.error, whole.error) << "cut " << cut << ": " << doc;
    EXPECT_EQ(o.offset, whole.offset) << "cut " << cut << ": " << doc;
  }
  return whole;
}

// The scanner once matched end tags by length and a 32-bit FNV-1a hash;
// "declinate" and "macallums" are two words with the same length and hash.
TEST(XmlScanner, AnEndTagMustNameItsStartTagExactlyNotJustHashTheSame) {
  const Outcome o = scanEveryCut("<declinate>x</macallums>");
  EXPECT_EQ(o.error, ehc::XmlError::MismatchedTag);
  EXPECT_EQ(o.offset, 14u);                        // the first byte that differs: 'm'
  EXPECT_EQ(o.log, "<declinate|declinate@1>[x]");  // no close for it
  EXPECT_EQ(scanEveryCut("<r><declinate>x</declinate></r>").error, ehc::XmlError::Ok);
}

TEST(XmlScanner, AMismatchedEndTagIsFoundAtEveryCut) {
  const std::string doc = "<soap:Body><m:R>1</m:r></soap:Body>";
  const Outcome o = scanEveryCut(doc);
  EXPECT_EQ(o.error, ehc::XmlError::MismatchedTag);
  EXPECT_EQ(o.offset, doc.find("m:r") + 2);
  EXPECT_EQ(scanEveryCut("<a><bc></b></a>").offset, 10u);  // too short: at the '>'
  EXPECT_EQ(scanEveryCut("<a><b></bc></a>").offset, 9u);   // too long: at the 'c'
  EXPECT_EQ(scanEveryCut("<a><b></b ></a >").error, ehc::XmlError::Ok);
}

// Names are kept whole, prefix included: the end tag's prefix must be the
// start tag's (no namespace resolution: another prefix bound to the same
// URI is another name, as XML 1.0 says).
TEST(XmlScanner, APrefixedNameIsMatchedWithItsPrefix) {
  const Outcome ok =
      scanEveryCut("<soap:Envelope xmlns:soap='urn:s'><soap:Body>x</soap:Body></soap:Envelope>");
  EXPECT_EQ(ok.error, ehc::XmlError::Ok);
  EXPECT_EQ(ok.log, "<soap:Envelope|Envelope@1><soap:Body|Body@2>[x]</2></1>");
  using E = ehc::XmlError;
  expectError("<soap:Body></Body>", E::MismatchedTag);
  expectError("<Body></soap:Body>", E::MismatchedTag);
  expectError("<soap:Body></SOAP:Body>", E::MismatchedTag);
  // The same local part and colliding prefixes (the hash's state after them
  // is the same, so the whole names hashed the same).
  expectError("<declinate:Body></macallums:Body>", E::MismatchedTag);
}

TEST(XmlScanner, NamesAtTheLengthLimitAreMatchedWhole) {
  const std::string pad(EHC_XML_MAX_NAME - 9, 'n');
  const std::string a = "declinate" + pad, b = "macallums" + pad;  // same length and hash
  ASSERT_EQ(a.size(), static_cast<size_t>(EHC_XML_MAX_NAME));
  expectError("<" + a + "></" + b + ">", ehc::XmlError::MismatchedTag);
  std::string last = a;
  last.back() = 'm';
  expectError("<" + a + "></" + last + ">", ehc::XmlError::MismatchedTag);
  expectError("<" + a + "></" + a + "n>", ehc::XmlError::MismatchedTag);
  EXPECT_EQ(scanEveryCut("<" + a + "><" + b + "/></" + a + ">").error, ehc::XmlError::Ok);
}

// XML 1.0 section 2.11: every CR LF and every lone CR is passed on as one
// LF, in text and CDATA; a CR LF cut between two pieces too.
TEST(XmlScanner, LineEndsInTextAreOneLfEach) {
  const Outcome o = scanEveryCut("\r\n<a x='1\r\n2'>1\r\n2\r3\n4\r\r\n5\n\r6\r</a>\r\n");
  EXPECT_EQ(o.error, ehc::XmlError::Ok);
  EXPECT_EQ(o.log, "<a|a@1>[1\n2\n3\n4\n\n5\n\n6\n]</1>");
  const Outcome cdata = scanEveryCut("<a><![CDATA[x\r\ny\r]]>\r\n<![CDATA[\r]]>\n</a>");
  EXPECT_EQ(cdata.log, "<a|a@1>[x\ny\n\n\n\n]</1>");
  // A CR at the very end of a piece, its LF at the start of the next.
  EXPECT_EQ(scan("<a>x\r\ny\r\n</a>", {5, 1, 2, 1, 100}).log, "<a|a@1>[x\ny\n]</1>");
  EXPECT_EQ(scan("<a>x\r\ry</a>", {4, 1, 100}).log, "<a|a@1>[x\n\ny]</1>");
}

// A character reference is not a line end: &#13; stays a CR, and a literal
// LF after it is another character.
TEST(XmlScanner, ReferencedCarriageReturnsAreKept) {
  const Outcome o = scanEveryCut("<a>&#13;&#10;&#xD;\n\r&#10;x</a>");
  EXPECT_EQ(o.error, ehc::XmlError::Ok);
  EXPECT_EQ(o.log, "<a|a@1>[\r\n\r\n\n\nx]</1>");
}

// Nested elements whose names (and a length byte each) take `bytes` of the
// name buffer: names one shorter than EHC_XML_MAX_NAME (so the last one may
// grow by a byte), then the rest. Their end tags go into *close.
std::string nestedNames(size_t bytes, char first, std::string* close) {
  std::string open;
  close->clear();
  for (char letter = first; bytes > 0; ++letter) {
    size_t n = bytes - 1 < EHC_XML_MAX_NAME - 1 ? bytes - 1 : EHC_XML_MAX_NAME - 1;
    if (bytes - (n + 1) == 1) --n;  // leave two bytes: a name and its length
    const std::string name = letter + std::string(n - 1, 'n');
    open += "<" + name + ">";
    *close = "</" + name + ">" + *close;
    bytes -= n + 1;
  }
  return open;
}

TEST(XmlScanner, TheOpenNamesTakeAtMostTheNameBuffer) {
  static_assert(EHC_XML_NAME_STACK / (EHC_XML_MAX_NAME - 1) + 2 < EHC_XML_MAX_DEPTH,
                "the name buffer fills before the depth limit is reached");
  std::string close, close2;
  const std::string full = nestedNames(EHC_XML_NAME_STACK, 'a', &close);
  EXPECT_EQ(scanAllWays(full + close).error, ehc::XmlError::Ok);
  // Ended elements give their bytes back: filled twice under one root ("r" and its length).
  const std::string inner = nestedNames(EHC_XML_NAME_STACK - 2, 'b', &close2);
  EXPECT_EQ(scanAllWays("<r>" + inner + close2 + inner + close2 + "</r>").error, ehc::XmlError::Ok);
  // One byte more: refused at that byte.
  const std::string over = full.substr(0, full.size() - 1) + "x>";
  const Outcome refused = scanAllWays(over + close);
  EXPECT_EQ(refused.error, ehc::XmlError::NamesTooLong);
  EXPECT_EQ(refused.offset, over.size() - 2);
  EXPECT_EQ(refused.log.find("x@"), std::string::npos);  // never opened
  EXPECT_STREQ(ehc::xmlErrorName(refused.error), "names_too_long");
}

// Only "xml" itself is the declaration's target; its name is not kept, so a
// long target deep in a document needs no room among the open names.
TEST(XmlScanner, ProcessingInstructionsOtherThanTheDeclarationMayComeAnywhere) {
  EXPECT_EQ(
      scanAllWays("<?XML version='1.0'?><a><?xml-stylesheet href='s'?><?xm?><?xmlx?></a>").error,
      ehc::XmlError::Ok);
  std::string close;
  const std::string full = nestedNames(EHC_XML_NAME_STACK, 'a', &close);
  const std::string target(EHC_XML_MAX_NAME, 'p');
  EXPECT_EQ(scanAllWays(full + "<?" + target + "?>" + close).error, ehc::XmlError::Ok);
  expectError("<a><?" + target + "p?></a>", ehc::XmlError::NameTooLong);
}

TEST(XmlScanner, TheLimitsThemselvesAreAccepted) {
  const std::string name(EHC_XML_MAX_NAME, 'n');
  EXPECT_EQ(scanAllWays("<" + name + "></" + name + ">").error, ehc::XmlError::Ok);
  std::string deep, close;
  for (int i = 0; i < EHC_XML_MAX_DEPTH; ++i) {
    deep += "<d>";
    close += "</d>";
  }
  EXPECT_EQ(scanAllWays(deep + close).error, ehc::XmlError::Ok);
}

// Found by fuzz_xml_scanner: the first byte of a document is looked at
// one by one (a BOM may start there), and white space there was delivered
// as text of no element.
TEST(XmlScanner, BlanksBeforeTheRootAreNoText) {
  const Outcome o = scanAllWays("\r\n <a>x</a>");
  EXPECT_EQ(o.error, ehc::XmlError::Ok);
  EXPECT_EQ(o.log, "<a|a@1>[x]</1>");
}

// A BOM cut short is not silently dropped: the byte after it is wrong.
TEST(XmlScanner, APartialBomIsASyntaxError) {
  const Outcome two = scanAllWays("\xEF\xBB<a/>");
  EXPECT_EQ(two.error, ehc::XmlError::Syntax);
  EXPECT_EQ(two.offset, 2u);
  EXPECT_EQ(two.log, "");
  const Outcome one = scanAllWays("\xEF<a/>");
  EXPECT_EQ(one.error, ehc::XmlError::Syntax);
  EXPECT_EQ(one.offset, 1u);
  EXPECT_EQ(scanAllWays("\xEF\xBB\xBF<a/>").error, ehc::XmlError::Ok);
}

TEST(XmlScanner, TheErrorOffsetIsTheOffendingByte) {
  EXPECT_EQ(scan("<a></b>", {}).offset, 5u);  // the first byte of the end tag's name that differs
  EXPECT_EQ(scan("<a/>  x", {}).offset, 6u);
  EXPECT_EQ(scan("\xEF\xBB\xBF<a>\x02</a>", {}).offset, 6u);
}

TEST(XmlScanner, NoCloseComesForAnElementThatDidNotEnd) {
  // The value of <v> streamed, but the document broke before </v>.
  const Outcome o = scanAllWays("<a><v>12</a>");
  EXPECT_EQ(o.error, ehc::XmlError::MismatchedTag);
  EXPECT_EQ(o.log, "<a|a@1><v|v@2>[12]");
}

TEST(XmlScanner, AfterAnErrorFeedRefusesAndResetStartsOver) {
  ehc::XmlScanner x;
  EXPECT_FALSE(x.feed("<a></b>", 7));
  EXPECT_FALSE(x.feed("<a/>", 4));
  EXPECT_EQ(x.finish(), ehc::XmlError::MismatchedTag);
  x.reset();
  EXPECT_TRUE(x.feed("<a/>", 4));
  EXPECT_EQ(x.finish(), ehc::XmlError::Ok);
  EXPECT_STREQ(ehc::xmlErrorName(ehc::XmlError::Doctype), "doctype");
}

}  // namespace
