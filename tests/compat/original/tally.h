#pragma once
// The re-count of ESP32-HTTP-Client's own test assertions (issue 16): each
// of the original's expect...() calls is written once, through this
// library's API, as one of
//
//   AGREE_...(...)         the original's expectation holds here as it is;
//   DIFFER_...(..., why)   a deliberate difference listed in docs/migration.md
//                          (`why` names its row): the check asserts what this
//                          library does instead.
//
// Either kind is a gtest expectation, so an assertion that neither agrees
// nor differs as documented fails the test. Each call site counts once (the
// first time it runs); the totals are printed and checked at the end of the
// run against the original's count of calls.
#include <gtest/gtest.h>

#include <string>

namespace compat_original {

struct Tally {
  int agree = 0;
  int differ = 0;
};
Tally& tally();

}  // namespace compat_original

#define COMPAT_COUNT_(field)                                          \
  do {                                                                \
    static bool counted_ = false;                                     \
    if (!counted_) ++compat_original::tally().field, counted_ = true; \
  } while (0)

#define AGREE_TRUE(c)     \
  do {                    \
    COMPAT_COUNT_(agree); \
    EXPECT_TRUE(c);       \
  } while (0)
#define AGREE_EQ(a, b)    \
  do {                    \
    COMPAT_COUNT_(agree); \
    EXPECT_EQ(a, b);      \
  } while (0)
#define AGREE_NEAR(a, b, tol) \
  do {                        \
    COMPAT_COUNT_(agree);     \
    EXPECT_NEAR(a, b, tol);   \
  } while (0)
#define DIFFER_TRUE(c, why)                       \
  do {                                            \
    COMPAT_COUNT_(differ);                        \
    EXPECT_TRUE(c) << "(differs: " << why << ")"; \
  } while (0)
#define DIFFER_EQ(a, b, why)                       \
  do {                                             \
    COMPAT_COUNT_(differ);                         \
    EXPECT_EQ(a, b) << "(differs: " << why << ")"; \
  } while (0)
