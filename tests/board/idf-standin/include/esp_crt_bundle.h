// ESP-IDF: esp_crt_bundle.h, component mbedtls (stand-in, from the API
// reference "ESP x509 Certificate Bundle"; CONFIG_MBEDTLS_CERTIFICATE_BUNDLE).
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "esp_err.h"
#include "mbedtls/ssl.h"
#ifdef __cplusplus
extern "C" {
#endif
// Verification through the bundle built into the firmware, or the one set
// with esp_crt_bundle_set().
esp_err_t esp_crt_bundle_attach(void* conf);
void esp_crt_bundle_detach(mbedtls_ssl_config* conf);
esp_err_t esp_crt_bundle_set(const uint8_t* x509_bundle, size_t bundle_size);
#ifdef __cplusplus
}
#endif
