// The monotonic millisecond clock and the sleep behind Deadline and the
// client's retry backoff.
#pragma once

#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

// Milliseconds of a monotonic clock (wraps after 49 days; differences stay right).
uint32_t monotonicMs();
// Sleeps (yields to other tasks on a board): between retries.
void sleepMs(uint32_t ms);

EHC_END_NAMESPACE
