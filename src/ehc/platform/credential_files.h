// Certificates and private keys read from files, where the platform has a
// file system mbedTLS can read (MBEDTLS_FS_IO: the host; on a board the
// text is usually in flash and given from memory instead).
#pragma once

#include <mbedtls/x509_crt.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE
namespace platform {

// Parses the certificates of a PEM or DER file into store: mbedTLS's result
// (< 0 on failure, > 0 when some entries were not usable). Only a regular
// file is handed to mbedTLS: for a directory, mbedTLS 2.28 asks calloc for
// 2^63 bytes (ftell of a directory). MBEDTLS_ERR_X509_FEATURE_UNAVAILABLE
// where the platform or mbedTLS reads no files.
int loadCertificateFile(mbedtls_x509_crt* store, const char* path);

// A regular file is there (what mbedTLS may be handed to read: the TLS
// transport checks a key file so before parsing it).
bool isRegularFile(const char* path);

}  // namespace platform
EHC_END_NAMESPACE
