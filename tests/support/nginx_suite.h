// A test suite that shares one nginx with HTTPS ports (certificates made at
// test time): started before the suite's first test, stopped after its last.
// Each Suite (CRTP) has its own certs_ and server_; it may define
//   static std::vector<std::pair<std::string, std::string>> files();
// for the docroot. Needs EHC_OPENSSL and EHC_NGINX from the test target.
// When nginx cannot start, every test of the suite fails (suite_start.h); a
// Suite that overrides SetUp() calls this one first.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "nginx_server.h"
#include "suite_start.h"
#include "test_certs.h"

namespace ehc_test {

template <typename Suite>
class NginxSuite : public ::testing::Test {
 public:
  static std::vector<std::pair<std::string, std::string>> files() {
    return {{"hello.json", "{\"hello\":\"nginx\"}"}};
  }

 protected:
  static void SetUpTestSuite() {
    std::string why;
    certs_ = new TestCerts;
    if (!certs_->make(EHC_OPENSSL, &why)) return start_.failed(why);
    NginxOptions o;
    o.nginx = EHC_NGINX;
    o.certs = certs_;
    o.files = Suite::files();
    server_ = new NginxServer(o);
    if (!server_->start(&why)) start_.failed(why);
  }
  static void TearDownTestSuite() {
    delete server_;
    delete certs_;
    server_ = nullptr;
    certs_ = nullptr;
    start_.reset();
  }
  void SetUp() override { ASSERT_TRUE(start_.started()); }
  static inline TestCerts* certs_ = nullptr;
  static inline NginxServer* server_ = nullptr;
  static inline SuiteStart start_;
};

}  // namespace ehc_test
