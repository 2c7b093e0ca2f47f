#include "json_bindings.h"

#include <stdio.h>

namespace ehc_tools {
namespace {

const struct {
  const char* name;
  BindingType type;
} kTypes[] = {{"int64", BindingType::Int64},   {"uint64", BindingType::Uint64},
              {"double", BindingType::Double}, {"bool", BindingType::Bool},
              {"string", BindingType::String}, {"raw", BindingType::Raw},
              {"null", BindingType::Null}};

std::string formatValue(const CliBinding& b) {
  char buf[64];
  std::string out;
  switch (b.type) {
    case BindingType::Int64:
      snprintf(buf, sizeof buf, "%lld", static_cast<long long>(b.i64));
      return buf;
    case BindingType::Uint64:
      snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(b.u64));
      return buf;
    case BindingType::Double: snprintf(buf, sizeof buf, "%.17g", b.dbl); return buf;
    case BindingType::Bool:
    case BindingType::Null: return b.boolean ? "true" : "false";
    case BindingType::String:
    case BindingType::Raw: {  // as a JSON string literal, by the library's own writer
      ehc::JsonWriter w(
          [](void* u, const char* d, size_t n) {
            static_cast<std::string*>(u)->append(d, n);
            return true;
          },
          &out);
      w.value(b.text.data(), b.text.size());
      return out;
    }
  }
  return out;
}

std::string formatLine(const CliBinding& b, const char* path, ehc::BindStatus s) {
  std::string line = path;
  line += '\t';
  line += ehc::bindStatusName(s);
  line += '\t';
  if (s == ehc::BindStatus::Found || s == ehc::BindStatus::Truncated) line += formatValue(b);
  return line;
}

void onMatch(const ehc::JsonMatch& m, void* user) {
  auto* b = static_cast<CliBinding*>(user);
  b->lines.push_back(formatLine(*b, m.path, m.status));
}

}  // namespace

const char kBindingTypes[] = "int64 uint64 double bool string raw null";

CliBinding parseBinding(const std::string& arg) {
  CliBinding b;
  b.path = arg;
  const size_t colon = arg.rfind(':');
  if (colon == std::string::npos) return b;
  for (const auto& k : kTypes)
    if (arg.compare(colon + 1, std::string::npos, k.name) == 0) {
      b.type = k.type;
      b.path = arg.substr(0, colon);
    }
  return b;
}

bool bindAll(ehc::JsonBinder& binder, std::vector<CliBinding>& bindings, std::string* badPath) {
  for (auto& b : bindings) {
    // The targets reset in place: the strings keep their storage, so that
    // another pass (ehc-json --repeat) costs what a program binding its
    // variables again does, not new strings.
    b.i64 = 0;
    b.u64 = 0;
    b.dbl = 0;
    b.boolean = false;
    b.text.clear();
    b.lines.clear();
    b.wild = false;
    const char* p = b.path.c_str();
    int idx;
    switch (b.type) {
      case BindingType::Int64: idx = binder.bind(p, &b.i64); break;
      case BindingType::Uint64: idx = binder.bind(p, &b.u64); break;
      case BindingType::Double: idx = binder.bind(p, &b.dbl); break;
      case BindingType::Bool: idx = binder.bind(p, &b.boolean); break;
      case BindingType::Null: idx = binder.bindIsNull(p, &b.boolean); break;
      case BindingType::String: idx = ehc::bindText(binder, p, b.text); break;
      default: idx = ehc::bindRawText(binder, p, b.text); break;
    }
    if (idx < 0) {
      *badPath = b.path;
      return false;
    }
    b.wild = binder.binding(idx).wildcard;
    if (b.wild) binder.onMatch(idx, onMatch, &b);
  }
  return true;
}

void printBindings(const ehc::JsonBinder& binder, std::vector<CliBinding>& bindings,
                   std::string* out) {
  for (size_t k = 0; k < bindings.size(); ++k) {
    CliBinding& b = bindings[k];
    if (!b.wild)
      b.lines.push_back(formatLine(b, b.path.c_str(), binder.status(static_cast<int>(k))));
    if (b.lines.empty()) b.lines.push_back(formatLine(b, b.path.c_str(), ehc::BindStatus::Missing));
    for (const auto& l : b.lines) {
      *out += l;
      *out += '\n';
    }
  }
}

}  // namespace ehc_tools
