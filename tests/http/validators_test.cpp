// If-Range's validators (RFC 9110 8.8, 13.1.5): strong entity tags only,
// Last-Modified only without an entity tag and when it is a second or more
// before the answer's Date.
#include "ehc/http/validators.h"

#include <gtest/gtest.h>

namespace {

TEST(Validators, OnlyAStrongEntityTagIsOne) {
  EXPECT_TRUE(ehc::strongEntityTag("\"5f3e-5d2a\""));
  EXPECT_TRUE(ehc::strongEntityTag("\"\""));
  EXPECT_TRUE(ehc::strongEntityTag("\"a\xC3\xA9!#~\""));  // obs-text and the edges of etagc
  for (const char* bad :
       {"W/\"5f3e\"", "5f3e", "\"open", "\"a b\"", "\"a\"b\"", "\"", "", "\"a\x7F\"", "\"tab\t\""})
    EXPECT_FALSE(ehc::strongEntityTag(bad)) << bad;
  EXPECT_FALSE(ehc::strongEntityTag(nullptr));
}

TEST(Validators, ImfFixdatesOrder) {
  uint64_t a = 0, b = 0;
  ASSERT_TRUE(ehc::imfFixdateSeconds("Sun, 06 Nov 1994 08:49:37 GMT", &a));
  ASSERT_TRUE(ehc::imfFixdateSeconds("Sun, 06 Nov 1994 08:49:38 GMT", &b));
  EXPECT_EQ(b, a + 1);
  const char* later[] = {"Sun, 06 Nov 1994 08:50:00 GMT", "Sun, 06 Nov 1994 09:00:00 GMT",
                         "Mon, 07 Nov 1994 00:00:00 GMT", "Thu, 01 Dec 1994 00:00:00 GMT",
                         "Sun, 01 Jan 1995 00:00:00 GMT"};
  uint64_t before = b;
  for (const char* d : later) {
    uint64_t s = 0;
    ASSERT_TRUE(ehc::imfFixdateSeconds(d, &s)) << d;
    EXPECT_GT(s, before) << d;
    before = s;
  }
  for (const char* bad : {"Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
                          "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT",
                          "Sun, 06 Nix 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:49:37 GMT",
                          "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT ",
                          "Xyz, 06 Nov 1994 08:49:37 GMT", ""})
    EXPECT_FALSE(ehc::imfFixdateSeconds(bad, &a)) << bad;
  EXPECT_FALSE(ehc::imfFixdateSeconds(nullptr, &a));
}

TEST(Validators, IfRangeTakesTheStrongestThereIs) {
  const char* lm = "Sun, 06 Nov 1994 08:49:37 GMT";
  const char* date = "Sun, 06 Nov 1994 08:49:38 GMT";
  EXPECT_STREQ(ehc::ifRangeValidator("\"v1\"", lm, date), "\"v1\"");
  // A weak tag: not the date either (13.1.5: a date only without a tag).
  EXPECT_EQ(ehc::ifRangeValidator("W/\"v1\"", lm, date), nullptr);
  EXPECT_STREQ(ehc::ifRangeValidator("", lm, date), lm);
  EXPECT_STREQ(ehc::ifRangeValidator(nullptr, lm, date), lm);
  EXPECT_EQ(ehc::ifRangeValidator(nullptr, lm, lm), nullptr);    // changed in that second?
  EXPECT_EQ(ehc::ifRangeValidator(nullptr, date, lm), nullptr);  // modified after the answer
  EXPECT_EQ(ehc::ifRangeValidator(nullptr, lm, ""), nullptr);    // no Date
  EXPECT_EQ(ehc::ifRangeValidator(nullptr, nullptr, date), nullptr);
}

}  // namespace
