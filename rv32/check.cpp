// Correctness on the target (issue 8): the core, json and http layers run on
// test data compiled into the program, and every result is printed as one
// canonical listing. The same source builds for the host and for rv32
// (rv32/CMakeLists.txt); scripts/rv32-check.sh runs both and diffs the two
// listings, so "equal to the host" is literal: 32-bit size_t and long,
// 64-bit integers on a 32-bit CPU, soft-float doubles, alignment.
//
// Lines starting with '#' describe the platform (type sizes) and are not
// compared. Besides the diff, the program checks what it can on its own
// (JSONTestSuite y_ accepted and n_ rejected, every split of a document
// giving the same result, round trips) and exits with 1 on a failure.
#include "check.h"

#include <string.h>

#include "ehc/core/number_format.h"
#include "ehc/http/response_parser.h"
#include "ehc/json/json_binder.h"
#include "ehc/json/json_struct.h"
#include "ehc/json/json_writer.h"
#include "placeholder_user.h"  // (tests/support)

using ehc::BindStatus;
using ehc::JsonError;
using ehc::TargetKind;

namespace {

int gFailures = 0;

// --- a binder run on a document, summarised as text -------------------------

enum class K : uint8_t { Chars, Raw, I64, U64, I32, I16, I8, U8, U32, F64, F32, Bool, IsNull, Txt };
struct Slot {
  const char* path;
  K kind;
};

// Every kind of target at the root and at "0", and wildcard callbacks: what
// the JSONTestSuite documents and the single values are run through.
constexpr Slot kProbe[] = {
    {"", K::Chars},  {"", K::Raw},  {"", K::I64},    {"", K::U64},  {"", K::I32},  {"", K::I16},
    {"", K::I8},     {"", K::U8},   {"", K::U32},    {"", K::F64},  {"", K::F32},  {"", K::Bool},
    {"", K::IsNull}, {"", K::Txt},  {"0", K::Chars}, {"0", K::Raw}, {"0", K::I64}, {"0", K::F64},
    {"0", K::F32},   {"*", K::Raw}, {"*.*", K::U32}};
constexpr size_t kProbeCount = sizeof kProbe / sizeof kProbe[0];

struct Value {
  char s[320];
  int64_t i64;
  uint64_t u64;
  uint32_t u32;
  int32_t i32;
  int16_t i16;
  int8_t i8;
  uint8_t u8;
  double d;
  float f;
  bool b;
  // Text target: decoded length and digest (the whole string, any length).
  size_t textLength;
  uint64_t textHash;
  // Every delivery (each match of a "*" path): count and digest of
  // path, status and value.
  uint32_t matches;
  uint64_t matchHash;
  K kind;
};
Value gValues[32];

void valueBytes(const Value& v, const void** p, size_t* n) {
  switch (v.kind) {
    case K::Chars:
    case K::Raw: *p = v.s, *n = strlen(v.s); return;
    case K::I64: *p = &v.i64, *n = 8; return;
    case K::U64: *p = &v.u64, *n = 8; return;
    case K::I32: *p = &v.i32, *n = 4; return;
    case K::U32: *p = &v.u32, *n = 4; return;
    case K::I16: *p = &v.i16, *n = 2; return;
    case K::I8: *p = &v.i8, *n = 1; return;
    case K::U8: *p = &v.u8, *n = 1; return;
    case K::F64: *p = &v.d, *n = 8; return;
    case K::F32: *p = &v.f, *n = 4; return;
    case K::Bool:
    case K::IsNull: *p = &v.b, *n = 1; return;
    case K::Txt: *p = &v.textHash, *n = 8; return;
  }
}

void onMatch(const ehc::JsonMatch& m, void* user) {
  Value& v = *static_cast<Value*>(user);
  ++v.matches;
  v.matchHash = fnv1a(m.path, strlen(m.path), v.matchHash);
  const uint8_t tag[2] = {static_cast<uint8_t>(m.status), m.pathTruncated};
  v.matchHash = fnv1a(tag, 2, v.matchHash);
  if (m.status == BindStatus::Found || m.status == BindStatus::Truncated) {
    const void* p = nullptr;
    size_t n = 0;
    valueBytes(v, &p, &n);
    v.matchHash = fnv1a(p, n, v.matchHash);
  }
}

const ehc::TextSink kTextSink = {[](void* o) {
                                   Value& v = *static_cast<Value*>(o);
                                   v.textLength = 0;
                                   v.textHash = fnv1a(nullptr, 0);
                                 },
                                 [](void* o, const char* d, size_t n) {
                                   Value& v = *static_cast<Value*>(o);
                                   v.textLength += n;
                                   v.textHash = fnv1a(d, n, v.textHash);
                                 }};

Text& putDouble(Text& t, double d) {
  char nb[ehc::kMaxNumberText + 1];
  uint64_t bits;
  memcpy(&bits, &d, 8);
  t.put(nb, ehc::formatDouble(d, nb)) << '/';
  return t.hex(bits, 16);
}
Text& putFloat(Text& t, float f) {
  char nb[ehc::kMaxNumberText + 1];
  uint32_t bits;
  memcpy(&bits, &f, 4);
  t.put(nb, ehc::formatFloat(f, nb)) << '/';
  return t.hex(bits, 8);
}

void putValue(Text& t, const Value& v) {
  switch (v.kind) {
    case K::Chars:
    case K::Raw: t.quoted(v.s); return;
    case K::I64: t.i(v.i64); return;
    case K::U64: t.u(v.u64); return;
    case K::I32: t.i(v.i32); return;
    case K::U32: t.u(v.u32); return;
    case K::I16: t.i(v.i16); return;
    case K::I8: t.i(v.i8); return;
    case K::U8: t.u(v.u8); return;
    case K::F64: putDouble(t, v.d); return;
    case K::F32: putFloat(t, v.f); return;
    case K::Bool:
    case K::IsNull: t.b(v.b); return;
    case K::Txt:
      t.num(v.textLength) << '/';
      t.hex(v.textHash, 16);
      return;
  }
}

int bindSlot(ehc::JsonBinder& b, const Slot& s, Value& v, size_t charsSize) {
  switch (s.kind) {
    case K::Chars: return b.bind(s.path, v.s, charsSize);
    case K::Raw: return b.bindRaw(s.path, v.s, charsSize);
    case K::I64: return b.bind(s.path, &v.i64);
    case K::U64: return b.bind(s.path, &v.u64);
    case K::I32: return b.bind(s.path, &v.i32);
    case K::U32: return b.bind(s.path, &v.u32);
    case K::I16: return b.bind(s.path, &v.i16);
    case K::I8: return b.bind(s.path, &v.i8);
    case K::U8: return b.bind(s.path, &v.u8);
    case K::F64: return b.bind(s.path, &v.d);
    case K::F32: return b.bind(s.path, &v.f);
    case K::Bool: return b.bind(s.path, &v.b);
    case K::IsNull: return b.bindIsNull(s.path, &v.b);
    case K::Txt: return b.bindText(s.path, &v, &kTextSink);
  }
  return -100;
}

// Runs `doc` through a binder with `slots`, fed as `split` says, and writes
// the outcome: error, offset, bytes fed, and each binding that saw a value.
JsonError runSlots(const char* doc, size_t n, const Split& split, const Slot* slots, size_t count,
                   bool stop, Text& out, size_t charsSize = 40) {
  static ehc::StaticJsonBinder<32> binder;
  binder.clear();
  binder.setStopWhenDone(stop);
  for (size_t k = 0; k < count; ++k) {
    Value& v = gValues[k];
    memset(&v, 0x5a, sizeof v);  // targets a binding must not touch keep this
    memcpy(v.s, "~", 2);
    v.b = false;
    v.kind = slots[k].kind;
    v.textLength = 0;
    v.textHash = 0;
    v.matches = 0;
    v.matchHash = fnv1a(nullptr, 0);
    const int r = bindSlot(binder, slots[k], v, charsSize);
    if (r < 0) {
      out << "bind " << slots[k].path << " failed ";
      out.i(r);
      return JsonError::Ok;
    }
    binder.onMatch(r, onMatch, &v);
  }
  size_t off = 0;
  for (size_t k = 0; off < n && !binder.done(); ++k) {
    const size_t m = split.piece(k, off, n);
    binder.feed(doc + off, m);
    off += m;
  }
  const JsonError e = binder.finish();
  out << "err=" << ehc::jsonErrorName(e) << '@';
  out.num(binder.errorOffset());
  out << " fed=";
  out.num(binder.bytesFed());
  if (binder.stopped()) out << " stopped";
  for (size_t k = 0; k < count; ++k) {
    const Value& v = gValues[k];
    const BindStatus s = binder.status(static_cast<int>(k));
    if (s == BindStatus::Missing && v.matches == 0) continue;
    out << ' ';
    out.num(k) << ':' << ehc::bindStatusName(s) << '=';
    putValue(out, v);
    if (v.matches != 1) {
      out << " m=";
      out.u(v.matches) << '/';
      out.hex(v.matchHash, 16);
    }
  }
  return e;
}

// Runs every split; the listing line is the whole document's result.
JsonError runAllSplits(const char* what, const char* doc, size_t n, const Slot* slots, size_t count,
                       bool stop, Text& out, size_t charsSize = 40) {
  static FixedText<2048> r[kSplitCount];
  Text* rs[kSplitCount];
  JsonError e = JsonError::Ok;
  for (size_t k = 0; k < kSplitCount; ++k) {
    r[k].clear();
    const JsonError ek = runSlots(doc, n, kSplits[k], slots, count, stop, r[k], charsSize);
    if (k == 0) e = ek;
    rs[k] = &r[k];
  }
  sameForEverySplit(what, rs);
  out << r[0];
  return e;
}

// --- sections ---------------------------------------------------------------

void platform() {
  FixedText<512> t;
  t << "# sizeof: size_t=";
  t.num(sizeof(size_t)) << " long=";
  t.num(sizeof(long)) << " void*=";
  t.num(sizeof(void*)) << " alignof(int64_t)=";
  t.num(alignof(int64_t)) << " alignof(double)=";
  t.num(alignof(double)) << " JsonBinder=";
  t.num(sizeof(ehc::JsonBinder)) << " StaticJsonBinder<15>=";
  t.num(sizeof(ehc::StaticJsonBinder<15>)) << " JsonBinding=";
  t.num(sizeof(ehc::JsonBinding)) << " ResponseParser=";
  t.num(sizeof(ehc::ResponseParser)) << " JsonWriter=";
  t.num(sizeof(ehc::JsonWriter));
  line(t);
}

// JSONTestSuite: y_ must be accepted, n_ rejected; i_ as the host does.
void checkSuite() {
  int y = 0, n = 0, i = 0;
  for (size_t f = 0; f < kSuiteCount; ++f) {
    const EmbeddedFile& doc = kSuite[f];
    static FixedText<2200> t;
    t.clear();
    t << "suite " << doc.name << ' ';
    const JsonError e = runAllSplits(doc.name, doc.text(), doc.size, kProbe, kProbeCount, false, t);
    line(t);
    const char kind = doc.name[0];
    (kind == 'y' ? y : kind == 'n' ? n : i)++;
    if ((kind == 'y' && e != JsonError::Ok) || (kind == 'n' && e == JsonError::Ok)) {
      FixedText<128> why;
      why << doc.name << ": " << ehc::jsonErrorName(e);
      failure(why);
    }
  }
  FixedText<128> t;
  t << "suite files y=";
  t.i(y) << " n=";
  t.i(n) << " i=";
  t.i(i);
  line(t);
}

// Single values: integer limits of every width, doubles and floats at their
// edges (subnormals, halfway cases, overflow), escapes and UTF-8 in strings
// (runs of 3-byte characters with one edge or bad character inside: the host
// checks them several at a time, rv32 one a turn).
void checkValues() {
  static const char* const kValues[] = {
      "0",
      "-0",
      "1",
      "-1",
      "127",
      "128",
      "-128",
      "-129",
      "255",
      "256",
      "32767",
      "32768",
      "-32768",
      "-32769",
      "65535",
      "65536",
      "2147483647",
      "2147483648",
      "-2147483648",
      "-2147483649",
      "4294967295",
      "4294967296",
      "9223372036854775807",
      "9223372036854775808",
      "-9223372036854775808",
      "-9223372036854775809",
      "18446744073709551615",
      "18446744073709551616",
      "1e2",
      "1E+2",
      "100e-2",
      "1.5",
      "-1.5",
      "0.1",
      "0.2",
      "0.3",
      "1e-7",
      "123456789012345678",
      "9007199254740993",
      "9007199254740992",
      "4.35",
      "1.7976931348623157e308",
      "1.7976931348623158e308",
      "1.7976931348623159e308",
      "1e309",
      "-1e309",
      "2.2250738585072014e-308",
      "2.2250738585072011e-308",
      "4.9406564584124654e-324",
      "2.4703282292062328e-324",
      "2.4703282292062327e-324",
      "1e-400",
      "3.4028235e38",
      "3.4028236e38",
      "3.40282357e38",
      "1.4e-45",
      "7e-46",
      "7.1e-46",
      "1.17549435e-38",
      "0.1000000000000000055511151231257827021181583404541015625",
      "123456789012345678901234567890123456789012345678901234567890",
      "0.0000000000000000000000000000000000000000000000000000000001e58",
      "1e-2147483649",
      "1e2147483648",
      "-0.0",
      "0e10",
      "1.0",
      "10.0e-1",
      " 3 ",
      "01",
      "1.",
      ".5",
      "-",
      "1e",
      "+1",
      "0x10",
      "Infinity",
      "NaN",
      "[-1e-7, 2E3, 9223372036854775807]",
      "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
      "\"\\u00e9\\u20AC\\uD834\\uDD1E\\u0000x\"",
      "\"\\uDD1E\"",
      "\"\\uD834\"",
      "\"\\uD834\\u0041\"",
      "\"\\u00G0\"",
      "\"\\x\"",
      "\"\xC3\xA9\xE2\x82\xAC\xF0\x9D\x84\x9E\"",
      "\"\xC0\xAF\"",
      "\"\xED\xA0\x80\"",
      "\"\xF4\x90\x80\x80\"",
      "\"\xE2\x82\"",
      "\"\x80\"",
      "\"a\x01\"",
      "\"\xEF\xBB\xBF\"",
      "\"\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\"",
      "\"\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE0\xA0\x80\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\"",
      "\"\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xED\x9F\xBF\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\"",
      "\"\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xEF\xBF\xBF\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\"",
      "\"\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE0\x9F\xBF\xE6\x97\xA5\xE6\x97\xA5\"",
      "\"\xE6\x97\xA5\xE6\x97\xA5\xED\xA0\x80\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\"",
      "\"\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x41\xA5\xE6\x97\xA5\"",
      "\"\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xC0\"",
      "\"\xE6\x97\xA5\xF0\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\"",
      "\"\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6"
      "\x97\"",
      "true",
      "false",
      "null",
      "nul",
      "[true,false,null]",
      "{\"0\":7}",
      "[[1],{\"a\":2}]"};
  for (const char* v : kValues) {
    static FixedText<2200> t;
    t.clear();
    t << "value ";
    t.quoted(v) << ' ';
    runAllSplits(v, v, strlen(v), kProbe, kProbeCount, false, t);
    line(t);
  }
}

// Documents and paths: real payloads, keys with escapes, wildcards.
struct PathCase {
  const char* doc;
  Slot slot;
};
constexpr PathCase kPaths[] = {
    {"users.json", {"0.address.geo.lat", K::Chars}},
    {"users.json", {"9.company.name", K::Chars}},
    {"users.json", {"4.id", K::I64}},
    {"users.json", {"10.id", K::I64}},
    {"users.json", {"*.id", K::U8}},
    {"users.json", {"*.address.geo.lng", K::Chars}},
    {"users.json", {"*.address.geo.lat", K::F64}},
    {"users.json", {"3.address", K::Raw}},
    {"users.json", {"*.company", K::Txt}},
    {"users-1.json", {"address.geo.lng", K::Chars}},
    {"users-1.json", {"company.bs", K::Chars}},
    {"users-1.json", {"", K::Raw}},
    {"todos.json", {"199.completed", K::Bool}},
    {"todos.json", {"199.title", K::Chars}},
    {"todos.json", {"*.completed", K::Bool}},
    {"todos.json", {"*.id", K::I16}},
    {"todos.json", {"0.userId", K::I32}},
    {"posts.json", {"99.body", K::Chars}},
    {"posts.json", {"*.body", K::Txt}},
    {"posts.json", {"0", K::Raw}},
    {"demo.json", {"Image.IDs.3", K::I64}},
    {"demo.json", {"Image.Animated", K::Bool}},
    {"demo.json", {"Image.Thumbnail.Url", K::Chars}},
    {"demo.json", {"Image.IDs", K::Raw}},
    {"smalldemo.json", {"Thumbnail.Url", K::Chars}},
    {"smalldemo.json", {"Owner", K::IsNull}},
    {"smalldemo.json", {"*", K::Txt}},
    {"adversarial.json", {"\"Name rue.0.1", K::Chars}},
    {"adversarial.json", {"\"Name rue.0.*", K::Raw}},
    {"flatadversarial.json", {"\"Name.1", K::Chars}},
    {"flatadversarial.json", {"t", K::I64}},
    {"flatadversarial.json", {"t", K::I32}},
    {"flatadversarial.json", {"t", K::F32}},
    {"truenull.json", {"*", K::IsNull}},
    {"truenull.json", {"*", K::Bool}},
    {"che-1.geo.json", {"features.0.geometry.coordinates.0.*.0", K::F64}},
    {"che-1.geo.json", {"features.0.geometry.coordinates.0.*.1", K::F32}},
    {"che-2.geo.json", {"features.*.geometry.coordinates.*.*.*", K::F64}},
    {"che-3.geo.json", {"features.*.geometry.coordinates.*.*.*", K::F32}},
    {"numbers.json", {"*", K::F64}},
    {"numbers.json", {"*", K::F32}},
    {"numbers.json", {"*", K::I64}},
};

void checkDocuments() {
  constexpr size_t kCount = sizeof kPaths / sizeof kPaths[0];
  for (size_t k = 0; k < kCount;) {
    const char* name = kPaths[k].doc;
    Slot slots[16];
    size_t n = 0;
    for (; k < kCount && strcmp(kPaths[k].doc, name) == 0; ++k) slots[n++] = kPaths[k].slot;
    const EmbeddedFile* doc = findDoc(name);
    static FixedText<2200> t;
    t.clear();
    t << "doc " << name << ' ';
    if (!doc) {
      t << "not embedded";
      failure(t);
      continue;
    }
    t.num(doc->size) << ' ';
    if (runAllSplits(name, doc->text(), doc->size, slots, n, false, t, 300) != JsonError::Ok)
      failure(t);
    line(t);
  }
}

// --- users.json into structs, as the client maps a response ------------------

using ehc_test::Point;
using ehc_test::User;

struct Shape {
  char kind[8];
  Point corners[4];
  uint8_t cornerCount;
  int16_t weights[3];
  size_t weightCount;  // 4 bytes on rv32, 8 on the host
  bool closed;
  float scale;
  uint64_t big;
  int8_t tiny;
  REST_JSON_MAP(REST_FIELD(kind), REST_FIELD_ARRAY(corners, cornerCount),
                REST_FIELD_ARRAY_NAMED("w", weights, weightCount),
                REST_FIELD_NAMED("flags.closed", closed), REST_FIELD_NAMED("scale\\.factor", scale),
                REST_FIELD(big), REST_FIELD_NAMED("flags.tiny", tiny))
};

template <typename T>
JsonError feedStruct(const char* prefix, T& obj, const char* doc, size_t n, const Split& split,
                     bool stop, ehc::JsonBinder& b, Text& out) {
  b.clear();
  b.setStopWhenDone(stop);
  const int r = ehc::bindStruct(b, prefix, obj);
  if (r != 0) {
    out << "bindStruct failed ";
    out.i(r);
    return JsonError::Ok;
  }
  size_t off = 0;
  for (size_t k = 0; off < n && !b.done(); ++k) {
    const size_t m = split.piece(k, off, n);
    b.feed(doc + off, m);
    off += m;
  }
  const JsonError e = b.finish();
  out << "err=" << ehc::jsonErrorName(e);
  if (e == JsonError::Ok) {
    out << " fed=";
    out.num(b.bytesFed());
  }
  out << " status=";
  for (int i = 0; i < b.count(); ++i) out << ehc::bindStatusName(b.status(i))[0];
  return e;
}

void putUser(Text& t, const User& u) {
  t << " id=";
  t.i(u.id) << ' ';
  const char* const fields[] = {u.name,
                                u.username,
                                u.email,
                                u.address.street,
                                u.address.suite,
                                u.address.city,
                                u.address.zipcode,
                                u.address.geo.lat,
                                u.address.geo.lng,
                                u.phone,
                                u.website,
                                u.company.name,
                                u.company.catchPhrase,
                                u.company.bs};
  for (const char* f : fields) t.quoted(f) << ',';
}

void checkUsersStructs() {
  const EmbeddedFile* users = findDoc("users.json");
  static ehc::StaticJsonBinder<20, 512> binder;
  static char json[1024];
  for (const char* el : {"0", "4", "9", "10"}) {
    static FixedText<1200> r[kSplitCount];
    Text* rs[kSplitCount];
    for (size_t k = 0; k < kSplitCount; ++k) {
      User u{};
      r[k].clear();
      feedStruct(el, u, users->text(), users->size, kSplits[k], false, binder, r[k]);
      putUser(r[k], u);
      rs[k] = &r[k];
      if (k == 0 && strcmp(el, "0") == 0) {
        // Write it back and read it again: the same struct.
        ehc::JsonWriter w(json, sizeof json);
        const ehc::WriteError we = ehc::writeStruct(w, u);
        FixedText<1200> t;
        t << "users struct write el=0 " << ehc::writeErrorName(we) << ' ';
        t.quoted(json, w.length(), 1000);
        line(t);
        User back{};
        FixedText<256> t2;
        t2 << "users struct reread el=0 ";
        feedStruct("", back, json, w.length(), kSplits[3], false, binder, t2);
        t2 << " same=" << (memcmp(&u, &back, sizeof u) == 0 ? "yes" : "NO");
        if (memcmp(&u, &back, sizeof u) != 0) failure(t2);
        line(t2);
      }
    }
    FixedText<64> what;
    what << "users el=" << el;
    sameForEverySplit(what.c_str(), rs);
    FixedText<1300> t;
    t << "users struct el=" << el << ' ' << r[0];
    line(t);
  }
  // Stop when done: element 0 needs the first part of the document only.
  for (size_t k = 0; k < kSplitCount; ++k) {
    User u{};
    FixedText<1200> t;
    t << "users stop-when-done el=0 split=" << kSplits[k].name << ' ';
    feedStruct("0", u, users->text(), users->size, kSplits[k], true, binder, t);
    putUser(t, u);
    line(t);
  }
  // Arrays of every element: ids (int64) and zip codes, counts of two widths.
  int64_t ids[12] = {};
  uint8_t idCount = 0;
  char zips[10][16] = {};
  size_t zipCount = 0;
  binder.clear();
  const int a = binder.bindElements("*.id", TargetKind::Int64, ids, 0, sizeof ids[0], 12, &idCount,
                                    sizeof idCount);
  const int z = binder.bindElements("*.address.zipcode", TargetKind::Chars, zips, sizeof zips[0],
                                    sizeof zips[0], 8, &zipCount, sizeof zipCount);
  binder.feed(users->text(), users->size);
  FixedText<600> t;
  t << "users elements err=" << ehc::jsonErrorName(binder.finish()) << ' ';
  t.i(a) << ',';
  t.i(z) << " ids=";
  t.u(idCount) << ':';
  for (int64_t id : ids) t.i(id) << ',';
  t << " zips=";
  t.num(zipCount) << ':' << ehc::bindStatusName(binder.status(z)) << ':';
  for (const auto& zip : zips) t.quoted(zip) << ',';
  line(t);
}

void checkShapes() {
  static ehc::StaticJsonBinder<12, 256> binder;
  const char doc[] =
      "{\"kind\":\"quad\",\"corners\":[{\"x\":0,\"y_pos\":0},{\"x\":1.5,\"y_pos\":-2},\n"
      "{\"x\":3,\"y_pos\":4e2}],\"w\":[1,-2,3,4,5],\"flags\":{\"closed\":true,\"tiny\":-128},"
      "\"scale.factor\":0.5,\"big\":18446744073709551615}";
  for (size_t k = 0; k < kSplitCount; ++k) {
    Shape s{};
    FixedText<600> t;
    t << "shape read split=" << kSplits[k].name << ' ';
    feedStruct("", s, doc, sizeof doc - 1, kSplits[k], false, binder, t);
    t << " kind=" << s.kind << " corners=";
    t.u(s.cornerCount) << ':';
    for (const Point& p : s.corners) {
      putDouble(t, p.x) << ',';
      putDouble(t, p.y) << ';';
    }
    t << " w=";
    t.num(s.weightCount) << ':';
    for (int16_t w : s.weights) t.i(w) << ',';
    t << " closed=";
    t.b(s.closed) << " scale=";
    putFloat(t, s.scale) << " big=";
    t.u(s.big) << " tiny=";
    t.i(s.tiny);
    line(t);
  }
  Shape a{};
  memcpy(a.kind, "tri", 4);
  a.corners[0] = {0.1, 0.2};
  a.corners[1] = {-1e300, 5e-324};
  a.cornerCount = 2;
  a.weights[0] = -32768;
  a.weightCount = 1;
  a.scale = 3.25f;
  a.big = 9007199254740993ull;
  a.tiny = 127;
  char buf[256];
  ehc::JsonWriter w(buf, sizeof buf);
  const ehc::WriteError we = ehc::writeStruct(w, a);
  FixedText<600> t;
  t << "shape write " << ehc::writeErrorName(we) << ' ';
  t.quoted(buf, w.length(), 400);
  Shape b{};
  t << ' ';
  feedStruct("", b, buf, w.length(), kSplits[0], false, binder, t);
  t << " same=" << (memcmp(&a, &b, sizeof a) == 0 ? "yes" : "NO");
  if (memcmp(&a, &b, sizeof a) != 0) failure(t);
  line(t);
}

// --- writer -------------------------------------------------------------------

void writerLine(const char* what, const ehc::JsonWriter& w, const char* buf) {
  FixedText<600> t;
  t << "writer " << what << ' ' << ehc::writeErrorName(w.error()) << " complete=";
  t.b(w.complete()) << " length=";
  t.num(w.length()) << ' ';
  t.quoted(buf, strlen(buf), 400);
  line(t);
}

void checkWriter() {
  char buf[512];
  {
    ehc::JsonWriter w(buf, sizeof buf);
    w.beginObject()
        .member("id", 7)
        .member("name", "Ana")
        .member("ok", true)
        .key("none")
        .value(nullptr)
        .member("big", UINT64_MAX)
        .member("neg", INT64_MIN)
        .member("i8", static_cast<int8_t>(-128))
        .member("u16", static_cast<uint16_t>(65535))
        .member("l", static_cast<long>(-2147483647 - 1))
        .member("sz", static_cast<size_t>(4294967295u))
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
        .member("d", 1e21)
        .member("e", 1e-7)
        .member("m", -0.0)
        .member("dmin", 5e-324)
        .member("dmax", 1.7976931348623157e308)
        .member("fmin", 1e-45f)
        .endObject();
    writerLine("scalars", w, buf);
  }
  {
    ehc::JsonWriter w(buf, sizeof buf);
    const char s[] = "q\"b\\n\n\t\x01\x1f/\xC3\xA9\xF0\x9D\x84\x9E\x7f";
    w.value(s, sizeof s);  // with the NUL
    writerLine("escapes", w, buf);
    // ... read back to the same bytes.
    char back[64] = {};
    ehc::StaticJsonBinder<1> b;
    b.bind("", back, sizeof back);
    b.feed(buf, w.length());
    FixedText<200> t;
    t << "writer escapes reread " << ehc::jsonErrorName(b.finish())
      << " same=" << (memcmp(back, s, sizeof s) == 0 ? "yes" : "NO");
    if (memcmp(back, s, sizeof s) != 0) failure(t);
    line(t);
  }
  struct Case {
    const char* what;
    void (*write)(ehc::JsonWriter& w);
  };
  static const Case kCases[] = {
      {"nan", [](ehc::JsonWriter& w) { w.beginArray().value(__builtin_nan("")); }},
      {"-inf", [](ehc::JsonWriter& w) { w.value(-__builtin_inf()); }},
      {"inf-float", [](ehc::JsonWriter& w) { w.value(__builtin_inff()); }},
      {"bad-utf8", [](ehc::JsonWriter& w) { w.value("bad \xC3("); }},
      {"surrogate-utf8", [](ehc::JsonWriter& w) { w.value("\xED\xA0\x80"); }},
      {"value-without-key", [](ehc::JsonWriter& w) { w.beginObject().value(1); }},
      {"key-in-array", [](ehc::JsonWriter& w) { w.beginArray().key("k"); }},
      {"unbalanced", [](ehc::JsonWriter& w) { w.beginArray().endObject(); }},
      {"two-values", [](ehc::JsonWriter& w) { w.value(1).value(2); }},
      {"deep",
       [](ehc::JsonWriter& w) {
         for (int i = 0; i < 33; ++i) w.beginArray();
       }},
      {"raw", [](ehc::JsonWriter& w) { w.beginArray().raw("{\"pre\":1}").value(-1).endArray(); }},
  };
  for (const Case& c : kCases) {
    ehc::JsonWriter w(buf, sizeof buf);
    c.write(w);
    writerLine(c.what, w, buf);
  }
  {
    char small[12];
    ehc::JsonWriter w(small, sizeof small);
    w.beginObject().member("name", "a long value").endObject();
    writerLine("overflow", w, small);
  }
  {
    struct Sink {
      FixedText<128> text;
      size_t limit;
    } sink;
    sink.limit = 20;
    ehc::JsonWriter w(
        [](void* u, const char* d, size_t n) {
          Sink& s = *static_cast<Sink*>(u);
          if (s.text.size() + n > s.limit) return false;
          s.text.put(d, n);
          return true;
        },
        &sink);
    w.beginArray().value(12345).value("abcdef").value(true).value(3.5).endArray();
    writerLine("sink-fails", w, sink.text.c_str());
  }
}

// Numbers written by the writer and read back by the binder: the same bits,
// for random doubles, floats and 64-bit integers (a fixed xorshift stream,
// so the host and the target see the same values).
struct Rng {
  uint64_t s = 0x9E3779B97F4A7C15ull;
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ull;
  }
};

template <typename T>
bool readBack(const char* text, size_t n, T* out) {
  static ehc::StaticJsonBinder<1> b;
  b.clear();
  b.bind("", out);
  b.feed(text, n);
  return b.finish() == JsonError::Ok && b.status(0) == BindStatus::Found;
}

void roundTripLine(const char* what, uint32_t count, uint32_t bad, uint64_t hash) {
  FixedText<160> t;
  t << "roundtrip " << what << " n=";
  t.u(count) << " bad=";
  t.u(bad) << " texts=";
  t.hex(hash, 16);
  if (bad) failure(t);
  line(t);
}

// One number at a time: written, its text hashed, read back, compared bit
// for bit.
struct RoundTrips {
  uint32_t count = 0, bad = 0;
  uint64_t hash = fnv1a(nullptr, 0);
  template <typename T>
  void check(T value) {
    char buf[64];
    ehc::JsonWriter w(buf, sizeof buf);
    w.value(value);
    hash = fnv1a(buf, w.length(), hash);
    T back = 0;
    ++count;
    if (!readBack(buf, w.length(), &back) || memcmp(&back, &value, sizeof value) != 0) ++bad;
  }
  void report(const char* what) const { roundTripLine(what, count, bad, hash); }
};

void checkRoundTrips() {
  Rng rng;
  constexpr int kN = 3000;
  {
    RoundTrips doubles;
    for (int i = 0; i < kN; ++i) {
      uint64_t bits = rng.next();
      if (i % 3 == 1) bits &= 0x800fffffffffffffull | (uint64_t{rng.next() % 8} << 52);  // tiny
      if ((bits >> 52 & 0x7ff) == 0x7ff) continue;  // NaN, infinity
      double d;
      memcpy(&d, &bits, 8);
      doubles.check(d);
    }
    doubles.report("double");
  }
  {
    RoundTrips floats;
    for (int i = 0; i < kN; ++i) {
      const uint32_t bits = static_cast<uint32_t>(rng.next() >> 32);
      if ((bits >> 23 & 0xff) == 0xff) continue;
      float f;
      memcpy(&f, &bits, 4);
      floats.check(f);
    }
    floats.report("float");
  }
  {
    // Decimal-looking doubles (what APIs send): integer / 10^k.
    RoundTrips decimals;
    for (int i = 0; i < kN; ++i) {
      const int64_t m = static_cast<int64_t>(rng.next() % 2000000001ull) - 1000000000;
      double d = static_cast<double>(m);
      for (uint64_t k = rng.next() % 9; k; --k) d /= 10;
      decimals.check(d);
    }
    decimals.report("decimal");
  }
  {
    char buf[64];
    uint32_t count = 0, bad = 0;
    uint64_t h = fnv1a(nullptr, 0);
    for (int i = 0; i < kN; ++i) {
      const uint64_t u = rng.next() >> (rng.next() % 64);
      const int64_t s = static_cast<int64_t>(rng.next()) >> (rng.next() % 64);
      ehc::JsonWriter w(buf, sizeof buf);
      w.beginArray().value(u).value(s).endArray();
      h = fnv1a(buf, w.length(), h);
      static ehc::StaticJsonBinder<2> b;
      b.clear();
      uint64_t u2 = 0;
      int64_t s2 = 0;
      b.bind("0", &u2);
      b.bind("1", &s2);
      b.feed(buf, w.length());
      ++count;
      if (b.finish() != JsonError::Ok || u2 != u || s2 != s) ++bad;
    }
    roundTripLine("int64", count, bad, h);
  }
  {
    // Every number of numbers.json: read, written and read back.
    const EmbeddedFile* doc = findDoc("numbers.json");
    struct Acc {
      double d;
      RoundTrips trips;
    } acc{0, {}};
    static ehc::StaticJsonBinder<1> b;
    b.clear();
    const int i = b.bind("*", &acc.d);
    b.onMatch(
        i,
        [](const ehc::JsonMatch& m, void* u) {
          Acc& a = *static_cast<Acc*>(u);
          if (m.status == BindStatus::Found) a.trips.check(a.d);
        },
        &acc);
    b.feed(doc->text(), doc->size);
    if (b.finish() != JsonError::Ok) ++acc.trips.bad;
    acc.trips.report("numbers.json");
  }
}

}  // namespace

void line(const Text& t) {
  emit(t);
}

void failure(const Text& why) {
  ++gFailures;
  static FixedText<2400> t;
  t.clear();
  t << "FAIL " << why;
  emit(t);
}

void sameForEverySplit(const char* what, Text* const* results) {
  for (size_t k = 1; k < kSplitCount; ++k) {
    if (*results[k] != *results[0]) {
      static FixedText<2400> t;
      t.clear();
      t.quoted(what) << ": split " << kSplits[k].name << " gives " << *results[k];
      failure(t);
      return;
    }
  }
}

int main() {
  for (const char* name : {"users.json", "numbers.json"}) {
    if (!findDoc(name)) {
      FixedText<64> t;
      t << name << " is not embedded";
      failure(t);
      return 1;
    }
  }
  platform();
  checkSuite();
  checkValues();
  checkDocuments();
  checkUsersStructs();
  checkShapes();
  checkWriter();
  checkRoundTrips();
  checkHttp();
  checkRequests();
  FixedText<64> t;
  t << "summary failures=";
  t.i(gFailures);
  line(t);
  fflush(stdout);
  return gFailures ? 1 : 0;
}
