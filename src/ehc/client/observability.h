// The metrics ESP32-HTTP-Client hands its onObservability callback, one set
// per request, filled from the request's RestResult (which has more: see
// rest_result.h).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "rest_result.h"

EHC_BEGIN_NAMESPACE

struct ObservabilityMetrics {
  unsigned long totalTimeMs;  // the whole request: every attempt, redirect and wait
  unsigned long ttfbMs;       // from the start to the first response byte
  size_t txBytes;             // everything written: head and body
  size_t rxBytes;             // the response body as read (no head, no chunk framing)
  int retries;                // attempts after the first
  uint32_t freeHeapBefore;    // free heap when the request started (0 where unknown)
  uint32_t freeHeapAfter;     // and when it ended
};

inline ObservabilityMetrics metricsOf(const RestResult& r, uint32_t heapBefore,
                                      uint32_t heapAfter) {
  ObservabilityMetrics m;
  m.totalTimeMs = r.totalMs;
  m.ttfbMs = r.firstByteMs;
  m.txBytes = static_cast<size_t>(r.bytesSent);
  m.rxBytes = static_cast<size_t>(r.bodyBytes);
  m.retries = r.attempts > 0 ? r.attempts - 1 : 0;
  m.freeHeapBefore = heapBefore;
  m.freeHeapAfter = heapAfter;
  return m;
}

EHC_END_NAMESPACE
