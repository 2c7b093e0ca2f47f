// mbedTLS 3.6 <mbedtls/platform.h> (stand-in): see mbedtls36_api.h.
#pragma once
#include "mbedtls36_api.h"
