// mbedTLS 3.6 <psa/crypto.h> (stand-in): see ../mbedtls/mbedtls36_api.h.
#pragma once
#include "../mbedtls/mbedtls36_api.h"
