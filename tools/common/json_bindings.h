// Command-line bindings shared by ehc-json and ehc-get: `PATH[:TYPE]`
// arguments bound to a JsonBinder, and the lines they print, so both tools
// print a binding exactly the same way:  PATH<TAB>STATUS<TAB>VALUE
#pragma once

#include <stdint.h>

#include <string>
#include <vector>

#include "ESP32HTTPClient.h"

namespace ehc_tools {

enum class BindingType { Int64, Uint64, Double, Bool, String, Raw, Null };

struct CliBinding {
  std::string path;
  BindingType type = BindingType::Raw;
  // targets
  int64_t i64 = 0;
  uint64_t u64 = 0;
  double dbl = 0;
  bool boolean = false;
  std::string text;
  std::vector<std::string> lines;  // output, one per delivery
  bool wild = false;
};

extern const char kBindingTypes[];  // for usage messages

// "PATH[:TYPE]" (TYPE: int64 uint64 double bool string raw null; default raw).
CliBinding parseBinding(const std::string& arg);

// Resets the targets and binds each one; false (with the path) on a bad path.
bool bindAll(ehc::JsonBinder& binder, std::vector<CliBinding>& bindings, std::string* badPath);

// After finish(): one line per binding (per match for "*" paths), appended
// to `out`.
void printBindings(const ehc::JsonBinder& binder, std::vector<CliBinding>& bindings,
                   std::string* out);

}  // namespace ehc_tools
