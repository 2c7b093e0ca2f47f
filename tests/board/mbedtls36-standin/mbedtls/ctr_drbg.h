// mbedTLS 3.6 <mbedtls/ctr_drbg.h> (stand-in): see mbedtls36_api.h.
#pragma once
#include "mbedtls36_api.h"
