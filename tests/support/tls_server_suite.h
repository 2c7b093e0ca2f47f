// A test suite that shares one TlsTestServer (openssl s_server, certificates
// made at test time): started before the suite's first test, stopped after
// its last. Each Suite (CRTP) has a server of its own in server_. Needs
// EHC_OPENSSL, the path of the openssl command, defined by the test target.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "tls_server.h"

namespace ehc_test {

template <typename Suite>
class TlsServerSuite : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new TlsTestServer;
    std::string why;
    if (!server_->start(EHC_OPENSSL, &why)) FAIL() << why;
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static inline TlsTestServer* server_ = nullptr;
};

}  // namespace ehc_test
