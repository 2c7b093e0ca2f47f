// The stand-in's host mapping (EHC_STANDIN_HOSTS; see WiFiClient.h).
#pragma once

#include <stddef.h>
#include <stdint.h>

// The mapping of `host` in EHC_STANDIN_HOSTS: true, with the target address
// (NUL-terminated, cut to `size`) and port, when host is listed.
bool ehcStandinMapHost(const char* host, char* address, size_t size, uint16_t* port);
