// The stand-in's host mapping (EHC_STANDIN_HOSTS, see WiFiClient.h), for the
// stand-in's clients and, through getaddrinfo, for the library's sockets.
#include <ctype.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "standin_hosts.h"

namespace {
bool sameNameIgnoringCase(const char* a, size_t aLength, const char* b) {
  size_t i = 0;
  for (; i < aLength && b[i]; ++i) {
    if (tolower(static_cast<unsigned char>(a[i])) != tolower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return i == aLength && b[i] == '\0';
}
}  // namespace

// EHC_STANDIN_HOSTS: "name=address:port" entries separated by commas. The
// address is everything before the last ':' of an entry.
bool ehcStandinMapHost(const char* host, char* address, size_t size, uint16_t* port) {
  const char* list = getenv("EHC_STANDIN_HOSTS");
  if (!list || !host || !address || size == 0) return false;
  for (const char* entry = list; *entry;) {
    const char* end = strchr(entry, ',');
    if (!end) end = entry + strlen(entry);
    const char* equals =
        static_cast<const char*>(memchr(entry, '=', static_cast<size_t>(end - entry)));
    if (equals && sameNameIgnoringCase(entry, static_cast<size_t>(equals - entry), host)) {
      const char* colon = nullptr;
      for (const char* c = equals + 1; c < end; ++c)
        if (*c == ':') colon = c;
      char* digitsEnd = nullptr;
      const unsigned long value = colon ? strtoul(colon + 1, &digitsEnd, 10) : 0;
      if (!colon || colon == equals + 1 || digitsEnd != end || value == 0 || value > 65535) {
        fprintf(stderr, "EHC_STANDIN_HOSTS: bad entry for %s (want name=address:port)\n", host);
        return false;
      }
      const size_t length = static_cast<size_t>(colon - (equals + 1));
      const size_t kept = length < size - 1 ? length : size - 1;
      memcpy(address, equals + 1, kept);
      address[kept] = '\0';
      *port = static_cast<uint16_t>(value);
      return true;
    }
    entry = *end ? end + 1 : end;
  }
  return false;
}

// The host mapping for the library's own sockets too (PosixTransport, the
// built-in transport on Arduino-ESP32, resolves with getaddrinfo like lwIP):
// the sketch programs are linked with -Wl,--wrap=getaddrinfo.
extern "C" int __real_getaddrinfo(const char* node, const char* service, const addrinfo* hints,
                                  addrinfo** res);
extern "C" int __wrap_getaddrinfo(const char* node, const char* service, const addrinfo* hints,
                                  addrinfo** res) {
  char address[64];
  uint16_t port = service ? static_cast<uint16_t>(strtoul(service, nullptr, 10)) : 0;
  if (!ehcStandinMapHost(node, address, sizeof address, &port))
    return __real_getaddrinfo(node, service, hints, res);
  char mapped[8];
  snprintf(mapped, sizeof mapped, "%u", port);
  return __real_getaddrinfo(address, mapped, hints, res);
}
