// How the streaming stages' tests feed their input: whole, byte by byte, in
// a few fixed piece sizes and in seeded random splits. A test runs each way
// and requires the same outcome (the stages must be byte-split invariant).
#pragma once

#include <stddef.h>

#include <random>
#include <string>
#include <vector>

namespace ehc_test {

struct SplitPattern {
  std::string name;
  std::vector<size_t> pieces;  // sizes, cycled; empty: the input whole
};

// The patterns for an input of `size` bytes (random ones seeded by it).
inline std::vector<SplitPattern> splitPatterns(size_t size, int randomRounds = 6) {
  std::vector<SplitPattern> out = {{"whole", {}},    {"bytes", {1}},       {"2", {2}},
                                   {"3,1", {3, 1}},  {"7", {7}},           {"64", {64}},
                                   {"1460", {1460}}, {"1,1460", {1, 1460}}};
  std::mt19937 rng(static_cast<unsigned>(size * 2654435761u + 17));
  for (int round = 0; round < randomRounds; ++round) {
    SplitPattern p{"random" + std::to_string(round), {}};
    const unsigned top = round % 3 == 0 ? 5 : round % 3 == 1 ? 300 : 5000;
    for (int k = 0; k < 24; ++k) p.pieces.push_back(1 + rng() % top);
    out.push_back(p);
  }
  return out;
}

// feed(data, n) for consecutive pieces of `input`; stops early when feed
// returns false.
template <typename Feed>
void feedPieces(const std::string& input, const std::vector<size_t>& pieces, Feed feed) {
  size_t off = 0, k = 0;
  while (off < input.size()) {
    size_t n = pieces.empty() ? input.size() : pieces[k++ % pieces.size()];
    if (n > input.size() - off) n = input.size() - off;
    if (!feed(input.data() + off, n)) return;
    off += n;
  }
}

}  // namespace ehc_test
