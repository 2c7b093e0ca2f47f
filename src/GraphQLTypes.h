// ESP32-HTTP-Client's header of this name: GraphQLError and GraphQLLocation
// (ehc/client/graphql_types.h, fixed storage here), its two content-type
// macros and its callback typedefs (std::function, as there: a callable
// kept in one may take a heap block; the multi-error one is called with a
// std::vector built for the call), and its incremental delivery's
// GraphQLIncrementalPayload (ehc/client/graphql_incremental.h: fixed storage,
// its data as JSON text) with the onIncremental callback typedef.
#pragma once

#include "ESP32HTTPClient.h"

#define GRAPHQL_CONTENT_TYPE_JSON "application/json; charset=utf-8"
#define GRAPHQL_ACCEPT_HEADER "application/graphql-response+json, application/json"

#ifndef EHC_NO_GLOBAL_NAMES
#include <functional>
#include <vector>

typedef std::function<void(const GraphQLError&)> GraphQLErrorCallback;
typedef std::function<void(const std::vector<GraphQLError>&)> GraphQLMultiErrorCallback;
typedef std::function<void(const GraphQLIncrementalPayload&)> GraphQLIncrementalCallback;
#endif
