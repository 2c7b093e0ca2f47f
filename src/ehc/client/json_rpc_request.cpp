#include "json_rpc_request.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_body.h"
#include "member_path.h"

EHC_BEGIN_NAMESPACE

namespace {

// Ids 1, 2, 3, ... per program, as the original numbers its requests (one
// counter for all clients: build requests from one task, or give ids).
long gNextId = 1;

// Is `json` one JSON value (of the kinds `firstChars` allows, "" any)?
bool isJsonValue(const char* json, const char* firstChars) {
  const char* p = json;
  while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') ++p;
  if (*firstChars && (!*p || !strchr(firstChars, *p))) return false;
  StaticJsonBinder<1> check;  // no bindings: validates the whole text
  check.feed(json, strlen(json));
  return check.finish() == JsonError::Ok;
}

// The i-th of the bindings execute() adds after the user's.
enum Own { kVersion, kIdNumber, kIdText, kResult, kError, kErrorCode, kErrorMessage, kErrorData };

}  // namespace

JsonRpcRequest RestClient::jsonRpc(TextArg path) {
  return JsonRpcRequest(this, path.c_str());
}
JsonRpcRequest RestClient::jsonrpc(TextArg path) {
  return jsonRpc(path);
}

JsonRpcRequest::JsonRpcRequest(RestClient* client, const char* path)
    : request_(client->post(path ? path : "")) {
  text_[0] = '\0';
  used_ = 1;  // offset 0 is ""
  id_.number = gNextId++;
}

static_assert(std::is_trivially_copyable<detail::JsonRpcState>::value,
              "a JSON-RPC request's own data moves as a copy");

JsonRpcRequest::JsonRpcRequest(JsonRpcRequest&& other) noexcept
    : detail::JsonRpcState(other), request_(static_cast<RestRequest&&>(other.request_)) {
  other.executed_ = true;  // empty now: runs nothing, frees nothing (its callbacks came here)
  other.onSuccess_ = {};
  other.onError_ = {};
  other.onResponse_ = {};
  other.onRpcError_ = {};
}

JsonRpcRequest::~JsonRpcRequest() {
  if (!executed_) execute();
  releaseCallbacks();
}

void JsonRpcRequest::releaseCallbacks() {
  onSuccess_.release();
  onError_.release();
  onResponse_.release();
  onRpcError_.release();
}

// The request underneath keeps the first failure and reports it when sent
// (nothing is sent): the client's callbacks and lastResult() see it too.
void JsonRpcRequest::fail(int code, RequestError cause) {
  if (buildError_ == EHC_OK) buildError_ = code;
  request_.refuse(code, cause);
}

bool JsonRpcRequest::keep(const char* s, size_t n, uint16_t* at) {
  if (n >= sizeof text_ - used_) {
    fail(EHC_ERROR_CAPACITY, RequestError::RpcStorageFull);
    return false;
  }
  memcpy(text_ + used_, s, n);
  text_[used_ + n] = '\0';
  *at = used_;
  used_ = static_cast<uint16_t>(used_ + n + 1);
  return true;
}

// A mapped struct's JSON, written now into text_ (measured first).
bool JsonRpcRequest::keepJson(const void* object, Writer write, uint16_t* at) {
  JsonWriter counter = countingWriter();
  if (write(counter, object) != WriteError::Ok) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::RpcParamNotJson);
    return false;
  }
  const size_t n = counter.length();
  if (n >= sizeof text_ - used_) {
    fail(EHC_ERROR_CAPACITY, RequestError::RpcStorageFull);
    return false;
  }
  JsonWriter out(text_ + used_, n + 1);
  write(out, object);
  *at = used_;
  used_ = static_cast<uint16_t>(used_ + n + 1);
  return true;
}

JsonRpcRequest& JsonRpcRequest::method(const char* name) {
  uint16_t at = 0;
  if (keep(name ? name : "", name ? strlen(name) : 0, &at)) method_ = at;
  return *this;
}

JsonRpcRequest& JsonRpcRequest::numberId(long value) {
  id_.kind = RpcId::Kind::Number;
  id_.number = value;
  notification_ = false;
  return *this;
}

JsonRpcRequest& JsonRpcRequest::id(const char* value) {
  if (!value) return nullId();
  const size_t n = strlen(value);
  if (n >= EHC_JSONRPC_ID_SIZE) {  // the answer's would not fit to be compared
    fail(EHC_ERROR_CAPACITY, RequestError::RpcIdTooLong);
    return *this;
  }
  if (!keep(value, n, &idText_)) return *this;
  id_.kind = RpcId::Kind::Text;
  notification_ = false;
  return *this;
}

JsonRpcRequest& JsonRpcRequest::nullId() {
  id_.kind = RpcId::Kind::Null;
  notification_ = false;
  return *this;
}

JsonRpcRequest& JsonRpcRequest::notification(bool enable) {
  notification_ = enable;
  return *this;
}

// One kind per call: positional, or named, or the whole params given.
bool JsonRpcRequest::startParam(const char* name, RpcParam** slot) {
  const Params kind = name ? Params::Named : Params::Positional;
  if (mode_ != Params::None && mode_ != kind) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::RpcParamsMixed);
    return false;
  }
  if (paramCount_ == EHC_JSONRPC_MAX_PARAMS) {
    fail(EHC_ERROR_CAPACITY, RequestError::TooManyRpcParams);
    return false;
  }
  RpcParam& p = params_[paramCount_];
  p.name = kNoName;
  p.raw = false;
  if (name && !keep(name, strlen(name), &p.name)) return false;
  mode_ = kind;
  *slot = &p;
  return true;
}

JsonRpcRequest& JsonRpcRequest::addParam(const char* name, ParamValue value) {
  RpcParam* p = nullptr;
  if (!startParam(name, &p)) return *this;
  if (value.type == ParamValue::Type::String) {
    if (!dottedFieldWritable("v", value)) {  // invalid UTF-8: found now, not when sent
      fail(EHC_ERROR_INVALID_REQUEST, RequestError::RpcParamNotJson);
      return *this;
    }
    if (!keep(value.s, strlen(value.s), &p->text)) return *this;
  } else if (!dottedFieldWritable("v", value)) {  // NaN, infinity
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::RpcParamNotJson);
    return *this;
  }
  p->value = value;
  ++paramCount_;
  return *this;
}

JsonRpcRequest& JsonRpcRequest::addStructParam(const char* name, const void* object, Writer write) {
  RpcParam* p = nullptr;
  if (!startParam(name, &p) || !keepJson(object, write, &p->text)) return *this;
  p->raw = true;
  p->value = ParamValue("");
  ++paramCount_;
  return *this;
}

JsonRpcRequest& JsonRpcRequest::addRaw(const char* name, const char* json) {
  if (!json || !isJsonValue(json, "")) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::RpcParamNotJson);
    return *this;
  }
  RpcParam* p = nullptr;
  if (!startParam(name, &p) || !keep(json, strlen(json), &p->text)) return *this;
  p->raw = true;
  p->value = ParamValue("");
  ++paramCount_;
  return *this;
}

JsonRpcRequest& JsonRpcRequest::rawParam(const char* json) {
  return addRaw(nullptr, json);
}

JsonRpcRequest& JsonRpcRequest::rawParam(const char* name, const char* json) {
  return addRaw(name ? name : "", json);
}

JsonRpcRequest& JsonRpcRequest::rawParams(const char* json) {
  // JSON-RPC 2.0: params is an object or an array
  if (mode_ != Params::None || !json || !isJsonValue(json, "{[")) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::RpcParamsNotStructured);
    return *this;
  }
  if (keep(json, strlen(json), &whole_)) mode_ = Params::Whole;
  return *this;
}

JsonRpcRequest& JsonRpcRequest::setWholeParams(const void* object, Writer write) {
  if (mode_ != Params::None) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::RpcParamsNotStructured);
    return *this;
  }
  if (keepJson(object, write, &whole_)) mode_ = Params::Whole;
  return *this;
}

// "result" + the user's path, staged at the free end of text_ (not kept:
// the request copies it).
const char* JsonRpcRequest::resultPath(const char* subpath) {
  char* at = text_ + used_;
  if (!memberPath(at, sizeof text_ - used_, "result", subpath)) {
    fail(EHC_ERROR_INVALID_REQUEST, RequestError::RpcBadResultPath);
    return nullptr;
  }
  return at;
}

void JsonRpcRequest::writeParam(JsonWriter& w, const RpcParam& p) const {
  if (p.name != kNoName) w.key(text_ + p.name);
  if (p.raw)
    w.raw(text_ + p.text);
  else if (p.value.type == ParamValue::Type::String)
    w.value(text_ + p.text);
  else
    writeParamValue(w, p.value);
}

void JsonRpcRequest::writeParams(JsonWriter& w) const {
  if (mode_ == Params::None) return;
  w.key("params");
  if (mode_ == Params::Whole) {
    w.raw(text_ + whole_);
    return;
  }
  const bool named = mode_ == Params::Named;
  named ? w.beginObject() : w.beginArray();
  for (uint8_t i = 0; i < paramCount_; ++i) writeParam(w, params_[i]);
  named ? w.endObject() : w.endArray();
}

WriteError JsonRpcRequest::writeEnvelope(JsonWriter& w, const void* self) {
  const JsonRpcRequest& r = *static_cast<const JsonRpcRequest*>(self);
  w.beginObject().member("jsonrpc", "2.0").member("method", r.text_ + r.method_);
  r.writeParams(w);
  if (!r.notification_) {
    w.key("id");
    switch (r.id_.kind) {
      case RpcId::Kind::Number: w.value(static_cast<int64_t>(r.id_.number)); break;
      case RpcId::Kind::Text: w.value(r.text_ + r.idText_); break;
      case RpcId::Kind::Null: w.value(nullptr); break;
    }
  }
  w.endObject();
  return w.error();
}

// The members the check needs, after the user's bindings (the order is Own).
void JsonRpcRequest::bindOwn() {
  request_.getBody("jsonrpc", version_, sizeof version_)
      .getBody("id", &answerIdNumber_)
      .getBody("id", answerIdText_, sizeof answerIdText_)
      .getBody("result", &presence_[0], 1)
      .getBody("error", &presence_[1], 1)
      .getBody("error.code", &error_.code)
      .getBody("error.message", error_.message.text, sizeof error_.message.text)
      .getRawBody("error.data", error_.data.text, sizeof error_.data.text);
}

void JsonRpcRequest::execute() {
  if (executed_) return;
  executed_ = true;
  const bool built = buildError_ == EHC_OK;  // else the request refuses to be sent
  if (id_.kind == RpcId::Kind::Text) id_.text = text_ + idText_;
  if (built) request_.jsonBody(writeEnvelope, this);
  if (built && !notification_) bindOwn();
  result_ = request_.send();
  if (built && !notification_) judge();
  copyError();
  runCallbacks();
}

// The answer against JSON-RPC 2.0 and the request's id (json_rpc_reply.h).
void JsonRpcRequest::judge() {
  RestResult& r = result_;
  // A failure of the transport, of HTTP or of the JSON says it already; an
  // error object read before it is not the answer.
  if (r.error != EHC_OK || r.bindings < kOwnBindings || r.statusCode <= 0) {
    error_.clear();
    return;
  }
  const int own = r.bindings - kOwnBindings;
  const auto status = [&](int i) { return r.binding(own + i); };
  RpcReplySeen seen;
  seen.version = status(kVersion);
  seen.versionText = version_;
  // a text holding a number ("7") is converted for a number target: not the number 7
  const bool idWasText = r.converted & (1u << (own + kIdNumber));
  seen.idNumber = idWasText ? BindStatus::Mismatch : status(kIdNumber);
  seen.idValue = answerIdNumber_;
  seen.idText = status(kIdText);
  seen.idTextValue = answerIdText_;
  seen.result = status(kResult);
  seen.error = status(kError);
  seen.errorCode = status(kErrorCode);
  seen.errorMessage = status(kErrorMessage);
  if (status(kErrorData) != BindStatus::Found) error_.data.clear();  // cut or absent
  switch (judgeRpcReply(seen, id_)) {
    case RpcVerdict::Result:
      if (r.statusCode >= 200 && r.statusCode < 300) return;  // else the HTTP status says it
      break;
    case RpcVerdict::Error: r.error = EHC_ERROR_RPC_ERROR; return;  // on any status
    case RpcVerdict::InvalidReply:
      if (r.statusCode >= 300) break;  // an HTTP error page is the HTTP status's
      r.error = EHC_ERROR_RPC_INVALID_REPLY;
      untrustBindings();
      return;
    case RpcVerdict::IdMismatch:
      r.error = EHC_ERROR_RPC_ID_MISMATCH;
      untrustBindings();
      return;
  }
  error_.clear();
}

// An answer not for this call: its values were written as they came, but
// none is reported found.
void JsonRpcRequest::untrustBindings() {
  error_.clear();
  for (int i = 0; i < result_.bindings; ++i) {
    if (result_.found & (1u << i)) result_.statuses_[i] = static_cast<uint8_t>(BindStatus::Invalid);
  }
  result_.found = result_.truncated = result_.converted = result_.null = 0;
}

void JsonRpcRequest::copyError() const {
  if (result_.error != EHC_ERROR_RPC_ERROR) return;
  if (errorTarget_) *errorTarget_ = error_;
  if (errorCodeTarget_) *errorCodeTarget_ = error_.code;
#if defined(ARDUINO) || EHC_STD_STRING
  if (errorMessageTarget_) *errorMessageTarget_ = TextString(error_.message.c_str());
  if (errorDataTarget_) *errorDataTarget_ = TextString(error_.data.c_str());
#endif
}

// The original's order: onResponse, then the error callbacks or onSuccess.
void JsonRpcRequest::runCallbacks() {
  const RestResult& r = result_;
  if (onResponse_) onResponse_(r.statusCode);
  if (r.error == EHC_ERROR_RPC_ERROR) {
    if (onRpcError_) onRpcError_(error_);
    if (onError_) onError_(error_.code, error_.message.c_str());
  } else if (r.isSuccess()) {
    if (onSuccess_) onSuccess_(r.statusCode);
  } else if (onError_) {
    const int code = r.error != EHC_OK ? r.error : r.statusCode;
    onError_(code, statusName(code));
  }
  releaseCallbacks();
}

#if defined(ARDUINO) || EHC_STD_STRING
TextString JsonRpcRequest::getRequestId() const {
  if (notification_) return TextString("");
  if (id_.kind == RpcId::Kind::Text) return TextString(text_ + idText_);
  if (id_.kind == RpcId::Kind::Null) return TextString("null");
  char digits[24];
  snprintf(digits, sizeof digits, "%ld", static_cast<long>(id_.number));
  return TextString(digits);
}

#endif

int JsonRpcRequest::getRequestIdInt() const {
  if (notification_ || id_.kind == RpcId::Kind::Null) return 0;
  if (id_.kind == RpcId::Kind::Text) return static_cast<int>(strtol(text_ + idText_, nullptr, 10));
  return static_cast<int>(id_.number);
}

#if defined(ARDUINO) || EHC_STD_STRING
TextString JsonRpcRequest::getResponseId() const {
  const int own = result_.bindings - kOwnBindings;
  if (notification_ || own < 0) return TextString("");
  if (result_.binding(own + kIdText) == BindStatus::Null) return TextString("null");
  if (result_.binding(own + kIdText) == BindStatus::Found) return TextString(answerIdText_);
  if (result_.binding(own + kIdNumber) != BindStatus::Found) return TextString("");
  char digits[24];
  snprintf(digits, sizeof digits, "%lld", static_cast<long long>(answerIdNumber_));
  return TextString(digits);
}

#endif

int JsonRpcRequest::getResponseIdInt() const {
  const int own = result_.bindings - kOwnBindings;
  if (own < 0) return 0;
  if (result_.binding(own + kIdNumber) == BindStatus::Found)
    return static_cast<int>(answerIdNumber_);
  return result_.binding(own + kIdText) == BindStatus::Found
             ? static_cast<int>(strtol(answerIdText_, nullptr, 10))
             : 0;
}

#if defined(ARDUINO) || EHC_STD_STRING
TextString JsonRpcRequest::buildRequestBody() const {
  TextString body;
  JsonWriter w = textWriter(body);
  if (writeEnvelope(w, this) != WriteError::Ok) return TextString("");
  return body;
}
#endif

EHC_END_NAMESPACE
