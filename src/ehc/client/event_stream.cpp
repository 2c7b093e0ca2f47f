#include "event_stream.h"

#include "../http/request_writer.h"

EHC_BEGIN_NAMESPACE

void EventStream::begin(const BodyOptions& options, JsonBinder* binder) {
  options_ = &options;
  parser_ = static_cast<SseParser*>(options.events);
  binder_ = binder;
  stopped_ = false;
  parser_->setVisitor(&kVisitor, this);
  parser_->begin();
}

bool EventStream::feed(const uint8_t* data, size_t length) {
  if (!parser_->feed(data, length)) stopped_ = parser_->error() == SseError::Stopped;
  return !stopped_;
}

void EventStream::finish() {
  if (!stopped_) parser_->finish();
}

const char* EventStream::lastEventId() const {
  if (!parser_ || parser_->lastEventIdTruncated() || !parser_->lastEventId()[0]) return nullptr;
  return parser_->lastEventId();
}

uint32_t EventStream::retryMs(uint32_t fallback) const {
  return parser_ && parser_->hasRetry() ? parser_->retryMs() : fallback;
}

const SseVisitor EventStream::kVisitor = {
    [](void* self) {
      auto& s = *static_cast<EventStream*>(self);
      if (s.binder_) s.binder_->restart();
      return true;
    },
    [](void* self, const char* data, size_t n) {
      auto& s = *static_cast<EventStream*>(self);
      if (s.binder_ && !s.binder_->done()) s.binder_->feed(data, n);
      return true;
    },
    [](void* self, const SseEvent& e) {
      auto& s = *static_cast<EventStream*>(self);
      ServerEvent event{e.type, e.id, e.dataLength, JsonError::Ok, 0};
      if (s.binder_) {
        event.json = s.binder_->finish();
        for (int i = 0; i < s.binder_->count(); ++i) {
          const BindStatus b = s.binder_->status(i);
          if (b == BindStatus::Found || b == BindStatus::Truncated) event.found |= 1u << i;
        }
      }
      return !s.options_->onEvent || s.options_->onEvent(event);
    },
    [](void*) {},  // the bindings of a dropped event are overwritten by the next
};

const EventCalls kEventCalls = {
    [](EventStream& s, const BodyOptions& o, JsonBinder* b) { s.begin(o, b); },
    [](EventStream& s, const uint8_t* d, size_t n) { return s.feed(d, n); },
    [](EventStream& s) { s.finish(); },
    [](const EventStream& s) { return s.lastEventId(); },
    [](const EventStream& s, uint32_t fallback) { return s.retryMs(fallback); },
    nullptr,
    [](RequestWriter& w, const char* id) { w.header("Last-Event-ID", id); },
};

EHC_END_NAMESPACE
