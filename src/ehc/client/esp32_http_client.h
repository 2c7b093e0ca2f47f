// Moved to ehc/platform/esp32_http_client.h (the platform wiring names
// mbedTLS; the client layer does not). Kept so that existing includes work.
#pragma once

#include "../platform/esp32_http_client.h"
