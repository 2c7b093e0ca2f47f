// The SHA-256 accumulator: NIST's test vectors, fed in every split; the
// comparison with an expected hex digest; the pass-through to the next stage.
#include "ehc/net/sha256_digest.h"

#include <gtest/gtest.h>
#include <string.h>

#include <set>
#include <string>
#include <vector>

#include "../codec/split_feed.h"

using ehc::DigestError;
using ehc::Sha256Digest;

namespace {

std::string hexOf(const std::string& data, const std::vector<size_t>& pieces = {}) {
  Sha256Digest d;
  d.begin();
  ehc_test::feedPieces(data, pieces, [&](const char* p, size_t n) { return d.feed(p, n); });
  uint8_t out[Sha256Digest::kSize];
  EXPECT_EQ(d.finish(out), DigestError::Ok);
  EXPECT_EQ(d.bytes(), data.size());
  char hex[2 * Sha256Digest::kSize + 1];
  Sha256Digest::toHex(out, hex);
  return hex;
}

// FIPS 180-2 appendix B and the empty message.
TEST(Sha256Digest, NistVectorsInEverySplit) {
  const struct {
    std::string data;
    const char* hex;
  } vectors[] = {
      {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
      {std::string(1000000, 'a'),
       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
  };
  for (const auto& v : vectors) {
    for (const auto& pattern : ehc_test::splitPatterns(v.data.size(), 2)) {
      // (A megabyte a byte or two at a time is slow under ASan; the short
      // vectors take those splits.)
      if (v.data.size() > 100000 && pattern.pieces.size() == 1 && pattern.pieces[0] < 64) continue;
      EXPECT_EQ(hexOf(v.data, pattern.pieces), v.hex) << pattern.name;
    }
  }
}

TEST(Sha256Digest, ComparesWithTheExpectedHex) {
  auto compare = [](const char* data, const char* expected) {
    Sha256Digest d;
    d.begin();
    d.feed(data, strlen(data));
    return d.finishAndCompare(expected);
  };
  const char* abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  EXPECT_EQ(compare("abc", abc), DigestError::Ok);
  EXPECT_EQ(compare("abc", "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"),
            DigestError::Ok);
  EXPECT_EQ(compare("abd", abc), DigestError::Mismatch);
  EXPECT_EQ(compare("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ae"),
            DigestError::Mismatch);  // the last digit
  for (const char* bad :
       {"", "ba7816bf", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015a",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad0",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015az",
        " ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015a",
        "0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015"})
    EXPECT_EQ(compare("abc", bad), DigestError::BadExpected) << '"' << bad << '"';
  EXPECT_EQ(compare("abc", nullptr), DigestError::BadExpected);
}

TEST(Sha256Digest, HandsTheBytesOnAndStopsWhenTheNextStageDoes) {
  struct Next {
    std::string got;
    size_t stopAt;
  } next{"", 10};
  Sha256Digest d;
  d.begin({[](void* u, const uint8_t* p, size_t n) {
             auto* s = static_cast<Next*>(u);
             s->got.append(reinterpret_cast<const char*>(p), n);
             return s->got.size() < s->stopAt;
           },
           &next});
  EXPECT_TRUE(d.input()(reinterpret_cast<const uint8_t*>("abcd"), 4));
  EXPECT_TRUE(d.feed("efgh", 4));
  EXPECT_FALSE(d.feed("ijkl", 4));  // the next stage has 12 >= 10
  EXPECT_FALSE(d.feed("mnop", 4));  // and nothing more goes through
  EXPECT_EQ(next.got, "abcdefghijkl");
  uint8_t out[Sha256Digest::kSize];
  EXPECT_EQ(d.finish(out), DigestError::Stopped);
  EXPECT_EQ(d.finishAndCompare("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            DigestError::Stopped);
  d.begin();  // a new digest forgets all of it
  d.feed("abc", 3);
  EXPECT_EQ(d.finishAndCompare("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            DigestError::Ok);
}

TEST(Sha256Digest, HexBothWays) {
  uint8_t bytes[Sha256Digest::kSize];
  for (size_t i = 0; i < sizeof bytes; ++i) bytes[i] = static_cast<uint8_t>(i * 37 + 5);
  char hex[2 * Sha256Digest::kSize + 1];
  Sha256Digest::toHex(bytes, hex);
  EXPECT_EQ(strlen(hex), 64u);
  uint8_t back[Sha256Digest::kSize];
  ASSERT_TRUE(Sha256Digest::fromHex(hex, back));
  EXPECT_EQ(memcmp(bytes, back, sizeof bytes), 0);
}

TEST(DigestErrors, EveryErrorHasItsOwnNameAndAMessage) {
  std::set<std::string> names;
  for (int i = 0; i <= static_cast<int>(DigestError::Stopped); ++i) {
    const auto e = static_cast<DigestError>(i);
    EXPECT_TRUE(names.insert(ehc::digestErrorName(e)).second) << i;
    EXPECT_GT(strlen(ehc::digestErrorMessage(e)), 5u) << i;
  }
  EXPECT_EQ(names.size(), 5u);
  EXPECT_STREQ(ehc::digestErrorName(DigestError::Mismatch), "mismatch");
  EXPECT_STREQ(ehc::digestErrorName(static_cast<DigestError>(50)), "unknown");
}

}  // namespace
