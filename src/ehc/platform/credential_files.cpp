#include "credential_files.h"

#include <sys/stat.h>

#include "../net/mbedtls_compat.h"

EHC_BEGIN_NAMESPACE
namespace platform {

namespace {
bool regularFile(const char* path) {
  struct stat st;
  return path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}
}  // namespace

int loadCertificateFile(mbedtls_x509_crt* store, const char* path) {
#if defined(MBEDTLS_FS_IO)
  if (!regularFile(path)) return MBEDTLS_ERR_X509_FILE_IO_ERROR;
  return mbedtls_x509_crt_parse_file(store, path);
#else
  (void)store;
  (void)path;
  return MBEDTLS_ERR_X509_FEATURE_UNAVAILABLE;
#endif
}

int loadKeyFile(mbedtls_pk_context* key, const char* path, const char* password,
                int (*rng)(void*, unsigned char*, size_t), void* rngArg) {
#if defined(MBEDTLS_FS_IO)
  if (!regularFile(path)) return MBEDTLS_ERR_PK_FILE_IO_ERROR;
#endif
  return ehc_mbedtls::parseKeyFile(key, path, password, rng, rngArg);
}

}  // namespace platform
EHC_END_NAMESPACE
