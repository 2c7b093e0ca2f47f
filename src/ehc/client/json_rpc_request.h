// JsonRpcRequest: a JSON-RPC 2.0 call over HTTP POST, as ESP32-HTTP-Client's
// class of that name has it (header JsonRpcRequest.h).
//
//   JsonRpcRequest r(&client, "/rpc");
//   r.method("subtract").param(42).param(23).getResult(&difference);
//   r.execute();                       // or at the end of r's scope
//   if (r.hasJsonRpcError()) Serial.println(r.getError().message);
//
// It is a RestRequest underneath (the same engine, connection, settings,
// retries, getHeader): the envelope {"jsonrpc":"2.0","method":...,
// "params":...,"id":...} is written by the JSON writer when it is executed;
// the response is bound as it streams, `result`, `error` and `id` in any
// order. Parameters are copied into the request (EHC_JSONRPC_STORAGE bytes),
// so temporaries are fine; getResult() targets must live until it runs. No
// heap, except for String/std::string targets and the String-returning
// getters, which sketches ask for by name.
//
// After execute(): result() says how it went. Its error is EHC_OK, a
// transport or HTTP failure, EHC_ERROR_RPC_ERROR (the server sent an error
// object: getError()), EHC_ERROR_RPC_INVALID_REPLY (jsonrpc other than
// "2.0", no id, no or both result and error, an error without an integer
// code and a string message) or EHC_ERROR_RPC_ID_MISMATCH (the answer is for
// another id). On the last two no binding of the request is reported found
// (result().found is 0), whatever was written into its targets.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <type_traits>

#include "../config.h"
#include "../json/json_struct.h"
#include "../json/json_writer.h"
#include "callback.h"
#include "compat_text.h"
#include "json_rpc_reply.h"
#include "rest_client.h"
#include "rest_request.h"
#include "rest_result.h"
#include "text_buffer.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_JSONRPC_STORAGE >= 16 && EHC_JSONRPC_STORAGE <= 65535,
              "EHC_JSONRPC_STORAGE must be 16..65535 (offsets are 16-bit)");
static_assert(EHC_JSONRPC_MAX_PARAMS >= 1 && EHC_JSONRPC_MAX_PARAMS <= 255,
              "EHC_JSONRPC_MAX_PARAMS must be 1..255");
static_assert(EHC_JSONRPC_ID_SIZE >= 2, "EHC_JSONRPC_ID_SIZE must be at least 2");

// JSON-RPC 2.0's error object (the original's struct, with fixed-size text).
struct JsonRpcError {
  int code = 0;
  TextBuffer<EHC_JSONRPC_MESSAGE_SIZE> message;
  TextBuffer<EHC_JSONRPC_DATA_SIZE> data;  // the JSON text of "data" ("" when absent)

  bool hasError() const { return code != 0 || !message.isEmpty(); }
  void clear() {
    code = 0;
    message.clear();
    data.clear();
  }
};

using RpcErrorCallback = Callback<void(const JsonRpcError& error)>;
// The request's onError gets the error object's own message (not the
// client's ErrorCallback, which carries the code only and names it).
using RpcMessageCallback = Callback<void(int code, const char* message)>;

template <typename F>
RpcMessageCallback rpcMessageCallback(F f) {
  if (detail::isEmptyCallable(f)) return {};
  if constexpr (detail::invocable<F, int, const char*>(0))
    return RpcMessageCallback(std::move(f));
  else
    return RpcMessageCallback([f](int code, const char*) { f(code); });
}
inline RpcMessageCallback rpcMessageCallback(decltype(nullptr)) {
  return {};
}

#define EHC_RPC_SCALAR(T) typename std::enable_if<detail::IsScalarTarget<T>::value, int>::type = 0
#define EHC_RPC_TEXT(S) typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0
#define EHC_RPC_MAPPED(T) typename std::enable_if<detail::isMapped<T>(), int>::type = 0

namespace detail {
// What a JsonRpcRequest holds besides its RestRequest: plain data (offsets
// into text_, no pointers into itself), so that a move copies it.
struct JsonRpcState {
  struct RpcParam {
    uint16_t name;  // offset of the name in text_; kNoName: positional
    uint16_t text;  // a text value's or raw JSON's offset (value.type == String)
    bool raw;
    ParamValue value;
  };
  enum class Params : uint8_t { None, Positional, Named, Whole };
  RpcParam params_[EHC_JSONRPC_MAX_PARAMS];
  char text_[EHC_JSONRPC_STORAGE];
  uint16_t used_ = 0;
  uint16_t method_ = 0;  // offset in text_ ("" at 0)
  uint16_t whole_ = 0;   // rawParams / params(obj): offset of the JSON
  uint8_t paramCount_ = 0;
  Params mode_ = Params::None;
  bool notification_ = false;
  bool executed_ = false;
  int buildError_ = EHC_OK;  // a failure while it was built: nothing is sent
  RpcId id_;
  uint16_t idText_ = 0;  // offset of a text id

  // What execute() binds for itself, and what the answer said.
  RestResult result_;
  JsonRpcError error_;
  char version_[4] = "";
  char answerIdText_[EHC_JSONRPC_ID_SIZE] = "";
  int64_t answerIdNumber_ = 0;
  char presence_[2] = "";  // result, error: 1 byte each (their status is what counts)

  JsonRpcError* errorTarget_ = nullptr;
  int* errorCodeTarget_ = nullptr;
#if defined(ARDUINO) || EHC_STD_STRING
  TextString* errorMessageTarget_ = nullptr;
  TextString* errorDataTarget_ = nullptr;
#endif
  StatusCallback onSuccess_;
  RpcMessageCallback onError_;
  StatusCallback onResponse_;
  RpcErrorCallback onRpcError_;
};
}  // namespace detail

class JsonRpcRequest : private detail::JsonRpcState {
 public:
  // A call to baseUrl + path (copied). The id is a number counted up from 1
  // per program, as the original's, until id() or notification() says else.
  JsonRpcRequest(RestClient* client, const char* path = "");
  JsonRpcRequest(JsonRpcRequest&& other) noexcept;
  JsonRpcRequest(const JsonRpcRequest&) = delete;
  JsonRpcRequest& operator=(const JsonRpcRequest&) = delete;
  ~JsonRpcRequest();  // executes it, if execute() was not called

  // --- the call -------------------------------------------------------------
  JsonRpcRequest& method(const char* name);
  template <typename S, EHC_RPC_TEXT(S)>
  JsonRpcRequest& method(const S& name) {
    return method(name.c_str());
  }
  const char* getMethod() const { return text_ + method_; }

  JsonRpcRequest& id(int value) { return numberId(value); }
  JsonRpcRequest& id(long value) { return numberId(value); }
  JsonRpcRequest& id(const char* value);  // nullptr: nullId()
  template <typename S, EHC_RPC_TEXT(S)>
  JsonRpcRequest& id(const S& value) {
    return id(value.c_str());
  }
  JsonRpcRequest& nullId();
  // No id: the server answers nothing (204, or 200 with any body, is success).
  JsonRpcRequest& notification(bool enable = true);
  JsonRpcRequest& asNotification() { return notification(true); }
  bool isNotification() const { return notification_; }
  bool hasRequestId() const { return !notification_; }
#if defined(ARDUINO) || EHC_STD_STRING
  TextString getRequestId() const;  // "" for a notification, "null", the number or the text
#endif
  int getRequestIdInt() const;

  // Positional parameters: [a, b, ...], in the order given. bool, every
  // integer type, float (its shortest text), double, text (escaped).
  template <typename T, EHC_RPC_SCALAR(T)>
  JsonRpcRequest& param(T value) {
    return addParam(nullptr, ParamValue(value));
  }
  JsonRpcRequest& param(const char* value) {
    return addParam(nullptr, ParamValue(value));
  }
  template <typename S, EHC_RPC_TEXT(S)>
  JsonRpcRequest& param(const S& value) {
    return param(value.c_str());
  }
  // A mapped struct (REST_JSON_MAP) as one positional parameter (written now).
  template <typename T, EHC_RPC_MAPPED(T)>
  JsonRpcRequest& param(const T& object) {
    return addStructParam(nullptr, &object, writeMapped<T>);
  }
  // Named parameters: {"name": value, ...}. A call takes one kind or the
  // other: mixing them fails it (EHC_ERROR_INVALID_REQUEST, nothing sent).
  template <typename T, EHC_RPC_SCALAR(T)>
  JsonRpcRequest& param(const char* name, T value) {
    return addParam(name ? name : "", ParamValue(value));
  }
  JsonRpcRequest& param(const char* name, const char* value) {
    return addParam(name ? name : "", ParamValue(value));
  }
  template <typename S, EHC_RPC_TEXT(S)>
  JsonRpcRequest& param(const char* name, const S& value) {
    return param(name, value.c_str());
  }
  template <typename T, EHC_RPC_MAPPED(T)>
  JsonRpcRequest& param(const char* name, const T& object) {
    return addStructParam(name ? name : "", &object, writeMapped<T>);
  }
  // The whole params as a mapped struct's object (the original's params(obj)).
  template <typename T, EHC_RPC_MAPPED(T)>
  JsonRpcRequest& params(const T& object) {
    return setWholeParams(&object, writeMapped<T>);
  }
  template <typename... A>
  JsonRpcRequest& positionalParam(A&&... value) {
    return param(static_cast<A&&>(value)...);
  }
  template <typename... A>
  JsonRpcRequest& namedParam(const char* name, A&&... value) {
    return param(name, static_cast<A&&>(value)...);
  }
  // JSON text as it is: the whole params (an object or an array), or one
  // parameter. It is checked: text that is not one JSON value fails the
  // call (EHC_ERROR_INVALID_REQUEST).
  JsonRpcRequest& rawParams(const char* json);
  JsonRpcRequest& rawParam(const char* json);
  JsonRpcRequest& rawParam(const char* name, const char* json);
  template <typename S, EHC_RPC_TEXT(S)>
  JsonRpcRequest& rawParams(const S& json) {
    return rawParams(json.c_str());
  }
  template <typename S, EHC_RPC_TEXT(S)>
  JsonRpcRequest& rawParam(const S& json) {
    return rawParam(json.c_str());
  }
  template <typename S, EHC_RPC_TEXT(S)>
  JsonRpcRequest& rawParam(const char* name, const S& json) {
    return rawParam(name, json.c_str());
  }

  // --- the HTTP request ---------------------------------------------------
  template <typename T>
  JsonRpcRequest& path(const char* name, const T& value) {
    request_.path(name, value);
    return *this;
  }
  template <typename T>
  JsonRpcRequest& queryParam(const char* name, const T& value) {
    request_.query(name, value);
    return *this;
  }
  JsonRpcRequest& header(const char* name, const char* value) {
    request_.header(name, value);
    return *this;
  }
  JsonRpcRequest& contentType(const char* type) {
    return header("Content-Type", type ? type : "application/json");
  }
  JsonRpcRequest& timeout(uint16_t ms) {
    request_.timeout(ms);
    return *this;
  }
  JsonRpcRequest& maxRetry(int times) {
    request_.retry(times);
    return *this;
  }
  JsonRpcRequest& retry(int times) {
    return maxRetry(times);
  }

  // --- what to read from the answer ------------------------------------------
  // The result itself, or a path under it ("sum", "items[0].id",
  // "result.items.0.id"): the targets getBody takes (bool, integers, float,
  // double, char buffers, String / std::string, mapped structs).
  template <typename T, EHC_RPC_SCALAR(T)>
  JsonRpcRequest& getResult(T* target) {
    return getResult("", target);
  }
  JsonRpcRequest& getResult(char* buf, size_t size) {
    return getResult("", buf, size);
  }
  template <size_t N>
  JsonRpcRequest& getResult(char (&buf)[N]) {
    return getResult("", buf, N);
  }
  template <typename T, typename std::enable_if<!std::is_arithmetic<T>::value, int>::type = 0>
  JsonRpcRequest& getResult(T* target) {
    return getResult("", target);
  }
  template <typename T, typename std::enable_if<!std::is_same<T, char>::value, int>::type = 0>
  JsonRpcRequest& getResult(const char* subpath, T* target) {
    const char* at = resultPath(subpath);
    if (at) request_.getBody(at, target);
    return *this;
  }
  JsonRpcRequest& getResult(const char* subpath, char* buf, size_t size) {
    const char* at = resultPath(subpath);
    if (at) request_.getBody(at, buf, size);
    return *this;
  }
  template <size_t N>
  JsonRpcRequest& getResult(const char* subpath, char (&buf)[N]) {
    return getResult(subpath, buf, N);
  }
  // The result's JSON text (a string with its quotes).
  JsonRpcRequest& getRawResult(char* buf, size_t size) {
    request_.getRawBody("result", buf, size);
    return *this;
  }
  template <typename S>
  JsonRpcRequest& getRawResult(S* text) {  // String / std::string: objects and arrays as JSON
    request_.getBody("result", text);
    return *this;
  }
  template <typename S>
  JsonRpcRequest& getRawResponse(S* text) {  // the whole answer as JSON text (the heap)
    request_.getBody("", text);
    return *this;
  }
  // The answer's id and version (the id is checked against the request's
  // whether or not it is asked for).
  template <typename T>
  JsonRpcRequest& getId(T* target) {
    request_.getBody("id", target);
    return *this;
  }
  template <typename S>
  JsonRpcRequest& getJsonRpcVersion(S* text) {
    request_.getBody("jsonrpc", text);
    return *this;
  }
  // (Not for char: a char array is a buffer of its size, below.)
  template <typename T, typename std::enable_if<!std::is_same<T, char>::value, int>::type = 0>
  JsonRpcRequest& getHeader(const char* name, T* target) {
    request_.getHeader(name, target);
    return *this;
  }
  JsonRpcRequest& getHeader(const char* name, char* buf, size_t size) {
    request_.getHeader(name, buf, size);
    return *this;
  }
  template <size_t N>
  JsonRpcRequest& getHeader(const char* name, char (&buf)[N]) {
    return getHeader(name, buf, N);
  }
  // The error object, copied into these after the call (untouched when the
  // answer has none).
  JsonRpcRequest& getError(JsonRpcError* target) {
    errorTarget_ = target;
    return *this;
  }
  JsonRpcRequest& getErrorCode(int* target) {
    errorCodeTarget_ = target;
    return *this;
  }
#if defined(ARDUINO) || EHC_STD_STRING
  JsonRpcRequest& getErrorMessage(TextString* target) {
    errorMessageTarget_ = target;
    return *this;
  }
  JsonRpcRequest& getErrorData(TextString* target) {
    errorDataTarget_ = target;
    return *this;
  }
#endif

  // --- callbacks (after the call, in the original's order: onResponse,
  // then onJsonRpcError and onError, or onSuccess) ---------------------------
  template <typename F>
  JsonRpcRequest& onSuccess(F f) {
    replaceCallback(onSuccess_, statusCallback(std::move(f)));
    return *this;
  }
  // void(int code, const char* message) | void(int code): for an error
  // object its code and message (-32601, "Method not found"), else the
  // failure's code or the HTTP status, and its name.
  template <typename F>
  JsonRpcRequest& onError(F f) {
    replaceCallback(onError_, rpcMessageCallback(std::move(f)));
    return *this;
  }
  template <typename F>
  JsonRpcRequest& onResponse(F f) {
    replaceCallback(onResponse_, statusCallback(std::move(f)));
    return *this;
  }
  template <typename F>
  JsonRpcRequest& onJsonRpcError(F f) {
    replaceCallback(onRpcError_, detail::isEmptyCallable(f) ? RpcErrorCallback()
                                                            : RpcErrorCallback(std::move(f)));
    return *this;
  }

  // --- running it -------------------------------------------------------------
  // Sends it (once; later calls do nothing) and binds the answer.
  void execute();
  // How it went (valid after execute()).
  const RestResult& result() const {
    return result_;
  }
  bool hasError() const {
    return result_.hasError();
  }  // as the original: any failure
  bool hasJsonRpcError() const {
    return result_.error == EHC_ERROR_RPC_ERROR;
  }
  bool isSuccess() const {
    return result_.isSuccess();
  }
  int getStatusCode() const {
    return result_.statusCode;
  }  // the HTTP status, or < 0
  const JsonRpcError& getError() const {
    return error_;
  }
  int getErrorCode() const {
    return error_.code;
  }
  TextString getErrorMessage() const {
    return TextString(error_.message.c_str());
  }
  TextString getErrorData() const {
    return TextString(error_.data.c_str());
  }
#if defined(ARDUINO) || EHC_STD_STRING
  TextString getResponseId() const;  // the answer's id as text ("" before, "null")
  // The body that is (or would be) sent, for logs (the heap: a String).
  TextString buildRequestBody() const;
  // The original's public helpers (compat_text.h): the request never needs them.
  static TextString escapeJsonString(const TextString& text) {
    return detail::jsonEscaped(text);
  }
  // "sum" -> "result.sum" ("" -> "result"; "result..." stays).
  static TextString normalizeResultPath(const char* path) {
    return detail::memberPathText("result", path);
  }
#endif
  int getResponseIdInt() const;
  TextString getJsonRpcVersion() const {
    return TextString(version_);
  }

 private:
  using Writer = WriteError (*)(JsonWriter&, const void*);
  static constexpr uint16_t kNoName = 0xFFFF;
  static constexpr int kOwnBindings = 8;  // execute()'s, after the user's

  template <typename T>
  static WriteError writeMapped(JsonWriter& w, const void* object) {
    return writeStruct(w, *static_cast<const T*>(object));
  }
  static WriteError writeEnvelope(JsonWriter& w, const void* self);
  void writeParams(JsonWriter& w) const;
  void writeParam(JsonWriter& w, const RpcParam& p) const;

  JsonRpcRequest& numberId(long value);
  JsonRpcRequest& addParam(const char* name, ParamValue value);
  JsonRpcRequest& addStructParam(const char* name, const void* object, Writer write);
  JsonRpcRequest& setWholeParams(const void* object, Writer write);
  JsonRpcRequest& addRaw(const char* name, const char* json);
  bool startParam(const char* name, RpcParam** slot);
  bool keep(const char* s, size_t n, uint16_t* at);
  bool keepJson(const void* object, Writer write, uint16_t* at);
  const char* resultPath(const char* subpath);
  void fail(int code, RequestError cause);
  void bindOwn();
  void judge();
  void untrustBindings();
  void copyError() const;
  void runCallbacks();
  void releaseCallbacks();

  RestRequest request_;
};

#undef EHC_RPC_SCALAR
#undef EHC_RPC_TEXT
#undef EHC_RPC_MAPPED

EHC_END_NAMESPACE
