// Fuzzes JsonRpcRequest on what a server sends: any bytes as the answers to
// two calls (a number id with a result binding, a text id with an error
// binding). The outcome must not depend on how the bytes are split into
// reads (the first input byte picks the read size, compared with reads of
// one byte); an answer judged not to be this call's (invalid, another id)
// reports nothing found; an error object's texts are terminated within
// their buffers; sanitizers catch the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "JsonRpcRequest.h"
#include "ehc/net/scripted_transport.h"

namespace {

struct Outcome {
  int error[2], status[2], code[2];
  uint32_t found[2];
  long sum;
  char name[8];
  char message[EHC_JSONRPC_MESSAGE_SIZE], data[EHC_JSONRPC_DATA_SIZE];
};

void check(bool ok, const char* what) {
  if (ok) return;
  fprintf(stderr, "json_rpc_fuzz: %s\n", what);
  abort();
}

void judged(JsonRpcRequest& call, Outcome* o, int k) {
  const ehc::RestResult& r = call.result();
  o->error[k] = r.error;
  o->status[k] = r.statusCode;
  o->found[k] = r.found;
  o->code[k] = call.getErrorCode();
  if (r.error == ehc::EHC_ERROR_RPC_INVALID_REPLY || r.error == ehc::EHC_ERROR_RPC_ID_MISMATCH)
    check(r.found == 0, "a binding found in an answer that is not this call's");
  if (r.error != ehc::EHC_ERROR_RPC_ERROR) check(o->code[k] == 0, "an error code without error");
  const JsonRpcError& e = call.getError();
  check(memchr(e.message.text, 0, sizeof e.message.text) != nullptr, "message not terminated");
  check(memchr(e.data.text, 0, sizeof e.data.text) != nullptr, "data not terminated");
}

void run(const uint8_t* data, size_t size, size_t maxRead, Outcome* o) {
  const ehc::ScriptStep steps[] = {
      ehc::ScriptStep::data(reinterpret_cast<const char*>(data), size)};
  ehc::ScriptedTransport transport(steps, 1);
  transport.setMaxRead(maxRead);
  ESP32HTTPClient client("http://api.test", transport);
  client.setMaxRetry(0);
  memset(o, 0, sizeof *o);
  {
    JsonRpcRequest call(&client, "/rpc");
    call.method("sum")
        .id(7)
        .param(1)
        .param("two")
        .getResult("sum", &o->sum)
        .getResult("name", o->name);
    call.execute();
    judged(call, o, 0);
  }
  {
    JsonRpcRequest call(&client, "/rpc");
    call.method("fail").id("k").param("a", true);
    call.execute();
    judged(call, o, 1);
    memcpy(o->message, call.getError().message.text, sizeof o->message);
    memcpy(o->data, call.getError().data.text, sizeof o->data);
  }
}

bool same(const Outcome& a, const Outcome& b) {
  return memcmp(a.error, b.error, sizeof a.error) == 0 &&
         memcmp(a.status, b.status, sizeof a.status) == 0 &&
         memcmp(a.code, b.code, sizeof a.code) == 0 &&
         memcmp(a.found, b.found, sizeof a.found) == 0 && a.sum == b.sum &&
         strcmp(a.name, b.name) == 0 && strcmp(a.message, b.message) == 0 &&
         strcmp(a.data, b.data) == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const size_t maxRead = 1 + data[0] % 64;
  Outcome whole, bytewise;
  run(data + 1, size - 1, maxRead, &whole);
  run(data + 1, size - 1, 1, &bytewise);
  if (!same(whole, bytewise)) {
    fprintf(stderr, "outcome depends on the read size (%zu vs 1): error %d/%d vs %d/%d\n", maxRead,
            whole.error[0], whole.error[1], bytewise.error[0], bytewise.error[1]);
    abort();
  }
  return 0;
}
