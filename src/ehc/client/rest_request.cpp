#include "rest_request.h"

#include <stdint.h>

#include <type_traits>

#include "../http/text.h"
#include "json_body.h"
#include "request_run.h"
#include "user_headers.h"

EHC_BEGIN_NAMESPACE

RestRequest::RestRequest(RequestOwner& owner, const char* method, const char* path)
    : owner_(&owner) {
  spec_.method = method;
  if (!owner.startBuilding(*this))
    fail(EHC_ERROR_CLIENT_BUSY, RequestError::Ok);  // the binder holds the other one's bindings
  const char* kept = keep(path ? path : "");
  if (kept) spec_.path = kept;
}

static_assert(std::is_trivially_copyable<RequestSpec>::value,
              "a request moves as a byte copy of its data");

RestRequest::RestRequest(RestRequest&& other) noexcept
    : spec_(other.spec_), owner_(other.owner_), phase_(other.phase_) {
  other.owner_ = nullptr;  // empty now: never sent
  // Pointers into the old object (copied texts, callbacks) follow it here.
  const auto from = reinterpret_cast<uintptr_t>(&other);
  const auto follow = [&](const char*& p) {
    const auto at = reinterpret_cast<uintptr_t>(p);
    if (at >= from && at < from + sizeof other)
      p = reinterpret_cast<const char*>(this) + (at - from);
  };
  const auto followParams = [&](Param* list, uint8_t count) {
    for (uint8_t i = 0; i < count; ++i) {
      follow(list[i].name);
      if (list[i].value.type == ParamValue::Type::String) follow(list[i].value.s);
    }
  };
  follow(spec_.path);
  follow(spec_.contentType);
  follow(spec_.rawBody);
  followParams(spec_.pathParams, spec_.pathCount);
  followParams(spec_.query, spec_.queryCount);
  followParams(spec_.fields, spec_.fieldCount);
  for (uint8_t i = 0; i < spec_.headerCount; ++i) {
    follow(spec_.headers[i].name);
    follow(spec_.headers[i].value);
  }
  for (uint8_t i = 0; i < spec_.headerTargetCount; ++i) follow(spec_.headerTargets[i].name);
  if (owner_) owner_->moved(other, *this);
}

RestRequest::~RestRequest() {
  if (!owner_) return;
  if (phase_ == Phase::Building) send();  // the familiar API: sent at the end of the statement
  if (phase_ == Phase::Running) {
    owner_->cancel(*this);
    releaseCallbacks();
  }
}

RestResult RestRequest::send() {
  if (!owner_ || phase_ == Phase::Done) {  // sent already
    RestResult r;
    r.cause = ErrorCause(RequestError::AlreadySent);
    return r;
  }
  RequestOwner* owner = owner_;
  owner_ = nullptr;
  phase_ = Phase::Done;
  const RestResult result = owner->run(*this);
  releaseCallbacks();
  return result;
}

// Callbacks too big to be kept inline live in a heap block each: freed
// once the request has run (a request moved from runs nothing, frees nothing:
// its blocks went with its bytes).
void RestRequest::releaseCallbacks() {
  spec_.onSuccess.release();
  spec_.onError.release();
  spec_.onResponse.release();
  for (uint8_t i = 0; i < spec_.eachCount; ++i) spec_.each[i].callback.release();
  spec_.body.sink.release();
  spec_.body.progress.release();
  spec_.body.onEvent.release();
  spec_.body.restart.release();
  spec_.upload.read.release();
  spec_.upload.progress.release();
  spec_.upload.rewind.release();
}

void RestRequest::start() {
  if (!owner_ || phase_ != Phase::Building) return;
  phase_ = Phase::Running;
  spec_.polled = &kPolledCalls;  // only a started request is cancelled or waited for
  owner_->start(*this);
}

PollState RestRequest::poll() {
  if (!owner_ || phase_ == Phase::Done) return PollState::Done;
  if (phase_ == Phase::Building) start();
  if (owner_->poll(*this) == PollState::InProgress) return PollState::InProgress;
  phase_ = Phase::Done;
  releaseCallbacks();
  return PollState::Done;
}

void RestRequest::cancel() {
  if (owner_ && phase_ == Phase::Building)
    start();  // so that it ends as cancelled, callbacks and all
  if (!owner_ || phase_ != Phase::Running) return;
  owner_->cancel(*this);
  phase_ = Phase::Done;
  releaseCallbacks();
}

WaitFor RestRequest::waitFor() const {
  if (owner_ && phase_ == Phase::Running) return owner_->waitFor(*this);
  WaitFor w;
  w.until = Deadline::in(0);
  return w;
}

const RestResult& RestRequest::result() const {
  static const RestResult kNone;  // not sent, or sent by send() (which returned it)
  return owner_ && phase_ == Phase::Done ? owner_->result(*this) : kNone;
}

void RestRequest::fail(int code, RequestError cause) {
  if (spec_.error != EHC_OK) return;  // the first failure tells most
  spec_.error = code;
  spec_.errorCause = cause;
}

const char* RestRequest::keep(const char* text) {
  if (!text) text = "";
  return keep(text, strlen(text));
}

const char* RestRequest::keep(const char* text, size_t length) {
  if (length >= sizeof spec_.storage - spec_.used) {
    fail(EHC_ERROR_CAPACITY, RequestError::StorageFull);
    return nullptr;
  }
  char* copy = spec_.storage + spec_.used;
  memcpy(copy, text, length);
  copy[length] = '\0';
  spec_.used = static_cast<uint16_t>(spec_.used + length + 1);
  return copy;
}

void RestRequest::track(int bindResult) {
  switch (bindResult) {
    case JsonBinder::kFull: fail(EHC_ERROR_CAPACITY, RequestError::TooManyBindings); break;
    case JsonBinder::kBadPath: fail(EHC_ERROR_INVALID_REQUEST, RequestError::BadBodyPath); break;
    case JsonBinder::kBadTarget:
      fail(EHC_ERROR_INVALID_REQUEST, RequestError::BadBodyTarget);
      break;
    case JsonBinder::kNoRoom: fail(EHC_ERROR_CAPACITY, RequestError::PathArenaFull); break;
    default: break;
  }
}

void RestRequest::addEach(int binding, MatchCallback callback) {
  track(binding);
  if (binding >= 0 && spec_.eachCount == EHC_MAX_EACH_CALLBACKS)
    fail(EHC_ERROR_CAPACITY, RequestError::TooManyEachCallbacks);
  if (binding < 0 || spec_.error != EHC_OK) {
    callback.release();
    return;
  }
  RequestSpec::Each& e = spec_.each[spec_.eachCount++];
  e.binding = binding;
  e.callback = callback;
  binder().onMatch(
      binding,
      [](const JsonMatch& m, void* user) { (*static_cast<const MatchCallback*>(user))(m); },
      &e.callback);
}

ParamValue RestRequest::keepValue(ParamValue value) {
  if (value.type == ParamValue::Type::String) {
    const char* copy = keep(value.s);
    value.s = copy ? copy : "";
  }
  return value;
}

RestRequest& RestRequest::addParam(Param* list, uint8_t& count, size_t capacity, const char* name,
                                   ParamValue value) {
  if (!ready()) return *this;
  if (count == capacity) {
    fail(EHC_ERROR_CAPACITY,
         list == spec_.query ? RequestError::TooManyQueryParams : RequestError::TooManyPathParams);
    return *this;
  }
  const char* kept = nullptr;
  const size_t n = name ? strlen(name) : 0;
  if (list == spec_.pathParams && n >= 2 && name[0] == '{' && name[n - 1] == '}')
    kept = keep(name + 1, n - 2);  // path("{id}", 7): the placeholder as written
  else
    kept = keep(name);
  if (!kept) return *this;
  list[count++] = Param{kept, keepValue(value)};
  return *this;
}

RestRequest& RestRequest::reconnect(uint8_t times) & {
  spec_.body.reconnects = times;
  return *this;
}

RestRequest& RestRequest::expectContinue(bool on) & {
  spec_.upload.expectContinue = on ? &Connection::kContinueCalls : nullptr;
  return *this;
}

bool RestRequest::bodyIsFree(RequestError what) {
  if (spec_.fieldCount || spec_.rawBody || spec_.upload.read || spec_.jsonWrite) {
    fail(EHC_ERROR_INVALID_REQUEST, what);
    return false;
  }
  return true;
}

// The key as a one-segment path ('.' and '\\' escaped), staged at the free
// end of the storage (not taken yet: see addBodyField); nullptr if no room.
const char* RestRequest::stageFlatKey(const char* key) {
  char* out = spec_.storage + spec_.used;
  const size_t room = sizeof spec_.storage - spec_.used;
  size_t n = 0;
  for (const char* k = key; *k; ++k) {
    const bool special = *k == '.' || *k == '\\';
    if (n + (special ? 2u : 1u) >= room) {
      fail(EHC_ERROR_CAPACITY, RequestError::StorageFull);
      return nullptr;
    }
    if (special) out[n++] = '\\';
    out[n++] = *k;
  }
  out[n] = '\0';
  return out;
}

RestRequest& RestRequest::addBodyField(const char* key, ParamValue value, bool nested) {
  if (!ready()) return *this;
  if (spec_.rawBody || spec_.upload.read) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::FieldWithRawBody);
    return *this;
  }
  if (!nested && key) {
    key = stageFlatKey(key);
    if (!key) return *this;
  }
  int same = -1;
  if (!dottedKeyFits(spec_.fields, spec_.fieldCount, key, &same)) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::BadBodyKey);
    return *this;
  }
  if (!dottedFieldWritable(key, value)) {  // found now, not halfway through sending
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::BodyValueNotJson);
    return *this;
  }
  if (same >= 0) {  // the same key again: the last value wins
    spec_.fields[same].value = keepValue(value);
    return *this;
  }
  if (spec_.fieldCount == EHC_MAX_BODY_FIELDS) {
    fail(EHC_ERROR_CAPACITY, RequestError::TooManyBodyFields);
    return *this;
  }
  const char* kept = nested ? keep(key) : key;
  if (!nested) spec_.used = static_cast<uint16_t>(spec_.used + strlen(key) + 1);  // take it
  if (!kept) return *this;
  spec_.fields[spec_.fieldCount++] = Param{kept, keepValue(value)};
  spec_.writeBody = writeFieldsBody;
  return *this;
}

RestRequest& RestRequest::setJsonBody(const void* object, StructWriter writer) {
  if (!ready() || !bodyIsFree(RequestError::StructWithOtherBody)) return *this;
  JsonWriter counter = countingWriter();  // measure, then write into the storage
  if (writer(counter, object) != WriteError::Ok) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::StructNotJson);
    return *this;
  }
  const size_t length = counter.length();
  if (length >= sizeof spec_.storage - spec_.used) {
    fail(EHC_ERROR_CAPACITY, RequestError::StructTooLarge);
    return *this;
  }
  char* at = spec_.storage + spec_.used;
  JsonWriter out(at, length + 1);
  writer(out, object);
  spec_.used = static_cast<uint16_t>(spec_.used + length + 1);
  spec_.rawBody = at;
  spec_.rawLength = length;
  return *this;
}

RestRequest& RestRequest::method(const char* name) & {
  if (ready() && name) spec_.method = name;
  return *this;
}

RestRequest& RestRequest::jsonBody(WriteError (*write)(JsonWriter&, const void*),
                                   const void* context, const char* contentType) & {
  if (!ready() || !write || !bodyIsFree(RequestError::StructWithOtherBody)) return *this;
  JsonWriter counter = countingWriter();  // a body that cannot be written is refused here
  if (write(counter, context) != WriteError::Ok || !counter.complete()) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::StructNotJson);
    return *this;
  }
  spec_.jsonWrite = write;
  spec_.jsonContext = context;
  spec_.writeBody = writeContextBody;
  if (contentType) spec_.contentType = keep(contentType);
  return *this;
}

int RestRequest::watchBinding(int binding, JsonMatchCallback each, void* user) {
  track(binding);
  if (binding >= 0 && each && spec_.error == EHC_OK) binder().onMatch(binding, each, user);
  return binding;
}

RestRequest& RestRequest::rawBody(const char* text, const char* contentType) & {
  return rawBody(text, text ? strlen(text) : 0, contentType);
}

RestRequest& RestRequest::rawBody(const char* text, size_t length, const char* contentType) & {
  if (!ready() || !bodyIsFree(RequestError::RawWithOtherBody)) return *this;
  const char* kept = keep(text ? text : "", text ? length : 0);
  if (!kept) return *this;
  spec_.rawBody = kept;
  spec_.rawLength = text ? length : 0;
  if (contentType) spec_.contentType = keep(contentType);
  return *this;
}

RestRequest& RestRequest::rawBodyRef(const char* text, size_t length, const char* contentType) & {
  if (!ready() || !bodyIsFree(RequestError::RawRefWithOtherBody)) return *this;
  spec_.rawBody = text ? text : "";
  spec_.rawLength = text ? length : 0;
  if (contentType) spec_.contentType = keep(contentType);
  return *this;
}

RestRequest& RestRequest::header(const char* name, const char* value) & {
  if (!ready()) return *this;
  const RequestError problem = userHeaderProblem(name, value);
  if (problem != RequestError::Ok) {
    fail(EHC_ERROR_INVALID_REQUEST, problem);
    return *this;
  }
  if (spec_.headerCount == EHC_MAX_REQUEST_HEADERS) {
    fail(EHC_ERROR_CAPACITY, RequestError::TooManyHeaders);
    return *this;
  }
  const char* n = keep(name);
  const char* v = keep(value);
  if (n && v) spec_.headers[spec_.headerCount++] = {n, v};
  return *this;
}

RestRequest& RestRequest::timeout(uint32_t ms) & {
  spec_.timeoutMs = ms;
  return *this;
}

RestRequest& RestRequest::retry(int times) & {
  spec_.retries = static_cast<int16_t>(times < 0 ? 0 : (times > 255 ? 255 : times));
  return *this;
}

RestRequest& RestRequest::idempotent(bool yes) & {
  spec_.idempotent = yes;
  return *this;
}

RestRequest& RestRequest::followRedirects(uint8_t max) & {
  spec_.redirects = max;
  spec_.redirect = &kRedirectCalls;
  return *this;
}

RestRequest& RestRequest::verify(BodyCheck& check) & {
  spec_.body.check = &check;
  return *this;
}

RestRequest& RestRequest::maxBodySize(uint64_t bytes) & {
  spec_.body.maxBody = bytes;
  return *this;
}

RestRequest& RestRequest::acceptEncoding(Inflater& inflater) & {
  spec_.body.inflater = &inflater;
  spec_.body.inflate = &kInflateCalls;
  return *this;
}

RestRequest& RestRequest::getBody(const char* path, char* buf, size_t size) & {
  if (ready()) track(binder().bind(keep(path), buf, size));
  return *this;
}

RestRequest& RestRequest::getRawBody(const char* path, char* buf, size_t size) & {
  if (ready()) track(binder().bindRaw(keep(path), buf, size));
  return *this;
}

#if EHC_STD_STRING
RestRequest& RestRequest::getBody(const char* path, std::string* text) & {
  if (ready()) track(text ? bindAnyText(binder(), keep(path), *text) : JsonBinder::kBadTarget);
  return *this;
}
RestRequest& RestRequest::getHeader(const char* name, std::string* text) & {
  return addHeaderTarget(name, text, 0, nullptr, stdStringSink());
}
#endif
#if defined(ARDUINO)
RestRequest& RestRequest::getBody(const char* path, String* text) & {
  if (ready()) track(text ? bindAnyText(binder(), keep(path), *text) : JsonBinder::kBadTarget);
  return *this;
}
RestRequest& RestRequest::getHeader(const char* name, String* text) & {
  return addHeaderTarget(name, text, 0, nullptr, arduinoStringSink());
}
#endif

RestRequest& RestRequest::getHeader(const char* name, char* buf, size_t size) & {
  return addHeaderTarget(name, buf, size, nullptr);
}

RestRequest& RestRequest::addHeaderTarget(const char* name, void* target, size_t size,
                                          HeaderTarget::Convert convert, const TextSink* sink) {
  if (!ready()) return *this;
  if (!name || !*name || !target || (!convert && !sink && size == 0)) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::BadHeaderTarget);
    return *this;
  }
  if (spec_.headerTargetCount == EHC_MAX_HEADER_TARGETS) {
    fail(EHC_ERROR_CAPACITY, RequestError::TooManyHeaderTargets);
    return *this;
  }
  const char* kept = keep(name);
  if (!kept) return *this;
  spec_.headerTargets[spec_.headerTargetCount++] = {kept, target, size, convert, sink};
  spec_.headerCalls = &kHeaderTargetCalls;
  return *this;
}

EHC_END_NAMESPACE
