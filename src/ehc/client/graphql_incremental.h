// GraphQL incremental delivery (@defer, @stream) over HTTP, as
// ESP32-HTTP-Client's onIncremental reads it: a 2xx answer of type
// multipart/mixed is split into its parts (codec/multipart.h), each part's
// JSON document goes through the client's binder as it streams (restarted
// per part), and each payload is called back from fixed storage:
//
//   the initial one   {"data": {...}, "hasNext": true}      path "", data
//   each entry of     {"incremental": [{"data"|"items": ..., "path": [...],
//                      "label": "...", "errors": [...]}], "hasNext": ...}
//
// The getData() bindings and the errors are read from every part ("errors"
// and "incremental.N.errors" one after the other in getErrors()). An answer
// that is plain JSON (a server that does not defer) is bound as usual,
// without callbacks. A multipart answer that is malformed, or ends before
// its close delimiter, fails the request (EHC_ERROR_BAD_RESPONSE); a part
// that is not JSON fails it as EHC_ERROR_INVALID_JSON.
//
// Bounded: a payload's data (or items) keeps EHC_GRAPHQL_INCREMENTAL_SIZE - 1
// bytes of its JSON text, its path EHC_GRAPHQL_PATH_SIZE - 1, its label
// EHC_GRAPHQL_NAME_SIZE - 1; what is cut is flagged (truncated), never
// passed off as whole.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../codec/multipart.h"
#include "../config.h"
#include "body_options.h"
#include "callback.h"
#include "graphql_errors.h"
#include "graphql_types.h"
#include "rest_request.h"
#include "text_buffer.h"

EHC_BEGIN_NAMESPACE

// A run of an operation's kept errors: those one payload brought.
class GraphQLErrorRange {
 public:
  GraphQLErrorRange() = default;
  GraphQLErrorRange(const GraphQLError* first, size_t count) : first_(first), count_(count) {}
  size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  const GraphQLError& operator[](size_t i) const { return first_[i]; }
  const GraphQLError* begin() const { return first_; }
  const GraphQLError* end() const { return first_ + count_; }

 private:
  const GraphQLError* first_ = nullptr;
  size_t count_ = 0;
};

struct GraphQLIncrementalPayload {
  TextBuffer<EHC_GRAPHQL_PATH_SIZE> path;         // "user.friends.2" ("" for the initial data)
  TextBuffer<EHC_GRAPHQL_INCREMENTAL_SIZE> data;  // its data (or @stream items) as JSON text
  TextBuffer<EHC_GRAPHQL_NAME_SIZE> label;        // the @defer / @stream label, if any
  bool hasNext = false;      // the server said more follows (as far as read: see docs/client.md)
  bool items = false;        // data holds a @stream entry's "items" array
  bool truncated = false;    // data, path or label was cut to fit
  GraphQLErrorRange errors;  // this payload's errors (of those getErrors() keeps)
};

using GraphQLIncrementalCallback = Callback<void(const GraphQLIncrementalPayload& payload)>;

class GraphQLIncrementalReader {
 public:
  // Binds a part's paths on `request` (8 bindings, and the error reader's
  // 14) and takes its 2xx body. errors: bound with watchIncremental on
  // list. callback may be empty. Nothing of these may move until it is sent.
  void watch(RestRequest& request, GraphQLErrorReader& errors, GraphQLErrors* const* list,
             const GraphQLIncrementalCallback* callback);
  // After it was sent: the answer was multipart, how its split went, and
  // which bindings any part found (bit i: binding i; RestResult::found of
  // the last part only).
  bool multipart() const { return mode_ == kMultipart; }
  MultipartError splitError() const {
    return mode_ == kRefused ? refusal_ : mode_ == kMultipart ? split_.error() : MultipartError::Ok;
  }
  uint32_t partsFound() const { return found_; }
  uint32_t partsTruncated() const { return truncated_; }
  uint32_t parts() const { return split_.partCount(); }

 private:
  enum Mode : uint8_t { kUnused, kPlain, kMultipart, kRefused };
  enum Field : uint8_t { kHasNext, kData, kEntryData, kEntryItems, kLabel, kText, kIndex, kEntry };
  static const EventCalls kCalls;
  static const MultipartVisitor kParts;
  template <Field F>
  static void heard(const JsonMatch& match, void* self) {
    static_cast<GraphQLIncrementalReader*>(self)->take(F, match);
  }

  void begin(JsonBinder* binder);
  bool feed(const uint8_t* data, size_t length);
  int failure();
  bool partStart();
  bool partData(const char* data, size_t length);
  bool partEnd();
  void take(Field field, const JsonMatch& match);
  void appendSegment(const char* segment);
  void deliver(GraphQLErrorReader::Scope scope, bool hasNext);
  void clearPayload();
  void collectStatuses();

  // The answer's Content-Type, then the parts' header lines.
  char line_[128] = {};
  MultipartSplitter split_{line_, sizeof line_};
  GraphQLIncrementalPayload payload_;
  char segment_[EHC_GRAPHQL_PATH_SIZE] = {};
  int64_t index_ = 0;
  bool hasNext_ = false;
  bool hasNextSeen_ = false;
  bool partData_ = false;  // the part has a top-level "data"
  Mode mode_ = kUnused;
  MultipartError refusal_ = MultipartError::Ok;  // why a multipart answer was refused
  JsonError json_ = JsonError::Ok;
  JsonBinder* binder_ = nullptr;
  GraphQLErrorReader* errors_ = nullptr;
  GraphQLErrors* const* list_ = nullptr;
  const GraphQLIncrementalCallback* callback_ = nullptr;
  uint32_t found_ = 0;
  uint32_t truncated_ = 0;
};

EHC_END_NAMESPACE
