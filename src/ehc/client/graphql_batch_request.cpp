#include "graphql_batch_request.h"

#include <stdio.h>

#include "rest_client.h"

EHC_BEGIN_NAMESPACE

GraphQLBatchRequest RestClient::graphqlBatch(TextArg path) {
  return GraphQLBatchRequest(this, path.c_str());
}

GraphQLBatchRequest::GraphQLBatchRequest(RestClient* client, const char* path)
    : http_(client->post(path ? path : "")) {
  adopt();
}

GraphQLBatchRequest::GraphQLBatchRequest(GraphQLBatchRequest&& other) noexcept
    : http_(std::move(other.http_)), count_(other.count_), sent_(other.sent_) {
  acceptSet_ = other.acceptSet_;
  for (size_t i = 0; i < EHC_GRAPHQL_MAX_BATCH; ++i) ops_[i].takeFrom(other.ops_[i]);
  all_.takeFrom(other.all_);
  adopt();
  other.sent_ = true;
}

GraphQLBatchRequest::~GraphQLBatchRequest() {
  if (!sent_) send();
  for (GraphQLBatchOperation& op : ops_) op.releaseCallbacks();
  all_.release();
}

void GraphQLBatchRequest::adopt() {
  for (size_t i = 0; i < EHC_GRAPHQL_MAX_BATCH; ++i) {
    ops_[i].http_ = &http_;
    snprintf(ops_[i].prefix_, sizeof ops_[i].prefix_, "%u.", static_cast<unsigned>(i));
  }
  all_.http_ = &http_;
}

GraphQLBatchOperation& GraphQLBatchRequest::add() {
  if (count_ == EHC_GRAPHQL_MAX_BATCH) {  // the batch fails: what goes into the last one is moot
    http_.refuse(EHC_ERROR_CAPACITY, RequestError::GraphQLBatchFull);
    return ops_[EHC_GRAPHQL_MAX_BATCH - 1];
  }
  return ops_[count_++];
}

GraphQLBatchOperation& GraphQLBatchRequest::operation(size_t index) {
  return ops_[index < count_ ? index : (count_ ? count_ - 1 : 0)];
}

WriteError GraphQLBatchRequest::writeBody(JsonWriter& w, const void* object) {
  const auto* batch = static_cast<const GraphQLBatchRequest*>(object);
  w.beginArray();
  for (size_t i = 0; i < batch->count_; ++i) batch->ops_[i].op_.write(w);
  w.endArray();
  return w.error();
}

#if defined(ARDUINO) || EHC_STD_STRING
TextString GraphQLBatchRequest::buildRequestBody() const {
  TextString text;
  JsonWriter w = textWriter(text);
  writeBody(w, this);
  return text;
}
#endif

void GraphQLBatchRequest::AllErrors::gather(const GraphQLErrors& errors) {
  for (const GraphQLError& e : errors) {
    GraphQLError* slot = op_.errors.at(op_.errors.size());
    if (slot) *slot = e;
  }
  for (size_t i = 0; i < errors.total(); ++i) op_.errors.countOne();
}

RestResult GraphQLBatchRequest::send() {
  if (sent_) return http_.send();
  sent_ = true;
  for (size_t i = 0; i < count_; ++i) {
    ops_[i].op_.errors.reset();
    lists_[i] = &ops_[i].op_.errors;
  }
  reader_.watch(http_, lists_, count_, true);
  prepare("POST", &writeBody, this);
  const RestResult result = http_.send();
  all_.reset();
  for (size_t i = 0; i < count_; ++i) {
    ops_[i].deliverErrors();
    all_.gather(ops_[i].op_.errors);
  }
  all_.deliver();
  return result;
}

EHC_END_NAMESPACE
