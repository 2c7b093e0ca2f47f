// Shared by the parts of the correctness program (check.cpp, check_http.cpp).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <initializer_list>

#include "embedded.h"
#include "text.h"

// How a document is cut into the pieces fed one after another (as reads
// from a socket would be): whole, byte by byte, 7 bytes, and a mixed cycle.
struct Split {
  const char* name;
  size_t pieces[4];
  size_t count;  // 0: whole
  // Length of piece number k, at offset `off` of n bytes.
  size_t piece(size_t k, size_t off, size_t n) const {
    const size_t m = count ? pieces[k % count] : n - off;
    return m < n - off ? m : n - off;
  }
};
constexpr Split kSplits[] = {
    {"whole", {0, 0, 0, 0}, 0},
    {"1", {1, 0, 0, 0}, 1},
    {"7", {7, 0, 0, 0}, 1},
    {"3/64/1/200", {3, 64, 1, 200}, 4},
};
constexpr size_t kSplitCount = sizeof kSplits / sizeof kSplits[0];

// A line of the listing; failures also count towards the exit status.
void line(const Text& t);
void failure(const Text& why);

// Each split's result must equal the whole document's: reports the first
// that does not. `results` has kSplitCount entries, kSplits' order.
void sameForEverySplit(const char* what, Text* const* results);

void checkHttp();      // check_http.cpp: response parser
void checkRequests();  // check_http.cpp: URLs, request writer
