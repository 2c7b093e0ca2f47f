// The HTTP-level calls a GraphQLRequest and a GraphQLBatchRequest share
// (headers, Accept, timeout, retries, the HTTP callbacks), forwarded to the
// RestRequest that `Self::http()` gives.
#pragma once

#include <stdint.h>

#include <utility>

#include "../config.h"
#include "rest_request.h"

EHC_BEGIN_NAMESPACE

// The Accept a GraphQL request sends unless told otherwise, and its body's type.
extern const char kGraphQLAccept[];
extern const char kGraphQLContentType[];

template <class Self>
class GraphQLHttpCalls {
 public:
  Self& header(const char* name, const char* value) {
    self().http().header(name, value);
    return self();
  }
  // Replaces the default Accept (application/graphql-response+json, application/json).
  Self& accept(const char* value) {
    acceptSet_ = true;
    return header("Accept", value);
  }
  Self& timeout(uint32_t ms) {
    self().http().timeout(ms);
    return self();
  }
  Self& maxRetry(int times) {
    self().http().retry(times);
    return self();
  }
  Self& retry(int times) { return maxRetry(times); }
  // The HTTP outcome, as RestRequest's (onResponse, then onSuccess / onError).
  template <typename F>
  Self& onSuccess(F f) {
    self().http().onSuccess(std::move(f));
    return self();
  }
  template <typename F>
  Self& onError(F f) {
    self().http().onError(std::move(f));
    return self();
  }
  template <typename F>
  Self& onResponse(F f) {
    self().http().onResponse(std::move(f));
    return self();
  }

 protected:
  // Before it is sent: the default Accept unless one was given, the method,
  // and the body written from `object`.
  void prepare(const char* method, WriteError (*write)(JsonWriter&, const void*) = nullptr,
               const void* object = nullptr) {
    if (!acceptSet_) self().http().header("Accept", kGraphQLAccept);
    self().http().method(method);
    if (write) self().http().jsonBody(write, object, kGraphQLContentType);
  }
  bool acceptSet_ = false;

 private:
  Self& self() { return static_cast<Self&>(*this); }
};

EHC_END_NAMESPACE
