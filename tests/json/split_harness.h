// Runs a JSON document through the binder whole, one byte at a time and at
// random split points, and checks that every run gives the same outcome.
#pragma once

#include <string>
#include <vector>

#include "ESP32HTTPClient.h"

namespace ehc_test {

enum class T {
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  F32,
  F64,
  Bool,
  Str,
  Raw,
  Null,
  Text,
  AnyText
};

struct Spec {
  std::string path;
  T type;
  size_t size = 64;  // Str / Raw buffer size
};

struct Result {
  ehc::JsonError error = ehc::JsonError::Ok;
  size_t offset = 0;
  std::vector<ehc::BindStatus> status;
  std::vector<std::string> value;    // the target after the run, formatted
  std::vector<std::string> matches;  // "path=status=value" per callback, in order
  uint32_t converted = 0;            // binder.converted()
  bool operator==(const Result& o) const {
    return error == o.error && offset == o.offset && status == o.status && value == o.value &&
           matches == o.matches && converted == o.converted;
  }
};

// One run with the given piece sizes (cycled); an empty list feeds it whole.
Result runOnce(const std::string& doc, const std::vector<Spec>& specs,
               const std::vector<size_t>& pieces, bool stopWhenDone = false);

// Whole, byte by byte, and `randomSplits` random splittings; EXPECTs that they
// agree and returns the outcome.
Result run(const std::string& doc, const std::vector<Spec>& specs, bool stopWhenDone = false,
           int randomSplits = 12);

// Just validate.
ehc::JsonError validate(const std::string& doc, size_t* offset = nullptr);

std::string readFile(const std::string& path);
std::string sharedPath(const std::string& relative);

}  // namespace ehc_test
