// The peers, each used the way its documentation shows, extracting the same
// fields as our binder.
#include <cjson/cJSON.h>
#include <rapidjson/reader.h>
#include <simdjson.h>
#include <stdlib.h>

#include <nlohmann/json.hpp>

#include "json_workloads.h"

std::vector<std::string> splitPath(const std::string& path) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t dot = path.find('.', start);
    out.push_back(path.substr(start, dot - start));
    if (dot == std::string::npos) return out;
    start = dot + 1;
  }
}

namespace {

struct Segment {
  bool isIndex;
  unsigned index;
  std::string key;
};

std::vector<std::vector<Segment>> compile(const Workload& w) {
  std::vector<std::vector<Segment>> paths;
  for (const Field& f : w.fields) {
    std::vector<Segment> segs;
    for (const std::string& s : splitPath(f.path)) {
      const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
      segs.push_back(
          {digits, digits ? static_cast<unsigned>(strtoul(s.c_str(), nullptr, 10)) : 0u, s});
    }
    paths.push_back(segs);
  }
  return paths;
}

void prepare(const Workload& w, Extracted* out) {
  out->ints.assign(w.fields.size(), 0);
  out->strings.assign(w.fields.size(), "");
}

// RapidJSON SAX with a handler that tracks the current path and compares it
// with the wanted ones at every value.
struct PathHandler : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, PathHandler> {
  struct Frame {
    bool isArray;
    unsigned index;
    const char* key;
    unsigned keyLen;
  };
  const Workload* w;
  std::vector<std::vector<Segment>> paths;
  Extracted* out;
  std::vector<Frame> stack;
  std::string keyCopy[64];  // keys must outlive the Key() callback while we are inside
  size_t found = 0;
  bool stopEarly = false;

  int match() {
    for (size_t p = 0; p < paths.size(); ++p) {
      const auto& segs = paths[p];
      if (segs.size() != stack.size()) continue;
      bool ok = true;
      for (size_t d = 0; d < segs.size() && ok; ++d) {
        const Frame& f = stack[d];
        ok = f.isArray ? (segs[d].isIndex && segs[d].index == f.index)
                       : (segs[d].key.size() == f.keyLen &&
                          memcmp(segs[d].key.data(), f.key, f.keyLen) == 0);
      }
      if (ok) return static_cast<int>(p);
    }
    return -1;
  }
  bool value(int p) {
    if (!stack.empty() && stack.back().isArray) ++stack.back().index;
    if (p >= 0) ++found;
    return !(stopEarly && found == paths.size());
  }
  int current() {
    if (!stack.empty() && stack.back().isArray) {
      // the element about to be counted
    }
    return match();
  }
  bool Int64Value(int64_t v) {
    const int p = current();
    if (p >= 0) out->ints[static_cast<size_t>(p)] = v;
    return value(p);
  }
  bool Null() { return value(current()); }
  bool Bool(bool) { return value(current()); }
  bool Int(int v) { return Int64Value(v); }
  bool Uint(unsigned v) { return Int64Value(v); }
  bool Int64(int64_t v) { return Int64Value(v); }
  bool Uint64(uint64_t v) { return Int64Value(static_cast<int64_t>(v)); }
  bool Double(double) { return value(current()); }
  bool String(const char* s, rapidjson::SizeType n, bool) {
    const int p = current();
    if (p >= 0) out->strings[static_cast<size_t>(p)].assign(s, n);
    return value(p);
  }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    Frame& f = stack.back();
    std::string& k = keyCopy[stack.size() - 1];
    k.assign(s, n);
    f.key = k.data();
    f.keyLen = n;
    return true;
  }
  bool StartObject() {
    stack.push_back({false, 0, "", 0});
    return true;
  }
  bool StartArray() {
    stack.push_back({true, 0, "", 0});
    return true;
  }
  bool EndObject(rapidjson::SizeType) { return end(); }
  bool EndArray(rapidjson::SizeType) { return end(); }
  bool end() {
    stack.pop_back();
    return value(-1);
  }
};

}  // namespace

void peerRapidJsonSax(const Workload& w, bool stopEarly, Extracted* out) {
  prepare(w, out);
  PathHandler h;
  h.w = &w;
  h.paths = compile(w);
  h.out = out;
  h.stopEarly = stopEarly;
  h.stack.reserve(64);
  rapidjson::Reader reader;
  rapidjson::StringStream ss(w.doc.c_str());
  reader.Parse(ss, h);
}

void peerCJson(const Workload& w, Extracted* out) {
  prepare(w, out);
  cJSON* root = cJSON_ParseWithLength(w.doc.data(), w.doc.size());
  for (size_t i = 0; i < w.fields.size(); ++i) {
    cJSON* node = root;
    for (const std::string& s : splitPath(w.fields[i].path)) {
      if (!node) break;
      node = cJSON_IsArray(node) ? cJSON_GetArrayItem(node, atoi(s.c_str()))
                                 : cJSON_GetObjectItemCaseSensitive(node, s.c_str());
    }
    if (!node) continue;
    if (w.fields[i].isInt)
      out->ints[i] = static_cast<int64_t>(cJSON_GetNumberValue(node));
    else if (cJSON_IsString(node))
      out->strings[i] = cJSON_GetStringValue(node);
  }
  cJSON_Delete(root);
}

void peerSimdjson(const Workload& w, Extracted* out) {
  prepare(w, out);
  static simdjson::ondemand::parser parser;
  // simdjson needs SIMDJSON_PADDING readable bytes after the document; the
  // std::string's capacity is reserved for that by the benchmark.
  simdjson::ondemand::document doc;
  if (parser.iterate(w.doc.data(), w.doc.size(), w.doc.capacity()).get(doc)) return;
  for (size_t i = 0; i < w.fields.size(); ++i) {
    std::string pointer;
    for (const std::string& s : splitPath(w.fields[i].path)) pointer += "/" + s;
    simdjson::ondemand::value v;
    if (doc.at_pointer(pointer).get(v)) continue;
    if (w.fields[i].isInt) {
      int64_t n;
      if (!v.get_int64().get(n)) out->ints[i] = n;
    } else {
      std::string_view s;
      if (!v.get_string().get(s)) out->strings[i] = std::string(s);
    }
  }
}

void peerNlohmann(const Workload& w, Extracted* out) {
  prepare(w, out);
  const nlohmann::json root = nlohmann::json::parse(w.doc, nullptr, false);
  for (size_t i = 0; i < w.fields.size(); ++i) {
    const nlohmann::json* node = &root;
    for (const std::string& s : splitPath(w.fields[i].path)) {
      if (node->is_array()) {
        const size_t k = strtoul(s.c_str(), nullptr, 10);
        node = k < node->size() ? &(*node)[k] : nullptr;
      } else if (node->is_object() && node->contains(s)) {
        node = &(*node)[s];
      } else {
        node = nullptr;
      }
      if (!node) break;
    }
    if (!node) continue;
    if (w.fields[i].isInt && node->is_number_integer())
      out->ints[i] = node->get<int64_t>();
    else if (node->is_string())
      out->strings[i] = node->get<std::string>();
  }
}
