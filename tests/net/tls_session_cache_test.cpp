// TlsSessionCache on its own: keyed by the exact host and port, bounded,
// least recently used out first, host names up to EHC_MAX_HOST_LENGTH.
#include "ehc/net/tls_session_cache.h"

#include <gtest/gtest.h>
#include <string.h>

#include <string>

namespace {

bool put(ehc::TlsSessionCache& c, const std::string& host, uint16_t port,
         const std::string& bytes) {
  uint8_t* room = c.reserve(host.c_str(), port, bytes.size());
  if (room) memcpy(room, bytes.data(), bytes.size());
  return room != nullptr;
}

std::string get(ehc::TlsSessionCache& c, const std::string& host, uint16_t port) {
  size_t n = 0;
  const uint8_t* p = c.find(host.c_str(), port, &n);
  return p ? std::string(reinterpret_cast<const char*>(p), n) : "<none>";
}

TEST(TlsSessionCache, KeyedByHostAndPort) {
  ehc::TlsSessionCache c;
  ASSERT_TRUE(put(c, "api.example.com", 443, "one"));
  ASSERT_TRUE(put(c, "api.example.com", 8443, "two"));
  ASSERT_TRUE(put(c, "example.com", 443, "three"));
  EXPECT_EQ(get(c, "api.example.com", 443), "one");
  EXPECT_EQ(get(c, "API.Example.COM", 443), "<none>");  // exactly as saved (see the header)
  EXPECT_EQ(get(c, "api.example.com", 8443), "two");
  EXPECT_EQ(get(c, "example.com", 443), "three");
  EXPECT_EQ(get(c, "api.example.co", 443), "<none>");
  EXPECT_EQ(get(c, "api.example.com.", 443), "<none>");
  EXPECT_EQ(get(c, "pi.example.com", 443), "<none>");
  ASSERT_TRUE(put(c, "api.example.com", 443, "newer"));  // replaces the host's own
  EXPECT_EQ(get(c, "api.example.com", 443), "newer");
  EXPECT_EQ(c.count(), 3u);
  c.forget("api.example.com", 443);
  EXPECT_EQ(get(c, "api.example.com", 443), "<none>");
  EXPECT_EQ(get(c, "api.example.com", 8443), "two");
  c.clear();
  EXPECT_EQ(c.count(), 0u);
  EXPECT_EQ(c.bytesHeld(), 0u);
}

TEST(TlsSessionCache, BoundedLeastRecentlyUsedFirst) {
  ehc::TlsSessionCache c;
  for (int i = 0; i < EHC_TLS_SESSION_CACHE; ++i)
    ASSERT_TRUE(put(c, "h" + std::to_string(i), 443, std::to_string(i)));
  EXPECT_EQ(get(c, "h0", 443), "0");  // h0 used: h1 is now the oldest
  ASSERT_TRUE(put(c, "new", 443, "n"));
  EXPECT_EQ(c.count(), size_t{EHC_TLS_SESSION_CACHE});
  EXPECT_EQ(get(c, "h1", 443), "<none>");
  EXPECT_EQ(get(c, "h0", 443), "0");
  EXPECT_EQ(get(c, "new", 443), "n");
}

TEST(TlsSessionCache, HostNamesUpToTheLimit) {
  ehc::TlsSessionCache c;
  const std::string longest(EHC_MAX_HOST_LENGTH, 'a');
  ASSERT_TRUE(put(c, longest, 443, "x"));
  EXPECT_EQ(get(c, longest, 443), "x");
  std::string near = longest;
  near[EHC_MAX_HOST_LENGTH - 1] = 'b';  // differs in the last character only
  EXPECT_EQ(get(c, near, 443), "<none>");
  EXPECT_FALSE(put(c, longest + "a", 443, "y"));  // longer than a host may be: not kept
  EXPECT_FALSE(put(c, "", 443, "y"));
  EXPECT_EQ(c.count(), 1u);
}

TEST(TlsSessionCache, HoldsWhatItKeepsAndNoMore) {
  ehc::TlsSessionCache c;
  ASSERT_TRUE(put(c, "example.com", 443, std::string(300, 's')));
  const size_t one = c.bytesHeld();
  EXPECT_GE(one, 300u + strlen("example.com"));
  EXPECT_LT(one, 300u + strlen("example.com") + 32);
  ASSERT_TRUE(put(c, "example.com", 443, std::string(200, 's')));
  EXPECT_LT(c.bytesHeld(), one);
}

}  // namespace
