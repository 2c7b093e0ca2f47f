// ESP32-HTTP-Client's header of this name: JsonRpcRequest (a JSON-RPC 2.0
// call, also client.jsonRpc(path)), JsonRpcError, and what its
// JsonRpcTypes.h declares (JsonRpcTypes.h here too).
#pragma once

#include "ESP32HTTPClient.h"
#include "JsonRpcTypes.h"
