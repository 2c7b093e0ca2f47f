// GraphQLBatchRequest: several GraphQL operations in one HTTP POST (a JSON
// array of them), the answer an array with one response per operation, as
// ESP32-HTTP-Client's GraphQLBatchRequest:
//
//   GraphQLBatchRequest batch(&client, "/graphql");
//   batch.addQuery("{ user(id: 1) { name } }").getData("user.name", first, sizeof first);
//   batch.addQuery("{ user(id: 2) { name } }").getData("user.name", second, sizeof second);
//   batch.execute();
//
// Operation i's getData() reads "i.data...", its errors "i.errors" of the
// answer. The operations live inside the batch: at most
// EHC_GRAPHQL_MAX_BATCH (default 3) of them, each as big as a
// GraphQLOperation with its errors (about 1 KB with the default sizes), so
// a batch is best kept small, in a function of its own. One more add()
// fails the batch (EHC_ERROR_CAPACITY: nothing is sent) and returns the
// last operation again.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "graphql_builder.h"
#include "graphql_errors.h"
#include "graphql_http_calls.h"
#include "rest_client.h"
#include "rest_request.h"
#include "rest_result.h"

static_assert(EHC_GRAPHQL_MAX_BATCH >= 1 && EHC_GRAPHQL_MAX_BATCH <= 99,
              "EHC_GRAPHQL_MAX_BATCH: 1..99");

EHC_BEGIN_NAMESPACE

class RestClient;
class GraphQLBatchRequest;

// One operation of a batch: the builder of GraphQLRequest without the HTTP
// part (the batch has it).
class GraphQLBatchOperation : public GraphQLBuilder<GraphQLBatchOperation> {
 private:
  friend class GraphQLBuilder<GraphQLBatchOperation>;
  friend class GraphQLBatchRequest;
  RestRequest& http() { return *http_; }
  const char* dataPrefix() const { return prefix_; }
  void usePost() {}  // a batch is a POST

  RestRequest* http_ = nullptr;
  char prefix_[4] = {};  // "2."
};

class GraphQLBatchRequest : public GraphQLHttpCalls<GraphQLBatchRequest> {
 public:
  GraphQLBatchRequest(RestClient* client, const char* path = "/graphql");
  GraphQLBatchRequest(GraphQLBatchRequest&& other) noexcept;
  GraphQLBatchRequest(const GraphQLBatchRequest&) = delete;
  GraphQLBatchRequest& operator=(const GraphQLBatchRequest&) = delete;
  GraphQLBatchRequest& operator=(GraphQLBatchRequest&&) = delete;
  ~GraphQLBatchRequest();

  GraphQLBatchOperation& add();
  GraphQLBatchOperation& addQuery(TextArg document) { return add().query(document); }
  GraphQLBatchOperation& addMutation(TextArg document) { return add().mutation(document); }
  size_t size() const { return count_; }
  // Operation i (0 <= i < size(); past it: the last one).
  GraphQLBatchOperation& operation(size_t index);

  // f(const GraphQLErrors&) or f(const std::vector<GraphQLError>&): every
  // operation's errors together (the first EHC_GRAPHQL_MAX_ERRORS kept,
  // total() counting all), after each operation's own error callbacks.
  template <typename F>
  GraphQLBatchRequest& onGraphQLError(F f) {
    all_.onGraphQLError(std::move(f));
    return *this;
  }

  // The whole answer (the array of responses) as JSON text: the heap.
  template <typename S>
  GraphQLBatchRequest& getRawResponse(S* text) {
    http_.getBody("", text);
    return *this;
  }
#if defined(ARDUINO) || EHC_STD_STRING
  // The POST body this batch sends (a JSON array of the operations).
  TextString buildRequestBody() const;
#endif

  void execute() {
    send();
  }
  RestResult send();

 private:
  // Gathers every operation's errors for the batch's onGraphQLError.
  class AllErrors : public GraphQLBuilder<AllErrors> {
   public:
    void gather(const GraphQLErrors& errors);
    void deliver() { deliverErrors(); }
    void reset() { op_.errors.reset(); }
    void takeFrom(AllErrors& other) { GraphQLBuilder<AllErrors>::takeFrom(other); }
    void release() { releaseCallbacks(); }

   private:
    friend class GraphQLBuilder<AllErrors>;
    RestRequest& http() { return *http_; }
    const char* dataPrefix() const { return ""; }
    void usePost() {}
    RestRequest* http_ = nullptr;
    friend class GraphQLBatchRequest;
  };

  friend class GraphQLHttpCalls<GraphQLBatchRequest>;
  RestRequest& http() {
    return http_;
  }
  static WriteError writeBody(JsonWriter& writer, const void* batch);
  void adopt();  // the operations' pointers to http_ (after a move)

  RestRequest http_;
  GraphQLBatchOperation ops_[EHC_GRAPHQL_MAX_BATCH];
  GraphQLErrors* lists_[EHC_GRAPHQL_MAX_BATCH] = {};
  GraphQLErrorReader reader_;
  AllErrors all_;
  uint8_t count_ = 0;
  bool sent_ = false;
};

EHC_END_NAMESPACE
