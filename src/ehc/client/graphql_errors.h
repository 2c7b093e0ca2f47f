// Reads a GraphQL response's "errors" as the body streams through the
// client's binder: each error's message, locations (line, column), path
// and extensions go into the GraphQLErrors of the operation they belong to,
// in whatever order "errors" and "data" come in the document. For one
// operation the errors are at "errors"; for a batch (a JSON array of
// responses) at "N.errors", N selecting the operation.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../json/json_binder.h"
#include "graphql_types.h"
#include "rest_request.h"

EHC_BEGIN_NAMESPACE

class GraphQLErrorReader {
 public:
  // Binds the paths on `request` (7 bindings). lists[i] receives the errors
  // of operation i (count: 1 for a single operation). This object, the
  // lists and the array of them must stay where they are until it is sent.
  void watch(RestRequest& request, GraphQLErrors* const* lists, size_t count, bool batch);

  // Incremental delivery (one operation, its answer in several JSON
  // documents): the errors at "errors" and at "incremental.N.errors" (7
  // more bindings) of every document go one after the other into list,
  // each errors array after those before it.
  enum Scope : uint8_t { kTop, kEntry };
  void watchIncremental(RestRequest& request, GraphQLErrors* const* list);
  // The next errors array of `scope` starts after the errors so far.
  void newScope(Scope scope) {
    base_[scope] = kUnset;
    seenInScope_[scope] = 0;
  }
  // Where the current errors array of `scope` is in the list: [*from, *to).
  void scopeRange(Scope scope, size_t* from, size_t* to) const;

 private:
  enum Field : uint8_t { kElement, kMessage, kLine, kColumn, kPathText, kPathIndex, kExtensions };
  struct Watch {
    GraphQLErrorReader* reader;
    Field field;
    Scope scope;
  };
  static constexpr size_t kUnset = ~size_t{0};
  void bind(RestRequest& request, const char* const* paths, Watch* watches, Scope scope);
  static void heard(const JsonMatch& match, void* watch);
  void take(const Watch& w, const JsonMatch& match);
  GraphQLError* errorAt(const Watch& w, const JsonMatch& match, size_t* sub);

  GraphQLErrors* const* lists_ = nullptr;
  size_t count_ = 0;
  bool batch_ = false;
  bool scoped_ = false;  // incremental: indexes count from the scope's base
  Watch watches_[2][7];
  size_t base_[2] = {0, 0};
  size_t seenInScope_[2] = {0, 0};
  char message_[EHC_GRAPHQL_MESSAGE_SIZE];
  char segment_[EHC_GRAPHQL_PATH_SIZE];
  char extensions_[EHC_GRAPHQL_EXTENSIONS_SIZE + 1];
  int64_t index_ = 0;  // a path segment that is a list index
  int32_t line_ = 0;
  int32_t column_ = 0;
};

EHC_END_NAMESPACE
