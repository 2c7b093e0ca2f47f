// POST /rpc: a small JSON-RPC 2.0 server (https://www.jsonrpc.org/specification)
// for the client's JsonRpcRequest tests and the JsonRpcCall sketch.
//
//   subtract  [minuend, subtrahend] or {"minuend":..,"subtrahend":..}: the difference
//   add       [a, b] or {"a":..,"b":..}: the sum
//   echo      the params as they came (null without)
//   fail      error -32000 "Server error" with data {"reason":"asked to fail","params":P}
//   else      -32601 Method not found; non-numbers to add/subtract: -32602
//             Invalid params; a body that is not JSON: -32700 Parse error
//             (id null); no method or jsonrpc not "2.0": -32600 (id null)
// A request without an id is a notification: 204, no body.
// Query: order=id-last puts "id" after "result"/"error" (default: first);
// id=wrong answers with the id 987654 instead of the request's.
#pragma once

#include <string>
#include <string_view>

namespace ehc_fault {

struct RpcReply {
  int status = 200;  // 204: no body
  std::string body;
};

RpcReply rpcReply(std::string_view body, std::string_view query);

}  // namespace ehc_fault
