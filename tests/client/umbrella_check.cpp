// Compiled, not run, by the client.umbrella_has_no_test_double test, which
// expects this to fail: ESP32HTTPClient.h is what a sketch includes, and the
// in-memory test double (ScriptedTransport and its 4 KB record of what was
// written) is not part of it. With EHC_CHECK_WITH_DOUBLE it includes the
// double's own header and must build.
#include "ESP32HTTPClient.h"
#ifdef EHC_CHECK_WITH_DOUBLE
#include "ehc/net/scripted_transport.h"
#endif

int main() {
  ehc::ScriptedTransport transport(nullptr, 0);
  return transport.open() ? 1 : 0;
}
