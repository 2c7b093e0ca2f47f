// A test suite that shares one TlsTestServer (openssl s_server, certificates
// made at test time): started before the suite's first test, stopped after
// its last. Each Suite (CRTP) has a server of its own in server_. Needs
// EHC_OPENSSL, the path of the openssl command, defined by the test target.
// When the server cannot start, every test of the suite fails (suite_start.h).
// A Suite that overrides SetUp() calls this one first.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "suite_start.h"
#include "tls_server.h"

namespace ehc_test {

template <typename Suite>
class TlsServerSuite : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new TlsTestServer;
    std::string why;
    if (!server_->start(EHC_OPENSSL, &why)) start_.failed(why);
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
    start_.reset();
  }
  void SetUp() override { ASSERT_TRUE(start_.started()); }
  static inline TlsTestServer* server_ = nullptr;
  static inline SuiteStart start_;
};

}  // namespace ehc_test
