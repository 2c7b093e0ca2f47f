// The JSON benchmark's workloads: a document and the fields to extract.
#pragma once

#include <stdint.h>

#include <string>
#include <vector>

struct Field {
  std::string path;  // dot path, as our binder takes it
  bool isInt;        // int64, else string
};

struct Workload {
  std::string name;
  std::string file;  // under shared/testdata
  std::vector<Field> fields;
  bool stopWhenDone;  // ours (and RapidJSON) may stop once every field is found
  std::string doc;
};

// What each contender extracted, compared across contenders.
struct Extracted {
  std::vector<int64_t> ints;
  std::vector<std::string> strings;
  bool operator==(const Extracted& o) const { return ints == o.ints && strings == o.strings; }
};

// Peers (json_peers.cpp). Each parses `w.doc` and fills `out` in field order.
void peerRapidJsonSax(const Workload& w, bool stopEarly, Extracted* out);
void peerCJson(const Workload& w, Extracted* out);
void peerSimdjson(const Workload& w, Extracted* out);
void peerNlohmann(const Workload& w, Extracted* out);

std::vector<std::string> splitPath(const std::string& path);
