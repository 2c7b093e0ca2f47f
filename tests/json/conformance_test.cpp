// JSONTestSuite and the real-world corpus.
#include <dirent.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "split_harness.h"

namespace {

std::vector<std::string> listDir(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') names.push_back(e->d_name);
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// What we do with each implementation-defined (i_) file. Reasons in docs/json.md.
const std::map<std::string, bool> kImplementationDefined = {
    // Numbers: accepted. Values out of a target's range are reported per binding.
    {"i_number_double_huge_neg_exp.json", true},
    {"i_number_huge_exp.json", true},
    {"i_number_neg_int_huge_exp.json", true},
    {"i_number_pos_double_huge_exp.json", true},
    {"i_number_real_neg_overflow.json", true},
    {"i_number_real_pos_overflow.json", true},
    {"i_number_real_underflow.json", true},
    {"i_number_too_big_neg_int.json", true},
    {"i_number_too_big_pos_int.json", true},
    {"i_number_very_big_negative_int.json", true},
    // Lone or mis-ordered surrogate escapes: rejected, so a decoded string is
    // always valid UTF-8.
    {"i_object_key_lone_2nd_surrogate.json", false},
    {"i_string_1st_surrogate_but_2nd_missing.json", false},
    {"i_string_1st_valid_surrogate_2nd_invalid.json", false},
    {"i_string_incomplete_surrogate_and_escape_valid.json", false},
    {"i_string_incomplete_surrogate_pair.json", false},
    {"i_string_incomplete_surrogates_escape_valid.json", false},
    {"i_string_invalid_lonely_surrogate.json", false},
    {"i_string_invalid_surrogate.json", false},
    {"i_string_inverted_surrogates_U+1D11E.json", false},
    {"i_string_lone_second_surrogate.json", false},
    // Invalid UTF-8 and other encodings: rejected (strings must be UTF-8).
    {"i_string_UTF-16LE_with_BOM.json", false},
    {"i_string_UTF-8_invalid_sequence.json", false},
    {"i_string_UTF8_surrogate_U+D800.json", false},
    {"i_string_invalid_utf-8.json", false},
    {"i_string_iso_latin_1.json", false},
    {"i_string_lone_utf8_continuation_byte.json", false},
    {"i_string_not_in_unicode_range.json", false},
    {"i_string_overlong_sequence_2_bytes.json", false},
    {"i_string_overlong_sequence_6_bytes.json", false},
    {"i_string_overlong_sequence_6_bytes_null.json", false},
    {"i_string_truncated-utf-8.json", false},
    {"i_string_utf16BE_no_BOM.json", false},
    {"i_string_utf16LE_no_BOM.json", false},
    // A byte order mark is not JSON text (RFC 8259 section 8.1: parsers MAY
    // ignore it; we do not, an HTTP body has no business carrying one).
    {"i_structure_UTF-8_BOM_empty_object.json", false},
    // Nesting deeper than EHC_MAX_DEPTH: rejected with TooDeep.
    {"i_structure_500_nested_arrays.json", false},
};

TEST(Conformance, JsonTestSuite) {
  const std::string dir = ehc_test::sharedPath("testdata/JSONTestSuite/test_parsing");
  const auto names = listDir(dir);
  ASSERT_GE(names.size(), 300u) << "JSONTestSuite not found at " << dir;
  int y = 0, n = 0, i = 0;
  for (const auto& name : names) {
    const std::string doc = ehc_test::readFile(dir + "/" + name);
    const ehc::JsonError err = ehc_test::validate(doc);
    if (name[0] == 'y') {
      ++y;
      EXPECT_EQ(err, ehc::JsonError::Ok) << name << ": " << ehc::jsonErrorName(err);
    } else if (name[0] == 'n') {
      ++n;
      EXPECT_NE(err, ehc::JsonError::Ok) << name;
    } else {
      ++i;
      auto it = kImplementationDefined.find(name);
      ASSERT_NE(it, kImplementationDefined.end()) << "undocumented i_ file " << name;
      EXPECT_EQ(err == ehc::JsonError::Ok, it->second) << name << ": " << ehc::jsonErrorName(err);
    }
  }
  EXPECT_EQ(y, 95);
  EXPECT_EQ(n, 188);
  EXPECT_EQ(i, 35);
}

// UTF-16 and UTF-32 text, with or without a byte order mark, is told as
// not UTF-8 (invalid_utf8), not as a grammar error.
TEST(Conformance, Utf16And32InputIsInvalidUtf8) {
  const std::string dir = ehc_test::sharedPath("testdata/JSONTestSuite/test_parsing");
  for (const char* name : {"i_string_UTF-16LE_with_BOM.json", "i_string_utf16BE_no_BOM.json",
                           "i_string_utf16LE_no_BOM.json"}) {
    size_t offset = 99;
    EXPECT_EQ(ehc_test::validate(ehc_test::readFile(dir + "/" + name), &offset),
              ehc::JsonError::InvalidUtf8)
        << name;
    EXPECT_LE(offset, 1u) << name;
  }
  const std::string utf32le("{\0\0\0}\0\0\0", 8), utf32beBom("\0\0\xFE\xFF\0\0\0[", 8);
  EXPECT_EQ(ehc_test::validate(utf32le), ehc::JsonError::InvalidUtf8);
  EXPECT_EQ(ehc_test::validate(utf32beBom), ehc::JsonError::InvalidUtf8);
  EXPECT_EQ(ehc_test::validate("\xFE\xFF\0[\0]"), ehc::JsonError::InvalidUtf8);
  // A UTF-8 byte order mark is UTF-8, just not JSON: a grammar error.
  EXPECT_EQ(ehc_test::validate("\xEF\xBB\xBF{}"), ehc::JsonError::UnexpectedByte);
  EXPECT_EQ(ehc_test::validate("[1,x]"), ehc::JsonError::UnexpectedByte);
}

TEST(Conformance, RealWorldCorpusIsValid) {
  const std::string dir = ehc_test::sharedPath("testdata/corpus");
  for (const auto& name : listDir(dir)) {
    if (name.size() < 5 || name.substr(name.size() - 5) != ".json") continue;
    const std::string doc = ehc_test::readFile(dir + "/" + name);
    const auto r = ehc_test::runOnce(doc, {}, {});
    EXPECT_EQ(r.error, ehc::JsonError::Ok) << name << " at " << r.offset;
    for (const std::vector<size_t>& pieces :
         std::vector<std::vector<size_t>>{{1460, 7, 64}, {512}, {3}, {1}}) {
      const auto split = ehc_test::runOnce(doc, {}, pieces);
      EXPECT_EQ(split.error, ehc::JsonError::Ok) << name << " in pieces of " << pieces[0];
    }
  }
}

TEST(Conformance, NdjsonLineByLine) {
  const std::string data =
      ehc_test::readFile(ehc_test::sharedPath("testdata/corpus/amazon_cellphones.ndjson"));
  ASSERT_FALSE(data.empty());
  size_t start = 0, lines = 0;
  while (start < data.size()) {
    size_t nl = data.find('\n', start);
    if (nl == std::string::npos) nl = data.size();
    if (nl > start) {
      EXPECT_EQ(ehc_test::runOnce(data.substr(start, nl - start), {}, {}).error,
                ehc::JsonError::Ok);
      ++lines;
    }
    start = nl + 1;
  }
  EXPECT_GT(lines, 100u);
}

TEST(Conformance, EscapedTwitterDecodesToTheSameStrings) {
  const std::string raw = ehc_test::readFile(ehc_test::sharedPath("testdata/corpus/twitter.json"));
  const std::string esc =
      ehc_test::readFile(ehc_test::sharedPath("testdata/corpus/twitterescaped.json"));
  std::vector<ehc_test::Spec> specs;
  for (int k = 0; k < 100; k += 9) {
    specs.push_back({"statuses." + std::to_string(k) + ".text", ehc_test::T::Text});
    specs.push_back({"statuses." + std::to_string(k) + ".user.name", ehc_test::T::Text});
  }
  const auto a = ehc_test::runOnce(raw, specs, {512});
  const auto b = ehc_test::runOnce(esc, specs, {7, 512, 1});
  EXPECT_EQ(a.error, ehc::JsonError::Ok);
  EXPECT_EQ(b.error, ehc::JsonError::Ok);
  EXPECT_EQ(a.value, b.value);
  int nonAscii = 0;
  for (const auto& v : a.value)
    for (char c : v) nonAscii += (c & 0x80) ? 1 : 0;
  EXPECT_GT(nonAscii, 100);
}

TEST(Conformance, SmallCorpusHandCheckedPaths) {
  using ehc_test::T;
  const auto demo =
      ehc_test::run(ehc_test::readFile(ehc_test::sharedPath("testdata/corpus/small/demo.json")),
                    {{"Image.IDs.3", T::I64}, {"Image.Animated", T::Bool}});
  EXPECT_EQ(demo.value, (std::vector<std::string>{"38793", "false"}));
  const auto small = ehc_test::run(
      ehc_test::readFile(ehc_test::sharedPath("testdata/corpus/small/smalldemo.json")),
      {{"Thumbnail.Url", T::Str}, {"Owner", T::Null}});
  EXPECT_EQ(small.value, (std::vector<std::string>{"http://ex.com/th.png", "true"}));
  const auto todos =
      ehc_test::run(ehc_test::readFile(ehc_test::sharedPath("testdata/jsonplaceholder/todos.json")),
                    {{"199.completed", T::Bool}, {"199.title", T::Str}});
  EXPECT_EQ(todos.value, (std::vector<std::string>{"false", "ipsam aperiam voluptates qui"}));
  const auto comments = ehc_test::runOnce(
      ehc_test::readFile(ehc_test::sharedPath("testdata/jsonplaceholder/comments.json")),
      {{"499.email", T::Str}}, {1460});
  EXPECT_EQ(comments.value[0], "Emma@joanny.ca");
}

}  // namespace
