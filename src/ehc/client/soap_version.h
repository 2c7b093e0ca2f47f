// The SOAP versions (ESP32-HTTP-Client's SoapTypes.h enum, by its names):
// what a SoapRequest sends and the client's default for them.
#pragma once

#include "../config.h"

EHC_BEGIN_NAMESPACE

enum SoapVersion { SOAP_1_1, SOAP_1_2 };

EHC_END_NAMESPACE
