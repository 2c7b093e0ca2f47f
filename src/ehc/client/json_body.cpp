#include "json_body.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {

// Does `key` start with prefix[0..n) where that prefix ends a segment?
bool under(const char* key, const char* prefix, size_t n) {
  return strncmp(key, prefix, n) == 0;
}

// Up to an unescaped '.' ("a\\.b" is one segment: the key "a.b").
size_t segmentLength(const char* s) {
  const char* p = s;
  while (*p && *p != '.') p += (*p == '\\' && p[1]) ? 2 : 1;
  return static_cast<size_t>(p - s);
}

// Same segment `seg` (length n) at the start of `s`, ending there.
bool sameSegment(const char* s, const char* seg, size_t n) {
  return strncmp(s, seg, n) == 0 && (s[n] == '.' || s[n] == '\0');
}

// One object level: the members of every field under prefix[0..plen).
// Recursion depth is the number of segments of a key (bounded by
// EHC_REQUEST_STORAGE, and by the writer's own depth limit).
void writeLevel(JsonWriter& w, const Param* f, size_t n, const char* prefix, size_t plen) {
  w.beginObject();
  for (size_t i = 0; i < n && w.error() == WriteError::Ok; ++i) {
    const char* key = f[i].name;
    if (!under(key, prefix, plen)) continue;
    const char* seg = key + plen;
    const size_t slen = segmentLength(seg);
    bool written = false;  // by an earlier field of the same member
    for (size_t j = 0; j < i && !written; ++j)
      written = under(f[j].name, prefix, plen) && sameSegment(f[j].name + plen, seg, slen);
    if (written) continue;
    w.pathKey(seg, slen);
    if (seg[slen] == '.')
      writeLevel(w, f, n, key, plen + slen + 1);
    else
      writeParamValue(w, f[i].value);
  }
  w.endObject();
}

}  // namespace

JsonWriter countingWriter() {
  return JsonWriter([](void*, const char*, size_t) { return true; }, nullptr);
}

JsonWriter& writeParamValue(JsonWriter& w, const ParamValue& v) {
  switch (v.type) {
    case ParamValue::Type::String: return w.value(v.s);
    case ParamValue::Type::Int: return w.value(v.i);
    case ParamValue::Type::Uint: return w.value(v.u);
    case ParamValue::Type::Double:
    case ParamValue::Type::Float: {  // through realText: no formatter unless one was made
      char text[kMaxNumberText];
      return w.finiteNumber(text, v.realText(v, text));
    }
    case ParamValue::Type::Bool: return w.value(v.b);
    case ParamValue::Type::Null: return w.value(nullptr);
  }
  return w;
}

WriteError writeDottedObject(JsonWriter& writer, const Param* fields, size_t n) {
  writeLevel(writer, fields, n, "", 0);
  return writer.error();
}

bool dottedFieldWritable(const char* key, const ParamValue& value) {
  JsonWriter w = countingWriter();
  unsigned depth = 0;
  w.beginObject();
  for (const char* s = key;; s += segmentLength(s) + 1) {
    w.pathKey(s, segmentLength(s));
    if (s[segmentLength(s)] == '\0') break;
    w.beginObject();
    ++depth;
  }
  writeParamValue(w, value);
  for (; depth; --depth) w.endObject();
  w.endObject();
  return w.error() == WriteError::Ok;
}

bool dottedKeyFits(const Param* fields, size_t n, const char* key, int* same) {
  *same = -1;
  if (!key || !*key) return false;
  for (const char* s = key;; s += segmentLength(s) + 1) {
    if (segmentLength(s) == 0) return false;  // "", "a..b", "a.", ".a"
    if (s[segmentLength(s)] == '\0') break;
  }
  const size_t klen = strlen(key);
  for (size_t i = 0; i < n; ++i) {
    const char* other = fields[i].name;
    const size_t olen = strlen(other);
    if (olen == klen && memcmp(other, key, klen) == 0) {
      *same = static_cast<int>(i);
      continue;
    }
    // "a" with "a.b" (either way round): a value and an object at once.
    const size_t shorter = olen < klen ? olen : klen;
    const char* longer = olen < klen ? key : other;
    if (memcmp(other, key, shorter) == 0 && longer[shorter] == '.') return false;
  }
  return true;
}

EHC_END_NAMESPACE
