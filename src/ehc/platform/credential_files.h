// Certificates and private keys read from files, where the platform has a
// file system mbedTLS can read (MBEDTLS_FS_IO: the host; on a board the
// text is usually in flash and given from memory instead).
#pragma once

#include <mbedtls/pk.h>
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

// Parses a private key (PEM or DER, encrypted when password is given) from a
// regular file: 0, or mbedTLS's error (MBEDTLS_ERR_PK_FILE_IO_ERROR for a
// file that is not there or not a regular file).
int loadKeyFile(mbedtls_pk_context* key, const char* path, const char* password,
                int (*rng)(void*, unsigned char*, size_t), void* rngArg);

}  // namespace platform
EHC_END_NAMESPACE
