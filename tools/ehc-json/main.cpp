// ehc-json: try binding paths against a JSON document from the desktop.
//
//   ehc-json [--file F] [--chunk N] [--stop-when-done] [--repeat N] PATH[:TYPE]...
//
// TYPE is int64 uint64 double bool string raw null (default raw). Prints one
// line per binding (one per match for "*" paths): PATH<TAB>STATUS<TAB>VALUE.
// Exit 0: valid document; 1: invalid (last line: error<TAB>KIND<TAB>OFFSET);
// 2: bad usage.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <string>
#include <vector>

#include "ESP32HTTPClient.h"

namespace {

enum class Type { Int64, Uint64, Double, Bool, String, Raw, Null };

struct Request {
  std::string path;
  Type type = Type::Raw;
  // targets
  int64_t i64 = 0;
  uint64_t u64 = 0;
  double dbl = 0;
  bool boolean = false;
  std::string text;
  std::vector<std::string> lines;  // output lines, one per delivery
  bool wild = false;
};

bool parseType(const std::string& name, Type* t) {
  static const struct {
    const char* name;
    Type type;
  } kTypes[] = {{"int64", Type::Int64}, {"uint64", Type::Uint64}, {"double", Type::Double},
                {"bool", Type::Bool},   {"string", Type::String}, {"raw", Type::Raw},
                {"null", Type::Null}};
  for (const auto& k : kTypes)
    if (name == k.name) {
      *t = k.type;
      return true;
    }
  return false;
}

std::string formatValue(const Request& r) {
  char buf[64];
  std::string out;
  switch (r.type) {
    case Type::Int64: snprintf(buf, sizeof buf, "%lld", static_cast<long long>(r.i64)); return buf;
    case Type::Uint64:
      snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(r.u64));
      return buf;
    case Type::Double: snprintf(buf, sizeof buf, "%.17g", r.dbl); return buf;
    case Type::Bool:
    case Type::Null: return r.boolean ? "true" : "false";
    case Type::String:
    case Type::Raw: {  // as a JSON string literal, by the library's own writer
      ehc::JsonWriter w(
          [](void* u, const char* d, size_t n) {
            static_cast<std::string*>(u)->append(d, n);
            return true;
          },
          &out);
      w.value(r.text.data(), r.text.size());
      return out;
    }
  }
  return out;
}

std::string formatLine(const Request& r, const char* path, ehc::BindStatus s) {
  std::string line = path;
  line += '\t';
  line += ehc::bindStatusName(s);
  line += '\t';
  if (s == ehc::BindStatus::Found || s == ehc::BindStatus::Truncated) line += formatValue(r);
  return line;
}

void onMatch(const ehc::JsonMatch& m, void* user) {
  auto* r = static_cast<Request*>(user);
  r->lines.push_back(formatLine(*r, m.path, m.status));
}

int usage(const char* msg) {
  fprintf(stderr,
          "ehc-json: %s\nusage: ehc-json [--file F] [--chunk N] [--stop-when-done] [--repeat N] "
          "PATH[:TYPE]...\n  TYPE: int64 uint64 double bool string raw null (default raw)\n",
          msg);
  return 2;
}

bool readAll(FILE* f, std::string* out) {
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) out->append(buf, n);
  return !ferror(f);
}

}  // namespace

int main(int argc, char** argv) {
  const char* file = nullptr;
  size_t chunk = 512;
  long repeat = 1;
  bool stopWhenDone = false;
  std::vector<Request> requests;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (a == "--file") {
      if (!(file = value())) return usage("--file needs a path");
    } else if (a == "--chunk") {
      const char* v = value();
      char* e = nullptr;
      const long n = v ? strtol(v, &e, 10) : 0;
      if (!v || *e || n <= 0) return usage("--chunk needs a positive number");
      chunk = static_cast<size_t>(n);
    } else if (a == "--repeat") {
      const char* v = value();
      char* e = nullptr;
      repeat = v ? strtol(v, &e, 10) : 0;
      if (!v || *e || repeat <= 0) return usage("--repeat needs a positive number");
    } else if (a == "--stop-when-done") {
      stopWhenDone = true;
    } else if (a == "--help" || a == "-h") {
      usage("help");
      return 0;
    } else if (a.size() > 1 && a[0] == '-' && a[1] == '-') {
      return usage(("unknown option " + a).c_str());
    } else {
      Request r;
      r.path = a;
      const size_t colon = a.rfind(':');
      if (colon != std::string::npos && parseType(a.substr(colon + 1), &r.type))
        r.path = a.substr(0, colon);
      requests.push_back(r);
    }
  }
  if (requests.size() > EHC_MAX_BINDINGS) return usage("too many paths");

  std::string doc;
  FILE* in = file ? fopen(file, "rb") : stdin;
  if (!in) return usage((std::string("cannot open ") + file).c_str());
  if (!readAll(in, &doc)) return usage("read error");
  if (file) fclose(in);

  ehc::JsonError err = ehc::JsonError::Ok;
  size_t errOffset = 0;
  for (long pass = 0; pass < repeat; ++pass) {
    ehc::StaticJsonBinder<EHC_MAX_BINDINGS> binder;
    binder.setStopWhenDone(stopWhenDone);
    for (auto& r : requests) {
      r.lines.clear();
      r = Request{r.path, r.type};
      const char* p = r.path.c_str();
      int idx;
      switch (r.type) {
        case Type::Int64: idx = binder.bind(p, &r.i64); break;
        case Type::Uint64: idx = binder.bind(p, &r.u64); break;
        case Type::Double: idx = binder.bind(p, &r.dbl); break;
        case Type::Bool: idx = binder.bind(p, &r.boolean); break;
        case Type::Null: idx = binder.bindIsNull(p, &r.boolean); break;
        case Type::String: idx = ehc::bindText(binder, p, r.text); break;
        default: idx = ehc::bindRawText(binder, p, r.text); break;
      }
      if (idx < 0) return usage(("bad path: " + r.path).c_str());
      r.wild = binder.binding(idx).firstWild != ehc::PathInfo::kNoWildcard;
      if (r.wild) binder.onMatch(idx, onMatch, &r);
    }
    for (size_t off = 0; off < doc.size() && !binder.done(); off += chunk)
      binder.feed(doc.data() + off, doc.size() - off < chunk ? doc.size() - off : chunk);
    err = binder.finish();
    errOffset = binder.errorOffset();
    if (pass + 1 == repeat) {
      for (size_t k = 0; k < requests.size(); ++k) {
        Request& r = requests[k];
        if (!r.wild)
          r.lines.push_back(formatLine(r, r.path.c_str(), binder.status(static_cast<int>(k))));
        if (r.lines.empty())
          r.lines.push_back(formatLine(r, r.path.c_str(), ehc::BindStatus::Missing));
      }
    }
  }
  std::string out;
  for (const auto& r : requests)
    for (const auto& l : r.lines) {
      out += l;
      out += '\n';
    }
  fwrite(out.data(), 1, out.size(), stdout);
  if (err != ehc::JsonError::Ok) {
    printf("error\t%s\t%zu\n", ehc::jsonErrorName(err), errOffset);
    return 1;
  }
  return 0;
}
