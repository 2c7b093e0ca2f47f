// A test suite that shares one nginx with HTTPS ports (certificates made at
// test time): started before the suite's first test, stopped after its last.
// Each Suite (CRTP) has its own certs_ and server_; it may define
//   static std::vector<std::pair<std::string, std::string>> files();
// for the docroot. Needs EHC_OPENSSL and EHC_NGINX from the test target.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "nginx_server.h"
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
    ASSERT_TRUE(certs_->make(EHC_OPENSSL, &why)) << why;
    NginxOptions o;
    o.nginx = EHC_NGINX;
    o.certs = certs_;
    o.files = Suite::files();
    server_ = new NginxServer(o);
    ASSERT_TRUE(server_->start(&why)) << why;
  }
  static void TearDownTestSuite() {
    delete server_;
    delete certs_;
    server_ = nullptr;
    certs_ = nullptr;
  }
  static inline TestCerts* certs_ = nullptr;
  static inline NginxServer* server_ = nullptr;
};

}  // namespace ehc_test
