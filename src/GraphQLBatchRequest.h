// ESP32-HTTP-Client's header of this name, kept so that sketches that
// include it compile (GraphQLBatchRequest: ehc/client/graphql_batch_request.h).
#pragma once

#include "GraphQLRequest.h"
