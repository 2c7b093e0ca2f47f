// The default trust anchors of the platform, for a TLS connection that was
// given no CA of its own: the host's system bundle, ESP-IDF's certificate
// bundle (Arduino-ESP32 has it too), nothing elsewhere.
#pragma once

#include <mbedtls/ssl.h>
#include <mbedtls/x509_crt.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE
namespace platform {

// Attaches the default anchors to conf (loading them into `store` where they
// are certificates to parse). False when the platform has none to give.
bool attachDefaultTrust(mbedtls_ssl_config* conf, mbedtls_x509_crt* store);

}  // namespace platform
EHC_END_NAMESPACE
