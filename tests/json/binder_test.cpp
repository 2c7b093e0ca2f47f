// The binder: paths, targets, statuses, stop-when-done, no heap.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "alloc_counter.h"
#include "split_harness.h"
#include "user_fields.h"

using ehc::BindStatus;
using ehc::JsonError;
using ehc_test::run;
using ehc_test::Spec;
using ehc_test::T;

namespace {

const std::string kUsers =
    ehc_test::readFile(ehc_test::sharedPath("testdata/jsonplaceholder/users.json"));

TEST(Binder, UsersFirstElementFifteenFields) {
  ASSERT_FALSE(kUsers.empty()) << "shared/testdata missing";
  std::vector<Spec> fields;
  std::vector<std::string> expect;
#define EHC_FIELD(path, member, isInt, first)             \
  fields.push_back({"0." path, isInt ? T::I32 : T::Str}); \
  expect.push_back(first);
  EHC_USER_FIELDS(EHC_FIELD)
#undef EHC_FIELD
  fields.insert(fields.end(), {{"9.company.name", T::Str}, {"4.id", T::I64}, {"10.id", T::I64}});
  expect.insert(expect.end(), {"Hoeger LLC", "5", "0"});
  const auto r = run(kUsers, fields);
  EXPECT_EQ(r.error, JsonError::Ok);
  EXPECT_EQ(r.value, expect);
  for (size_t i = 0; i + 1 < expect.size(); ++i) EXPECT_EQ(r.status[i], BindStatus::Found) << i;
  EXPECT_EQ(r.status.back(), BindStatus::Missing);
}

TEST(Binder, RootPathBindsTheWholeDocument) {
  auto r = run("  42 ", {{"", T::I64}});
  EXPECT_EQ(r.error, JsonError::Ok);
  EXPECT_EQ(r.value[0], "42");
  r = run("\"hi\"", {{"", T::Str}, {"", T::Raw}});
  EXPECT_EQ(r.value[0], "hi");
  EXPECT_EQ(r.value[1], "\"hi\"");
  r = run(R"({"a": [1, {"b": null}] })", {{"", T::Raw, 128}});
  EXPECT_EQ(r.value[0], R"({"a": [1, {"b": null}] })");
}

TEST(Binder, NestedArraysAndObjects) {
  const std::string doc = R"({"a":[[1,2],[3,[4,5]]],"b":{"c":{"d":[true,false]}},"e":[]})";
  const auto r = run(doc, {{"a.1.1.0", T::I32},
                           {"a.0.1", T::I32},
                           {"b.c.d.1", T::Bool},
                           {"b.c.d.2", T::Bool},
                           {"e.0", T::I32},
                           {"a.1", T::Raw},
                           {"b.c", T::Raw}});
  EXPECT_EQ(r.error, JsonError::Ok);
  EXPECT_EQ(r.value[0], "4");
  EXPECT_EQ(r.value[1], "2");
  EXPECT_EQ(r.value[2], "false");
  EXPECT_EQ(r.status[3], BindStatus::Missing);
  EXPECT_EQ(r.status[4], BindStatus::Missing);
  EXPECT_EQ(r.value[5], "[3,[4,5]]");
  EXPECT_EQ(r.value[6], R"({"d":[true,false]})");
}

TEST(Binder, EscapedKeysInPaths) {
  const std::string doc = R"({"a.b":1,"a":{"b":2},"c\\d":3,"*":4,"x":{"y.z":{"w":5}}})";
  const auto r = run(doc, {{"a\\.b", T::I32},
                           {"a.b", T::I32},
                           {"c\\\\d", T::I32},
                           {"\\*", T::I32},
                           {"x.y\\.z.w", T::I32}});
  EXPECT_EQ(r.value, (std::vector<std::string>{"1", "2", "3", "4", "5"}));
}

TEST(Binder, KeysAreComparedDecoded) {
  const std::string doc = R"({"caf\u00e9":1,"\u0061b":2,"t\"q":3,"\ud83d\ude00":4})";
  const auto r = run(doc, {{"café", T::I32}, {"ab", T::I32}, {"t\"q", T::I32}, {"😀", T::I32}});
  EXPECT_EQ(r.value, (std::vector<std::string>{"1", "2", "3", "4"}));
}

// Keys with raw UTF-8 are read in kString (not whole at the key's start):
// matched piece by piece, by length too, whole in a chunk or split.
TEST(Binder, RawUtf8KeysMatchByTextAndLength) {
  const std::string doc =
      "{\"caf\":9,\"caf\\u00e9\":8,\"café\":1,\"cafés\":7,\"日本\":2,\"x\":{\"😁\":6,\"😀\":3}}";
  const auto r = run(doc, {{"café", T::I32}, {"日本", T::I32}, {"x.😀", T::I32}, {"caf", T::I32}});
  EXPECT_EQ(r.error, JsonError::Ok);
  EXPECT_EQ(r.value, (std::vector<std::string>{"1", "2", "3", "9"}));
}

TEST(Binder, NumericSegmentsMatchObjectKeysToo) {
  const auto r = run(R"({"0":"zero","10":{"1":"x"}})", {{"0", T::Str}, {"10.1", T::Str}});
  EXPECT_EQ(r.value, (std::vector<std::string>{"zero", "x"}));
  // "01" is a key, never an index.
  const auto r2 = run(R"([5,6])", {{"01", T::I32}, {"1", T::I32}});
  EXPECT_EQ(r2.status[0], BindStatus::Missing);
  EXPECT_EQ(r2.value[1], "6");
}

TEST(Binder, DuplicateKeysLastWins) {
  const std::string doc = R"({"a":1,"b":{"c":1},"a":2,"b":{"c":2}})";
  const auto r = run(doc, {{"a", T::I32}, {"b.c", T::I32}});
  EXPECT_EQ(r.value, (std::vector<std::string>{"2", "2"}));
  // Stop-when-done stops once every binding is resolved: duplicates after
  // that point are not read (documented).
  const auto s = run(doc, {{"a", T::I32}, {"b.c", T::I32}}, true);
  EXPECT_EQ(s.value, (std::vector<std::string>{"1", "1"}));
}

TEST(Binder, DuplicateKeysLastWinsWhileStopWhenDoneReadsOn) {
  // "b" is not resolved yet when the second "a" comes: it replaces the first,
  // for every kind of target, nested and in arrays too.
  const std::string doc =
      R"({"a":1,"s":"x","o":{"k":[1]},"n":{"x":1},"a":2,"s":"yy","o":{"k":[2,3]},)"
      R"("n":{"x":3},"arr":[{"i":1,"i":4}],"b":5})";
  const std::vector<Spec> specs = {{"a", T::I32},     {"s", T::Str},       {"o", T::Raw},
                                   {"n.x", T::I64},   {"arr.0.i", T::I32}, {"s", T::Text},
                                   {"o.k.*", T::I32}, {"b", T::I32}};
  for (bool stop : {false, true}) {
    const auto r = run(doc, specs, stop);
    EXPECT_EQ(r.error, JsonError::Ok);
    EXPECT_EQ(r.value,
              (std::vector<std::string>{"2", "yy", R"({"k":[2,3]})", "3", "4", "yy", "3", "5"}))
        << "stop " << stop;
    for (BindStatus st : r.status) EXPECT_EQ(st, BindStatus::Found) << "stop " << stop;
  }
  // A duplicate whose value does not fit the target reports it.
  const auto m = run(R"({"a":1,"a":"x","b":2})", {{"a", T::I32}, {"b", T::I32}}, true);
  EXPECT_EQ(m.status[0], BindStatus::Mismatch);
  EXPECT_EQ(m.value[0], "1");  // (untouched by the mismatched value)
}

// Bindings whose paths begin alike share the work of matching (each distinct
// segment is compared once, segment positions are copied); each must still
// end as it would alone, in both modes. (Alone in full mode: in stop-when-done
// mode a binding alone would stop before a later duplicate key that the others
// keep the binder reading to. With `stopToo`, the document holds no duplicate
// after the point where every binding is resolved.)
void expectAsIfAlone(const std::string& doc, const std::vector<Spec>& specs, bool stopToo = true) {
  for (bool stop : {false, stopToo}) {
    const auto together = run(doc, specs, stop);
    ASSERT_EQ(together.error, JsonError::Ok);
    for (size_t i = 0; i < specs.size(); ++i) {
      const auto alone = run(doc, {specs[i]});
      EXPECT_EQ(together.status[i], alone.status[0]) << specs[i].path << " stop " << stop;
      EXPECT_EQ(together.value[i], alone.value[0]) << specs[i].path << " stop " << stop;
    }
  }
}

TEST(Binder, BindingsWithSharedPrefixesMatchAsIfAlone) {
  const std::string doc = R"([{"a":{"x":1,"y":2,"x.y":3},"b":[10,20],"c":"s"},)"
                          R"({"a":{"x":4},"a":{"y":5},"b":[30]}])";
  const std::vector<Spec> specs = {
      {"0.a.x", T::I32}, {"0.a.y", T::I32},   {"0.a.x\\.y", T::I32}, {"0.a.x", T::I64},
      {"0.b.1", T::I32}, {"0.b.0", T::I32},   {"0.c", T::Str},       {"0.c", T::I32},
      {"1.a.x", T::I32}, {"1.a.y", T::I32},   {"1.b.0", T::I32},     {"1.a", T::Raw},
      {"*.b.0", T::I32}, {"*.b.0.z", T::I32}, {"1.a.y", T::I32},
  };
  expectAsIfAlone(doc, specs);
  const auto r = run(doc, specs);
  EXPECT_EQ(r.value, (std::vector<std::string>{"1", "2", "3", "1", "20", "10", "s", "0", "4", "5",
                                               "30", "{\"y\":5}", "30", "0", "5"}));
  EXPECT_EQ(r.status[7], BindStatus::Mismatch);  // a string is no integer
  EXPECT_EQ(r.status[13], BindStatus::Missing);  // 10 and 30 have no members
}

// Found in review: in an array, a twin whose path ends at an element (and so
// never followed into it) stayed live after its leader had left, then led
// with the segment it lagged at, and took a later element.
TEST(Binder, TwinsInArraysTakeOnlyTheirElement) {
  expectAsIfAlone(R"([0,0,[0,{"a":1},7]])", {{"2.1.a", T::I64}, {"2.1", T::I64}, {"2.2", T::I64}});
  expectAsIfAlone(R"([0,0,[0,{"a":1},2,3,4,"five"]])",
                  {{"2.1.a", T::I64}, {"2.1", T::Raw}, {"2.5", T::Str}});
  expectAsIfAlone(R"([0,0,0,0,0,[[0,{"a":1},2,3,4,55]]])",
                  {{"5.*.1.a", T::I64}, {"5.*.1", T::I64}, {"5.*.2", T::I64}});
  expectAsIfAlone(
      R"([0,0,[[true,{"a":1},[3]]]])",
      {{"2.0.1", T::Bool}, {"2.0.1.a", T::Raw}, {"2.0.1", T::F64}, {"2.0.2.0", T::I32}});
  const auto r =
      run(R"([0,0,[0,{"a":1},7]])", {{"2.1.a", T::I64}, {"2.1", T::I64}, {"2.2", T::I64}});
  EXPECT_EQ(r.status[1], BindStatus::Mismatch);
  EXPECT_EQ(r.value[2], "7");
}

// Paths of 32 bytes or more, and paths with escapes, have their segments
// found by scanning the text (shorter plain ones from a bitmap of segment
// ends); duplicate keys make the binder step back up through them.
TEST(Binder, LongAndEscapedPathsWithSharedPrefixes) {
  const std::string doc = R"({"a_rather_long_member_name":{"another_long_member_name":)"
                          R"({"x":1,"y.z":2,"w":[3,4]},"k":5,"another_long_member_name":{"x":7}},)"
                          R"("e.f":{"g":6,"h\\i":8},"e.f":{"g":9}})";
  const std::vector<Spec> specs = {
      {"a_rather_long_member_name.another_long_member_name.x", T::I32},
      {"a_rather_long_member_name.another_long_member_name.y\\.z", T::I32},
      {"a_rather_long_member_name.another_long_member_name.w.1", T::I32},
      {"a_rather_long_member_name.k", T::I32},
      {"e\\.f.g", T::I32},
      {"e\\.f.h\\\\i", T::I32},
      {"e\\.f", T::Raw},
  };
  expectAsIfAlone(doc, specs, false);
  const auto r = run(doc, specs);
  EXPECT_EQ(r.value, (std::vector<std::string>{"7", "2", "4", "5", "9", "8", R"({"g":9})"}));
  // Stop-when-done: every binding is resolved at the end of the first "e.f",
  // so the binder stops before the second one (the first "another..." was
  // replaced: the binder was still reading for "k" and "e.f").
  const auto s = run(doc, specs, true);
  EXPECT_EQ(s.value,
            (std::vector<std::string>{"7", "2", "4", "5", "6", "8", R"({"g":6,"h\\i":8})"}));
}

// inspectPath with the previous binding's path: it counts the segments they
// share, and skips scanning them again, which must not change the rest.
TEST(BinderPaths, SharedSegmentsCountsWholeSegmentsAlike) {
  const auto sharedSegments = [](const char* previous, const char* path) {
    ehc::PathInfo before, alone, info;
    EXPECT_TRUE(ehc::inspectPath(previous, &before));
    EXPECT_TRUE(ehc::inspectPath(path, &alone));
    EXPECT_TRUE(ehc::inspectPath(path, &info, previous, &before));
    EXPECT_EQ(info.ends, alone.ends) << previous << " / " << path;
    EXPECT_EQ(info.segments, alone.segments) << previous << " / " << path;
    EXPECT_EQ(info.firstWildcard, alone.firstWildcard) << previous << " / " << path;
    EXPECT_EQ(info.lastWildcard, alone.lastWildcard) << previous << " / " << path;
    return unsigned{info.shared};
  };
  EXPECT_EQ(sharedSegments("a.b.c", "a.b.d"), 2u);
  EXPECT_EQ(sharedSegments("a.b", "a.b.c"), 2u);
  EXPECT_EQ(sharedSegments("a.b.c", "a.b"), 2u);
  EXPECT_EQ(sharedSegments("a.b", "a.b"), 2u);
  EXPECT_EQ(sharedSegments("a.bc", "a.b"), 1u);  // "bc" is not "b"
  EXPECT_EQ(sharedSegments("ab", "a"), 0u);
  EXPECT_EQ(sharedSegments("", "a"), 0u);
  EXPECT_EQ(sharedSegments("a\\.b.c", "a\\.b.d"), 1u);  // "a.b" (an escaped dot), then "c"
  EXPECT_EQ(sharedSegments("a\\.b", "a\\.c"), 0u);      // one segment each: "a.b", "a.c"
  EXPECT_EQ(sharedSegments("a\\\\.b", "a\\\\.c"), 1u);  // "a\\" (an escaped backslash) alike
  EXPECT_EQ(sharedSegments("a\\.b", "a.b"), 0u);
  EXPECT_EQ(sharedSegments("1.x", "\\1.x"), 0u);  // an index is not a key
  EXPECT_EQ(sharedSegments("*.x", "*.y"), 1u);
  EXPECT_EQ(sharedSegments("a.*.x", "a.*.y.*"), 2u);
  EXPECT_EQ(sharedSegments("a.", "a."), 2u);  // an empty last segment
  EXPECT_EQ(sharedSegments("a", "a."), 1u);
  EXPECT_EQ(sharedSegments("a.", "a.b"), 1u);
  EXPECT_EQ(sharedSegments("a..b", "a..c"), 2u);
  // A bad escape after the shared part is still refused.
  ehc::PathInfo info;
  ehc::PathInfo before;
  ASSERT_TRUE(ehc::inspectPath("a.c", &before));
  EXPECT_FALSE(ehc::inspectPath("a.b\\q", &info, "a.c", &before));
}

TEST(Binder, WildcardDeliversEachMatchWithItsPath) {
  const std::string doc =
      R"([{"id":1,"tags":["a","b"]},{"id":2},{"id":"x","tags":[]},{"id":3,"tags":["c"]}])";
  const auto r = run(doc, {{"*.id", T::I64}, {"*.tags.*", T::Str}});
  EXPECT_EQ(r.error, JsonError::Ok);
  const std::vector<std::string> expect = {
      "0.id=found=1",    "0.tags.0=found=a", "0.tags.1=found=b", "1.id=found=2",
      "2.id=mismatch=2", "3.id=found=3",     "3.tags.0=found=c"};
  EXPECT_EQ(r.matches, expect);
}

TEST(Binder, WildcardOverObjectMembersEscapesKeys) {
  const auto r = run(R"({"a":{"v":1},"b.c":{"v":2},"d":{"w":3}})", {{"*.v", T::I32}});
  EXPECT_EQ(r.matches, (std::vector<std::string>{"a.v=found=1", "b\\.c.v=found=2"}));
}

TEST(Binder, WildcardOverLongArrayUsesNoMemory) {
  std::string doc = "[";
  for (int i = 0; i < 5000; ++i)
    doc += (i ? "," : "") + std::string("{\"n\":") + std::to_string(i) + "}";
  doc += "]";
  int64_t n = 0, sum = 0, count = 0;
  struct Ctx {
    int64_t* n;
    int64_t* sum;
    int64_t* count;
  } ctx{&n, &sum, &count};
  ehc::StaticJsonBinder<2> binder;
  const int idx = binder.bind("*.n", &n);
  binder.onMatch(
      idx,
      [](const ehc::JsonMatch&, void* u) {
        auto* c = static_cast<Ctx*>(u);
        *c->sum += *c->n;
        ++*c->count;
      },
      &ctx);
  ehc_test::AllocScope scope;
  binder.feed(doc.data(), doc.size());
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(scope.calls(), 0u);
  EXPECT_EQ(count, 5000);
  EXPECT_EQ(sum, 4999 * 5000 / 2);
}

TEST(Binder, CharBuffersTruncateOnUtf8Boundaries) {
  // "aé€😀" = 1 + 2 + 3 + 4 bytes
  const std::string doc = "[\"a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\"]";
  for (size_t size = 1; size <= 11; ++size) {
    const auto r = run(doc, {{"0", T::Str, size}});
    static const size_t kCuts[] = {0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10};
    const size_t fits = size - 1;
    size_t expectLen = 0;
    for (size_t c : kCuts)
      if (c <= fits) expectLen = c;
    EXPECT_EQ(r.value[0], std::string("a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80").substr(0, expectLen))
        << size;
    EXPECT_EQ(r.status[0], size == 11 ? BindStatus::Found : BindStatus::Truncated) << size;
  }
}

// Runs of 3-byte characters (CJK text) are checked several characters at a
// time on some CPUs: every character of a long run, wherever it lies, is
// checked as strictly as alone, and a valid run's bytes arrive whole.
TEST(Binder, LongRunsOfThreeByteCharactersAreChecked) {
  const std::string ri = "\xE6\x97\xA5";  // U+65E5
  const size_t kChars = 14;               // more than two 15-byte steps
  const struct {
    const char* bytes;
    JsonError error;
    size_t at;  // offset of the error within the character
  } kinds[] = {
      {"\xE0\xA0\x80", JsonError::Ok, 0},           // U+0800, the first E0 one
      {"\xED\x9F\xBF", JsonError::Ok, 0},           // U+D7FF, below the surrogates
      {"\xEF\xBF\xBF", JsonError::Ok, 0},           // U+FFFF
      {"\xE6\x97\x22", JsonError::InvalidUtf8, 2},  // a quote cuts it
      {"\xE0\x9F\xBF", JsonError::InvalidUtf8, 1},  // overlong
      {"\xED\xA0\x80", JsonError::InvalidUtf8, 1},  // a surrogate
      {"\xE6\x41\xA5", JsonError::InvalidUtf8, 1},  // a continuation missing
      {"\xE6\x97\xC0", JsonError::InvalidUtf8, 2},
      {"\xF0\x97\xA5", JsonError::InvalidUtf8, 3},  // a 4-byte lead, its 4th byte not one
      {"\x97\x97\xA5", JsonError::InvalidUtf8, 0},  // a continuation byte first
  };
  for (const auto& kind : kinds) {
    for (size_t i = 0; i < kChars; ++i) {
      std::string text;
      for (size_t k = 0; k < kChars; ++k) text += k == i ? std::string(kind.bytes) : ri;
      const std::string doc = "{\"t\":\"" + text + "\"}";
      const size_t start = 6 + 3 * i;
      const auto r = run(doc, {{"t", T::Str, 256}}, false, 4);
      EXPECT_EQ(r.error, kind.error) << kind.bytes << " at " << i;
      if (kind.error == JsonError::Ok)
        EXPECT_EQ(r.value[0], text) << i;
      else
        EXPECT_EQ(r.offset, start + kind.at) << (&kind - kinds) << " at " << i;
      EXPECT_EQ(ehc_test::validate(doc), kind.error) << i;  // unbound: skimmed
    }
  }
}

// Unbound numbers and indentation are skimmed many bytes at a time on some
// CPUs: whatever ends a run of digits or spaces, wherever it lies, is read
// as alone.
TEST(Binder, LongDigitAndSpaceRunsEndWhereTheyEnd) {
  const struct {
    const char* after;
    JsonError error;
  } ends[] = {{"]", JsonError::Ok},
              {",2]", JsonError::Ok},
              {".5]", JsonError::Ok},
              {"e3]", JsonError::Ok},
              {" ]", JsonError::Ok},
              {"x]", JsonError::UnexpectedByte},
              {"/]", JsonError::UnexpectedByte},
              {":]", JsonError::UnexpectedByte}};
  for (size_t n = 1; n <= 40; ++n) {
    for (const auto& e : ends) {
      std::string digits;
      for (size_t k = 0; k < n; ++k) digits += static_cast<char>('1' + k % 9);
      size_t offset = 0;
      const std::string doc = "[" + digits + e.after;
      EXPECT_EQ(ehc_test::validate(doc, &offset), e.error) << doc;
      if (e.error != JsonError::Ok) EXPECT_EQ(offset, 1 + n) << doc;
    }
    for (const char* ws : {"\n", "\t", "\r", "\x0b", "\x01", "x"}) {
      // a line break, n spaces, then another whitespace byte or not, then a value
      const std::string doc = "[\n" + std::string(n, ' ') + ws + std::string(n % 7, ' ') + "1]";
      const bool ok = ws[0] == '\n' || ws[0] == '\t' || ws[0] == '\r';
      size_t offset = 0;
      EXPECT_EQ(ehc_test::validate(doc, &offset) == JsonError::Ok, ok) << n << " " << int(ws[0]);
      if (!ok) EXPECT_EQ(offset, 2 + n) << n;
    }
  }
}

TEST(Binder, EscapesAreDecoded) {
  const auto r = run(R"(["\"\\\/\b\f\n\r\t","\u0041\u00e9\u20ac\ud83d\ude00","\u0000x"])",
                     {{"0", T::Text}, {"1", T::Str}, {"2", T::Text}, {"1", T::Raw}});
  EXPECT_EQ(r.value[0], "\"\\/\b\f\n\r\t");
  EXPECT_EQ(r.value[1], "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
  EXPECT_EQ(r.value[2], std::string("\0x", 2));
  EXPECT_EQ(r.value[3], R"("\u0041\u00e9\u20ac\ud83d\ude00")");
}

TEST(Binder, TypeMismatchLeavesTargetUntouched) {
  const std::string doc = R"({"s":"text","n":12,"b":true,"o":{},"a":[1],"z":null})";
  const auto r = run(doc, {{"s", T::I32},
                           {"n", T::Str},
                           {"b", T::F64},
                           {"o", T::Str},
                           {"a", T::Bool},
                           {"z", T::I32},
                           {"n", T::Bool},
                           {"s", T::Bool}});
  EXPECT_EQ(r.status[0], BindStatus::Mismatch);
  EXPECT_EQ(r.status[1], BindStatus::Mismatch);
  EXPECT_EQ(r.status[2], BindStatus::Mismatch);
  EXPECT_EQ(r.status[3], BindStatus::Mismatch);
  EXPECT_EQ(r.status[4], BindStatus::Mismatch);
  EXPECT_EQ(r.status[5], BindStatus::Null);
  EXPECT_EQ(r.status[6], BindStatus::Mismatch);
  EXPECT_EQ(r.status[7], BindStatus::Mismatch);
  EXPECT_EQ(r.value, (std::vector<std::string>{"0", "", "0", "", "false", "0", "false", "false"}));
}

TEST(Binder, NullIsDetectable) {
  const auto r =
      run(R"({"a":null,"b":0,"c":{},"d":"null"})",
          {{"a", T::Null}, {"b", T::Null}, {"c", T::Null}, {"d", T::Null}, {"e", T::Null}});
  EXPECT_EQ(r.value, (std::vector<std::string>{"true", "false", "false", "false", "false"}));
  EXPECT_EQ(r.status[4], BindStatus::Missing);
}

TEST(Binder, IntegersAreRangeChecked) {
  const std::string doc =
      R"([127,128,-128,-129,255,256,-1,32767,32768,65535,65536,2147483647,2147483648,-2147483648,)"
      R"(-2147483649,4294967295,4294967296,9223372036854775807,9223372036854775808,)"
      R"(-9223372036854775808,-9223372036854775809,18446744073709551615,18446744073709551616,)"
      R"(1.0,1.5,1e2,1E+2,2e-1,100e-2,-0,1e400,0.0e5])";
  const auto r =
      run(doc, {{"0", T::I8},   {"1", T::I8},   {"2", T::I8},   {"3", T::I8},   {"4", T::U8},
                {"5", T::U8},   {"6", T::U8},   {"7", T::I16},  {"8", T::I16},  {"9", T::U16},
                {"10", T::U16}, {"11", T::I32}, {"12", T::I32}, {"13", T::I32}, {"14", T::I32},
                {"15", T::U32}, {"16", T::U32}, {"17", T::I64}, {"18", T::I64}, {"19", T::I64},
                {"20", T::I64}, {"21", T::U64}, {"22", T::U64}, {"23", T::I32}, {"24", T::I32},
                {"25", T::I32}, {"26", T::I32}, {"27", T::I32}, {"28", T::I32}, {"29", T::I32},
                {"30", T::I64}, {"31", T::I64}});
  const BindStatus F = BindStatus::Found, R = BindStatus::OutOfRange, M = BindStatus::Mismatch;
  const std::vector<BindStatus> expect = {F, R, F, R, F, R, R, F, R, F, R, F, R, F, R, F,
                                          R, F, R, F, R, F, R, F, M, F, F, M, F, F, R, F};
  EXPECT_EQ(r.status, expect);
  EXPECT_EQ(r.value[17], "9223372036854775807");
  EXPECT_EQ(r.value[19], "-9223372036854775808");
  EXPECT_EQ(r.value[21], "18446744073709551615");
  EXPECT_EQ(r.value[23], "1");
  EXPECT_EQ(r.value[25], "100");
  EXPECT_EQ(r.value[28], "1");
  EXPECT_EQ(r.value[24], "0");  // untouched
}

// The uint64 limit reached through the exponent's zeros as through digits.
TEST(Binder, Uint64LimitThroughExponentZeros) {
  const auto r =
      run(R"([1844674407370955161e1,1844674407370955162e1,18446744073709551616e0,)"
          R"(184467440737095516150e-1,1.8446744073709551615e19,2e19,99999999999999999999])",
          {{"0", T::U64},
           {"1", T::U64},
           {"2", T::U64},
           {"3", T::U64},
           {"4", T::U64},
           {"5", T::U64},
           {"6", T::U64}});
  const BindStatus F = BindStatus::Found, R = BindStatus::OutOfRange;
  EXPECT_EQ(r.status, (std::vector<BindStatus>{F, R, R, F, F, R, R}));
  EXPECT_EQ(r.value[0], "18446744073709551610");
  EXPECT_EQ(r.value[3], "18446744073709551615");
  EXPECT_EQ(r.value[4], "18446744073709551615");
}

TEST(Binder, StopWhenDoneStopsAfterLastBinding) {
  ehc::StaticJsonBinder<4> binder;
  binder.setStopWhenDone(true);
  int64_t id = 0;
  char name[32];
  binder.bind("0.id", &id);
  binder.bind("0.name", name);
  binder.feed(kUsers.data(), kUsers.size());
  EXPECT_TRUE(binder.stopped());
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(id, 1);
  EXPECT_STREQ(name, "Leanne Graham");
  EXPECT_EQ(binder.bytesFed(), kUsers.size());
}

TEST(Binder, BytesFedAfterAnErrorDoNotDependOnTheSplit) {
  const std::string doc = "{\"a\":[1,2,x],\"b\":3}";  // 'x' at offset 10
  for (size_t piece : {doc.size(), size_t{1}, size_t{5}}) {
    ehc::StaticJsonBinder<1> binder;
    int b = 0;
    binder.bind("b", &b);
    for (size_t off = 0; off < doc.size(); off += piece)
      binder.feed(doc.data() + off, std::min(piece, doc.size() - off));
    EXPECT_NE(binder.finish(), JsonError::Ok) << piece;
    EXPECT_EQ(binder.errorOffset(), 10u) << piece;
    EXPECT_EQ(binder.bytesFed(), 10u) << piece;  // what was taken before the error
  }
}

TEST(Binder, StopWhenDoneResolvesMissingPathsAtTheirContainerEnd) {
  // "0.nope" can only be in element 0: once it closes, the binder can stop,
  // so the garbage after it is never looked at.
  const std::string doc = R"([{"id":7},{"id": garbage)";
  const auto r = run(doc, {{"0.id", T::I32}, {"0.nope", T::I32}}, true);
  EXPECT_EQ(r.error, JsonError::Ok);
  EXPECT_EQ(r.value[0], "7");
  EXPECT_EQ(r.status[1], BindStatus::Missing);
  // Full validation (the default) finds the garbage.
  const auto full = run(doc, {{"0.id", T::I32}, {"0.nope", T::I32}}, false);
  EXPECT_EQ(full.error, JsonError::UnexpectedByte);
  EXPECT_EQ(full.offset, 17u);
}

TEST(Binder, StopWhenDoneKeepsGoingForWildcards) {
  const auto r = run(R"({"a":[1,2],"b":3})", {{"a.*", T::I32}, {"b", T::I32}}, true);
  // (the harness hears every binding; "b" resolves last, after the array)
  EXPECT_EQ(r.matches, (std::vector<std::string>{"a.0=found=1", "a.1=found=2", "b=found=3"}));
}

TEST(Binder, ErrorsCarryKindAndOffset) {
  struct Case {
    const char* doc;
    JsonError error;
    size_t offset;
  } cases[] = {
      {"", JsonError::Incomplete, 0},
      {"   ", JsonError::Incomplete, 3},
      {"[1,]", JsonError::UnexpectedByte, 3},
      {"{\"a\" 1}", JsonError::UnexpectedByte, 5},
      {"[1] x", JsonError::TrailingData, 4},
      {"\"a\x01\"", JsonError::ControlInString, 2},
      {"\"\\x\"", JsonError::InvalidEscape, 2},
      {"\"\\u12G4\"", JsonError::InvalidEscape, 5},
      {"\"\\ud800\"", JsonError::InvalidSurrogate, 7},
      {"\"\\ud800\\u0041\"", JsonError::InvalidSurrogate, 12},
      {"\"\\udc00\"", JsonError::InvalidSurrogate, 6},
      {"\"\xC0\x80\"", JsonError::InvalidUtf8, 1},
      {"\"\xED\xA0\x80\"", JsonError::InvalidUtf8, 2},
      {"\"\xF4\x90\x80\x80\"", JsonError::InvalidUtf8, 2},
      {"\"\xE2\x82\"", JsonError::InvalidUtf8, 3},
      {"01", JsonError::InvalidNumber, 1},
      {"-", JsonError::Incomplete, 1},
      {"-a", JsonError::InvalidNumber, 1},
      {"1.", JsonError::Incomplete, 2},
      {"1.e5", JsonError::InvalidNumber, 2},
      {"1e+", JsonError::Incomplete, 3},
      {"[tru]", JsonError::InvalidLiteral, 4},
      {"nul", JsonError::Incomplete, 3},
      {"[\"abc", JsonError::Incomplete, 5},
      // A value's first byte, tested where nothing follows it (the key's
      // colon and space read at once, or not).
      {"{\"a\": x}", JsonError::UnexpectedByte, 6},
      {"{\"a\":x}", JsonError::UnexpectedByte, 5},
      {"{\"a\": \x01}", JsonError::UnexpectedByte, 6},
      {"{\"a\":  :}", JsonError::UnexpectedByte, 7},
      {"[1, ]]", JsonError::UnexpectedByte, 4},
      {"[[\xFF]]", JsonError::InvalidUtf8, 2},
      {"[{\"b\": +1}]", JsonError::UnexpectedByte, 7},
  };
  for (const Case& c : cases) {
    size_t offset = 0;
    EXPECT_EQ(ehc_test::validate(c.doc, &offset), c.error) << c.doc;
    EXPECT_EQ(offset, c.offset) << c.doc;
  }
}

TEST(Binder, DepthLimitIsAnErrorNotACrash) {
  std::string deep(100000, '[');
  size_t offset = 0;
  EXPECT_EQ(ehc_test::validate(deep, &offset), JsonError::TooDeep);
  EXPECT_EQ(offset, static_cast<size_t>(EHC_MAX_DEPTH));
  std::string ok(EHC_MAX_DEPTH, '[');
  ok += std::string(EHC_MAX_DEPTH, ']');
  EXPECT_EQ(ehc_test::validate(ok), JsonError::Ok);
}

TEST(Binder, BindRejectsBadPathsAndTargets) {
  ehc::StaticJsonBinder<2> binder;
  int x;
  char buf[4];
  EXPECT_EQ(binder.bind("a\\b", &x), ehc::JsonBinder::kBadPath);
  EXPECT_EQ(binder.bind("a\\", &x), ehc::JsonBinder::kBadPath);
  EXPECT_EQ(binder.bind("a", static_cast<int*>(nullptr)), ehc::JsonBinder::kBadTarget);
  EXPECT_EQ(binder.bind("a", buf, 0), ehc::JsonBinder::kBadTarget);
  std::string deep = "a";
  for (int i = 0; i < EHC_MAX_PATH_DEPTH; ++i) deep += ".a";
  EXPECT_EQ(binder.bind(deep.c_str(), &x), ehc::JsonBinder::kBadPath);
  EXPECT_EQ(binder.bind("a", &x), 0);
  EXPECT_EQ(binder.bind("b", &x), 1);
  EXPECT_EQ(binder.bind("c", &x), ehc::JsonBinder::kFull);
}

// What a program may read of a binding: its path, kind, status and shape.
TEST(Binder, BindingViewSaysWhatEachBindingIs) {
  ehc::StaticJsonBinder<4> binder;
  int64_t id = 0;
  char name[8];
  int32_t tags[2];
  uint8_t tagCount = 0;
  ASSERT_EQ(binder.bind("id", &id), 0);
  ASSERT_EQ(binder.bindCallback(
                "list.*", [](const ehc::JsonMatch&, void*) {}, nullptr),
            1);
  ASSERT_EQ(binder.bindElements("tags.*", ehc::TargetKind::Int32, tags, 0, sizeof tags[0], 2,
                                &tagCount, sizeof tagCount),
            2);
  ASSERT_EQ(binder.bind("name", name), 3);
  const char doc[] = R"({"id":7,"list":[1,2],"tags":[3],"name":true})";
  binder.feed(doc, sizeof doc - 1);
  ASSERT_EQ(binder.finish(), JsonError::Ok);

  const ehc::JsonBindingView v0 = binder.binding(0);
  EXPECT_STREQ(v0.path, "id");
  EXPECT_EQ(v0.kind, ehc::TargetKind::Int64);
  EXPECT_EQ(v0.status, BindStatus::Found);
  EXPECT_FALSE(v0.wildcard);
  EXPECT_FALSE(v0.elements);
  const ehc::JsonBindingView v1 = binder.binding(1);
  EXPECT_STREQ(v1.path, "list.*");
  EXPECT_EQ(v1.kind, ehc::TargetKind::None);
  EXPECT_TRUE(v1.wildcard);
  EXPECT_FALSE(v1.elements);
  const ehc::JsonBindingView v2 = binder.binding(2);
  EXPECT_EQ(v2.kind, ehc::TargetKind::Int32);
  EXPECT_TRUE(v2.wildcard);
  EXPECT_TRUE(v2.elements);
  EXPECT_EQ(tagCount, 1);
  const ehc::JsonBindingView v3 = binder.binding(3);
  EXPECT_EQ(v3.kind, ehc::TargetKind::Chars);
  EXPECT_EQ(v3.status, BindStatus::Mismatch);
  EXPECT_EQ(v3.status, binder.status(3));
}

// bindElements takes back a binding whose path has no "*": nothing of it may
// stay behind (here: the root path's mark, which would make the next binding,
// in the same slot, end at the root).
// The next binding, in slot 0: "a" of {"a":1} is found.
static void expectTheNextBindingFound(ehc::JsonBinder& binder) {
  int64_t a = 0;
  ASSERT_EQ(binder.bind("a", &a), 0);
  const char doc[] = R"({"a":1})";
  binder.feed(doc, sizeof doc - 1);
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(binder.status(0), BindStatus::Found);
  EXPECT_EQ(a, 1);
}

TEST(Binder, ARefusedElementBindingLeavesNothingBehind) {
  ehc::StaticJsonBinder<2> binder;
  int32_t elements[2];
  EXPECT_EQ(
      binder.bindElements("", ehc::TargetKind::Int32, elements, 0, sizeof(int32_t), 2, nullptr, 0),
      ehc::JsonBinder::kBadPath);
  expectTheNextBindingFound(binder);
}

// The same with a deeper path: its segments' marks (the per-depth masks a
// container's entry reads) go with it, and with clear().
TEST(Binder, ARefusedOrClearedPathLeavesNoDepthsBehind) {
  ehc::StaticJsonBinder<2> binder;
  int32_t elements[2];
  EXPECT_EQ(binder.bindElements("a.b.c", ehc::TargetKind::Int32, elements, 0, sizeof(int32_t), 2,
                                nullptr, 0),
            ehc::JsonBinder::kBadPath);
  expectTheNextBindingFound(binder);

  binder.clear();
  char deep[8];
  ASSERT_EQ(binder.bind("x.y.z", deep), 0);
  ASSERT_EQ(binder.bind("x.y.w", deep), 1);
  binder.clear();
  int64_t x = 0, y = 0;
  ASSERT_EQ(binder.bind("x", &x), 0);
  ASSERT_EQ(binder.bind("y", &y), 1);
  const char doc2[] = R"({"x":2,"y":3})";
  binder.feed(doc2, sizeof doc2 - 1);
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(binder.status(0), BindStatus::Found);
  EXPECT_EQ(binder.status(1), BindStatus::Found);
  EXPECT_EQ(x, 2);
  EXPECT_EQ(y, 3);
}

TEST(Binder, NoHeapWhileParsing) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  ehc::StaticJsonBinder<16> binder;
  char name[32], city[32], lat[16];
  int id;
  binder.bind("9.name", name);
  binder.bind("9.address.city", city);
  binder.bind("9.address.geo.lat", lat);
  binder.bind("9.id", &id);
  ehc_test::AllocScope scope;
  for (size_t off = 0; off < kUsers.size(); off += 512)
    binder.feed(kUsers.data() + off, std::min<size_t>(512, kUsers.size() - off));
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(scope.calls(), 0u);
  EXPECT_EQ(id, 10);
  EXPECT_STREQ(city, "Lebsackbury");
}

TEST(Binder, RestartReusesBindings) {
  ehc::StaticJsonBinder<1> binder;
  int v = 0;
  binder.bind("a", &v);
  binder.feed("{\"a\":1}", 7);
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(v, 1);
  binder.restart();
  EXPECT_EQ(binder.status(0), BindStatus::Missing);
  binder.feed("{\"a\":2}", 7);
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(v, 2);
}

TEST(Binder, StatusNamesAreReadable) {
  EXPECT_STREQ(ehc::bindStatusName(BindStatus::OutOfRange), "out_of_range");
  EXPECT_STREQ(ehc::jsonErrorName(JsonError::InvalidUtf8), "invalid_utf8");
}

}  // namespace

// --- regressions found in review ---------------------------------------------

namespace {

TEST(BinderRegression, CutMatchPathStaysFlaggedInChildren) {
  // The member key does not fit in EHC_MAX_MATCH_PATH: every path below it is
  // cut too, and must say so.
  const std::string key(EHC_MAX_MATCH_PATH - 1, 'a');
  const std::string doc = "{\"" + key + ".\":[7]}";
  struct Seen {
    bool truncated = false;
    int calls = 0;
  } seen;
  ehc::StaticJsonBinder<1> binder;
  int64_t v = 0;
  const int i = binder.bind("*.*", &v);
  binder.onMatch(
      i,
      [](const ehc::JsonMatch& m, void* u) {
        auto* s = static_cast<Seen*>(u);
        s->truncated = m.pathTruncated;
        ++s->calls;
      },
      &seen);
  binder.feed(doc.data(), doc.size());
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(seen.calls, 1);
  EXPECT_TRUE(seen.truncated);
  EXPECT_EQ(v, 7);
}

TEST(BinderRegression, IncompleteDocumentLeavesNoHalfCharacter) {
  // (Nor any prefix: a value cut by the document's end is emptied.)
  const auto r = run("[\"ab\xC3", {{"0", T::Str}, {"0", T::Raw}, {"", T::Raw}});
  EXPECT_EQ(r.error, JsonError::Incomplete);
  EXPECT_EQ(r.value, (std::vector<std::string>{"", "", ""}));
  EXPECT_EQ(r.status, std::vector<BindStatus>(3, BindStatus::Invalid));
}

// Found by the fuzzer: a char buffer bound to a value that is a cut-off
// literal was "trimmed" with a length it never had.
TEST(BinderRegression, DocumentCutInALiteralLeavesTextTargetsAlone) {
  for (const char* doc : {"[false, nul", "[true, tr", "{\"a\": fals"}) {
    char text[8] = "keep";
    ehc::StaticJsonBinder<2> binder;
    ASSERT_GE(binder.bind("1", text), 0);
    ASSERT_GE(binder.bind("a", text), 0);
    binder.feed(doc, strlen(doc));
    EXPECT_EQ(binder.finish(), JsonError::Incomplete) << doc;
    EXPECT_STREQ(text, "keep") << doc;
  }
}

TEST(BinderRegression, InvalidValueByteTouchesNoBinding) {
  const auto r = run(R"({"a":})", {{"a", T::Null}, {"a", T::Raw}, {"a", T::Str}});
  EXPECT_EQ(r.error, JsonError::UnexpectedByte);
  EXPECT_EQ(r.status, (std::vector<BindStatus>{BindStatus::Missing, BindStatus::Missing,
                                               BindStatus::Missing}));
  EXPECT_TRUE(r.matches.empty());
  const auto w = run("[1,]", {{"*", T::I32}});
  EXPECT_EQ(w.matches, (std::vector<std::string>{"0=found=1"}));
}

TEST(BinderRegression, HugeEscapedPathIsRejected) {
  std::string path;
  for (int i = 0; i < 65537; ++i) path += "\\.";
  ehc::StaticJsonBinder<1> binder;
  int v;
  EXPECT_EQ(binder.bind(path.c_str(), &v), ehc::JsonBinder::kBadPath);
}

TEST(BinderRegression, CapacityIsClampedToTheMaskWidth) {
  ehc::JsonBinding slots[40];
  ehc::JsonBinder binder(slots, 40);
  int v[40];
  int accepted = 0;
  for (int i = 0; i < 40; ++i) accepted += binder.bind("a", &v[i]) >= 0 ? 1 : 0;
  EXPECT_EQ(accepted, EHC_MAX_BINDINGS);
}

TEST(BinderRegression, EndlessFractionZerosDoNotWrapTheExponent) {
  // 3 million leading zeros after the point (the exponent saturates; a 2 GB
  // run would once have wrapped it).
  std::string doc = "[0." + std::string(3000000, '0') + "1]";
  double d = -1;
  ehc::StaticJsonBinder<1> binder;
  binder.bind("0", &d);
  for (size_t off = 0; off < doc.size(); off += 65536)
    binder.feed(doc.data() + off, std::min<size_t>(65536, doc.size() - off));
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(binder.status(0), BindStatus::Found);
  EXPECT_EQ(d, 0.0);
}

}  // namespace

namespace {

TEST(BinderArrays, IndexBindingsComeBackAfterTheirArrayCloses) {
  // After element 0 closes, "a.0.b" is not looked at again in that array;
  // when the array closes it must be ready for a later duplicate "a".
  const std::string doc = R"({"a":[{"b":1},{"b":9}],"x":{"a":0},"a":[{"b":2}],"c":[[1,2],[3,4]]})";
  const auto r =
      run(doc, {{"a.0.b", T::I32}, {"a.1.b", T::I32}, {"c.1.0", T::I32}, {"c.*.1", T::I32}});
  EXPECT_EQ(r.value, (std::vector<std::string>{"2", "9", "3", "4"}));
  EXPECT_EQ(r.matches,
            (std::vector<std::string>{"a.0.b=found=1", "a.1.b=found=9", "a.0.b=found=2",
                                      "c.0.1=found=2", "c.1.0=found=3", "c.1.1=found=4"}));
}

TEST(BinderArrays, SparseIndicesInALongArray) {
  std::string doc = "[";
  for (int i = 0; i < 1000; ++i) doc += (i ? "," : "") + std::to_string(i * 3);
  doc += "]";
  const auto r = run(doc, {{"999", T::I32}, {"0", T::I32}, {"500", T::I32}, {"1000", T::I32}});
  EXPECT_EQ(r.value, (std::vector<std::string>{"2997", "0", "1500", "0"}));
  EXPECT_EQ(r.status[3], BindStatus::Missing);
}

}  // namespace

namespace {

TEST(BinderText, StdStringTargetsGrowAndDecode) {
  const std::string doc = R"({"s":"caf\u00e9 \"quoted\"","n":5,"o":{"a":[1,2]}})";
  std::string s = "old", raw, mismatch = "untouched";
  ehc::StaticJsonBinder<3> binder;
  ASSERT_GE(ehc::bindText(binder, "s", s), 0);
  ASSERT_GE(ehc::bindRawText(binder, "o", raw), 0);
  ASSERT_GE(ehc::bindText(binder, "n", mismatch), 0);
  for (char c : doc) binder.feed(&c, 1);
  ASSERT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(s, "caf\xC3\xA9 \"quoted\"");
  EXPECT_EQ(raw, R"({"a":[1,2]})");
  EXPECT_EQ(mismatch, "untouched");
  EXPECT_EQ(binder.status(2), BindStatus::Mismatch);
}

}  // namespace

// --- a value that was not read whole is never "found" -----------------------

namespace {

// Every kind of target bound to the value at "a", which `doc` cuts short.
const std::vector<Spec> kEveryKind = {{"a", T::Str}, {"a", T::Raw},  {"a", T::Text}, {"a", T::I32},
                                      {"a", T::F64}, {"a", T::Bool}, {"a", T::Null}};

void expectCut(const std::string& doc, JsonError error) {
  const auto r = run(doc, kEveryKind);
  EXPECT_EQ(r.error, error) << doc;
  for (size_t k = 0; k < kEveryKind.size(); ++k) {
    // Invalid where the value had begun for the target, else what its type says.
    const BindStatus s = r.status[k];
    EXPECT_NE(s, BindStatus::Found) << doc << " binding " << k;
    EXPECT_NE(s, BindStatus::Truncated) << doc << " binding " << k;
  }
  EXPECT_EQ(r.value[0], "") << doc;  // text targets emptied
  EXPECT_EQ(r.value[1], "") << doc;
  EXPECT_EQ(r.value[2], "") << doc;
  EXPECT_EQ(r.value[3], "0") << doc;  // others untouched
  EXPECT_EQ(r.value[4], "0") << doc;
  EXPECT_EQ(r.value[5], "false") << doc;
  EXPECT_EQ(r.value[6], "false") << doc;
  // No callback heard of it as a value (a mismatch is told at its first byte).
  for (const std::string& m : r.matches) EXPECT_NE(m.find("=mismatch="), std::string::npos) << m;
}

TEST(BinderCut, AStringCutByAnErrorIsInvalidAndEmptied) {
  expectCut(
      "{\"a\":\"ab\xFF"
      "cd\"}",
      JsonError::InvalidUtf8);
  expectCut("{\"a\":\"ab\\ud800x\"}", JsonError::InvalidSurrogate);
  expectCut("{\"a\":\"ab\\udc00\"}", JsonError::InvalidSurrogate);
  expectCut("{\"a\":\"ab\\q\"}", JsonError::InvalidEscape);
  expectCut("{\"a\":\"ab\x01\"}", JsonError::ControlInString);
  expectCut("{\"a\":\"caf\xC3\xA9 \xE2\x82\"}", JsonError::InvalidUtf8);
  expectCut("{\"a\":\"abc", JsonError::Incomplete);
  const auto r = run("{\"a\":\"ab\xFF\"}", kEveryKind);
  EXPECT_EQ(r.status[0], BindStatus::Invalid);
  EXPECT_EQ(r.status[1], BindStatus::Invalid);
  EXPECT_EQ(r.status[2], BindStatus::Invalid);
  // A number target reads a string as a number at its end ("12.5"): cut
  // before that, it was not read whole either.
  EXPECT_EQ(r.status[3], BindStatus::Invalid);
}

TEST(BinderCut, ANumberOrLiteralIsWholeOnlyAtTheByteAfterIt) {
  expectCut(R"({"a":12abc})", JsonError::UnexpectedByte);
  expectCut(R"({"a":1.5e3x})", JsonError::UnexpectedByte);
  expectCut(R"({"a":12:1})", JsonError::UnexpectedByte);
  expectCut(R"({"a":truex})", JsonError::UnexpectedByte);
  expectCut(R"({"a":nullx})", JsonError::UnexpectedByte);
  expectCut(R"({"a":nul})", JsonError::InvalidLiteral);
  // Cut by the end of the document inside a container: 12 may have been 1234.
  expectCut(R"({"a":12)", JsonError::Incomplete);
  expectCut(R"({"a":true)", JsonError::Incomplete);
  const auto r = run(R"({"a":12abc})", kEveryKind);
  EXPECT_EQ(r.status[3], BindStatus::Invalid);
  EXPECT_EQ(r.status[4], BindStatus::Invalid);
  // Followed by a byte that may follow a value, they are whole.
  const auto ok =
      run("{\"a\":12 ,\"b\":[true],\"c\":null}", {{"a", T::I32}, {"b.0", T::Bool}, {"c", T::Null}});
  EXPECT_EQ(ok.status, std::vector<BindStatus>(3, BindStatus::Found));
  // A document that is one number or literal ends with it.
  EXPECT_EQ(run("12", {{"", T::I32}}).value[0], "12");
  EXPECT_EQ(run("true", {{"", T::Bool}}).status[0], BindStatus::Found);
  const auto trailing = run("12x", {{"", T::I32}});
  EXPECT_EQ(trailing.error, JsonError::TrailingData);
  EXPECT_EQ(trailing.offset, 2u);
  EXPECT_EQ(trailing.status[0], BindStatus::Invalid);
}

TEST(BinderCut, AContainerIsWholeAtItsClose) {
  // Raw text, null detection and callbacks on a container hear of it when
  // it closes, never before.
  expectCut(R"({"a":{"b":1,"c":"x)", JsonError::Incomplete);
  expectCut(R"({"a":[1,2,x]})", JsonError::UnexpectedByte);
  expectCut("{\"a\":[\"\xC0\"]}", JsonError::InvalidUtf8);
  const auto r =
      run(R"({"a":[1,{"b":2}],"n":{}})", {{"a", T::Raw}, {"a", T::Null}, {"n", T::Null}});
  EXPECT_EQ(r.value, (std::vector<std::string>{R"([1,{"b":2}])", "false", "false"}));
  EXPECT_EQ(r.status, std::vector<BindStatus>(3, BindStatus::Found));
  EXPECT_EQ(r.matches,
            (std::vector<std::string>{R"(a=found=[1,{"b":2}])", "a=found=false", "n=found=false"}));
}

TEST(BinderCut, ValuesReadWholeBeforeTheErrorStayFound) {
  const auto r =
      run("{\"a\":\"ok\",\"n\":5,\"b\":\"x\xFF\"}", {{"a", T::Str}, {"n", T::I32}, {"b", T::Str}});
  EXPECT_EQ(r.error, JsonError::InvalidUtf8);
  EXPECT_EQ(r.status,
            (std::vector<BindStatus>{BindStatus::Found, BindStatus::Found, BindStatus::Invalid}));
  EXPECT_EQ(r.value, (std::vector<std::string>{"ok", "5", ""}));
  // A later duplicate cut short replaces the first value by nothing.
  const auto d = run("{\"a\":\"first\",\"a\":\"sec\xFF\"}", {{"a", T::Str}, {"a", T::Text}});
  EXPECT_EQ(d.status, std::vector<BindStatus>(2, BindStatus::Invalid));
  EXPECT_EQ(d.value, (std::vector<std::string>{"", ""}));
  // "*": each whole element is delivered; the cut one is not.
  const auto w = run("[1,2,3x]", {{"*", T::I32}});
  EXPECT_EQ(w.matches, (std::vector<std::string>{"0=found=1", "1=found=2"}));
  EXPECT_EQ(w.status[0], BindStatus::Invalid);
  EXPECT_EQ(w.value[0], "2");
}

TEST(BinderCut, NotFoundWhileTheValueIsArriving) {
  ehc::StaticJsonBinder<2> binder;
  char s[16];
  bool isNull = true;
  binder.bind("s", s);
  binder.bindIsNull("o", &isNull);
  const std::string head = R"({"s":"abc)", middle = R"(","o":{"x":1)", tail = "}}";
  binder.feed(head.data(), head.size());
  EXPECT_EQ(binder.status(0), BindStatus::Invalid);  // (a status never says Found early)
  binder.feed(middle.data(), middle.size());
  EXPECT_EQ(binder.status(0), BindStatus::Found);
  EXPECT_EQ(binder.status(1), BindStatus::Invalid);
  EXPECT_TRUE(isNull);  // untouched until the object closes
  binder.feed(tail.data(), tail.size());
  EXPECT_EQ(binder.finish(), JsonError::Ok);
  EXPECT_EQ(binder.status(1), BindStatus::Found);
  EXPECT_FALSE(isNull);
}

TEST(BinderCut, ATextSinkIsClearedWhenItsValueTurnsOutCut) {
  // A sink hears the value as it arrives; if it turns out cut, it is cleared.
  struct Log {
    std::string calls, text;
  } log;
  const ehc::TextSink sink = {[](void* o) {
                                auto* l = static_cast<Log*>(o);
                                l->calls += "C";
                                l->text.clear();
                              },
                              [](void* o, const char* d, size_t n) {
                                auto* l = static_cast<Log*>(o);
                                l->calls += "A";
                                l->text.append(d, n);
                              }};
  const std::string doc = "{\"s\":\"abc\xFF\"}";
  ehc::StaticJsonBinder<1> binder;
  ASSERT_GE(binder.bindText("s", &log, &sink), 0);
  for (char c : doc) binder.feed(&c, 1);
  EXPECT_EQ(binder.finish(), JsonError::InvalidUtf8);
  EXPECT_EQ(log.calls, "CAAAC");
  EXPECT_EQ(log.text, "");
  EXPECT_EQ(binder.status(0), BindStatus::Invalid);
}

TEST(BinderCut, CallbackOnlyBindingsHearOnlyWholeValues) {
  std::vector<std::string> heard;
  ehc::StaticJsonBinder<1> binder;
  binder.bindCallback(
      "*",
      [](const ehc::JsonMatch& m, void* u) {
        static_cast<std::vector<std::string>*>(u)->push_back(m.path);
      },
      &heard);
  const std::string doc = R"([{"a":1},[2],"s",{"b":)";
  binder.feed(doc.data(), doc.size());
  EXPECT_EQ(binder.finish(), JsonError::Incomplete);
  EXPECT_EQ(heard, (std::vector<std::string>{"0", "1", "2"}));
  EXPECT_EQ(binder.status(0), BindStatus::Invalid);
}

}  // namespace

// A path of the most segments allowed may end on a container: that container
// is followed one level below the deepest segment (raw capture, IsNull and
// callbacks are told at its close). The binder's per-level state was one level
// short for it (UBSan: index 16 out of bounds).
TEST(Binder, TheDeepestPathMayEndOnAContainer) {
  std::string path = "a";
  for (int i = 1; i < EHC_MAX_PATH_DEPTH; ++i) path += ".a";
  std::string doc;
  for (int i = 0; i < EHC_MAX_PATH_DEPTH; ++i) doc += "{\"a\":";
  doc += "{\"b\":[1,{\"c\":2}]}";
  for (int i = 0; i < EHC_MAX_PATH_DEPTH; ++i) doc += "}";
  for (int kind = 0; kind < 4; ++kind) {
    ehc::StaticJsonBinder<4> binder;
    bool isNull = true;
    char raw[64];
    int calls = 0;
    std::string wild = path + ".*";
    if (kind == 0) ASSERT_GE(binder.bindIsNull(path.c_str(), &isNull), 0);
    if (kind == 1)
      ASSERT_GE(binder.bindCallback(
                    path.c_str(), [](const ehc::JsonMatch&, void* c) { ++*static_cast<int*>(c); },
                    &calls),
                0);
    if (kind == 2) ASSERT_GE(binder.bindRaw(path.c_str(), raw, sizeof raw), 0);
    if (kind == 3)
      EXPECT_LT(binder.bindCallback(
                    wild.c_str(), [](const ehc::JsonMatch&, void*) {}, nullptr),
                0);
    binder.feed(doc.data(), doc.size());
    EXPECT_EQ(binder.finish(), JsonError::Ok) << kind;
    if (kind == 0) EXPECT_FALSE(isNull);
    if (kind == 1) EXPECT_EQ(calls, 1);
    if (kind == 2) EXPECT_STREQ(raw, "{\"b\":[1,{\"c\":2}]}");
  }
}
