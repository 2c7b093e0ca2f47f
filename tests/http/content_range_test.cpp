// Range requests: the Range value written, Content-Range read strictly
// (RFC 9110 14.4), and what an answer means for a download resumed at an
// offset.
#include "ehc/http/content_range.h"

#include <gtest/gtest.h>
#include <string.h>

#include <set>
#include <string>

using ehc::ContentRange;
using ehc::RangeError;
using ehc::ResumeAction;

namespace {

std::string rangeFrom(uint64_t first, size_t size = 64) {
  char buf[64];
  const size_t n = ehc::writeRangeFrom(first, buf, size);
  EXPECT_EQ(n, strlen(buf));
  return buf;
}

TEST(Range, WritesTheRangeValue) {
  EXPECT_EQ(rangeFrom(0), "bytes=0-");
  EXPECT_EQ(rangeFrom(1048576), "bytes=1048576-");
  EXPECT_EQ(rangeFrom(UINT64_MAX), "bytes=18446744073709551615-");
  // Exactly room for it and its NUL, then one byte less.
  EXPECT_EQ(rangeFrom(123, 11), "bytes=123-");
  EXPECT_EQ(rangeFrom(123, 10), "");
  char buf[32];
  EXPECT_EQ(ehc::writeRange(0, 499, buf, sizeof buf), 11u);
  EXPECT_STREQ(buf, "bytes=0-499");
  EXPECT_EQ(ehc::writeRange(7, 7, buf, sizeof buf), 9u);
  EXPECT_STREQ(buf, "bytes=7-7");
  EXPECT_EQ(ehc::writeRange(8, 7, buf, sizeof buf), 0u);
  EXPECT_STREQ(buf, "");
  EXPECT_EQ(ehc::writeRangeFrom(1, buf, 0), 0u);  // no room at all: nothing written
}

ContentRange parse(const char* s, RangeError expected = RangeError::Ok) {
  ContentRange r;
  EXPECT_EQ(ehc::parseContentRange(s, &r), expected)
      << '"' << s << "\" gave " << ehc::rangeErrorName(ehc::parseContentRange(s, &r));
  return r;
}

TEST(ContentRange, ReadsTheThreeForms) {
  ContentRange r = parse("bytes 0-499/1234");
  EXPECT_TRUE(r.satisfied);
  EXPECT_EQ(r.first, 0u);
  EXPECT_EQ(r.last, 499u);
  EXPECT_TRUE(r.lengthKnown);
  EXPECT_EQ(r.length, 1234u);
  r = parse("bytes 500-999/*");
  EXPECT_TRUE(r.satisfied);
  EXPECT_EQ(r.first, 500u);
  EXPECT_FALSE(r.lengthKnown);
  r = parse("bytes */1234");
  EXPECT_FALSE(r.satisfied);
  EXPECT_TRUE(r.lengthKnown);
  EXPECT_EQ(r.length, 1234u);
  // The unit in any case, whitespace around the value, leading zeros.
  EXPECT_EQ(parse("BYTES 0-0/1").last, 0u);
  EXPECT_EQ(parse(" \tbytes 1-2/3\t ").length, 3u);
  EXPECT_EQ(parse("bytes 007-008/009").first, 7u);
  r = parse("bytes 0-9223372036854775806/9223372036854775807");
  EXPECT_EQ(r.length, 9223372036854775807u);
  std::string withNul("bytes 0-1/2\0", 12);  // the length given, not the NUL, ends it
  EXPECT_EQ(ehc::parseContentRange(withNul.data(), withNul.size(), &r), RangeError::Malformed);
}

TEST(ContentRange, RefusesAnythingElse) {
  for (const char* s : {"",
                        " ",
                        "bytes",
                        "bytes ",
                        "bytes  0-1/2",
                        "bytes\t0-1/2",
                        "bytes 0 -1/2",
                        "bytes 0- 1/2",
                        "bytes 0-1 /2",
                        "bytes 0-1/ 2",
                        "bytes -1/2",
                        "bytes 0-/2",
                        "bytes 0-1/",
                        "bytes 0-1",
                        "bytes +0-1/2",
                        "bytes 0x1-2/3",
                        "bytes 0-1/2x",
                        "bytes */*",
                        "bytes *",
                        "bytes */",
                        "bytes *-1/2",
                        "bytes 0-1/2, 3-4/5",
                        "bytes=0-1/2",
                        "bytes 0-1/-2",
                        "bytes 1.5-2/3",
                        " 0-1/2",
                        "bytes 0-1//2"})
    parse(s, RangeError::Malformed);
  parse("items 0-1/2", RangeError::NotBytes);
  parse("bytesx 0-1/2", RangeError::NotBytes);
  parse("bytes 5-4/10", RangeError::BadRange);
  parse("bytes 0-10/10", RangeError::BadRange);
  parse("bytes 0-9/9", RangeError::BadRange);
  parse("bytes 0-9223372036854775808/*", RangeError::TooLarge);
  parse("bytes 99999999999999999999-1/2", RangeError::TooLarge);
  parse("bytes */18446744073709551616", RangeError::TooLarge);
  ContentRange r;
  r.first = 77;
  EXPECT_NE(ehc::parseContentRange("bytes 5-4/10", &r), RangeError::Ok);
  EXPECT_EQ(r.first, 0u) << "a refused value leaves nothing behind";
}

struct Resume {
  int status;
  const char* contentRange;
  uint64_t received;
  int64_t known;
  ResumeAction action;
  RangeError error;
};

TEST(Resume, WhatTheAnswerMeans) {
  const Resume cases[] = {
      {206, "bytes 100-199/200", 100, 200, ResumeAction::Append, RangeError::Ok},
      {206, "bytes 100-199/200", 100, -1, ResumeAction::Append, RangeError::Ok},
      {206, "bytes 100-149/200", 100, 200, ResumeAction::Append, RangeError::Ok},  // a part
      {206, "bytes 100-199/*", 100, 200, ResumeAction::Append, RangeError::Ok},
      {206, "bytes 0-199/200", 100, 200, ResumeAction::Fail, RangeError::WrongStart},
      {206, "bytes 150-199/200", 100, 200, ResumeAction::Fail, RangeError::WrongStart},
      {206, nullptr, 100, 200, ResumeAction::Fail, RangeError::Missing},
      {206, "bytes */200", 100, 200, ResumeAction::Fail, RangeError::Unsatisfied},
      {206, "bytes 100-299/300", 100, 200, ResumeAction::Retry, RangeError::LengthChanged},
      {206, "bytes 100-199", 100, 200, ResumeAction::Fail, RangeError::Malformed},
      {200, nullptr, 100, 200, ResumeAction::Replace, RangeError::Ok},
      {200, "bytes 0-1/2", 100, 200, ResumeAction::Replace, RangeError::Ok},
      {416, "bytes */200", 200, 200, ResumeAction::Complete, RangeError::Ok},
      {416, "bytes */200", 200, -1, ResumeAction::Complete, RangeError::Ok},
      {416, "bytes */150", 200, -1, ResumeAction::Retry, RangeError::LengthChanged},
      {416, "bytes */200", 200, 300, ResumeAction::Retry, RangeError::LengthChanged},
      {416, nullptr, 200, 200, ResumeAction::Retry, RangeError::Missing},
      {416, "bytes 0-1/200", 200, 200, ResumeAction::Fail, RangeError::Malformed},
      {404, nullptr, 100, 200, ResumeAction::Fail, RangeError::UnexpectedStatus},
      {304, nullptr, 100, 200, ResumeAction::Fail, RangeError::UnexpectedStatus},
  };
  for (const Resume& c : cases) {
    const auto d = ehc::decideResume(c.status, c.contentRange, c.received, c.known);
    EXPECT_EQ(d.action, c.action) << c.status << " " << (c.contentRange ? c.contentRange : "-");
    EXPECT_EQ(d.error, c.error) << c.status << " " << (c.contentRange ? c.contentRange : "-")
                                << ": " << ehc::rangeErrorName(d.error);
  }
  const auto d = ehc::decideResume(206, "bytes 100-149/200", 100, 200);
  EXPECT_EQ(d.range.last, 149u);  // the caller sees what the part covers
  EXPECT_EQ(d.range.length, 200u);
}

TEST(RangeErrors, EveryErrorHasItsOwnNameAndAMessage) {
  std::set<std::string> names;
  for (int i = 0; i <= static_cast<int>(RangeError::UnexpectedStatus); ++i) {
    const auto e = static_cast<RangeError>(i);
    EXPECT_TRUE(names.insert(ehc::rangeErrorName(e)).second) << i;
    EXPECT_GT(strlen(ehc::rangeErrorMessage(e)), 5u) << i;
  }
  EXPECT_EQ(names.size(), 10u);
  EXPECT_STREQ(ehc::rangeErrorName(RangeError::WrongStart), "wrong_start");
  EXPECT_STREQ(ehc::rangeErrorName(static_cast<RangeError>(99)), "unknown");
}

}  // namespace
