// The checksums of the zlib (Adler-32, RFC 1950) and gzip (CRC-32, RFC 1952)
// formats, updated piece by piece.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

// crc32Update(0, data, n) is the CRC-32 of data (as zlib's crc32()).
uint32_t crc32Update(uint32_t crc, const uint8_t* data, size_t n);
// adler32Update(1, data, n) is the Adler-32 of data (as zlib's adler32()).
uint32_t adler32Update(uint32_t adler, const uint8_t* data, size_t n);

EHC_END_NAMESPACE
