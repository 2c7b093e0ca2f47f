// Fuzzes what a GraphQL client makes of an answer: the input's first byte
// picks one operation, a batch of two, or one operation with onIncremental
// whose answer is multipart/mixed (boundary "-", GraphQL's incremental
// delivery), and where the body is split; the rest is the body. Incremental
// payloads must stay within their bounds and come the same at every split. Read whole and at that
// split, the data, the errors (messages, locations, paths, extensions, counts, truncation flags)
// and the result must be the same; the kept errors must stay within their bounds; sanitizers catch
// the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <string>

#include "ESP32HTTPClient.h"
#include "ehc/net/scripted_transport.h"

namespace {

void mix(uint64_t* h, const void* d, size_t n) {
  const uint8_t* p = static_cast<const uint8_t*>(d);
  for (size_t i = 0; i < n; ++i) *h = (*h ^ p[i]) * 1099511628211ull;
}
void mixText(uint64_t* h, const char* s) {
  mix(h, s, strlen(s) + 1);
}

void checkAndMix(uint64_t* h, const ehc::GraphQLErrors& errors) {
  if (errors.size() > EHC_GRAPHQL_MAX_ERRORS || errors.total() < errors.size()) abort();
  const size_t counts[2] = {errors.size(), errors.total()};
  mix(h, counts, sizeof counts);
  for (const ehc::GraphQLError& e : errors) {
    if (e.message.length() >= EHC_GRAPHQL_MESSAGE_SIZE) abort();
    if (e.locations.size() > EHC_GRAPHQL_MAX_LOCATIONS) abort();
    if (e.path.size() > EHC_GRAPHQL_MAX_PATH_SEGMENTS) abort();
    mixText(h, e.message);
    for (const ehc::GraphQLLocation& l : e.locations) mix(h, &l, sizeof l);
    for (size_t i = 0; i < e.path.size(); ++i) mixText(h, e.path[i]);
    mixText(h, e.extensions);
    mix(h, &e.truncated, sizeof e.truncated);
  }
}

void checkAndMix(uint64_t* h, const ehc::GraphQLIncrementalPayload& p) {
  if (p.data.length() >= EHC_GRAPHQL_INCREMENTAL_SIZE || p.path.length() >= EHC_GRAPHQL_PATH_SIZE)
    abort();
  if (p.errors.size() > EHC_GRAPHQL_MAX_ERRORS) abort();
  mixText(h, p.path);
  mixText(h, p.data);
  mixText(h, p.label);
  const bool flags[3] = {p.hasNext, p.items, p.truncated};
  mix(h, flags, sizeof flags);
  for (const ehc::GraphQLError& e : p.errors) mixText(h, e.message);
}

enum Mode { kOne, kBatch, kIncremental };

uint64_t run(const std::string& response, size_t split, Mode mode) {
  const ehc::ScriptStep steps[] = {
      ehc::ScriptStep::data(response.data(), split),
      ehc::ScriptStep::data(response.data() + split, response.size() - split),
      ehc::ScriptStep::gap()};
  ehc::ScriptedTransport transport(steps, 3);
  ehc::ESP32HTTPClient client("http://api.test", transport);
  client.setMaxRetry(0);
  uint64_t h = 1469598103934665603ull;
  char name[16] = "";
  long id = -1;
  ehc::RestResult r;
  if (mode == kBatch) {
    char other[16] = "";
    ehc::GraphQLBatchRequest b(&client);
    b.addQuery("{ user { id name } }").getData("user.id", &id).getData("user.name", name);
    b.addQuery("{ x }").getData("x", other);
    r = b.send();
    checkAndMix(&h, b.operation(0).getErrors());
    checkAndMix(&h, b.operation(1).getErrors());
    mixText(&h, other);
  } else {
    ehc::GraphQLRequest q(&client);
    q.query("{ user { id name } }").getData("user.id", &id).getData("user.name", name);
    if (mode == kIncremental)
      q.onIncremental([&h](const ehc::GraphQLIncrementalPayload& p) { checkAndMix(&h, p); });
    r = q.send();
    checkAndMix(&h, q.getErrors());
  }
  mix(&h, &id, sizeof id);
  mixText(&h, name);
  const uint32_t outcome[4] = {static_cast<uint32_t>(r.error), r.found, r.missing, r.truncated};
  mix(&h, outcome, sizeof outcome);
  return h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 6000) return 0;
  const Mode mode = data[0] & 1 ? kBatch : data[0] & 2 ? kIncremental : kOne;
  const std::string body(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string type =
      mode == kIncremental ? "Content-Type: multipart/mixed; boundary=\"-\"\r\n" : "";
  const std::string response = "HTTP/1.1 200 OK\r\n" + type +
                               "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  const size_t head = response.size() - body.size();
  const size_t split = head + (body.empty() ? 0 : (data[0] >> 2) * body.size() / 63);
  if (run(response, response.size(), mode) != run(response, split, mode)) abort();
  return 0;
}
