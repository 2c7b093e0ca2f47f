#include "rest_client.h"

#include <string.h>

#include "../http/text.h"
#include "user_headers.h"

EHC_BEGIN_NAMESPACE

RestClient::RestClient(TextArg baseUrl, uint16_t port, Transport* plain, Transport* secure)
    : parts_(plain, secure) {
  parts_.settings.portOverride = port;
  setBaseUrl(baseUrl);
}

bool RestClient::setBaseUrl(TextArg text) {
  if (!parts_.settings.setBaseUrl(text.c_str())) return false;
  const Url& url = parts_.settings.url;
  // Another server: the kept connection is useless.
  if (!parts_.connection.connectedTo(url.host, url.hostLength)) end();
  return true;
}

void RestClient::setPort(uint16_t port) {
  parts_.settings.portOverride = port;
  setBaseUrl(parts_.settings.baseUrl);
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

bool RestClient::apiKey(TextArg key, TextArg headerName) {
  return key.c_str() && headerName.c_str() &&
         parts_.settings.headers.set(headerName.c_str(), key.c_str(), "", true);
}

bool RestClient::claimBinder(const RestRequest& request) {
  if (building_) return false;
  building_ = &request;
  parts_.binder.clear();
  parts_.binder.setStopWhenDone(true);  // read only as far as the bindings need
  return true;
}

void RestClient::follow(const RestRequest& from, RestRequest& to) {
  if (building_ != &from) return;
  building_ = &to;
  parts_.binder.relocate(&from, sizeof from, &to);
}

// The blocking request: the run's state machine driven to its end.
RestResult RestClient::execute(RestRequest& request) {
  const bool owner = building_ == &request;  // not so when it failed with EHC_ERROR_CLIENT_BUSY
  run_.start(request.spec(), owner);
  while (run_.step()) {
  }
  if (owner) building_ = nullptr;
  const RestResult result = run_.result();  // a callback may start the next request
  last_ = result;
  report(request.spec(), result);
  return result;
}

void RestClient::report(const RequestSpec& q, const RestResult& res) {
  if (res.isSuccess()) {
    if (q.onSuccess) q.onSuccess(res.statusCode);
    if (onSuccess_) onSuccess_(res.statusCode);
  } else if (res.hasError()) {
    const int code = res.error != EHC_OK ? res.error : res.statusCode;
    if (q.onError) q.onError(code, res.message());
    if (onError_) onError_(code, res.message());
  }
  if (q.onResponse) q.onResponse(res);
  if (onResponse_) onResponse_(res);
  if (onObservability_) onObservability_(res);
}

EHC_END_NAMESPACE
