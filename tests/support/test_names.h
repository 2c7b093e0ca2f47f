// Host names for tests that need more than "localhost": ehc.test and every
// name under it (a reserved test domain, RFC 2606) resolve to 127.0.0.1 in a
// program linked with ehc_test_names (which wraps getaddrinfo:
// -Wl,--wrap=getaddrinfo), so wildcard certificates, many hosts and the
// longest host names can be tried against one loopback server.
#pragma once

#include <string>

namespace ehc_test {

constexpr const char kTestDomain[] = "ehc.test";

// A name of exactly `length` characters (labels of at most 63) ending in
// ".ehc.test", e.g. for length 253 the longest a DNS name may be.
inline std::string longTestName(size_t length) {
  std::string name = kTestDomain;
  while (name.size() + 1 < length) {
    const size_t room = length - name.size() - 1;  // for a label (its dot taken)
    size_t label = room < 63 ? room : 63;
    if (room - label == 1) --label;  // one character left could not be a label and a dot
    name = std::string(label, static_cast<char>('a' + name.size() % 26)) + "." + name;
  }
  return name;
}

}  // namespace ehc_test
