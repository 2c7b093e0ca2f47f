// mbedTLS 3.6 <mbedtls/net_sockets.h> (stand-in): see mbedtls36_api.h.
#pragma once
#include "mbedtls36_api.h"
