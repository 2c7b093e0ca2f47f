#include "split_harness.h"

#include <gtest/gtest.h>
#include <stdio.h>

#include <fstream>
#include <random>
#include <sstream>

namespace ehc_test {

namespace {

struct Slot {
  int64_t i = 0;
  uint64_t u = 0;
  float f = 0;
  double d = 0;
  bool b = false;
  std::string text;
  std::vector<char> buf;
  // small integer targets
  int8_t i8 = 0;
  int16_t i16 = 0;
  int32_t i32 = 0;
  uint8_t u8 = 0;
  uint16_t u16 = 0;
  uint32_t u32 = 0;
};

std::string format(const Spec& s, const Slot& v) {
  char buf[64];
  switch (s.type) {
    case T::I8: return std::to_string(v.i8);
    case T::I16: return std::to_string(v.i16);
    case T::I32: return std::to_string(v.i32);
    case T::I64: return std::to_string(v.i);
    case T::U8: return std::to_string(v.u8);
    case T::U16: return std::to_string(v.u16);
    case T::U32: return std::to_string(v.u32);
    case T::U64: return std::to_string(v.u);
    case T::F32: snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v.f)); return buf;
    case T::F64: snprintf(buf, sizeof buf, "%.17g", v.d); return buf;
    case T::Bool:
    case T::Null: return v.b ? "true" : "false";
    case T::Str:
    case T::Raw: return std::string(v.buf.data());
    case T::Text:
    case T::AnyText: return v.text;
  }
  return "";
}

struct CallbackCtx {
  const Spec* spec;
  Slot* slot;
  std::vector<std::string>* out;
};

}  // namespace

Result runOnce(const std::string& doc, const std::vector<Spec>& specs,
               const std::vector<size_t>& pieces, bool stopWhenDone) {
  ehc::StaticJsonBinder<32> binder;
  binder.setStopWhenDone(stopWhenDone);
  std::vector<Slot> slots(specs.size());
  std::vector<CallbackCtx> ctx(specs.size());
  Result r;
  for (size_t k = 0; k < specs.size(); ++k) {
    const Spec& s = specs[k];
    Slot& v = slots[k];
    const char* p = s.path.c_str();
    int idx = -1;
    switch (s.type) {
      case T::I8: idx = binder.bind(p, &v.i8); break;
      case T::I16: idx = binder.bind(p, &v.i16); break;
      case T::I32: idx = binder.bind(p, &v.i32); break;
      case T::I64: idx = binder.bind(p, &v.i); break;
      case T::U8: idx = binder.bind(p, &v.u8); break;
      case T::U16: idx = binder.bind(p, &v.u16); break;
      case T::U32: idx = binder.bind(p, &v.u32); break;
      case T::U64: idx = binder.bind(p, &v.u); break;
      case T::F32: idx = binder.bind(p, &v.f); break;
      case T::F64: idx = binder.bind(p, &v.d); break;
      case T::Bool: idx = binder.bind(p, &v.b); break;
      case T::Null: idx = binder.bindIsNull(p, &v.b); break;
      case T::Str:
        v.buf.assign(s.size, '\0');
        idx = binder.bind(p, v.buf.data(), s.size);
        break;
      case T::Raw:
        v.buf.assign(s.size, '\0');
        idx = binder.bindRaw(p, v.buf.data(), s.size);
        break;
      case T::Text: idx = ehc::bindText(binder, p, v.text); break;
      case T::AnyText: idx = ehc::bindAnyText(binder, p, v.text); break;
    }
    EXPECT_GE(idx, 0) << "bind failed: " << s.path;
    if (idx < 0) return r;
    ctx[k] = {&s, &v, &r.matches};
    binder.onMatch(
        idx,
        [](const ehc::JsonMatch& m, void* user) {
          auto* c = static_cast<CallbackCtx*>(user);
          c->out->push_back(std::string(m.path) + "=" + ehc::bindStatusName(m.status) + "=" +
                            format(*c->spec, *c->slot));
        },
        &ctx[k]);
  }
  if (pieces.empty()) {
    binder.feed(doc.data(), doc.size());
  } else {
    size_t off = 0, k = 0;
    while (off < doc.size()) {
      size_t n = pieces[k++ % pieces.size()];
      if (n > doc.size() - off) n = doc.size() - off;
      binder.feed(doc.data() + off, n);
      off += n;
    }
  }
  r.error = binder.finish();
  r.offset = binder.errorOffset();
  r.converted = binder.converted();
  for (size_t k = 0; k < specs.size(); ++k) {
    r.status.push_back(binder.status(static_cast<int>(k)));
    r.value.push_back(format(specs[k], slots[k]));
  }
  return r;
}

Result run(const std::string& doc, const std::vector<Spec>& specs, bool stopWhenDone,
           int randomSplits) {
  const Result whole = runOnce(doc, specs, {}, stopWhenDone);
  const Result bytes = runOnce(doc, specs, {1}, stopWhenDone);
  EXPECT_TRUE(whole == bytes) << "byte-by-byte feeding differs for: " << doc.substr(0, 200);
  std::mt19937 rng(static_cast<unsigned>(doc.size() * 7919 + specs.size()));
  for (int i = 0; i < randomSplits; ++i) {
    std::vector<size_t> pieces;
    for (int k = 0; k < 16; ++k)
      pieces.push_back(1 + rng() % (i % 3 == 0 ? 7 : (i % 3 == 1 ? 64 : 1460)));
    const Result split = runOnce(doc, specs, pieces, stopWhenDone);
    EXPECT_TRUE(whole == split) << "split feeding differs (round " << i
                                << ") for: " << doc.substr(0, 200);
    if (!(whole == split)) break;
  }
  return whole;
}

ehc::JsonError validate(const std::string& doc, size_t* offset) {
  const Result r = run(doc, {}, false, 4);
  if (offset) *offset = r.offset;
  return r.error;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string sharedPath(const std::string& relative) {
  return std::string(EHC_SHARED_DIR) + "/" + relative;
}

}  // namespace ehc_test
