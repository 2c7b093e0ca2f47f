// Number conversion: correctly rounded doubles and floats, exact integers.
#include <gtest/gtest.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <random>
#include <string>

#include "split_harness.h"

namespace {

double bindDouble(const std::string& text, ehc::BindStatus* status = nullptr) {
  ehc::StaticJsonBinder<1> binder;
  double d = -12345;
  binder.bind("", &d);
  binder.feed(text.data(), text.size());
  EXPECT_EQ(binder.finish(), ehc::JsonError::Ok) << text;
  if (status) *status = binder.status(0);
  return d;
}

float bindFloat(const std::string& text, ehc::BindStatus* status = nullptr) {
  ehc::StaticJsonBinder<1> binder;
  float f = -12345;
  binder.bind("", &f);
  binder.feed(text.data(), text.size());
  EXPECT_EQ(binder.finish(), ehc::JsonError::Ok) << text;
  if (status) *status = binder.status(0);
  return f;
}

bool sameBits(double a, double b) {
  return memcmp(&a, &b, sizeof a) == 0;
}
bool sameBits(float a, float b) {
  return memcmp(&a, &b, sizeof a) == 0;
}

TEST(Numbers, HandPickedDoubles) {
  const char* cases[] = {"0",
                         "-0",
                         "1",
                         "-1",
                         "0.1",
                         "0.2",
                         "0.3",
                         "1e23",
                         "8.98846567431158e307",
                         "1.7976931348623157e308",
                         "2.2250738585072014e-308",
                         "2.2250738585072011e-308",
                         "4.9e-324",
                         "5e-324",
                         "2.4703282292062328e-324",
                         "2.4703282292062327e-324",
                         "9007199254740993",
                         "9007199254740992.5",
                         "0.30000000000000004",
                         "123456789012345678901234567890",
                         "1.00000000000000011102230246251565404236316680908203125",
                         "1.00000000000000011102230246251565404236316680908203124",
                         "7.2057594037927933e16",
                         "-37.3159",
                         "81.1496",
                         "1e-400",
                         "-1e-400",
                         "0.000000000000000000000000000000000000000000001e300",
                         "3.14159265358979323846264338327950288419716939937510"};
  for (const char* c : cases) {
    const double expect = strtod(c, nullptr);
    EXPECT_TRUE(sameBits(bindDouble(c), expect)) << c << " got " << bindDouble(c);
  }
}

// A double bound first, then a float, in one binder (and the other way):
// each gets its own width's correctly rounded value (the conversion the
// double's bind sets is widened by the float's, never narrowed).
TEST(Numbers, DoubleAndFloatInOneBinderInEitherOrder) {
  const char doc[] = "[0.1, 16777217, 1e39]";
  for (bool doubleFirst : {true, false}) {
    SCOPED_TRACE(doubleFirst);
    ehc::StaticJsonBinder<4> binder;
    double d0 = 0, d1 = 0;
    float f1 = 0, f2 = 0;
    if (doubleFirst) binder.bind("0", &d0);
    binder.bind("1", &f1);
    const int big = binder.bind("2", &f2);
    if (!doubleFirst) binder.bind("0", &d0);
    binder.bind("1", &d1);
    binder.feed(doc, strlen(doc));
    ASSERT_EQ(binder.finish(), ehc::JsonError::Ok);
    EXPECT_TRUE(sameBits(d0, 0.1));
    EXPECT_TRUE(sameBits(f1, 16777216.0f));  // a tie: to the even neighbour
    EXPECT_TRUE(sameBits(d1, 16777217.0));
    EXPECT_EQ(binder.status(big), ehc::BindStatus::OutOfRange);  // beyond FLT_MAX
    EXPECT_EQ(f2, 0.0f);
  }
}

TEST(Numbers, OverflowIsOutOfRange) {
  ehc::BindStatus s;
  EXPECT_EQ(bindDouble("1e400", &s), -12345);
  EXPECT_EQ(s, ehc::BindStatus::OutOfRange);
  EXPECT_EQ(bindDouble("-1.8e308", &s), -12345);
  EXPECT_EQ(s, ehc::BindStatus::OutOfRange);
  EXPECT_EQ(bindDouble("1.7976931348623158e308", &s), 1.7976931348623157e308);  // rounds down
  EXPECT_EQ(s, ehc::BindStatus::Found);
  EXPECT_EQ(bindFloat("3.5e38", &s), -12345);
  EXPECT_EQ(s, ehc::BindStatus::OutOfRange);
  EXPECT_EQ(bindFloat("3.4028234e38", &s), 3.4028234e38f);
}

TEST(Numbers, RandomDoublesRoundTrip) {
  std::mt19937_64 rng(42);
  char buf[64];
  for (int i = 0; i < 20000; ++i) {
    uint64_t bits = rng();
    double d;
    memcpy(&d, &bits, sizeof d);
    if (!isfinite(d)) continue;
    const int precision = 1 + static_cast<int>(rng() % 17);
    snprintf(buf, sizeof buf, "%.*e", precision, d);
    const double expect = strtod(buf, nullptr);
    const double got = bindDouble(buf);
    ASSERT_TRUE(sameBits(got, expect)) << buf;
  }
}

TEST(Numbers, RandomDecimalStringsAgreeWithStrtod) {
  // Digit strings of up to 40 digits (exact range) with random exponents,
  // including halfway-heavy patterns like ...5000 and ...4999.
  std::mt19937 rng(7);
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    const int digits = 1 + static_cast<int>(rng() % 40);
    for (int k = 0; k < digits; ++k) {
      const int pattern = static_cast<int>(rng() % 4);
      char c = static_cast<char>('0' + rng() % 10);
      if (pattern == 0 && k > 15) c = k == 16 ? '5' : '0';
      if (pattern == 1 && k > 15) c = k == 16 ? '4' : '9';
      if (k == 0 && c == '0') c = '1';
      s += c;
    }
    const int dot = static_cast<int>(rng() % (digits + 1));
    if (dot > 0 && dot < digits) s.insert(static_cast<size_t>(dot), ".");
    const int e = static_cast<int>(rng() % 700) - 350;
    s += "e" + std::to_string(e);
    const double expect = strtod(s.c_str(), nullptr);
    if (!isfinite(expect)) continue;
    ASSERT_TRUE(sameBits(bindDouble(s), expect)) << s;
    const float fexpect = strtof(s.c_str(), nullptr);
    if (isfinite(fexpect)) ASSERT_TRUE(sameBits(bindFloat(s), fexpect)) << s;
  }
}

// Exact midpoints between neighbouring doubles and floats, written out with
// every digit: the ties must go to the even mantissa, one more digit above
// the tie must round up (the exact path's remainder and tie-break).
std::string decimal128(unsigned __int128 v) {
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  } while (v);
  return s;
}

TEST(Numbers, ExactMidpointsTieToEven) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 4000; ++i) {
    const bool isFloat = i % 2;
    const int bits = isFloat ? 24 : 53;
    const uint64_t k = (uint64_t{1} << (bits - 1)) | (rng() & ((uint64_t{1} << (bits - 1)) - 1));
    const unsigned __int128 odd = 2 * static_cast<unsigned __int128>(k) + 1;  // (2k+1) / 2
    const int j = static_cast<int>(rng() % 41) - 20;  // midpoint = odd * 2^(j-1)
    std::string text;
    if (j >= 1) {
      text = decimal128(odd << (j - 1));
    } else {  // odd / 2^(1-j) = odd * 5^(1-j) / 10^(1-j)
      unsigned __int128 v = odd;
      for (int t = 0; t < 1 - j; ++t) v *= 5;
      text = decimal128(v) + "e-" + std::to_string(1 - j);
    }
    for (const std::string& s : {text, text.substr(0, text.find('e')) + "1" +
                                           (j >= 1 ? "e-1" : "e-" + std::to_string(2 - j))}) {
      if (isFloat)
        ASSERT_TRUE(sameBits(bindFloat(s), strtof(s.c_str(), nullptr))) << s;
      else
        ASSERT_TRUE(sameBits(bindDouble(s), strtod(s.c_str(), nullptr))) << s;
    }
  }
}

TEST(Numbers, SubnormalsAndBoundaries) {
  char buf[64];
  for (int k = 0; k < 2000; ++k) {
    double d = 4.9406564584124654e-324 * (k + 1);
    snprintf(buf, sizeof buf, "%.17g", d);
    ASSERT_TRUE(sameBits(bindDouble(buf), strtod(buf, nullptr))) << buf;
    float f = 1.40129846e-45f * static_cast<float>(k + 1);
    snprintf(buf, sizeof buf, "%.9g", static_cast<double>(f));
    ASSERT_TRUE(sameBits(bindFloat(buf), strtof(buf, nullptr))) << buf;
  }
}

// Around half the smallest subnormal: zero below it (however far), the
// smallest subnormal above it.
TEST(Numbers, BelowTheSmallestSubnormal) {
  for (const char* c :
       {"1e-328", "1e-329", "2e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
        "3e-324", "1e-46", "7e-46", "7.1e-46", "1e-50"}) {
    EXPECT_TRUE(sameBits(bindDouble(c), strtod(c, nullptr))) << c;
    EXPECT_TRUE(sameBits(bindFloat(c), strtof(c, nullptr))) << c;
  }
}

TEST(Numbers, LongMantissaKeepsFirstDigitsAndSticky) {
  // 60 digits: beyond EHC_NUMBER_MAX_DIGITS (40); still the right double here.
  const std::string s = "1." + std::string(58, '1') + "e10";
  EXPECT_TRUE(sameBits(bindDouble(s), strtod(s.c_str(), nullptr)));
  // Leading zeros do not count as significant digits.
  const std::string z = "0." + std::string(300, '0') + "123456789012345678";
  EXPECT_TRUE(sameBits(bindDouble(z), strtod(z.c_str(), nullptr)));
}

}  // namespace
