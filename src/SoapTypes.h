// ESP32-HTTP-Client's header of this name: SoapVersion (SOAP_1_1,
// SOAP_1_2), SoapFault (ehc/client/soap_reader.h, fixed-size text fields
// here) and its callback typedef (std::function, as there).
#pragma once

#include "ESP32HTTPClient.h"

#ifndef EHC_NO_GLOBAL_NAMES
#include <functional>

typedef std::function<void(const SoapFault&)> SoapFaultCallback;
#endif
