// ESP32-HTTP-Client's header of this name, kept so that sketches that
// include it compile: everything is in the one umbrella header
// (GraphQLRequest: ehc/client/graphql_request.h).
#pragma once

#include "ESP32HTTPClient.h"
#include "GraphQLTypes.h"
