// Runs an Arduino sketch on the host: setup() once, then loop() a bounded
// number of times (EHC_SKETCH_LOOPS, default 1) so that tests end by themselves.
#include <stdio.h>
#include <stdlib.h>

#include "Arduino.h"

int main() {
  const char* env = getenv("EHC_SKETCH_LOOPS");
  const long loops = env ? strtol(env, nullptr, 10) : 1;
  setup();
  for (long i = 0; i < loops; ++i) loop();
  Serial.flush();
  return 0;
}
