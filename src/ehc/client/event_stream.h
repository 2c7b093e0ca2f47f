// A 2xx body as a text/event-stream (WHATWG HTML 9.2): split into events by
// the caller's SseParser; each event's data goes through the request's JSON
// bindings (restarted per event), then to the event callback, which may end
// the stream. ResponseBody hands it the decoded body.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../codec/sse.h"
#include "../config.h"
#include "../json/json_binder.h"
#include "body_options.h"

EHC_BEGIN_NAMESPACE

class EventStream {
 public:
  // A new stream (a reconnection keeps the last event ID). binder: null when
  // the request has no bindings.
  void begin(const BodyOptions& options, JsonBinder* binder);
  // False once the callback ended the stream.
  bool feed(const uint8_t* data, size_t length);
  // The stream ended (an event cut short is dropped).
  void finish();
  bool stopped() const { return stopped_; }
  // What a reconnection sends as Last-Event-ID, or nullptr (none, or cut).
  const char* lastEventId() const;
  uint32_t retryMs(uint32_t fallback) const;
  // Another stage in this place (EventCalls other than kEventCalls): the
  // options it finds its state through (BodyOptions::events).
  void attach(const BodyOptions& options) { options_ = &options; }
  const BodyOptions& options() const { return *options_; }

 private:
  static const SseVisitor kVisitor;
  SseParser* parser_ = nullptr;
  const BodyOptions* options_ = nullptr;
  JsonBinder* binder_ = nullptr;
  bool stopped_ = false;
};

EHC_END_NAMESPACE
