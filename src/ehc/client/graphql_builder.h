// What a GraphQL operation's builder offers, for a whole request
// (GraphQLRequest) and for one operation of a batch (GraphQLBatchOperation):
// the document, operationName and variables; getData() bindings under
// "data"; the errors of the answer. `Self` gives the RestRequest its
// bindings go into (http()), the prefix of its data ("data", or "2.data" in
// a batch) and what a mutation does to the method (usePost()).
#pragma once

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <type_traits>
#include <utility>

#include "../config.h"
#include "../json/json_struct.h"
#include "callback.h"
#include "graphql_operation.h"
#include "graphql_types.h"
#include "rest_request.h"
#include "text_arg.h"

EHC_BEGIN_NAMESPACE

using GraphQLErrorsCallback = Callback<void(const GraphQLErrors& errors)>;
using GraphQLOneErrorCallback = Callback<void(const GraphQLError& error)>;

namespace detail {

template <typename T>
void writeScalarValue(JsonWriter& w, const void* v) {
  w.value(*static_cast<const T*>(v));
}
inline void writeTextValue(JsonWriter& w, const void* v) {
  w.value(static_cast<const char*>(v));  // nullptr: null
}
template <typename T>
void writeMappedValue(JsonWriter& w, const void* v) {
  writeStruct(w, *static_cast<const T*>(v));
}

// The parameter type of a one-parameter callable (a lambda, std::function).
template <typename F>
struct FirstArg : FirstArg<decltype(&F::operator())> {};
template <typename C, typename R, typename A>
struct FirstArg<R (C::*)(A) const> {
  using type = typename std::decay<A>::type;
};
template <typename C, typename R, typename A>
struct FirstArg<R (C::*)(A)> {
  using type = typename std::decay<A>::type;
};
template <typename R, typename A>
struct FirstArg<R (*)(A)> {
  using type = typename std::decay<A>::type;
};

// "data.<path>" as ESP32-HTTP-Client normalises it ("" is "data"; a path
// that starts with "data" stays; memberPath: "a[0]" is "a.0"), after
// `prefix` ("" or "2."). False when it does not fit or a bracket is bad.
bool composeDataPath(char* out, size_t size, const char* prefix, const char* path);

}  // namespace detail

template <class Self>
class GraphQLBuilder {
 public:
  // --- the operation ---------------------------------------------------------
  // The document (copied; at most EHC_GRAPHQL_DOCUMENT_SIZE - 1 bytes).
  Self& query(TextArg text) { return check(op_.setDocument(text.c_str())); }
  // The same, and the request goes as a POST.
  Self& mutation(TextArg text) {
    self().usePost();
    return query(text);
  }
  Self& document(TextArg text) { return query(text); }
  // Which operation of a document with several to run.
  Self& operationName(TextArg name) { return check(op_.setOperationName(name.c_str())); }

  // --- variables (copied into the request as JSON, in the order given) ---------
  // bool, every integer type, float (its shortest text that reads back as
  // that float: 9.87f is 9.87), double.
  template <typename T,
            typename std::enable_if<std::is_arithmetic<T>::value && !std::is_same<T, char>::value,
                                    int>::type = 0>
  Self& variable(const char* name, T value) {
    return check(op_.addVariable(name, &detail::writeScalarValue<T>, &value));
  }
  // A string, escaped; nullptr is null.
  Self& variable(const char* name, const char* value) {
    return check(op_.addVariable(name, &detail::writeTextValue, value));
  }
  Self& variable(const char* name, decltype(nullptr)) {
    return variable(name, static_cast<const char*>(nullptr));
  }
  template <typename S, typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0>
  Self& variable(const char* name, const S& text) {
    return variable(name, text.c_str());
  }
  // A mapped struct (REST_JSON_MAP), as its JSON object.
  template <typename T, typename std::enable_if<detail::isMapped<T>(), int>::type = 0>
  Self& variable(const char* name, const T& object) {
    return check(op_.addVariable(name, &detail::writeMappedValue<T>, &object));
  }
  // A value that is JSON text already (checked to be one JSON value).
  Self& rawVariable(const char* name, TextArg json) {
    return check(op_.addRawVariable(name, json.c_str()));
  }
  // All the variables as one JSON object (checked), replacing those given.
  Self& rawVariables(TextArg json) { return check(op_.setRawVariables(json.c_str())); }

  // --- what to read of "data" (the targets of RestRequest::getBody) ----------
  // getData("user.name", name, sizeof name) reads data.user.name; "" (or
  // "data") is data itself.
  template <typename... A>
  Self& getData(const char* path, A&&... args) {
    char full[EHC_MAX_MATCH_PATH + 8];
    if (!detail::composeDataPath(full, sizeof full, self().dataPrefix(), path)) {
      self().http().refuse(EHC_ERROR_INVALID_REQUEST, RequestError::BadBodyPath);
      return self();
    }
    self().http().getBody(full, std::forward<A>(args)...);
    return self();
  }
  // A mapped struct: data itself.
  template <typename T, typename std::enable_if<detail::isMapped<T>(), int>::type = 0>
  Self& getData(T* object) {
    return getData("", object);
  }
#if defined(ARDUINO) || EHC_STD_STRING
  // data's JSON text.
  template <typename S>
  Self& getRawData(S* text) {
    return getData("", text);
  }
#endif

  // --- the answer's errors (copied once it is read) ---------------------------
  Self& getError(GraphQLError* first) {
    firstTarget_ = first;
    return self();
  }
  Self& getErrors(GraphQLErrors* all) {
    listTarget_ = all;
    return self();
  }
  // Into a container of GraphQLError (a std::vector: it uses the heap).
  template <typename V, typename = decltype(std::declval<V&>().push_back(GraphQLError()))>
  Self& getErrors(V* all) {
    anyTarget_ = all;
    fillAny_ = [](void* to, const GraphQLErrors& errors) {
      V& v = *static_cast<V*>(to);
      v.clear();
      for (const GraphQLError& e : errors) v.push_back(e);
    };
    return self();
  }
  // The first error's message into buf (NUL-terminated, cut to fit).
  Self& getErrorMessage(char* buf, size_t size) {
    messageBuf_ = buf;
    messageSize_ = size;
    return self();
  }
  // ... into a String / std::string.
  template <typename S, typename = decltype(std::declval<S&>() = "")>
  Self& getErrorMessage(S* text) {
    messageText_ = text;
    setText_ = [](void* to, const char* s) { *static_cast<S*>(to) = s; };
    return self();
  }
  // f(const GraphQLErrors&), f(const GraphQLError&) (the first), or
  // f(const std::vector<GraphQLError>&) (built for the call: the heap);
  // run after the request's own callbacks, when there were errors.
  template <typename F>
  Self& onGraphQLError(F f) {
    if (detail::isEmptyCallable(f)) return self();
    if constexpr (detail::invocable<F, const GraphQLErrors&>(0)) {
      replaceCallback(onAll_, GraphQLErrorsCallback(std::move(f)));
    } else if constexpr (detail::invocable<F, const GraphQLError&>(0)) {
      replaceCallback(onOne_, GraphQLOneErrorCallback(std::move(f)));
    } else {
      using List = typename detail::FirstArg<F>::type;
      replaceCallback(onAll_, GraphQLErrorsCallback([f](const GraphQLErrors& errors) {
                        List list(errors.begin(), errors.end());
                        f(list);
                      }));
    }
    return self();
  }

  // Once it ran: were there errors (errors.total() of them)?
  bool hasGraphQLErrors() const {
    return op_.errors.total() > 0;
  }
  const GraphQLErrors& getErrors() const {
    return op_.errors;
  }

 protected:
  GraphQLBuilder() = default;
  // A moved builder: what it holds is copied, its callbacks are now ours.
  void takeFrom(GraphQLBuilder& other) {
    op_ = other.op_;
    firstTarget_ = other.firstTarget_;
    listTarget_ = other.listTarget_;
    anyTarget_ = other.anyTarget_;
    fillAny_ = other.fillAny_;
    messageBuf_ = other.messageBuf_;
    messageSize_ = other.messageSize_;
    messageText_ = other.messageText_;
    setText_ = other.setText_;
    onAll_ = other.onAll_;
    onOne_ = other.onOne_;
    other.onAll_ = {};
    other.onOne_ = {};
  }
  void releaseCallbacks() {
    onAll_.release();
    onOne_.release();
  }
  // The errors into the targets, then the callbacks (once).
  void deliverErrors() {
    const GraphQLErrors& errors = op_.errors;
    if (errors.total() > 0) {
      const char* first = errors.empty() ? "" : errors[0].message.c_str();
      if (firstTarget_ && !errors.empty()) *firstTarget_ = errors[0];
      if (listTarget_) *listTarget_ = errors;
      if (anyTarget_) fillAny_(anyTarget_, errors);
      if (messageBuf_ && messageSize_) snprintf(messageBuf_, messageSize_, "%s", first);
      if (messageText_) setText_(messageText_, first);
      if (onOne_ && !errors.empty()) onOne_(errors[0]);
      if (onAll_) onAll_(errors);
    }
    releaseCallbacks();
  }
  Self& check(RequestError problem) {
    if (problem == RequestError::Ok) return self();
    const bool full = problem == RequestError::GraphQLDocumentTooLong ||
                      problem == RequestError::GraphQLVariablesFull;
    self().http().refuse(full ? EHC_ERROR_CAPACITY : EHC_ERROR_INVALID_REQUEST, problem);
    return self();
  }

  GraphQLOperation op_;

 private:
  Self& self() {
    return static_cast<Self&>(*this);
  }

  GraphQLError* firstTarget_ = nullptr;
  GraphQLErrors* listTarget_ = nullptr;
  void* anyTarget_ = nullptr;
  void (*fillAny_)(void*, const GraphQLErrors&) = nullptr;
  char* messageBuf_ = nullptr;
  size_t messageSize_ = 0;
  void* messageText_ = nullptr;
  void (*setText_)(void*, const char*) = nullptr;
  GraphQLErrorsCallback onAll_;
  GraphQLOneErrorCallback onOne_;
};

EHC_END_NAMESPACE
