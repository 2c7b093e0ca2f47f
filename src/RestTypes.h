// ESP32-HTTP-Client's header of this name, kept so that sketches that
// include it compile: everything is in the one umbrella header.
#pragma once

#include "ESP32HTTPClient.h"
