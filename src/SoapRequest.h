// ESP32-HTTP-Client's header of this name: SoapRequest, what client.soap()
// returns (ehc/client/soap_request.h).
#pragma once

#include "ESP32HTTPClient.h"
#include "SoapTypes.h"
