// ESP32-HTTP-Client's header of this name: the names it declared at global
// scope for JSON-RPC (the standard error codes, JsonRpcErrorCallback, the
// parameter and id kinds). JsonRpcRequest and JsonRpcError come with
// ESP32HTTPClient.h.
#pragma once

#include "ESP32HTTPClient.h"

#ifndef EHC_NO_GLOBAL_NAMES
#include <functional>

// JSON-RPC 2.0's pre-defined error codes.
enum JsonRpcErrorCode {
  JSONRPC_PARSE_ERROR = -32700,
  JSONRPC_INVALID_REQUEST = -32600,
  JSONRPC_METHOD_NOT_FOUND = -32601,
  JSONRPC_INVALID_PARAMS = -32602,
  JSONRPC_INTERNAL_ERROR = -32603,
  JSONRPC_SERVER_ERROR_START = -32099,
  JSONRPC_SERVER_ERROR_END = -32000
};

typedef std::function<void(const JsonRpcError&)> JsonRpcErrorCallback;

enum JsonRpcParamMode {
  JSONRPC_PARAMS_NONE,
  JSONRPC_PARAMS_POSITIONAL,
  JSONRPC_PARAMS_NAMED,
  JSONRPC_PARAMS_RAW
};
enum JsonRpcIdType { JSONRPC_ID_AUTO, JSONRPC_ID_INT, JSONRPC_ID_STRING, JSONRPC_ID_NULL };
#endif
