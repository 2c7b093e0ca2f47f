// What a JSON-RPC 2.0 response says, once its body has been bound: the
// members the request bound for itself (jsonrpc, id, result, error and the
// error's code and message), checked against the spec and against the
// request's id. Pure: no I/O, no binder; JsonRpcRequest gathers the
// statuses, this decides.
#pragma once

#include <stdint.h>

#include "../config.h"
#include "../json/json_error.h"

EHC_BEGIN_NAMESPACE

// The id a request was sent with.
struct RpcId {
  enum class Kind : uint8_t { Number, Text, Null };
  Kind kind = Kind::Number;
  int64_t number = 0;
  const char* text = "";
};

// How the response's members were found (BindStatus of each binding).
struct RpcReplySeen {
  BindStatus version = BindStatus::Missing;  // "jsonrpc" as text
  const char* versionText = "";
  BindStatus idNumber = BindStatus::Missing;  // "id" as an integer
  int64_t idValue = 0;
  BindStatus idText = BindStatus::Missing;  // "id" as text (Null when null)
  const char* idTextValue = "";
  BindStatus result = BindStatus::Missing;  // "result", raw (a 1-byte buffer: presence)
  BindStatus error = BindStatus::Missing;   // "error", raw
  BindStatus errorCode = BindStatus::Missing;
  BindStatus errorMessage = BindStatus::Missing;
};

enum class RpcVerdict : uint8_t {
  Result,        // a result for this request
  Error,         // an error object (code and message) for this request, or for none (id null)
  InvalidReply,  // not a JSON-RPC 2.0 response: see rpcReplyProblem
  IdMismatch,    // a well-formed response for another id
};

// jsonrpc, when present, must be "2.0" (a server that leaves it out is
// taken, as the original library takes it); exactly one of result and error
// (a null one beside the other is taken as absent, as JSON-RPC 1.0 servers
// send it); an error has an integer code and a string message; the id is
// the request's (a number as a number, a text as that text), or null on an
// error the server could not tie to a request.
RpcVerdict judgeRpcReply(const RpcReplySeen& seen, const RpcId& sent);

EHC_END_NAMESPACE
