// getaddrinfo for the test domain (test_names.h): ehc.test and *.ehc.test are 127.0.0.1,
// everything else is resolved as usual.
#include "test_names.h"

#include <netdb.h>
#include <string.h>
#include <strings.h>

extern "C" int __real_getaddrinfo(const char* node, const char* service, const addrinfo* hints,
                                  addrinfo** res);
extern "C" int __wrap_getaddrinfo(const char* node, const char* service, const addrinfo* hints,
                                  addrinfo** res) {
  const size_t n = node ? strlen(node) : 0, d = sizeof ehc_test::kTestDomain - 1;
  const bool test = n >= d && (n == d || node[n - d - 1] == '.') &&
                    strcasecmp(node + n - d, ehc_test::kTestDomain) == 0;
  return __real_getaddrinfo(test ? "127.0.0.1" : node, service, hints, res);
}
