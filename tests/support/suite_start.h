// Starting what a whole suite shares (nginx, certificates, a TLS server) in
// SetUpTestSuite. Never ASSERT or FAIL there: gtest answers a failure in
// SetUpTestSuite by marking every test of the suite SKIPPED, and CTest (the
// SKIP_REGULAR_EXPRESSION of gtest_discover_tests) counts those as skipped,
// not failed, so a machine where nginx cannot start would pass. Record why
// instead, and let every test of the suite fail on it in SetUp:
//
//   static void SetUpTestSuite() {
//     if (!certs_->make(EHC_OPENSSL, &why)) return start_.failed(why);
//   }
//   static void TearDownTestSuite() { ...; start_.reset(); }
//   void SetUp() override { ASSERT_TRUE(start_.started()); }
// (tests/support/fixture_start_check.cmake shows the suites fail so.)
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace ehc_test {

class SuiteStart {
 public:
  // The first reason counts: what failed later may only follow from it.
  void failed(const std::string& why) {
    if (why_.empty()) why_ = why.empty() ? "(no reason given)" : why;
  }
  ::testing::AssertionResult started() const {
    if (why_.empty()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "the suite's shared fixture did not start: " << why_;
  }
  void reset() { why_.clear(); }

 private:
  std::string why_;
};

}  // namespace ehc_test
