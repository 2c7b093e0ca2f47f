// Struct mapping: the same map reads (through the binder) and writes.
#include <gtest/gtest.h>
#include <string.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "placeholder_user.h"
#include "split_harness.h"

namespace {

using ehc_test::Point;
using ehc_test::User;

struct Shape {
  char kind[8];
  Point corners[4];
  uint8_t cornerCount;
  int16_t weights[3];
  size_t weightCount;
  bool closed;
  float scale;
  REST_JSON_MAP(REST_FIELD(kind), REST_FIELD_ARRAY(corners, cornerCount),
                REST_FIELD_ARRAY_NAMED("w", weights, weightCount), REST_FIELD(closed),
                REST_FIELD_NAMED("scale\\.factor", scale))
};

struct Brief {
  int id;
  char city[24];
  REST_JSON_MAP(REST_FIELD(id), REST_FIELD_NAMED("address", city))
};
struct Row {
  int cells[2];
  REST_JSON_MAP(REST_FIELD(cells))
};
struct Grid {
  Row rows[2];
  uint8_t n;
  REST_JSON_MAP(REST_FIELD_ARRAY(rows, n))
};

void feedAll(ehc::JsonBinder& b, const std::string& doc, size_t piece) {
  for (size_t off = 0; off < doc.size(); off += piece)
    b.feed(doc.data() + off, std::min(piece, doc.size() - off));
}

// Binds obj under prefix, feeds doc in `piece`-byte pieces, expects it valid.
template <typename T>
void readStruct(ehc::JsonBinder& binder, const char* prefix, T& obj, const std::string& doc,
                size_t piece) {
  ASSERT_EQ(ehc::bindStruct(binder, prefix, obj), 0);
  feedAll(binder, doc, piece);
  ASSERT_EQ(binder.finish(), ehc::JsonError::Ok);
}

// writeStruct(a) gives `json`, and reading it back gives the same bytes.
template <typename T>
void expectRoundTrip(const T& a, const char* json) {
  char buf[256];
  ehc::JsonWriter w(buf, sizeof buf);
  ASSERT_EQ(ehc::writeStruct(w, a), ehc::WriteError::Ok);
  EXPECT_STREQ(buf, json);
  ehc::StaticJsonBinder<8, 256> binder;
  T b{};
  ASSERT_EQ(ehc::bindStruct(binder, "", b), 0);
  binder.feed(buf, strlen(buf));
  ASSERT_EQ(binder.finish(), ehc::JsonError::Ok);
  EXPECT_EQ(memcmp(&a, &b, sizeof a), 0);
}

TEST(Struct, UsersPayloadIntoNestedStructs) {
  const std::string users =
      ehc_test::readFile(ehc_test::sharedPath("testdata/jsonplaceholder/users.json"));
  for (size_t piece : {size_t{1}, size_t{7}, size_t{512}, users.size()}) {
    ehc::StaticJsonBinder<20, 512> binder;
    User u{};
    ASSERT_EQ(ehc::bindStruct(binder, "9", u), 0);
    EXPECT_EQ(binder.count(), 15);
    ehc_test::AllocScope scope;
    feedAll(binder, users, piece);
    ASSERT_EQ(binder.finish(), ehc::JsonError::Ok);
    EXPECT_EQ(scope.calls(), 0u);
    EXPECT_EQ(u.id, 10);
    EXPECT_STREQ(u.name, "Clementina DuBuque");
    EXPECT_STREQ(u.address.city, "Lebsackbury");
    EXPECT_STREQ(u.address.geo.lat, "-38.2386");
    EXPECT_STREQ(u.company.name, "Hoeger LLC");
    for (int i = 0; i < binder.count(); ++i)
      EXPECT_EQ(binder.status(i), ehc::BindStatus::Found) << i;
  }
}

TEST(Struct, ArraysOfScalarsAndStructsWithCounts) {
  const std::string doc = R"({"kind":"quad","corners":[{"x":0,"y_pos":0},{"x":1.5,"y_pos":-2},
    {"x":3,"y_pos":4e2}],"w":[1,-2,3,4,5],"closed":true,"scale.factor":0.5})";
  ehc::StaticJsonBinder<8, 128> binder;
  Shape s{};
  ASSERT_EQ(ehc::bindStruct(binder, "", s), 0);
  feedAll(binder, doc, 3);
  ASSERT_EQ(binder.finish(), ehc::JsonError::Ok);
  EXPECT_STREQ(s.kind, "quad");
  EXPECT_EQ(s.cornerCount, 3);
  EXPECT_EQ(s.corners[1].x, 1.5);
  EXPECT_EQ(s.corners[1].y, -2);
  EXPECT_EQ(s.corners[2].y, 400);
  EXPECT_EQ(s.weightCount, 3u);  // capacity 3: the 4th and 5th are dropped...
  EXPECT_EQ(s.weights[2], 3);
  EXPECT_EQ(binder.status(3), ehc::BindStatus::Truncated);  // ... and reported
  EXPECT_TRUE(s.closed);
  EXPECT_EQ(s.scale, 0.5f);  // "scale\.factor" is the key "scale.factor"
}

TEST(Struct, WriteThenReadGivesTheSameStruct) {
  Shape a{};
  strcpy(a.kind, "tri");
  a.corners[0] = {0.1, 0.2};
  a.corners[1] = {-1e300, 5e-324};
  a.cornerCount = 2;
  a.weights[0] = -32768;
  a.weightCount = 1;
  a.closed = false;
  a.scale = 3.25f;
  expectRoundTrip(a,
                  R"({"kind":"tri","corners":[{"x":0.1,"y_pos":0.2},{"x":-1e+300,"y_pos":5e-324}],)"
                  R"("w":[-32768],"closed":false,"scale.factor":3.25})");
}

TEST(Struct, TypeMismatchInAFieldIsReportedPerField) {
  const std::string users =
      ehc_test::readFile(ehc_test::sharedPath("testdata/jsonplaceholder/users.json"));
  // "address" is an object, so city (a string) mismatches: statuses say so.
  ehc::StaticJsonBinder<4, 64> binder;
  Brief b{};
  ASSERT_EQ(ehc::bindStruct(binder, "3", b), 0);
  binder.feed(users.data(), users.size());
  ASSERT_EQ(binder.finish(), ehc::JsonError::Ok);
  EXPECT_EQ(b.id, 4);
  EXPECT_EQ(binder.status(1), ehc::BindStatus::Mismatch);
  EXPECT_STREQ(b.city, "");
}

TEST(Struct, LimitsAreReported) {
  {
    ehc::StaticJsonBinder<20, 16> binder;  // too little room for "9.address.street"...
    User u{};
    EXPECT_EQ(ehc::bindStruct(binder, "9", u), ehc::JsonBinder::kNoRoom);
  }
  {
    ehc::StaticJsonBinder<4, 512> binder;  // too few bindings for 15 fields
    User u{};
    EXPECT_EQ(ehc::bindStruct(binder, "", u), ehc::JsonBinder::kFull);
  }
  {
    ehc::StaticJsonBinder<4, 64> binder;
    Grid g{};
    EXPECT_EQ(ehc::bindStruct(binder, "", g), ehc::JsonBinder::kBadTarget);  // array in array
  }
}

}  // namespace

namespace {

struct P {
  int x;
  int y;
  REST_JSON_MAP(REST_FIELD(x), REST_FIELD(y))
};
struct Items {
  P items[4];
  uint8_t n;
  REST_JSON_MAP(REST_FIELD_ARRAY(items, n))
};
struct NumericKey {
  int one;
  REST_JSON_MAP(REST_FIELD_NAMED("1", one))
};
struct KeyOne {
  int one;
  REST_JSON_MAP(REST_FIELD_NAMED("\\1", one))
};
struct Weights {
  int w[3];
  uint8_t n;
  REST_JSON_MAP(REST_FIELD_ARRAY(w, n))
};
struct EmptyKey {
  int v;
  REST_JSON_MAP(REST_FIELD_NAMED("", v))
};

// Binds obj under prefix and feeds doc byte by byte; returns bindStruct's result.
template <typename T>
int bindAndFeed(T& obj, const char* prefix, const std::string& doc) {
  ehc::StaticJsonBinder<8, 128> binder;
  const int r = ehc::bindStruct(binder, prefix, obj);
  if (r < 0) return r;
  for (char c : doc) binder.feed(&c, 1);
  EXPECT_EQ(binder.finish(), ehc::JsonError::Ok) << doc;
  return 0;
}

TEST(StructRegression, CountIncludesElementsWithoutMappedFields) {
  Items it{};
  ASSERT_EQ(bindAndFeed(it, "", R"({"items":[{"x":1},{},{"y":3},{}]})"), 0);
  EXPECT_EQ(it.n, 4);
  EXPECT_EQ(it.items[0].x, 1);
  EXPECT_EQ(it.items[2].y, 3);
  Items none{};
  ASSERT_EQ(bindAndFeed(none, "", R"({"items":[{},{}]})"), 0);
  EXPECT_EQ(none.n, 2);
  Items over{};
  ASSERT_EQ(bindAndFeed(over, "", R"({"items":[{},{},{},{},{"x":9}]})"), 0);
  EXPECT_EQ(over.n, 4);  // capped at the array's size
}

// Every field of an array of structs reports that elements were dropped,
// not only the fields that appear in the dropped elements.
TEST(StructRegression, EveryFieldOfATruncatedArrayReportsIt) {
  const std::string doc = R"({"items":[{"x":1,"y":1},{},{"y":3},{"x":4,"y":4},{"x":5}]})";
  for (size_t piece : {size_t{1}, size_t{7}, doc.size()}) {
    ehc::StaticJsonBinder<8, 128> binder;
    Items it{};
    readStruct(binder, "", it, doc, piece);
    EXPECT_EQ(it.n, 4);
    EXPECT_EQ(it.items[3].x, 4);
    EXPECT_EQ(binder.status(0), ehc::BindStatus::Truncated) << piece;  // x: in the 5th element
    EXPECT_EQ(binder.status(1), ehc::BindStatus::Truncated) << piece;  // y: not in it
  }
  // Exactly the array's size: found, not truncated.
  ehc::StaticJsonBinder<8, 128> binder;
  Items it{};
  readStruct(binder, "", it, R"({"items":[{"x":1,"y":1},{},{},{"x":4}]})", 3);
  EXPECT_EQ(binder.status(0), ehc::BindStatus::Found);
  EXPECT_EQ(binder.status(1), ehc::BindStatus::Found);
}

// A field's name is a path, as getBody's: "1" is element 1 or the key "1",
// "\1" the key only.
TEST(StructRegression, NumericFieldNamesAreReadAsPathSegments) {
  NumericKey k{};
  ASSERT_EQ(bindAndFeed(k, "", "[5,7]"), 0);
  EXPECT_EQ(k.one, 7);
  ASSERT_EQ(bindAndFeed(k, "", R"({"1":42})"), 0);
  EXPECT_EQ(k.one, 42);
  KeyOne only{};
  ASSERT_EQ(bindAndFeed(only, "", "[5,7]"), 0);
  EXPECT_EQ(only.one, 0);
  ASSERT_EQ(bindAndFeed(only, "", R"({"1":42})"), 0);
  EXPECT_EQ(only.one, 42);
  char buf[32];
  ehc::JsonWriter w(buf, sizeof buf);
  ASSERT_EQ(ehc::writeStruct(w, only), ehc::WriteError::Ok);
  EXPECT_STREQ(buf, R"({"1":42})");
}

TEST(StructRegression, ArraysUnderAWildcardPrefix) {
  Weights w{};
  ASSERT_EQ(bindAndFeed(w, "*", R"([{"w":[7,8,9]}])"), 0);
  EXPECT_EQ(w.w[0], 7);
  EXPECT_EQ(w.w[1], 8);
  EXPECT_EQ(w.w[2], 9);
  EXPECT_EQ(w.n, 3);
}

TEST(StructRegression, EmptyFieldNameIsRefused) {
  EmptyKey e{};
  EXPECT_EQ(bindAndFeed(e, "", "{}"), ehc::JsonBinder::kBadPath);
}

}  // namespace

// --- field names are paths -------------------------------------------------

namespace {

struct LatLng {
  char lat[16];
  char lng[16];
  REST_JSON_MAP(REST_FIELD(lat), REST_FIELD(lng))
};
// As docs/client.md shows it: members taken from nested objects, and the
// nested objects written back, each once, holding every field under it.
struct Placed {
  int id;
  LatLng geo;
  char city[24];
  char company[32];
  char zip[12];
  REST_JSON_MAP(REST_FIELD(id), REST_FIELD_NAMED("address.geo", geo),
                REST_FIELD_NAMED("address.city", city), REST_FIELD_NAMED("company.name", company),
                REST_FIELD_NAMED("address.zipcode", zip))
};
struct Clash {
  int a, b;
  REST_JSON_MAP(REST_FIELD_NAMED("x", a), REST_FIELD_NAMED("x.y", b))
};
struct Twice {
  int a, b;
  REST_JSON_MAP(REST_FIELD_NAMED("x.y", a), REST_FIELD_NAMED("x.y", b))
};
struct Every {
  int a;
  REST_JSON_MAP(REST_FIELD_NAMED("list.*", a))
};
struct Escaped {
  int a, b;
  REST_JSON_MAP(REST_FIELD_NAMED("a\\.b.c", a), REST_FIELD_NAMED("a\\.b.d\\\\e", b))
};

TEST(StructPaths, ANestedNameBindsTheNestedMember) {
  const std::string users =
      ehc_test::readFile(ehc_test::sharedPath("testdata/jsonplaceholder/users.json"));
  for (size_t piece : {size_t{1}, size_t{64}, users.size()}) {
    ehc::StaticJsonBinder<8, 256> binder;
    Placed p{};
    readStruct(binder, "0", p, users, piece);
    EXPECT_EQ(p.id, 1);
    EXPECT_STREQ(p.geo.lat, "-37.3159") << piece;
    EXPECT_STREQ(p.geo.lng, "81.1496");
    EXPECT_STREQ(p.city, "Gwenborough");
    EXPECT_STREQ(p.company, "Romaguera-Crona");
    EXPECT_STREQ(p.zip, "92998-3874");
    for (int i = 0; i < binder.count(); ++i) EXPECT_EQ(binder.status(i), ehc::BindStatus::Found);
  }
}

TEST(StructPaths, NestedNamesAreWrittenAsNestedObjectsAndReadBack) {
  Placed p{};
  p.id = 3;
  strcpy(p.geo.lat, "1.5");
  strcpy(p.geo.lng, "-2");
  strcpy(p.city, "Oslo");
  strcpy(p.company, "Acme");
  strcpy(p.zip, "0150");
  // "address" once, with all three of its fields, where its first field is.
  expectRoundTrip(p, R"({"id":3,"address":{"geo":{"lat":"1.5","lng":"-2"},"city":"Oslo",)"
                     R"("zipcode":"0150"},"company":{"name":"Acme"}})");
}

TEST(StructPaths, EscapesNameKeysWithDotsBothWays) {
  expectRoundTrip(Escaped{7, 8}, R"({"a.b":{"c":7,"d\\e":8}})");
}

TEST(StructPaths, NamesThatClashOrIterateAreRefused) {
  char buf[64];
  Clash c{1, 2};
  ehc::JsonWriter w(buf, sizeof buf);
  EXPECT_EQ(ehc::writeStruct(w, c), ehc::WriteError::Misuse);  // "x" a value and an object
  Twice t{1, 2};
  ehc::JsonWriter w2(buf, sizeof buf);
  EXPECT_EQ(ehc::writeStruct(w2, t), ehc::WriteError::Misuse);  // "x.y" twice
  Every e{};
  EXPECT_EQ(bindAndFeed(e, "", "{}"), ehc::JsonBinder::kBadPath);  // one field, every element
}

}  // namespace
