// The fluent client against real nginx, over HTTP and HTTPS: the 15 fields
// of the first JSONPlaceholder user, 1 000 requests on a kept connection
// with no heap allocation after the first, the same through chunked
// encoding, and what a request costs in stack and object size.
#include <gtest/gtest.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <memory>
#include <string>

#include "ESP32HTTPClient.h"
#include "alloc_counter.h"
#include "nginx_server.h"
#include "suite_start.h"
#include "test_certs.h"
#include "user_fields.h"

namespace {

// The benchmark's 15 fields of users.json's first element, straight into
// fixed buffers and integers: what a sketch does.
struct User {
  int id = 0;
  char name[32], username[32], email[48], phone[32], website[32];
  char street[32], suite[32], city[32], zipcode[16], lat[16], lng[16];
  char company[48], catchPhrase[64], bs[64];
};

void bindField(ehc::RestRequest& r, const char* path, int& value) {
  r.getBody(path, &value);
}
template <size_t N>
void bindField(ehc::RestRequest& r, const char* path, char (&text)[N]) {
  r.getBody(path, text);
}
void expectField(int value, const char* first, const char* path) {
  EXPECT_EQ(std::to_string(value), first) << path;
}
void expectField(const char* text, const char* first, const char* path) {
  EXPECT_STREQ(text, first) << path;
}

ehc::RestRequest& bindUser(ehc::RestRequest& r, User& u) {
#define EHC_BIND(path, member, isInt, first) bindField(r, "0." path, u.member);
  EHC_USER_FIELDS(EHC_BIND)
#undef EHC_BIND
  return r;
}

void expectFirstUser(const User& u) {
#define EHC_EXPECT(path, member, isInt, first) expectField(u.member, first, path);
  EHC_USER_FIELDS(EHC_EXPECT)
#undef EHC_EXPECT
}

class ClientNginx : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    certs_ = new ehc_test::TestCerts;
    std::string why;
    if (!certs_->make(EHC_OPENSSL, &why)) return start_.failed(why);
    ehc_test::NginxOptions o;
    o.nginx = EHC_NGINX;
    o.certs = certs_;
    o.docroot = std::string(EHC_SHARED_DIR) + "/testdata/jsonplaceholder";
    o.keepaliveRequests = 100000;
    o.keepaliveTimeoutSeconds = 60;
    server_ = new ehc_test::NginxServer(o);
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
  static std::string url(bool https) {
    return https ? "https://localhost:" + std::to_string(server_->httpsPort())
                 : "http://127.0.0.1:" + std::to_string(server_->httpPort());
  }
  static std::unique_ptr<ESP32HTTPClient> client(bool https) {
    auto c = std::make_unique<ESP32HTTPClient>(url(https).c_str());
    c->setCACert(certs_->caPem().c_str());
    return c;
  }

  static ehc_test::TestCerts* certs_;
  static ehc_test::NginxServer* server_;
  static inline ehc_test::SuiteStart start_;
};
ehc_test::TestCerts* ClientNginx::certs_ = nullptr;
ehc_test::NginxServer* ClientNginx::server_ = nullptr;

TEST_F(ClientNginx, FifteenFieldsOfTheFirstUser) {
  for (const char* path : {"/users.json", "/chunked/users.json"}) {
    for (bool https : {false, true}) {
      SCOPED_TRACE(std::string(path) + (https ? " https" : " http"));
      auto c = client(https);
      User u;
      auto request = c->get(path);
      const RestResult r = bindUser(request, u).send();
      EXPECT_TRUE(r.isSuccess()) << r.message();
      EXPECT_EQ(r.found, (1u << 15) - 1);
      expectFirstUser(u);
    }
  }
}

// Requests 2..1000 on the kept connection allocate nothing, TLS included.
TEST_F(ClientNginx, NoHeapPerRequestOnAKeptConnection) {
  ASSERT_TRUE(ehc_test::allocCountingWorks());
  for (bool https : {false, true}) {
    SCOPED_TRACE(https ? "https" : "http");
    auto c = client(https);
    User u;
    {
      auto first = c->get("/users.json");
      ASSERT_TRUE(bindUser(first, u).send().isSuccess());  // connects: TLS allocates here
    }
    ehc_test::AllocScope steady;
    int reused = 0;
    for (int i = 2; i <= 1000; ++i) {
      User v;
      auto request = c->get("/users.json");
      const RestResult r = bindUser(request, v).send();
      if (!r.isSuccess() || v.id != 1) {
        ADD_FAILURE() << "request " << i << ": " << r.message();
        break;
      }
      reused += r.reused;
    }
    EXPECT_EQ(steady.calls(), 0u) << steady.bytes() << " bytes";
    EXPECT_EQ(reused, 999);
    expectFirstUser(u);
  }
}

// Stack of a request: it runs on a thread whose stack was filled with a
// pattern; the untouched part tells the high-water mark.
size_t peakStack(void (*work)(void*), void* arg) {
  constexpr size_t kSize = 256 * 1024;
  auto* stack = static_cast<unsigned char*>(aligned_alloc(4096, kSize));
  memset(stack, 0xA5, kSize);
  struct Job {
    void (*work)(void*);
    void* arg;
  } job{work, arg};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstack(&attr, stack, kSize);
  pthread_t t;
  pthread_create(
      &t, &attr,
      [](void* j) -> void* {
        static_cast<Job*>(j)->work(static_cast<Job*>(j)->arg);
        return nullptr;
      },
      &job);
  pthread_join(t, nullptr);
  pthread_attr_destroy(&attr);
  size_t untouched = 0;
  while (untouched < kSize && stack[untouched] == 0xA5) ++untouched;
  free(stack);
  return kSize - untouched;
}

struct Probe {
  ESP32HTTPClient* client;
  bool ok = false;
  static void request(void* self) {
    auto* p = static_cast<Probe*>(self);
    User u;
    auto request = p->client->get("/users.json");
    p->ok = bindUser(request, u).send().isSuccess() && u.id == 1;
  }
};

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EHC_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define EHC_TEST_ASAN 1
#endif

TEST_F(ClientNginx, SizesAndStackOfARequest) {
#if EHC_TEST_ASAN
  GTEST_SKIP() << "AddressSanitizer changes stack frames (redzones, fake stacks): "
                  "measured in the plain build";
#endif
  printf("[ sizes ] sizeof(ESP32HTTPClient) %zu, sizeof(RestRequest) %zu, sizeof(RestResult) %zu\n",
         sizeof(ESP32HTTPClient), sizeof(ehc::RestRequest), sizeof(ehc::RestResult));
  // glibc puts the thread's control block and static TLS at the top of the
  // stack it is given: what an empty job "uses" is not the request's.
  const size_t baseline = peakStack([](void*) {}, nullptr);
  for (bool https : {false, true}) {
    auto c = client(https);  // on the heap: only the request's own stack is measured
    Probe probe{c.get()};
    const size_t first = peakStack(Probe::request, &probe) - baseline;  // connects (+ TLS)
    EXPECT_TRUE(probe.ok);
    probe.ok = false;
    const size_t kept = peakStack(Probe::request, &probe) - baseline;  // on the kept connection
    EXPECT_TRUE(probe.ok);
    printf(
        "[ stack ] %s: first request (with connect) %zu bytes, request on the kept connection "
        "%zu bytes (15 bindings; of it sizeof(RestRequest) %zu, User %zu)\n",
        https ? "https" : "http", first, kept, sizeof(ehc::RestRequest), sizeof(User));
    EXPECT_GT(kept, sizeof(ehc::RestRequest));  // the probe saw the request
    EXPECT_LT(kept, first);
  }
}

}  // namespace
