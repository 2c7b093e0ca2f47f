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
#include "json_bindings.h"

namespace {

int usage(const char* msg) {
  fprintf(stderr,
          "ehc-json: %s\nusage: ehc-json [--file F] [--chunk N] [--stop-when-done] [--repeat N] "
          "PATH[:TYPE]...\n  TYPE: %s (default raw)\n",
          msg, ehc_tools::kBindingTypes);
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
  std::vector<ehc_tools::CliBinding> requests;
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
      requests.push_back(ehc_tools::parseBinding(a));
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
  std::string out;
  for (long pass = 0; pass < repeat; ++pass) {
    ehc::StaticJsonBinder<EHC_MAX_BINDINGS> binder;
    binder.setStopWhenDone(stopWhenDone);
    std::string badPath;
    if (!ehc_tools::bindAll(binder, requests, &badPath))
      return usage(("bad path: " + badPath).c_str());
    for (size_t off = 0; off < doc.size() && !binder.done(); off += chunk)
      binder.feed(doc.data() + off, doc.size() - off < chunk ? doc.size() - off : chunk);
    err = binder.finish();
    errOffset = binder.errorOffset();
    if (pass + 1 == repeat) ehc_tools::printBindings(binder, requests, &out);
  }
  fwrite(out.data(), 1, out.size(), stdout);
  if (err != ehc::JsonError::Ok) {
    printf("error\t%s\t%zu\n", ehc::jsonErrorName(err), errOffset);
    return 1;
  }
  return 0;
}
