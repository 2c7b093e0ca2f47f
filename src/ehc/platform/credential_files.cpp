#include "credential_files.h"

#include <sys/stat.h>

EHC_BEGIN_NAMESPACE
namespace platform {

bool isRegularFile(const char* path) {
  struct stat st;
  return path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int loadCertificateFile(mbedtls_x509_crt* store, const char* path) {
#if defined(MBEDTLS_FS_IO)
  if (!isRegularFile(path)) return MBEDTLS_ERR_X509_FILE_IO_ERROR;
  return mbedtls_x509_crt_parse_file(store, path);
#else
  (void)store;
  (void)path;
  return MBEDTLS_ERR_X509_FEATURE_UNAVAILABLE;
#endif
}

}  // namespace platform
EHC_END_NAMESPACE
