#include "graphql_incremental.h"

#include <stdio.h>
#include <string.h>

#include "../http/text.h"
#include "client_error.h"
#include "event_stream.h"

EHC_BEGIN_NAMESPACE

namespace {

bool written(BindStatus s) {
  return s == BindStatus::Found || s == BindStatus::Truncated;
}

}  // namespace

void GraphQLIncrementalReader::watch(RestRequest& request, GraphQLErrorReader& errors,
                                     GraphQLErrors* const* list,
                                     const GraphQLIncrementalCallback* callback) {
  errors_ = &errors;
  list_ = list;
  callback_ = callback;
  mode_ = kUnused;
  refusal_ = MultipartError::Ok;
  found_ = truncated_ = 0;
  json_ = JsonError::Ok;
  line_[0] = '\0';
  clearPayload();
  GraphQLIncrementalPayload& p = payload_;
  request.watchBody("hasNext", &hasNext_, heard<kHasNext>, this);
  request.watchRawBody("data", p.data.text, sizeof p.data.text, heard<kData>, this);
  request.watchRawBody("incremental.*.data", p.data.text, sizeof p.data.text, heard<kEntryData>,
                       this);
  request.watchRawBody("incremental.*.items", p.data.text, sizeof p.data.text, heard<kEntryItems>,
                       this);
  request.watchBody("incremental.*.label", p.label.text, sizeof p.label.text, heard<kLabel>, this);
  request.watchBody("incremental.*.path.*", segment_, sizeof segment_, heard<kText>, this);
  request.watchBody("incremental.*.path.*", &index_, heard<kIndex>, this);
  request.watchBody("incremental.*", heard<kEntry>, this);
  request.getHeader("Content-Type", line_, sizeof line_);
  request.bodyStage(this, kCalls);
}

void GraphQLIncrementalReader::clearPayload() {
  payload_.path.clear();
  payload_.data.clear();
  payload_.label.clear();
  payload_.items = payload_.truncated = false;
  payload_.errors = GraphQLErrorRange();
}

// ---- the body ---------------------------------------------------------------

void GraphQLIncrementalReader::begin(JsonBinder* binder) {
  binder_ = binder;
  binder->setStopWhenDone(false);  // the parts after this one bind too
  char boundary[kMultipartBoundaryMax + 1];
  // A Content-Type that filled the buffer may have been cut: its boundary
  // could be a wrong one.
  const bool cut = strlen(line_) + 1 >= sizeof line_;
  const MultipartError e =
      cut ? MultipartError::HeaderTooLong : multipartBoundary(line_, boundary, sizeof boundary);
  if (e == MultipartError::NotMultipart ||
      (cut && !equalsIgnoreCase(line_, 10, "multipart/", 10))) {
    mode_ = kPlain;  // one JSON document: the usual bindings, no callbacks
    return;
  }
  mode_ = e == MultipartError::Ok ? kMultipart : kRefused;
  refusal_ = e;
  split_.setVisitor(&kParts, this);
  split_.begin(mode_ == kMultipart ? boundary : "");  // "": it refuses every byte
  errors_->newScope(GraphQLErrorReader::kTop);
  errors_->newScope(GraphQLErrorReader::kEntry);
}

bool GraphQLIncrementalReader::feed(const uint8_t* data, size_t length) {
  if (mode_ == kPlain) {
    if (!binder_->done()) binder_->feed(reinterpret_cast<const char*>(data), length);
    return true;
  }
  return mode_ == kMultipart && split_.feed(data, length);
}

// The verdict at the body's end (kCalls.failure). The line buffer is the
// next answer's Content-Type again (an answer without one leaves it empty).
int GraphQLIncrementalReader::failure() {
  line_[0] = '\0';
  if (mode_ == kPlain) {
    json_ = binder_->finish();
    collectStatuses();
    return json_ == JsonError::Ok ? EHC_OK : EHC_ERROR_INVALID_JSON;
  }
  if (json_ != JsonError::Ok) return EHC_ERROR_INVALID_JSON;
  return mode_ == kMultipart && split_.finish() == MultipartError::Ok ? EHC_OK
                                                                      : EHC_ERROR_BAD_RESPONSE;
}

void GraphQLIncrementalReader::collectStatuses() {
  for (int i = 0; i < binder_->count() && i < 32; ++i) {
    const BindStatus s = binder_->status(i);
    if (written(s)) found_ |= 1u << i;
    if (s == BindStatus::Truncated) truncated_ |= 1u << i;
  }
}

// ---- the parts ----------------------------------------------------------------

bool GraphQLIncrementalReader::partStart() {
  binder_->restart();
  clearPayload();
  hasNext_ = hasNextSeen_ = partData_ = false;
  errors_->newScope(GraphQLErrorReader::kTop);
  errors_->newScope(GraphQLErrorReader::kEntry);
  return true;
}

bool GraphQLIncrementalReader::partData(const char* data, size_t length) {
  if (!binder_->done()) binder_->feed(data, length);
  return true;
}

bool GraphQLIncrementalReader::partEnd() {
  json_ = binder_->finish();
  if (json_ != JsonError::Ok) return false;  // stops the split: the part is not JSON
  collectStatuses();
  if (partData_) deliver(GraphQLErrorReader::kTop, hasNextSeen_ && hasNext_);
  return true;
}

const MultipartVisitor GraphQLIncrementalReader::kParts = {
    [](void* self) { return static_cast<GraphQLIncrementalReader*>(self)->partStart(); },
    nullptr,  // the part's headers: each part is JSON, whatever it says
    [](void* self, const char* d, size_t n) {
      return static_cast<GraphQLIncrementalReader*>(self)->partData(d, n);
    },
    [](void* self) { return static_cast<GraphQLIncrementalReader*>(self)->partEnd(); },
};

// ---- a part's fields ------------------------------------------------------------

void GraphQLIncrementalReader::appendSegment(const char* segment) {
  char joined[sizeof payload_.path.text];
  const bool fits =
      snprintf(joined, sizeof joined, "%s%s%s", payload_.path.c_str(),
               payload_.path.isEmpty() ? "" : ".", segment) < static_cast<int>(sizeof joined);
  if (!payload_.path.set(joined) || !fits) payload_.truncated = true;
}

void GraphQLIncrementalReader::take(Field field, const JsonMatch& match) {
  if (field == kEntry) {  // an entry closed: its fields are all read
    // More entries or parts may follow: only a hasNext read already says no.
    deliver(GraphQLErrorReader::kEntry, hasNextSeen_ ? hasNext_ : true);
    return;
  }
  if (!written(match.status)) return;
  if (match.status == BindStatus::Truncated) payload_.truncated = true;
  switch (field) {
    case kHasNext: hasNextSeen_ = true; break;
    case kData: partData_ = true; break;
    case kEntryItems: payload_.items = true; break;
    case kText: appendSegment(segment_); break;
    case kIndex: {
      char digits[24];
      snprintf(digits, sizeof digits, "%lld", static_cast<long long>(index_));
      appendSegment(digits);
      break;
    }
    default: break;
  }
}

void GraphQLIncrementalReader::deliver(GraphQLErrorReader::Scope scope, bool hasNext) {
  size_t from = 0, to = 0;
  errors_->scopeRange(scope, &from, &to);
  const GraphQLErrors& list = *list_[0];
  payload_.errors = GraphQLErrorRange(list.begin() + from, to - from);
  payload_.hasNext = hasNext;
  if (callback_ && *callback_) (*callback_)(payload_);
  clearPayload();
  if (scope == GraphQLErrorReader::kEntry) errors_->newScope(GraphQLErrorReader::kEntry);
}

namespace {
GraphQLIncrementalReader& readerOf(const EventStream& s) {
  return *static_cast<GraphQLIncrementalReader*>(s.options().events);
}
}  // namespace

const EventCalls GraphQLIncrementalReader::kCalls = {
    [](EventStream& s, const BodyOptions& o, JsonBinder* binder) {
      s.attach(o);
      readerOf(s).begin(binder);
    },
    [](EventStream& s, const uint8_t* d, size_t n) { return readerOf(s).feed(d, n); },
    [](EventStream&) {},  // the verdict comes with failure(), after the body
    [](const EventStream&) -> const char* { return nullptr; },
    [](const EventStream&, uint32_t fallback) { return fallback; },
    [](const BodyOptions& o) {
      return static_cast<GraphQLIncrementalReader*>(o.events)->failure();
    },
    nullptr,  // no Last-Event-ID: lastEventId() is always null here
};

EHC_END_NAMESPACE
