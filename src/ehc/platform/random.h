// Random bytes from the platform's generator, to seed the TLS DRBG with.
// mbedTLS's own entropy context is not needed for that, and it is big (38 KB
// in Debian's build, most of what a connection would otherwise hold).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

// 1 where the platform has a generator (fillRandom works), 0 where the TLS
// layer falls back to mbedTLS's entropy sources.
#if defined(ESP_PLATFORM) || defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__) || \
    defined(__OpenBSD__) || defined(__NetBSD__)
#define EHC_PLATFORM_RNG 1
#else
#define EHC_PLATFORM_RNG 0
#endif

EHC_BEGIN_NAMESPACE

// Fills out with n random bytes; false when the generator failed.
bool fillRandom(uint8_t* out, size_t n);

EHC_END_NAMESPACE
