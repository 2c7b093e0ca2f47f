// The Cortex-M4 link check (scripts/cross-check.sh): a bare-metal program
// (newlib, no OS) that makes a request through the client over an in-memory
// transport, with path and body parameters, body and header bindings and a
// redirect policy. It is linked, not run: proof that core, json, http and the
// client link with nothing from an OS but the two clock functions a port
// supplies (defined here as a board would, from a millisecond tick).
#include <stdint.h>

#include "ehc/client/rest_client.h"
#include "ehc/net/scripted_transport.h"

namespace {
volatile uint32_t gTicks;  // a SysTick interrupt would count milliseconds here
}  // namespace

EHC_BEGIN_NAMESPACE
uint32_t monotonicMs() {
  return gTicks;
}
void sleepMs(uint32_t ms) {
  const uint32_t until = gTicks + ms;
  while (static_cast<int32_t>(gTicks - until) < 0) {
  }
}
EHC_END_NAMESPACE

// The objects are main's own, so that nothing but the library and the C
// runtime's start-up is linked (a global with a destructor adds atexit()).
int main() {
  const ehc::ScriptStep steps[] = {ehc::ScriptStep::data(
      "HTTP/1.1 201 Created\r\nContent-Length: 21\r\nETag: x1\r\n\r\n{\"id\":7,\"name\":\"Ann\"}")};
  ehc::ScriptedTransport transport(steps, 1);
  ehc::RestClient client("http://api.test/v1", 0, &transport, &transport);
  int id = 0;
  char name[16] = "";
  char etag[8] = "";
  const ehc::RestResult r = client.post("/users/{group}")
                                .path("group", 3)
                                .body("name", "Ann")
                                .getBody("id", &id)
                                .getBody("name", name)
                                .getHeader("ETag", etag)
                                .followRedirects()
                                .send();
  return r.isSuccess() && id == 7 ? 0 : 1;
}
