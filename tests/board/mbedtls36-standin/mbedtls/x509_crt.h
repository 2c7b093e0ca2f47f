// mbedTLS 3.6 <mbedtls/x509_crt.h> (stand-in): see mbedtls36_api.h.
#pragma once
#include "mbedtls36_api.h"
