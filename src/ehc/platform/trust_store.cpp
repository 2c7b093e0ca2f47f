#include "trust_store.h"

#include "credential_files.h"

#if defined(ESP_PLATFORM)
#include <esp_crt_bundle.h>
#endif

EHC_BEGIN_NAMESPACE
namespace platform {

#if defined(ESP_PLATFORM)
// The bundle built into the firmware (CONFIG_MBEDTLS_CERTIFICATE_BUNDLE, on by
// default; Arduino-ESP32's libraries are built with it), or the one the
// program set with esp_crt_bundle_set() (WiFiClientSecure::setCACertBundle
// does that, for every TLS user of the program). It verifies through a
// callback; nothing is parsed per connection.
bool attachDefaultTrust(mbedtls_ssl_config* conf, mbedtls_x509_crt*) {
  return esp_crt_bundle_attach(conf) == ESP_OK;
}

#elif defined(ARDUINO)
bool attachDefaultTrust(mbedtls_ssl_config*, mbedtls_x509_crt*) {
  return false;  // no bundle on this board: setCACert() or setInsecure()
}

#else
// Where the distributions keep the system bundle (Debian/Ubuntu/Alpine,
// Fedora/RHEL, macOS/FreeBSD's cert.pem, openSUSE).
const char* const kBundles[] = {"/etc/ssl/certs/ca-certificates.crt",
                                "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
                                "/etc/ssl/ca-bundle.pem"};

bool attachDefaultTrust(mbedtls_ssl_config* conf, mbedtls_x509_crt* store) {
  for (const char* path : kBundles) {
    // > 0: some entries were not usable; the rest are.
    if (loadCertificateFile(store, path) >= 0 && store->version != 0) {
      mbedtls_ssl_conf_ca_chain(conf, store, nullptr);
      return true;
    }
    mbedtls_x509_crt_free(store);
    mbedtls_x509_crt_init(store);
  }
  return false;
}
#endif

}  // namespace platform
EHC_END_NAMESPACE
