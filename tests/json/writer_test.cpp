// The JSON writer: output text, errors, and round trips through the binder.
#include <gtest/gtest.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <random>
#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "ehc/core/number_format.h"
#include "split_harness.h"

using ehc::JsonWriter;
using ehc::WriteError;

namespace {

TEST(Writer, ObjectsArraysAndScalars) {
  char buf[256];
  JsonWriter w(buf, sizeof buf);
  w.beginObject()
      .member("id", 7)
      .member("name", "Ana")
      .member("ok", true)
      .key("none")
      .value(nullptr)
      .member("big", UINT64_MAX)
      .member("neg", INT64_MIN)
      .key("tags")
      .beginArray()
      .value("a")
      .value(2.5)
      .beginObject()
      .endObject()
      .beginArray()
      .endArray()
      .endArray()
      .member("f", 0.1f)
      .endObject();
  EXPECT_EQ(w.error(), WriteError::Ok);
  EXPECT_TRUE(w.complete());
  EXPECT_STREQ(buf, R"({"id":7,"name":"Ana","ok":true,"none":null,"big":18446744073709551615,)"
                    R"("neg":-9223372036854775808,"tags":["a",2.5,{},[]],"f":0.1})");
  EXPECT_EQ(w.length(), strlen(buf));
}

TEST(Writer, EscapesStrings) {
  char buf[128];
  JsonWriter w(buf, sizeof buf);
  const std::string s = std::string("q\"b\\n\n\t\x01\x1f/\xC3\xA9\0", 13);  // ends in a NUL
  w.value(s.data(), s.size());
  EXPECT_EQ(w.error(), WriteError::Ok);
  EXPECT_STREQ(buf, "\"q\\\"b\\\\n\\n\\t\\u0001\\u001f/\xC3\xA9\\u0000\"");
  // ... and the binder reads it back to the same bytes.
  const auto r = ehc_test::run(buf, {{"", ehc_test::T::Text}});
  EXPECT_EQ(r.value[0], s);
}

TEST(Writer, RefusesWhatJsonCannotSay) {
  char buf[64];
  JsonWriter nan(buf, sizeof buf);
  nan.beginArray().value(NAN);
  EXPECT_EQ(nan.error(), WriteError::NotFinite);
  JsonWriter inf(buf, sizeof buf);
  inf.value(-INFINITY);
  EXPECT_EQ(inf.error(), WriteError::NotFinite);
  JsonWriter utf(buf, sizeof buf);
  utf.value("bad \xC3(");
  EXPECT_EQ(utf.error(), WriteError::InvalidUtf8);
  EXPECT_STREQ(buf, "");  // nothing of the bad string was written
}

TEST(Writer, MisuseIsAnError) {
  char buf[64];
  {
    JsonWriter w(buf, sizeof buf);
    w.beginObject().value(1);  // value without key
    EXPECT_EQ(w.error(), WriteError::Misuse);
  }
  {
    JsonWriter w(buf, sizeof buf);
    w.beginArray().endObject();
    EXPECT_EQ(w.error(), WriteError::Misuse);
  }
  {
    JsonWriter w(buf, sizeof buf);
    w.beginObject().key("a").endObject();  // key without value
    EXPECT_EQ(w.error(), WriteError::Misuse);
  }
  {
    JsonWriter w(buf, sizeof buf);
    w.value(1).value(2);  // two top-level values
    EXPECT_EQ(w.error(), WriteError::Misuse);
  }
  {
    JsonWriter w(buf, sizeof buf);
    w.beginArray().key("a");
    EXPECT_EQ(w.error(), WriteError::Misuse);
  }
  {
    JsonWriter w(buf, sizeof buf);
    for (unsigned i = 0; i <= JsonWriter::kMaxDepth; ++i) w.beginArray();
    EXPECT_EQ(w.error(), WriteError::TooDeep);
  }
  EXPECT_STREQ(ehc::writeErrorName(WriteError::NotFinite), "not_finite");
}

TEST(Writer, OverflowCutsAndTerminates) {
  char buf[8];
  JsonWriter w(buf, sizeof buf);
  w.beginArray().value("abcdefgh").endArray();
  EXPECT_EQ(w.error(), WriteError::Overflow);
  EXPECT_EQ(strlen(buf), 7u);
  EXPECT_FALSE(w.complete());
}

TEST(Writer, SinkReceivesEverythingWithoutHeap) {
  std::string out;
  out.reserve(4096);
  JsonWriter w(
      [](void* u, const char* d, size_t n) {
        static_cast<std::string*>(u)->append(d, n);
        return true;
      },
      &out);
  ehc_test::AllocScope scope;
  w.beginArray();
  for (int i = 0; i < 100; ++i) w.value(i * 0.25);
  w.endArray();
  EXPECT_EQ(scope.calls(), 0u);
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(out.substr(0, 20), "[0,0.25,0.5,0.75,1,1");
  JsonWriter failing([](void*, const char*, size_t) { return false; }, nullptr);
  failing.value(1);
  EXPECT_EQ(failing.error(), WriteError::SinkFailed);
}

TEST(Writer, DoublesAreShortestAndRoundTrip) {
  std::mt19937_64 rng(11);
  char buf[64];
  for (int i = 0; i < 30000; ++i) {
    uint64_t bits = rng();
    double d;
    memcpy(&d, &bits, sizeof d);
    if (!isfinite(d)) continue;
    JsonWriter w(buf, sizeof buf);
    w.value(d);
    ASSERT_EQ(w.error(), WriteError::Ok);
    // Reads back exactly, through our binder and through strtod.
    double back = 0;
    ehc::StaticJsonBinder<1> binder;
    binder.bind("", &back);
    binder.feed(buf, strlen(buf));
    ASSERT_EQ(binder.finish(), ehc::JsonError::Ok) << buf;
    ASSERT_EQ(memcmp(&back, &d, sizeof d), 0) << buf;
    ASSERT_EQ(strtod(buf, nullptr), d) << buf;
    // No shorter %.Ng reads back.
    int sig = 0;
    bool leading = true;
    int trailingZeros = 0;
    for (const char* c = buf; *c && *c != 'e'; ++c) {
      if (*c < '0' || *c > '9') continue;
      if (leading && *c == '0') continue;
      leading = false;
      ++sig;
      trailingZeros = *c == '0' ? trailingZeros + 1 : 0;
    }
    sig -= trailingZeros;
    char shorter[64];
    if (sig > 1) {
      snprintf(shorter, sizeof shorter, "%.*g", sig - 1, d);
      ASSERT_NE(strtod(shorter, nullptr), d) << buf << " could be " << shorter;
    }
  }
}

TEST(Writer, FloatsAndLayout) {
  const struct {
    double v;
    const char* text;
  } cases[] = {
      {0.0, "0"},         {-0.0, "-0"},   {1e21, "1e+21"},    {1e20, "100000000000000000000"},
      {1e-6, "0.000001"}, {1e-7, "1e-7"}, {5e-324, "5e-324"}, {123.456, "123.456"},
      {-1.5, "-1.5"}};
  char buf[40];
  for (const auto& c : cases) {
    const size_t n = ehc::formatDouble(c.v, buf);
    buf[n] = '\0';
    EXPECT_STREQ(buf, c.text);
  }
  std::mt19937 rng(5);
  for (int i = 0; i < 30000; ++i) {
    uint32_t bits = rng();
    float f;
    memcpy(&f, &bits, sizeof f);
    if (!isfinite(f)) continue;
    const size_t n = ehc::formatFloat(f, buf);
    buf[n] = '\0';
    float back = 0;
    ehc::StaticJsonBinder<1> binder;
    binder.bind("", &back);
    binder.feed(buf, n);
    ASSERT_EQ(binder.finish(), ehc::JsonError::Ok) << buf;
    ASSERT_EQ(memcmp(&back, &f, sizeof f), 0) << buf;
  }
}

TEST(Writer, DocumentRoundTripThroughTheBinder) {
  char buf[512];
  JsonWriter w(buf, sizeof buf);
  w.beginObject()
      .member("i8", static_cast<int8_t>(-128))
      .member("u16", static_cast<uint16_t>(65535))
      .member("d", 1.0 / 3)
      .member("s", "caf\xC3\xA9 \"x\"")
      .key("a")
      .beginArray()
      .value(true)
      .value(nullptr)
      .endArray()
      .endObject();
  ASSERT_TRUE(w.complete());
  using ehc_test::T;
  const auto r = ehc_test::run(buf, {{"i8", T::I8},
                                     {"u16", T::U16},
                                     {"d", T::F64},
                                     {"s", T::Str},
                                     {"a.0", T::Bool},
                                     {"a.1", T::Null}});
  EXPECT_EQ(r.error, ehc::JsonError::Ok);
  EXPECT_EQ(r.value, (std::vector<std::string>{"-128", "65535", "0.33333333333333331",
                                               "caf\xC3\xA9 \"x\"", "true", "true"}));
}

}  // namespace

namespace {

TEST(WriterRegression, BadStringsLeaveNoCommaBehind) {
  char buf[64];
  JsonWriter a(buf, sizeof buf);
  a.beginArray().value(1).value("bad\xC3(");
  EXPECT_EQ(a.error(), WriteError::InvalidUtf8);
  EXPECT_STREQ(buf, "[1");
  JsonWriter b(buf, sizeof buf);
  b.beginObject().member("a", 1).key("k\xFF");
  EXPECT_EQ(b.error(), WriteError::InvalidUtf8);
  EXPECT_STREQ(buf, "{\"a\":1");
}

TEST(WriterRegression, EmptyRawIsMisuse) {
  char buf[32];
  JsonWriter a(buf, sizeof buf);
  a.beginArray().raw("").value(1).endArray();
  EXPECT_EQ(a.error(), WriteError::Misuse);
  JsonWriter b(buf, sizeof buf);
  b.beginObject().key("a").raw(nullptr);
  EXPECT_EQ(b.error(), WriteError::Misuse);
  JsonWriter c(buf, sizeof buf);
  c.beginArray().raw("{\"x\":[1]}").endArray();
  EXPECT_STREQ(buf, "[{\"x\":[1]}]");
}

TEST(WriterRegression, OverflowNeverEndsInsideACharacter) {
  char buf[5];  // room for 4: the cut would fall inside the euro sign
  JsonWriter w(buf, sizeof buf);
  w.value("a\xE2\x82\xAC");
  EXPECT_EQ(w.error(), WriteError::Overflow);
  EXPECT_STREQ(buf, "\"a");
}

TEST(WriterRegression, RefusedSinkBytesAreNotCounted) {
  JsonWriter w([](void*, const char*, size_t) { return false; }, nullptr);
  w.value(12345);
  EXPECT_EQ(w.length(), 0u);
}

}  // namespace
