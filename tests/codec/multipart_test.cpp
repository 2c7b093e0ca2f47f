// The multipart splitter against RFC 2046 5.1 and what GraphQL servers send
// (incremental delivery over HTTP: boundary "-", CRLF or bare LF), every
// body fed whole, byte by byte and at many splits with the same outcome.
#include "ehc/codec/multipart.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "split_feed.h"

using ehc::MultipartError;
using ehc_test::feedPieces;
using ehc_test::splitPatterns;

namespace {

struct Part {
  std::vector<std::string> headers;
  std::string body;
  bool ended = false;
  bool operator==(const Part& o) const {
    return headers == o.headers && body == o.body && ended == o.ended;
  }
};
std::ostream& operator<<(std::ostream& os, const Part& p) {
  os << "{";
  for (const auto& h : p.headers) os << "[" << h << "]";
  return os << testing::PrintToString(p.body) << (p.ended ? " end" : " cut") << "}";
}

struct Outcome {
  std::vector<Part> parts;
  MultipartError error = MultipartError::Ok;
  bool operator==(const Outcome& o) const { return parts == o.parts && error == o.error; }
};
std::ostream& operator<<(std::ostream& os, const Outcome& o) {
  os << ehc::multipartErrorName(o.error) << " ";
  for (const auto& p : o.parts) os << p;
  return os;
}

struct Recorder {
  Outcome out;
  int stopAtPart = -1;  // the begin of this part (0-based) returns false
};

const ehc::MultipartVisitor kVisitor = {
    [](void* u) {
      auto& r = *static_cast<Recorder*>(u);
      r.out.parts.emplace_back();
      return static_cast<int>(r.out.parts.size()) - 1 != r.stopAtPart;
    },
    [](void* u, const char* d, size_t n) {
      static_cast<Recorder*>(u)->out.parts.back().headers.emplace_back(d, n);
      return true;
    },
    [](void* u, const char* d, size_t n) {
      EXPECT_GT(n, 0u);
      static_cast<Recorder*>(u)->out.parts.back().body.append(d, n);
      return true;
    },
    [](void* u) {
      static_cast<Recorder*>(u)->out.parts.back().ended = true;
      return true;
    },
};

Outcome split(const std::string& body, const std::vector<size_t>& pieces,
              const char* boundary = "-", int stopAtPart = -1) {
  Recorder r;
  r.stopAtPart = stopAtPart;
  ehc::StaticMultipartSplitter<64> s;
  s.setVisitor(&kVisitor, &r);
  EXPECT_EQ(s.begin(boundary), MultipartError::Ok);
  feedPieces(body, pieces, [&](const char* d, size_t n) { return s.feed(d, n); });
  r.out.error = s.finish();
  return r.out;
}

// The outcome, the same at every split.
Outcome splitEveryWay(const std::string& body, const char* boundary = "-", int stopAtPart = -1) {
  const Outcome whole = split(body, {}, boundary, stopAtPart);
  for (const auto& p : splitPatterns(body.size()))
    EXPECT_EQ(split(body, p.pieces, boundary, stopAtPart), whole) << "split " << p.name;
  return whole;
}

Part part(std::vector<std::string> headers, std::string body, bool ended = true) {
  return Part{std::move(headers), std::move(body), ended};
}

TEST(Multipart, GraphQLIncrementalDeliveryWithCrlf) {
  const std::string body =
      "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
      "{\"data\":{\"a\":1},\"hasNext\":true}\r\n---\r\n"
      "Content-Type: application/json\r\n\r\n"
      "{\"incremental\":[{\"data\":{\"b\":2},\"path\":[]}],\"hasNext\":false}\r\n-----\r\n";
  const Outcome o = splitEveryWay(body);
  EXPECT_EQ(o.error, MultipartError::Ok);
  ASSERT_EQ(o.parts.size(), 2u);
  EXPECT_EQ(o.parts[0], part({"Content-Type: application/json; charset=utf-8"},
                             "{\"data\":{\"a\":1},\"hasNext\":true}"));
  EXPECT_EQ(o.parts[1],
            part({"Content-Type: application/json"},
                 "{\"incremental\":[{\"data\":{\"b\":2},\"path\":[]}],\"hasNext\":false}"));
}

TEST(Multipart, BareLineFeedsAsSomeServersSend) {
  const std::string body =
      "---\ncontent-type: application/json\n\n{\"x\":1}\n---\n"
      "content-type: application/json\n\n{\"y\":2}\n-----\n";
  const Outcome o = splitEveryWay(body);
  EXPECT_EQ(o.error, MultipartError::Ok);
  ASSERT_EQ(o.parts.size(), 2u);
  EXPECT_EQ(o.parts[0].body, "{\"x\":1}");
  EXPECT_EQ(o.parts[1], part({"content-type: application/json"}, "{\"y\":2}"));
}

TEST(Multipart, Rfc2046ExampleWithPreambleEpilogueAndPadding) {
  const std::string body =
      "This is the preamble.  It is to be ignored, though it\r\n"
      "is a handy place for composition agents to include an\r\n"
      "explanatory note to non-MIME conformant readers.\r\n"
      "\r\n--simple boundary \t\r\n"
      "\r\n"
      "This is implicitly typed plain US-ASCII text.\r\n"
      "It does NOT end with a linebreak.\r\n"
      "--simple boundary\r\n"
      "Content-type: text/plain; charset=us-ascii\r\n"
      "\r\n"
      "This is explicitly typed plain US-ASCII text.\r\n"
      "It DOES end with a linebreak.\r\n"
      "\r\n"
      "--simple boundary--\r\n"
      "\r\n"
      "This is the epilogue.  It is also to be ignored.\r\n--simple boundary--";
  const Outcome o = splitEveryWay(body, "simple boundary");
  EXPECT_EQ(o.error, MultipartError::Ok);
  ASSERT_EQ(o.parts.size(), 2u);
  EXPECT_EQ(o.parts[0], part({},
                             "This is implicitly typed plain US-ASCII text.\r\n"
                             "It does NOT end with a linebreak."));
  EXPECT_EQ(o.parts[1], part({"Content-type: text/plain; charset=us-ascii"},
                             "This is explicitly typed plain US-ASCII text.\r\n"
                             "It DOES end with a linebreak.\r\n"));
}

TEST(Multipart, NearDelimitersAndLoneCarriageReturnsAreBody) {
  // "--" lines that are not the boundary, a boundary not at a line's start,
  // CRs without LF, a line break before "-" that goes on otherwise.
  const std::string text =
      "a\r\n--b\r\n--\r\nx---\r\r\r\n-\r\n--\n-x\r\r\n\r\n--boundar\r\n--boundaryless";
  const std::string body = "--boundary\r\n\r\n" + text + "\r\n--boundary--";
  const Outcome o = splitEveryWay(body, "boundary");
  EXPECT_EQ(o.error, MultipartError::BadDelimiter);  // "--boundaryless" is a bad delimiter line
  ASSERT_EQ(o.parts.size(), 1u);
  EXPECT_EQ(o.parts[0].body, "a\r\n--b\r\n--\r\nx---\r\r\r\n-\r\n--\n-x\r\r\n\r\n--boundar");
  EXPECT_FALSE(o.parts[0].ended);

  const std::string fine =
      "--boundary\r\n\r\n" + text.substr(0, text.size() - 16) + "\r\n--boundary--";
  const Outcome f = splitEveryWay(fine, "boundary");
  EXPECT_EQ(f.error, MultipartError::Ok);
  ASSERT_EQ(f.parts.size(), 1u);
  EXPECT_EQ(f.parts[0].body, text.substr(0, text.size() - 16));
}

TEST(Multipart, EmptyPartsAndPartsWithoutHeaders) {
  const Outcome o = splitEveryWay("---\r\n\r\n\r\n---\r\n\r\n---\r\nA: b\r\n\r\nz\r\n-----");
  EXPECT_EQ(o.error, MultipartError::Ok);
  ASSERT_EQ(o.parts.size(), 3u);
  EXPECT_EQ(o.parts[0], part({}, ""));
  EXPECT_EQ(o.parts[1], part({}, ""));
  EXPECT_EQ(o.parts[2], part({"A: b"}, "z"));
}

TEST(Multipart, MalformedBodiesHaveClearErrors) {
  EXPECT_EQ(splitEveryWay("---\r\n\r\n{}\r\n--- junk\r\n").error, MultipartError::BadDelimiter);
  EXPECT_EQ(splitEveryWay("---x\r\n").error, MultipartError::BadDelimiter);
  EXPECT_EQ(splitEveryWay("---\r\n\r\n{}\r\n----x").error, MultipartError::BadDelimiter);
  EXPECT_EQ(splitEveryWay("---\r \r\n").error, MultipartError::BadDelimiter);
  EXPECT_EQ(splitEveryWay("---\r\nA: b\rc\r\n\r\n").error, MultipartError::BadHeader);
  EXPECT_EQ(splitEveryWay("---\r\n" + std::string(65, 'h') + "\r\n\r\n-----").error,
            MultipartError::HeaderTooLong);
  EXPECT_EQ(splitEveryWay("---\r\n" + std::string(64, 'h') + "\r\n\r\n-----").error,
            MultipartError::Ok);
}

TEST(Multipart, ABodyCutBeforeTheCloseDelimiterIsReported) {
  const Outcome o = splitEveryWay("---\r\n\r\n{\"data\":1}\r\n---\r\n\r\n{\"incr");
  EXPECT_EQ(o.error, MultipartError::MissingClose);
  ASSERT_EQ(o.parts.size(), 2u);
  EXPECT_EQ(o.parts[0], part({}, "{\"data\":1}"));
  EXPECT_EQ(o.parts[1], part({}, "{\"incr", false));
  EXPECT_EQ(splitEveryWay("no delimiter at all").error, MultipartError::MissingClose);
  EXPECT_EQ(splitEveryWay("").error, MultipartError::MissingClose);
  EXPECT_EQ(splitEveryWay("---\r\n\r\n{}\r\n---").error, MultipartError::MissingClose);
}

TEST(Multipart, ACallbackStopsIt) {
  const Outcome o = splitEveryWay("---\r\n\r\na\r\n---\r\n\r\nb\r\n-----", "-", 1);
  EXPECT_EQ(o.error, MultipartError::Stopped);
  ASSERT_EQ(o.parts.size(), 2u);
  EXPECT_EQ(o.parts[0], part({}, "a"));
}

TEST(Multipart, BeginRefusesBadBoundaries) {
  ehc::StaticMultipartSplitter<> s;
  EXPECT_EQ(s.begin(""), MultipartError::NoBoundary);
  EXPECT_FALSE(s.feed("---\r\n", 5));
  EXPECT_EQ(s.begin(std::string(71, 'b').c_str()), MultipartError::BoundaryTooLong);
  EXPECT_EQ(s.finish(), MultipartError::BoundaryTooLong);
  EXPECT_EQ(s.begin(std::string(70, 'b').c_str()), MultipartError::Ok);
}

MultipartError boundaryOf(const char* contentType, std::string* out,
                          const char* subtype = "mixed") {
  char b[ehc::kMultipartBoundaryMax + 1];
  const MultipartError e = ehc::multipartBoundary(contentType, b, sizeof b, subtype);
  *out = b;
  return e;
}

TEST(MultipartBoundary, FromTheContentTypeParameter) {
  std::string b;
  EXPECT_EQ(boundaryOf("multipart/mixed; boundary=\"-\"", &b), MultipartError::Ok);
  EXPECT_EQ(b, "-");
  EXPECT_EQ(boundaryOf("multipart/mixed;boundary=-", &b), MultipartError::Ok);
  EXPECT_EQ(b, "-");
  EXPECT_EQ(
      boundaryOf(" Multipart/MIXED ; charset=utf-8 ;BOUNDARY=graphql ; deferSpec=20220824", &b),
      MultipartError::Ok);
  EXPECT_EQ(b, "graphql");
  EXPECT_EQ(boundaryOf("multipart/mixed; boundary=\"simple boundary\"", &b), MultipartError::Ok);
  EXPECT_EQ(b, "simple boundary");
  EXPECT_EQ(boundaryOf("multipart/mixed; boundary=\"a\\\"b\"", &b), MultipartError::NoBoundary);
  EXPECT_EQ(boundaryOf("multipart/mixed; x=\"q;boundary=no\"; boundary=yes", &b),
            MultipartError::Ok);
  EXPECT_EQ(b, "yes");
  EXPECT_EQ(boundaryOf("multipart/alternative; boundary=z", &b, nullptr), MultipartError::Ok);
  EXPECT_EQ(b, "z");
  const std::string longest = "multipart/mixed; boundary=" + std::string(70, '0');
  EXPECT_EQ(boundaryOf(longest.c_str(), &b), MultipartError::Ok);
  EXPECT_EQ(b.size(), 70u);
}

TEST(MultipartBoundary, RefusesWhatIsNotOne) {
  std::string b;
  EXPECT_EQ(boundaryOf("application/json", &b), MultipartError::NotMultipart);
  EXPECT_EQ(boundaryOf("multipart/", &b), MultipartError::NotMultipart);
  EXPECT_EQ(boundaryOf("multipart/related; boundary=-", &b), MultipartError::NotMultipart);
  EXPECT_EQ(boundaryOf(nullptr, &b), MultipartError::NotMultipart);
  EXPECT_EQ(boundaryOf("multipart/mixed", &b), MultipartError::NoBoundary);
  EXPECT_EQ(boundaryOf("multipart/mixed; boundary=", &b), MultipartError::NoBoundary);
  EXPECT_EQ(boundaryOf("multipart/mixed; boundary=\"unterminated", &b), MultipartError::NoBoundary);
  EXPECT_EQ(boundaryOf("multipart/mixed; boundary=\"ends with space \"", &b),
            MultipartError::NoBoundary);
  EXPECT_EQ(boundaryOf("multipart/mixed; boundary=\"a<b\"", &b), MultipartError::NoBoundary);
  EXPECT_EQ(boundaryOf("multipart/mixed junk; boundary=a", &b), MultipartError::NoBoundary);
  const std::string tooLong = "multipart/mixed; boundary=" + std::string(71, '0');
  EXPECT_EQ(boundaryOf(tooLong.c_str(), &b), MultipartError::BoundaryTooLong);
  const std::string quotedLong = "multipart/mixed; boundary=\"" + std::string(200, '0') + "\"";
  EXPECT_EQ(boundaryOf(quotedLong.c_str(), &b), MultipartError::BoundaryTooLong);
  char small[4];
  EXPECT_EQ(ehc::multipartBoundary("multipart/mixed; boundary=abcd", small, sizeof small),
            MultipartError::BoundaryTooLong);
  EXPECT_STREQ(ehc::multipartErrorName(MultipartError::MissingClose), "missing_close");
}

}  // namespace
