// What ESP32-HTTP-Client users' code relies on when it reads values
// (issue 16): numbers that arrive as strings, null resetting a target, a
// String target that takes any value, String members of mapped structs.
// Every case runs whole, byte by byte and at random splits (split_harness).
#include <gtest/gtest.h>

#include <string>

#include "ehc/json/json_struct.h"
#include "split_harness.h"

using ehc::BindStatus;
using ehc::JsonError;
using ehc_test::run;
using ehc_test::T;

namespace {

TEST(CompatBinding, AStringHoldingANumberIsReadAsThatNumber) {
  const auto r =
      run(R"({"lat":"-37.3159","id":"15","big":"1e400","n":12,"u":"7"})", {{"lat", T::F64},
                                                                           {"lat", T::F32},
                                                                           {"id", T::I32},
                                                                           {"big", T::F64},
                                                                           {"n", T::I32},
                                                                           {"u", T::U8}});
  EXPECT_EQ(r.error, JsonError::Ok);
  EXPECT_EQ(r.value[0], "-37.315899999999999");
  EXPECT_EQ(r.value[1], "-37.3158989");
  EXPECT_EQ(r.value[2], "15");
  EXPECT_EQ(r.status[3], BindStatus::OutOfRange);  // the same rules as a number
  EXPECT_EQ(r.status[4], BindStatus::Found);
  EXPECT_EQ(r.value[5], "7");
  // Bits 0, 1, 2, 5: found through the conversion; 4 was a JSON number.
  EXPECT_EQ(r.converted, 0x27u);
}

TEST(CompatBinding, AStringThatIsNotANumberIsAMismatch) {
  const auto r = run(R"({"a":"12abc","b":" 12","c":"0x10","d":"","e":"1.5","f":"-","g":"1e",)"
                     R"("h":"0123456789012345678901234567890123456789012345678901"})",
                     {{"a", T::I32},
                      {"b", T::I32},
                      {"c", T::I32},
                      {"d", T::F64},
                      {"e", T::I32},
                      {"f", T::F64},
                      {"g", T::F64},
                      {"h", T::F64}});
  EXPECT_EQ(r.error, JsonError::Ok);
  for (int i = 0; i < 8; ++i) {
    if (i == 4) continue;
    EXPECT_EQ(r.status[i], BindStatus::Mismatch) << i;
    EXPECT_EQ(r.value[i], "0") << i;  // untouched
  }
  EXPECT_EQ(r.status[4], BindStatus::Mismatch);  // "1.5" into an int: as 1.5 is
  EXPECT_EQ(r.converted, 0u);
}

TEST(CompatBinding, AnEscapedStringNumberIsDecodedFirst) {
  const auto r = run(R"({"a":"\u0031\u0032"})", {{"a", T::I64}});
  EXPECT_EQ(r.value[0], "12");
  EXPECT_EQ(r.converted, 1u);
}

TEST(CompatBinding, NullResetsTheTarget) {
  ehc::StaticJsonBinder<8> b;
  int i = 5;
  double d = 2.5;
  bool flag = true;
  char text[8] = "old";
  uint64_t u = 9;
  b.bind("i", &i);
  b.bind("d", &d);
  b.bind("b", &flag);
  b.bind("s", text);
  b.bind("u", &u);
  const char doc[] = R"({"i":null,"d":null,"b":null,"s":null,"u":null})";
  b.feed(doc, sizeof doc - 1);
  ASSERT_EQ(b.finish(), JsonError::Ok);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(b.status(k), BindStatus::Null) << k;
  EXPECT_EQ(i, 0);
  EXPECT_EQ(d, 0.0);
  EXPECT_FALSE(flag);
  EXPECT_STREQ(text, "");
  EXPECT_EQ(u, 0u);
}

TEST(CompatBinding, NullResetsTextTargetsAndKeepsRawText) {
  const auto r = run(R"({"s":null})", {{"s", T::Text}, {"s", T::AnyText}, {"s", T::Raw}});
  EXPECT_EQ(r.status[0], BindStatus::Null);
  EXPECT_EQ(r.status[1], BindStatus::Null);
  EXPECT_EQ(r.value[1], "");
  EXPECT_EQ(r.status[2], BindStatus::Found);
  EXPECT_EQ(r.value[2], "null");
}

TEST(CompatBinding, AnyTextDecodesStringsAndKeepsOtherValuesAsJson) {
  const auto r = run(R"({"s":"a\"b","n":-12.50,"t":true,"o":{"k":[1, "x"]},"a":[ ]})",
                     {{"s", T::AnyText},
                      {"n", T::AnyText},
                      {"t", T::AnyText},
                      {"o", T::AnyText},
                      {"a", T::AnyText},
                      {"o.k.1", T::AnyText}});
  EXPECT_EQ(r.error, JsonError::Ok);
  EXPECT_EQ(r.value[0], "a\"b");
  EXPECT_EQ(r.value[1], "-12.50");
  EXPECT_EQ(r.value[2], "true");
  EXPECT_EQ(r.value[3], R"({"k":[1, "x"]})");
  EXPECT_EQ(r.value[4], "[ ]");
  EXPECT_EQ(r.value[5], "x");
  for (int k = 0; k < 6; ++k) EXPECT_EQ(r.status[k], BindStatus::Found) << k;
}

TEST(CompatBinding, AnyTextCutByAnErrorIsEmptied) {
  const auto r = run(R"({"o":{"k":1)", {{"o", T::AnyText}});
  EXPECT_EQ(r.error, JsonError::Incomplete);
  EXPECT_EQ(r.status[0], BindStatus::Invalid);
  EXPECT_EQ(r.value[0], "");
}

struct Person {
  int id = 0;
  std::string email;
  REST_JSON_MAP(REST_FIELD(id), REST_FIELD(email))
};

// A map written by hand the way ESP32-HTTP-Client's users could: the
// macro's visitor is called `visitor`.
struct HandWritten {
  int id = 0;
  char name[16] = "";
  REST_JSON_MAP(REST_FIELD(id), visitor.field("full_name", name))
};

TEST(CompatBinding, StringMembersAndTheVisitorName) {
  Person p;
  ehc::StaticJsonBinder<4, 64> b;
  ASSERT_EQ(ehc::bindStruct(b, "", p), 0);
  const char doc[] = R"({"id":3,"email":"a@b.c"})";
  b.feed(doc, sizeof doc - 1);
  ASSERT_EQ(b.finish(), JsonError::Ok);
  EXPECT_EQ(p.id, 3);
  EXPECT_EQ(p.email, "a@b.c");
  char out[64];
  ehc::JsonWriter w(out, sizeof out);
  ASSERT_EQ(ehc::writeStruct(w, p), ehc::WriteError::Ok);
  EXPECT_STREQ(out, R"({"id":3,"email":"a@b.c"})");

  HandWritten h;
  ehc::StaticJsonBinder<4, 64> hb;
  ASSERT_EQ(ehc::bindStruct(hb, "", h), 0);
  const char hdoc[] = R"({"id":4,"full_name":"Ann"})";
  hb.feed(hdoc, sizeof hdoc - 1);
  ASSERT_EQ(hb.finish(), JsonError::Ok);
  EXPECT_EQ(h.id, 4);
  EXPECT_STREQ(h.name, "Ann");
}

}  // namespace
