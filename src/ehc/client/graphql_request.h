// GraphQLRequest: a GraphQL query or mutation over the client's kept-alive
// connection, as ESP32-HTTP-Client's (GraphQLRequest.h) is used:
//
//   char name[32]; int id = 0;
//   GraphQLRequest q(&client, "/graphql");
//   q.query("query User($id: ID!) { user(id: $id) { id name } }")
//       .variable("id", 2)
//       .getData("user.name", name, sizeof name)
//       .getData("user.id", &id);
//   q.execute();                       // or at the end of the statement:
//   client.graphql("/graphql").query("{ users { name } }").getData("users.0.name", name);
//
// POST (the default) sends {"query","operationName","variables"} as an
// application/json body written as it goes out; GET sends them as query
// parameters (percent-encoded, the variables as JSON). The answer is read as
// it streams: getData() targets under "data", the "errors" (message,
// locations, path, extensions) into fixed storage, whichever comes first in
// the document; partial data with errors gives both. Nothing is allocated
// per request (String / std::string / std::vector targets aside, opt-in).
// The request runs once: at execute() (or send(), which also tells how it
// went), else when the object is destroyed.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <utility>

#include "../config.h"
#include "compat_text.h"
#include "graphql_builder.h"
#include "graphql_errors.h"
#include "graphql_http_calls.h"
#include "graphql_incremental.h"
#include "rest_client.h"
#include "rest_request.h"
#include "rest_result.h"

EHC_BEGIN_NAMESPACE

class RestClient;

// The methods GraphQLRequest's constructor and method() take: ESP32-HTTP-
// Client's HttpMethod values (HTTP_GET_METHOD 0, HTTP_POST_METHOD 1).
constexpr int kGraphQLGet = 0;
constexpr int kGraphQLPost = 1;

class GraphQLRequest : public GraphQLBuilder<GraphQLRequest>,
                       public GraphQLHttpCalls<GraphQLRequest> {
 public:
  // client must outlive the request; path is copied.
  GraphQLRequest(RestClient* client, const char* path = "/graphql", int method = kGraphQLPost);
  GraphQLRequest(GraphQLRequest&& other) noexcept;
  GraphQLRequest(const GraphQLRequest&) = delete;
  GraphQLRequest& operator=(const GraphQLRequest&) = delete;
  GraphQLRequest& operator=(GraphQLRequest&&) = delete;
  ~GraphQLRequest();

  // --- how it goes ---------------------------------------------------------------
  GraphQLRequest& method(int httpMethod);  // HTTP_GET_METHOD or HTTP_POST_METHOD
  GraphQLRequest& asGet() { return method(kGraphQLGet); }
  GraphQLRequest& get() { return method(kGraphQLGet); }
  GraphQLRequest& asPost() { return method(kGraphQLPost); }
  GraphQLRequest& post() { return method(kGraphQLPost); }
  template <typename T>
  GraphQLRequest& path(const char* name, const T& value) {
    http_.path(name, value);
    return *this;
  }
  template <typename T>
  GraphQLRequest& queryParam(const char* name, const T& value) {
    http_.query(name, value);
    return *this;
  }
  template <typename... A>
  GraphQLRequest& getHeader(const char* name, A&&... targets) {
    http_.getHeader(name, std::forward<A>(targets)...);
    return *this;
  }
  // The whole answer's JSON text (a String / std::string: the heap).
  template <typename S>
  GraphQLRequest& getRawResponse(S* text) {
    http_.getBody("", text);
    return *this;
  }
#if defined(ARDUINO) || EHC_STD_STRING
  // The POST body this request sends, as the original's helper gives it.
  TextString buildRequestBody() const;
  // "user.name" -> "data.user.name" ("" -> "data"; "data..." stays).
  static TextString normalizeDataPath(const char* path) {
    return detail::memberPathText("data", path);
  }
  // The original's public helpers (compat_text.h): the request never needs them.
  static TextString urlEncode(const TextString& text) {
    return detail::urlEncoded(text);
  }
  static TextString escapeJsonString(const TextString& text) {
    return detail::jsonEscaped(text);
  }
#endif

  // --- incremental delivery (@defer, @stream: graphql_incremental.h) ----------------
  // f(const GraphQLIncrementalPayload&) for the initial data and each
  // deferred or streamed payload; the request then accepts multipart/mixed
  // (only then: a plain query's Accept is unchanged).
  template <typename F>
  GraphQLRequest& onIncremental(F f) {
    if (!detail::isEmptyCallable(f)) replaceCallback(onIncremental_, GraphQLIncrementalCallback(f));
    return *this;
  }
  // After it ran: the answer came as multipart/mixed, and how its split went
  // (send() fails with EHC_ERROR_BAD_RESPONSE unless Ok).
  bool incrementalAnswer() const {
    return incremental_.multipart();
  }
  MultipartError incrementalError() const {
    return incremental_.splitError();
  }

  // --- running it ------------------------------------------------------------------
  void execute() {
    send();
  }
  // Runs it (once) and tells how the HTTP exchange went; the GraphQL errors
  // are in getErrors().
  RestResult send();

 private:
  friend class GraphQLBuilder<GraphQLRequest>;
  friend class GraphQLHttpCalls<GraphQLRequest>;
  RestRequest& http() {
    return http_;
  }
  const char* dataPrefix() const {
    return "";
  }
  void usePost() {
    get_ = false;
  }

  void watchIncremental();

  RestRequest http_;
  GraphQLErrorReader reader_;
  GraphQLIncrementalCallback onIncremental_;
  GraphQLIncrementalReader incremental_;
  GraphQLErrors* lists_[1] = {nullptr};
  bool get_;
  bool sent_ = false;
};

EHC_END_NAMESPACE
