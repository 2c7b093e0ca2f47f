// The fault server's JSON-RPC 2.0 endpoint: see rpc_route.h. The request is
// picked apart with the library's JSON binder.
#include "rpc_route.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ehc/json/json_binder.h"

namespace ehc_fault {

namespace {

// What the request said, as far as these methods need it.
struct Call {
  char version[8] = "";
  char method[64] = "";
  char id[128] = "";                 // raw JSON text ("" : none)
  char params[1024] = "";            // raw JSON text
  double first = NAN, second = NAN;  // params.0/1, or the named pair of the method
  ehc::JsonError error = ehc::JsonError::Ok;
  bool hasMethod = false, hasId = false, hasParams = false;
};

Call readCall(std::string_view body) {
  Call c;
  double named[4] = {NAN, NAN, NAN, NAN};
  ehc::StaticJsonBinder<10> b;
  b.bind("jsonrpc", c.version);
  b.bind("method", c.method);
  b.bindRaw("id", c.id, sizeof c.id);
  b.bindRaw("params", c.params, sizeof c.params);
  b.bind("params.0", &c.first);
  b.bind("params.1", &c.second);
  b.bind("params.minuend", &named[0]);
  b.bind("params.subtrahend", &named[1]);
  b.bind("params.a", &named[2]);
  b.bind("params.b", &named[3]);
  b.feed(body.data(), body.size());
  c.error = b.finish();
  c.hasMethod = b.status(1) == ehc::BindStatus::Found;
  c.hasId = b.status(2) == ehc::BindStatus::Found;
  c.hasParams = b.status(3) == ehc::BindStatus::Found;
  if (c.hasParams && c.params[0] == '{') {  // named: the method's own names
    const bool subtract = strcmp(c.method, "subtract") == 0;
    c.first = named[subtract ? 0 : 2];
    c.second = named[subtract ? 1 : 3];
  }
  return c;
}

std::string number(double v) {
  char text[32];
  if (v == floor(v) && fabs(v) < 1e15)
    snprintf(text, sizeof text, "%.0f", v);
  else
    snprintf(text, sizeof text, "%.17g", v);
  return text;
}

std::string errorObject(int code, const char* message, const std::string& data = "") {
  std::string e = "{\"code\":" + std::to_string(code) + ",\"message\":\"" + message + "\"";
  if (!data.empty()) e += ",\"data\":" + data;
  return e + "}";
}

std::string envelope(const std::string& id, const char* member, const std::string& value,
                     bool idLast) {
  const std::string idPart = "\"id\":" + id;
  const std::string valuePart = std::string("\"") + member + "\":" + value;
  return "{\"jsonrpc\":\"2.0\"," + (idLast ? valuePart + "," + idPart : idPart + "," + valuePart) +
         "}";
}

// The method's answer: true with a result, false with an error object.
bool call(const Call& c, std::string* out) {
  const bool numbers = !isnan(c.first) && !isnan(c.second);
  if (strcmp(c.method, "subtract") == 0 || strcmp(c.method, "add") == 0) {
    if (!numbers) {
      *out = errorObject(-32602, "Invalid params");
      return false;
    }
    *out = number(c.method[0] == 's' ? c.first - c.second : c.first + c.second);
    return true;
  }
  if (strcmp(c.method, "echo") == 0) {
    *out = c.hasParams ? c.params : "null";
    return true;
  }
  if (strcmp(c.method, "fail") == 0) {
    *out = errorObject(-32000, "Server error",
                       std::string("{\"reason\":\"asked to fail\",\"params\":") +
                           (c.hasParams ? c.params : "null") + "}");
    return false;
  }
  *out = errorObject(-32601, "Method not found");
  return false;
}

}  // namespace

RpcReply rpcReply(std::string_view body, std::string_view query) {
  const bool idLast = query.find("order=id-last") != std::string_view::npos;
  const bool wrongId = query.find("id=wrong") != std::string_view::npos;
  const Call c = readCall(body);
  if (c.error != ehc::JsonError::Ok)
    return {200, envelope("null", "error", errorObject(-32700, "Parse error"), idLast)};
  if (!c.hasMethod || strcmp(c.version, "2.0") != 0)
    return {200, envelope("null", "error", errorObject(-32600, "Invalid Request"), idLast)};
  std::string value;
  const bool ok = call(c, &value);
  if (!c.hasId) return {204, ""};  // a notification: no answer, whatever it did
  const std::string id = wrongId ? "987654" : c.id;
  return {200, envelope(id, ok ? "result" : "error", value, idLast)};
}

}  // namespace ehc_fault
