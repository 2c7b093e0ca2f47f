#include "graphql_request.h"

#include <string.h>

#include "member_path.h"
#include "rest_client.h"

EHC_BEGIN_NAMESPACE

const char kGraphQLAccept[] = "application/graphql-response+json, application/json";
const char kGraphQLContentType[] = "application/json; charset=utf-8";
// With onIncremental: also the multipart answer of GraphQL's incremental
// delivery over HTTP (deferSpec: the form Apollo's servers ask for).
const char kGraphQLIncrementalAccept[] =
    "application/graphql-response+json, application/json, multipart/mixed; deferSpec=20220824";

namespace detail {

bool composeDataPath(char* out, size_t size, const char* prefix, const char* path) {
  const size_t n = strlen(prefix);
  if (n >= size) return false;
  memcpy(out, prefix, n);
  return memberPath(out + n, size - n, "data", path);
}

}  // namespace detail

GraphQLRequest RestClient::graphql(TextArg path) {
  return GraphQLRequest(this, path.c_str());
}
GraphQLRequest RestClient::graphqlGet(TextArg path) {
  return GraphQLRequest(this, path.c_str(), kGraphQLGet);
}
GraphQLRequest RestClient::graphqlPost(TextArg path) {
  return GraphQLRequest(this, path.c_str(), kGraphQLPost);
}

#if defined(ARDUINO) || EHC_STD_STRING
TextString GraphQLRequest::buildRequestBody() const {
  TextString text;
  JsonWriter w = textWriter(text);
  op_.write(w);
  return text;
}
#endif

GraphQLRequest::GraphQLRequest(RestClient* client, const char* path, int method)
    : http_(client->post(path ? path : "")), get_(method == kGraphQLGet) {}

GraphQLRequest::GraphQLRequest(GraphQLRequest&& other) noexcept
    : http_(std::move(other.http_)), get_(other.get_), sent_(other.sent_) {
  takeFrom(other);
  acceptSet_ = other.acceptSet_;
  onIncremental_ = other.onIncremental_;
  other.onIncremental_ = {};
  other.sent_ = true;  // the moved-from one sends nothing
}

GraphQLRequest::~GraphQLRequest() {
  if (!sent_) send();
  releaseCallbacks();
  onIncremental_.release();
}

// The answer may come in parts: each is bound (data, errors) and called back.
void GraphQLRequest::watchIncremental() {
  reader_.watchIncremental(http_, lists_);
  incremental_.watch(http_, reader_, lists_, &onIncremental_);
  if (!acceptSet_) header("Accept", kGraphQLIncrementalAccept);
  acceptSet_ = true;
}

GraphQLRequest& GraphQLRequest::method(int httpMethod) {
  get_ = httpMethod == kGraphQLGet;
  return *this;
}

RestResult GraphQLRequest::send() {
  if (sent_) return http_.send();  // already sent: says so (EHC_ERROR... already sent)
  sent_ = true;
  op_.errors.reset();
  // From here on this object does not move: the bindings may point into it.
  lists_[0] = &op_.errors;
  if (onIncremental_)
    watchIncremental();
  else
    reader_.watch(http_, lists_, 1, false);
  if (get_) {
    prepare("GET");
    http_.query("query", op_.document());
    if (op_.operationName()[0]) http_.query("operationName", op_.operationName());
    if (op_.hasVariables()) http_.query("variables", op_.variables());
  } else {
    prepare("POST", &GraphQLOperation::writeBody, &op_);
  }
  RestResult result = http_.send();
  if (onIncremental_ && incremental_.multipart()) {  // bindings found in any part
    result.found |= incremental_.partsFound();
    result.truncated |= incremental_.partsTruncated();
    result.missing &= ~result.found;
  }
  deliverErrors();
  onIncremental_.release();
  return result;
}

EHC_END_NAMESPACE
