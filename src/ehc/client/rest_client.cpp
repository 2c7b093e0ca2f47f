#include "rest_client.h"

#include <string.h>

#include "../http/text.h"
#include "user_headers.h"

EHC_BEGIN_NAMESPACE

RestClient::RestClient(TextArg baseUrl, int port, Transport* plain, Transport* secure)
    : parts_(plain, secure) {
  setBaseUrl(baseUrl, port);
}

RestClient::~RestClient() {
  end();
  onSuccess_.release();
  onError_.release();
  onResponse_.release();
  onObservability_.release();
  onMetrics_.release();
}

bool RestClient::setBaseUrl(TextArg text, int port) {
  ClientSettings& s = parts_.settings;
  const bool portOk = port >= 0 && port <= 0xFFFF;
  s.portOverride = portOk ? static_cast<uint16_t>(port) : 0;
  if (!s.setBaseUrl(text.c_str())) return false;
  if (!portOk) {
    s.urlError = EHC_ERROR_BAD_URL;
    s.urlCause = RequestError::BadBaseUrl;  // a port outside 0..65535
    return false;
  }
  const Url& url = s.url;
  // Another server: the kept connection is useless.
  if (!parts_.connection.connectedTo(url.host, url.hostLength)) end();
  return true;
}

void RestClient::setPort(int port) {
  char url[sizeof parts_.settings.baseUrl];
  memcpy(url, parts_.settings.baseUrl, sizeof url);
  setBaseUrl(url, port);
}

bool RestClient::setContentType(TextArg type) {
  const char* t = type.c_str();
  if (!t || userHeaderProblem("Content-Type", t) != RequestError::Ok ||
      strlen(t) >= sizeof parts_.settings.contentType)
    return false;
  memcpy(parts_.settings.contentType, t, strlen(t) + 1);
  return true;
}

void RestClient::setTransports(Transport* plain, Transport* secure) {
  parts_.connection.setTransports(plain, secure);  // closes the open connection
}

bool RestClient::setHeader(TextArg name, TextArg value) {
  return name.c_str() && parts_.settings.headers.set(name.c_str(), value.c_str(), "", false);
}

bool RestClient::bearer(TextArg token) {
  return token.c_str() &&
         parts_.settings.headers.set("Authorization", token.c_str(), "Bearer ", true);
}

bool RestClient::basic(TextArg userArg, TextArg passwordArg) {
  const char* user = userArg.c_str();
  const char* password = passwordArg.c_str();
  if (!user || !password || strchr(user, ':')) return false;  // ':' would split differently
  char pair[128];
  char encoded[4 * (sizeof pair + 2) / 3 + 1];
  const size_t u = strlen(user), p = strlen(password);
  if (u + 1 + p > sizeof pair) return false;
  memcpy(pair, user, u);
  pair[u] = ':';
  memcpy(pair + u + 1, password, p);
  encoded[base64Encode(reinterpret_cast<const uint8_t*>(pair), u + 1 + p, encoded)] = '\0';
  return parts_.settings.headers.set("Authorization", encoded, "Basic ", true);
}

bool RestClient::apiKey(TextArg name, TextArg key) {
  return key.c_str() && name.c_str() &&
         parts_.settings.headers.set(name.c_str(), key.c_str(), "", true);
}

bool RestClient::claimBinder(const RestRequest& request) {
  if (building_) return false;
  building_ = &request;
  parts_.binder.clear();
  parts_.binder.setStopWhenDone(true);  // read only as far as the bindings need
  return true;
}

void RestClient::follow(const RestRequest& from, RestRequest& to) {
  if (running_ == &from) {
    running_ = &to;
    run_.follow(to.spec());
  }
  if (building_ != &from) return;
  building_ = &to;
  parts_.binder.relocate(&from, sizeof from, &to);
}

// The blocking request: the polled machine driven to its end, waiting
// whenever it has nothing to do.
RestResult RestClient::runBlocking(RestRequest& request) {
  if (running_ != &request) startRun(request);
  if (running_ != &request) return last_;  // refused: another request is running
  while (advance(0, 0) == PollState::InProgress) run_.wait();
  return last_;
}

void RestClient::startRun(RestRequest& request) {
  if (running_) {
    // Another request is in flight (this one could not claim the binder):
    // refused without touching the run.
    RestResult refused;
    refused.error = refused.statusCode = EHC_ERROR_CLIENT_BUSY;
    last_ = refused;
    report(request.spec(), refused, 0);
    return;
  }
  running_ = &request;
  heapBefore_ = onMetrics_ && heapProbe_ ? heapProbe_() : 0;
  run_.start(request.spec(), building_ == &request);  // not the owner: it failed being built
}

PollState RestClient::pollRun(RestRequest& request) {
  if (running_ != &request) return PollState::Done;
  return advance(parts_.settings.pollBudgetMs, parts_.settings.pollBudgetBytes);
}

// Steps the run until it is blocked, Done, or past the budget (0: none).
PollState RestClient::advance(uint32_t budgetMs, uint32_t budgetBytes) {
  const uint32_t begun = budgetMs ? monotonicMs() : 0;  // no clock read without a time budget
  const uint64_t moved = parts_.connection.bytesMoved();
  while (run_.step()) {
    if (run_.blocked()) return PollState::InProgress;
    if (budgetMs && monotonicMs() - begun >= budgetMs) return PollState::InProgress;
    if (budgetBytes && parts_.connection.bytesMoved() - moved >= budgetBytes)
      return PollState::InProgress;
  }
  finished();
  return PollState::Done;
}

// Only a request start() began is running here (Running: RestRequest), so
// its spec has the polled calls.
void RestClient::cancelRun(RestRequest& request) {
  if (running_ != &request) return;
  request.spec().polled->cancel(run_);
  finished();
}

// The run is Done: the client is free for the next request before the
// callbacks run (a callback may start it).
void RestClient::finished() {
  const RestRequest& request = *running_;
  if (building_ == running_) building_ = nullptr;
  running_ = nullptr;
  last_ = run_.result();
  const RestResult result = last_;  // a callback may start the next request (and set last_)
  report(request.spec(), result, heapBefore_);
}

WaitFor RestClient::runWaitFor(const RestRequest& request) const {
  if (running_ == &request) return request.spec().polled->waitFor(run_);
  WaitFor w;
  w.until = Deadline::in(0);
  return w;
}

// In ESP32-HTTP-Client's order: onResponse, then onSuccess or onError (the
// request's before the client's), then the metrics.
void RestClient::report(const RequestSpec& q, const RestResult& res, uint32_t heapBefore) {
  if (q.onResponse) q.onResponse(res);
  if (onResponse_) onResponse_(res);
  if (res.isSuccess()) {
    if (q.onSuccess) q.onSuccess(res.statusCode);
    if (onSuccess_) onSuccess_(res.statusCode);
  } else if (res.hasError()) {
    // A two-argument callback gets the code's name as its message, as
    // ESP32-HTTP-Client's do ("Not Found", "Connection Refused": added by
    // errorCallback()); the details are in the result.
    const int code = res.error != EHC_OK ? res.error : res.statusCode;
    if (q.onError) q.onError(code);
    if (onError_) onError_(code);
  }
  if (onObservability_) onObservability_(res);
  if (onMetrics_) sendMetrics_(*this, res, heapBefore);
}

void RestClient::sendMetrics(const RestClient& c, const RestResult& res, uint32_t heapBefore) {
  c.onMetrics_(metricsOf(res, heapBefore, c.heapProbe_ ? c.heapProbe_() : 0));
}

EHC_END_NAMESPACE
