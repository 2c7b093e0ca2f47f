#include "packed_texts.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

// A walk, not a table of offsets: these texts are read once per failure or
// status, and an offset per row would cost more flash than the walk.
const char* packedText(const char* packed, size_t index) {
  for (; index > 0; --index) packed += strlen(packed) + 1;
  return packed;
}

EHC_END_NAMESPACE
