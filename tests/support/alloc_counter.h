// Counts heap allocations (malloc, calloc, realloc, operator new: everything
// that reaches the C allocator) so a test can assert that a piece of code
// allocated nothing:
//
//   ehc_test::AllocScope scope;
//   ... code under test ...
//   EXPECT_EQ(scope.calls(), 0u);
//
// Works in plain builds (the allocator functions are wrapped) and under
// AddressSanitizer (through its allocation hooks).
#pragma once

#include <stddef.h>

namespace ehc_test {

struct AllocTotals {
  size_t calls;  // allocations made
  size_t bytes;  // bytes requested
  size_t live;   // bytes allocated and not yet freed
  size_t peak;   // highest `live` seen since the last resetPeak()
};

// Totals since the process started (all threads).
AllocTotals allocTotals();
void resetPeak();
// False if counting is not available in this build (then tests must not pass
// vacuously: they assert allocCountingWorks()).
bool allocCountingWorks();

class AllocScope {
 public:
  AllocScope() : start_(allocTotals()) { resetPeak(); }
  size_t calls() const { return allocTotals().calls - start_.calls; }
  size_t bytes() const { return allocTotals().bytes - start_.bytes; }
  // Peak of live heap during the scope, above what was live at its start.
  size_t peakAbove() const {
    const AllocTotals now = allocTotals();
    return now.peak > start_.live ? now.peak - start_.live : 0;
  }

 private:
  AllocTotals start_;
};

}  // namespace ehc_test
