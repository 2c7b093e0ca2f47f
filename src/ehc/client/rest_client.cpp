#include "rest_client.h"

#include <string.h>

#include "../http/text.h"
#include "json_body.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_MAX_HEADER_TARGETS + 1 <= EHC_HTTP_MAX_CAPTURES,
              "getHeader() targets and Location need EHC_HTTP_MAX_CAPTURES captures");

namespace {

const char kUserAgent[] = "ESP32HTTPClient/" EHC_VERSION_TEXT;

bool isRedirect(int status) {
  return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

bool sends(const char* method, const char* which) {
  return strcmp(method, which) == 0;
}

// POST and PATCH may change the server's state each time they arrive.
bool unsafeToRepeat(const char* method) {
  return sends(method, "POST") || sends(method, "PATCH");
}

bool hasBodyByDefault(const char* method) {
  return sends(method, "POST") || sends(method, "PUT") || sends(method, "PATCH");
}

// Network failures a retry may cure (not: certificates, URLs, bad responses).
bool retryable(int error) {
  switch (error) {
    case EHC_ERROR_CONNECTION_REFUSED:
    case EHC_ERROR_SEND_HEADER_FAILED:
    case EHC_ERROR_SEND_PAYLOAD_FAILED:
    case EHC_ERROR_NOT_CONNECTED:
    case EHC_ERROR_CONNECTION_LOST:
    case EHC_ERROR_READ_TIMEOUT:
    case EHC_ERROR_DNS_FAILED:
    case EHC_ERROR_CONNECT_TIMEOUT:
    case EHC_ERROR_TLS_HANDSHAKE: return true;
    default: return false;
  }
}

bool countBytes(void* user, const char*, size_t n) {
  *static_cast<size_t*>(user) += n;
  return true;
}

bool toRequest(void* user, const char* data, size_t n) {
  return static_cast<RequestWriter*>(user)->body(data, n) == HttpError::Ok;
}

// Copies the URL's host (without brackets) into out; false when too long.
bool copyHost(const Url& url, char* out, size_t size) {
  if (url.hostLength >= size) return false;
  memcpy(out, url.host, url.hostLength);
  out[url.hostLength] = '\0';
  return true;
}

}  // namespace

// The request as the connection sends it: the same bytes on every attempt.
class RestClient::Exchanger final : public Exchange {
 public:
  Exchanger(RestClient& client, RestRequest& request) : c_(client), q_(request) {}

  HttpError writeRequest(RequestWriter& w) override {
    if (c_.hop_ == 0)
      w.begin(c_.hopMethod_, c_.hopUrl_, q_.path_, q_.pathParams_, q_.pathCount_, q_.query_,
              q_.queryCount_);
    else  // a redirect's Location is the whole target
      w.begin(c_.hopMethod_, c_.hopUrl_, "", nullptr, 0, nullptr, 0);
    w.standardHeaders(kUserAgent);
    const bool cross = c_.crossHost();  // credentials stay with the host they were meant for
    for (size_t at = 0; at < c_.headersUsed_;) {
      const char* name = c_.headers_ + at;
      const char* value = name + strlen(name) + 1;
      at = static_cast<size_t>(value + strlen(value) + 1 - c_.headers_);
      if (!(cross && equalsIgnoreCase(name, strlen(name), "Authorization", 13)))
        w.header(name, value);
    }
    if (c_.cookies_.anyFor(c_.host_)) writeCookies(w);
    for (uint8_t i = 0; i < q_.headerCount_; ++i)
      if (!(cross && equalsIgnoreCase(q_.headers_[i].name, strlen(q_.headers_[i].name),
                                      "Authorization", 13)))
        w.header(q_.headers_[i].name, q_.headers_[i].value);
    writeBody(w);
    return w.error();
  }

  bool bodySatisfied() const override { return !c_.wantsBody(q_) || c_.binder_.done(); }
  bool isHead() const override { return sends(c_.hopMethod_, "HEAD"); }
  bool replayable() const override { return q_.idempotent_ || !unsafeToRepeat(c_.hopMethod_); }

 private:
  void writeCookies(RequestWriter& w) {
    struct Pieces {
      RequestWriter* w;
      bool first;
    } p{&w, true};
    w.beginHeader("Cookie");
    c_.cookies_.forHost(
        c_.host_,
        [](void* u, const char* text, size_t n) {
          auto* pieces = static_cast<Pieces*>(u);
          if (!pieces->first) pieces->w->headerText("; ", 2);
          pieces->first = false;
          pieces->w->headerText(text, n);
        },
        &p);
    w.endHeader();
  }

  const char* contentType() const { return q_.contentType_ ? q_.contentType_ : c_.contentType_; }

  void writeBody(RequestWriter& w) {
    if (!c_.hopHasBody_) {
      w.endHeaders(-1);
    } else if (q_.fieldCount_ || q_.structBody_) {
      w.header("Content-Type", contentType());
      size_t length = 0;  // first pass: the length, for Content-Length
      JsonWriter counter(countBytes, &length);
      writeJson(counter);
      w.endHeaders(static_cast<int64_t>(length));
      JsonWriter out(toRequest, &w);
      writeJson(out);
    } else if (q_.rawBody_) {
      w.header("Content-Type", contentType());
      w.endHeaders(static_cast<int64_t>(q_.rawLength_));
      w.body(q_.rawBody_, q_.rawLength_);
    } else {
      w.endHeaders(hasBodyByDefault(c_.hopMethod_) ? 0 : -1);
    }
  }

  void writeJson(JsonWriter& json) {
    if (q_.structBody_)
      q_.structWriter_(json, q_.structBody_);
    else
      writeDottedObject(json, q_.fields_, q_.fieldCount_);
  }

  RestClient& c_;
  RestRequest& q_;
};

RestClient::RestClient(const char* baseUrl, uint16_t port, Transport* plain, Transport* secure)
    : portOverride_(port), plain_(plain), secure_(secure), connection_(plain, secure) {
  setBaseUrl(baseUrl);
}

bool RestClient::setBaseUrl(const char* baseUrl) {
  urlValid_ = false;
  const size_t n = baseUrl ? strlen(baseUrl) : 0;
  if (n == 0 || n > EHC_MAX_URL_LENGTH) return false;
  memcpy(baseUrl_, baseUrl, n + 1);
  char oldHost[sizeof baseHost_];
  memcpy(oldHost, baseHost_, sizeof oldHost);
  urlValid_ = parseUrl(baseUrl_, n, &url_, portOverride_) == HttpError::Ok &&
              copyHost(url_, baseHost_, sizeof baseHost_);
  if (strcmp(oldHost, baseHost_) != 0) end();  // another server: the kept connection is useless
  return urlValid_;
}

void RestClient::setPort(uint16_t port) {
  portOverride_ = port;
  char copy[sizeof baseUrl_];
  memcpy(copy, baseUrl_, sizeof copy);
  setBaseUrl(copy);
}

void RestClient::setContentType(const char* type) {
  if (!type || !safeHeaderText(type) || strlen(type) >= sizeof contentType_) return;
  memcpy(contentType_, type, strlen(type) + 1);
}

void RestClient::setTransports(Transport* plain, Transport* secure) {
  end();
  plain_ = plain;
  secure_ = secure;
  connection_.~Connection();
  new (&connection_) Connection(plain, secure);
}

bool RestClient::storeHeader(const char* name, const char* value, const char* prefix) {
  if (!name || !isToken(name, strlen(name))) return false;
  // Remove the old one (names are case-insensitive).
  for (size_t at = 0; at < headersUsed_;) {
    const char* n = headers_ + at;
    const char* v = n + strlen(n) + 1;
    const size_t end = static_cast<size_t>(v + strlen(v) + 1 - headers_);
    if (equalsIgnoreCase(n, strlen(n), name, strlen(name))) {
      memmove(headers_ + at, headers_ + end, headersUsed_ - end);
      headersUsed_ -= end - at;
    } else {
      at = end;
    }
  }
  if (!value) return true;  // removed
  if (!safeHeaderText(value) || !safeHeaderText(prefix)) return false;
  const size_t nameLength = strlen(name), prefixLength = strlen(prefix),
               valueLength = strlen(value);
  const size_t need = nameLength + 1 + prefixLength + valueLength + 1;
  if (need > sizeof headers_ - headersUsed_) return false;
  char* at = headers_ + headersUsed_;
  memcpy(at, name, nameLength + 1);
  memcpy(at + nameLength + 1, prefix, prefixLength);
  memcpy(at + nameLength + 1 + prefixLength, value, valueLength + 1);
  headersUsed_ += need;
  return true;
}

bool RestClient::setHeader(const char* name, const char* value) {
  return storeHeader(name, value);
}

bool RestClient::bearer(const char* token) {
  return token && storeHeader("Authorization", token, "Bearer ");
}

bool RestClient::basic(const char* user, const char* password) {
  if (!user || !password || strchr(user, ':')) return false;  // ':' would split differently
  char pair[128];
  char encoded[4 * (sizeof pair + 2) / 3 + 1];
  const size_t u = strlen(user), p = strlen(password);
  if (u + 1 + p > sizeof pair) return false;
  memcpy(pair, user, u);
  pair[u] = ':';
  memcpy(pair + u + 1, password, p);
  encoded[base64Encode(reinterpret_cast<const uint8_t*>(pair), u + 1 + p, encoded)] = '\0';
  return storeHeader("Authorization", encoded, "Basic ");
}

bool RestClient::apiKey(const char* key, const char* headerName) {
  return key && storeHeader(headerName, key);
}

bool RestClient::crossHost() const {
  return strcmp(host_, baseHost_) != 0;
}

bool RestClient::wantsBody(const RestRequest& q) const {
  if (binder_.count() == 0) return false;
  return !(q.redirects_ > hop_ && isRedirect(parser_.status()));  // a hop's body is not the answer
}

void RestClient::onBodyBytes(void* self, const char* data, size_t length) {
  RestClient& c = *static_cast<RestClient*>(self);
  if (c.current_ && c.wantsBody(*c.current_) && !c.binder_.done()) c.binder_.feed(data, length);
}

RestResult RestClient::execute(RestRequest& q) {
  RestResult res;
  const uint32_t begun = monotonicMs();
  if (q.error_ != EHC_OK) {
    res.error = res.statusCode = q.error_;
    res.message = q.errorMessage_;
  } else if (!urlValid_) {
    res.error = res.statusCode = EHC_ERROR_BAD_URL;
    res.message = "malformed base URL (or longer than EHC_MAX_URL_LENGTH)";
  } else {
    const int retries = q.retries_ >= 0 ? q.retries_ : maxRetry_;
    const bool repeatable = q.idempotent_ || !unsafeToRepeat(q.method_);
    for (int attempt = 0;; ++attempt) {
      ++res.attempts;
      const uint64_t sentBefore = res.bytesSent;
      runAttempt(q, res);
      if (!retryable(res.error) || attempt >= retries) break;
      if (!repeatable && res.bytesSent != sentBefore) break;  // it may have arrived
      const uint32_t wait = uint32_t{EHC_RETRY_BACKOFF_MS} << (attempt < 6 ? attempt : 6);
      sleepMs(wait < 8000 ? wait : 8000);
    }
  }
  res.totalMs = monotonicMs() - begun;
  finish(q, res);
  return res;
}

void RestClient::runAttempt(RestRequest& q, RestResult& res) {
  hopUrl_ = url_;
  hopMethod_ = q.method_;
  hopHasBody_ = true;
  hop_ = 0;
  for (;;) {
    if (!copyHost(hopUrl_, host_, sizeof host_)) {
      res.error = res.statusCode = EHC_ERROR_BAD_URL;
      res.message = "host name too long (EHC_MAX_HOST_LENGTH)";
      return;
    }
    binder_.restart();
    parser_.clearCaptures();
    registerHeaderCaptures(q);
    locationCapture_ =
        q.redirects_ ? parser_.captureHeader("Location", location_, sizeof location_) : -1;
    cookies_.setResponseHost(host_);
    parser_.onHeaders(&CookieJar::kVisitor, &cookies_);
    parser_.onBody(onBodyBytes, this);

    Exchanger exchange(*this, q);
    const uint32_t timeout = q.timeoutMs_ ? q.timeoutMs_ : timeoutMs_;
    const Endpoint at{host_, hopUrl_.port, hopUrl_.https};
    current_ = &q;
    const ExchangeResult r = connection_.exchange(at, exchange, parser_, Deadline::in(timeout),
                                                  Deadline::in(connectTimeoutMs_));
    current_ = nullptr;
    res.bytesSent += r.bytesSent;
    res.bytesReceived += r.bytesReceived;
    res.connectMs += r.connectMs;
    res.tlsMs += r.tlsMs;
    if (hop_ == 0 && res.attempts == 1) res.firstByteMs = r.firstByteMs;
    res.reused = r.reused;
    res.sessionResumed |= r.sessionResumed;
    if (!r.ok()) {
      const bool net = r.net != NetError::Ok;
      res.error = res.statusCode = net ? clientErrorOf(r.net) : clientErrorOf(r.http);
      res.message = net ? netErrorMessage(r.net) : httpErrorMessage(r.http);
      return;
    }
    const int status = parser_.status();
    if (q.redirects_ && isRedirect(status)) {
      if (hop_ >= q.redirects_) {
        res.error = res.statusCode = EHC_ERROR_TOO_MANY_REDIRECTS;
        res.message = errorToString(EHC_ERROR_TOO_MANY_REDIRECTS);
        return;
      }
      if (!nextHop(status)) {
        res.error = res.statusCode = EHC_ERROR_BAD_URL;
        res.message = "redirect without a usable Location";
        return;
      }
      ++res.redirects;
      continue;
    }
    res.error = EHC_OK;
    res.statusCode = status;
    res.message = parser_.reason();
    return;
  }
}

bool RestClient::nextHop(int status) {
  if (locationCapture_ < 0 || parser_.headerStatus(locationCapture_) != HeaderStatus::Found ||
      !location_[0])
    return false;
  char next[sizeof hopUrlText_];
  if (strncmp(location_, "http://", 7) == 0 || strncmp(location_, "https://", 8) == 0) {
    memcpy(next, location_, strlen(location_) + 1);
  } else if (location_[0] == '/' && location_[1] != '/') {  // same origin, new path
    char port[8] = "";
    if (!hopUrl_.defaultPort) {
      char digits[6];
      size_t n = 0;
      for (uint16_t p = hopUrl_.port; p; p = static_cast<uint16_t>(p / 10))
        digits[n++] = static_cast<char>('0' + p % 10);
      port[0] = ':';
      for (size_t i = 0; i < n; ++i) port[1 + i] = digits[n - 1 - i];
      port[1 + n] = '\0';
    }
    const char* scheme = hopUrl_.https ? "https://" : "http://";
    const size_t need = strlen(scheme) + strlen(host_) + 2 + strlen(port) + strlen(location_) + 1;
    if (need > sizeof next) return false;
    strcpy(next, scheme);
    if (hopUrl_.ipv6) strcat(next, "[");
    strcat(next, host_);
    if (hopUrl_.ipv6) strcat(next, "]");
    strcat(next, port);
    strcat(next, location_);
  } else {
    return false;  // relative references other than "/path" are not followed
  }
  memcpy(hopUrlText_, next, strlen(next) + 1);
  if (parseUrl(hopUrlText_, &hopUrl_) != HttpError::Ok) return false;
  // Browsers' method rules: 303 always fetches with GET; 301/302 turn a
  // POST into a GET; 307/308 repeat the request as it was.
  const bool toGet = (status == 303 && !sends(hopMethod_, "HEAD")) ||
                     ((status == 301 || status == 302) && sends(hopMethod_, "POST"));
  if (toGet) {
    hopMethod_ = "GET";
    hopHasBody_ = false;
  }
  ++hop_;
  return true;
}

void RestClient::registerHeaderCaptures(RestRequest& q) {
  for (uint8_t k = 0; k < q.headerTargetCount_; ++k) {
    const RestRequest::HeaderTarget& t = q.headerTargets_[k];
    headerCaptures_[k] = t.size
                             ? parser_.captureHeader(t.name, static_cast<char*>(t.target), t.size)
                             : parser_.captureHeader(t.name, headerText_[k], sizeof headerText_[k]);
  }
}

void RestClient::convertHeaders(RestRequest& q, RestResult& res) {
  for (uint8_t k = 0; k < q.headerTargetCount_; ++k) {
    const RestRequest::HeaderTarget& t = q.headerTargets_[k];
    if (headerCaptures_[k] < 0 || parser_.headerStatus(headerCaptures_[k]) == HeaderStatus::Missing)
      continue;
    bool written = true;
    if (t.convert) {
      written = t.convert(headerText_[k], t.target) == BindStatus::Found;
    } else if (t.textSink) {
      t.textSink->clear(t.target);
      t.textSink->append(t.target, headerText_[k], strlen(headerText_[k]));
    }
    if (written) res.headersFound = static_cast<uint8_t>(res.headersFound | (1u << k));
  }
}

void RestClient::finish(RestRequest& q, RestResult& res) {
  const bool owner = building_ == &q;
  if (owner) {
    const bool responded = res.statusCode > 0;
    if (responded && binder_.count() > 0 && binder_.bytesFed() > 0) {
      const JsonError e = binder_.finish();
      if (e != JsonError::Ok && res.error == EHC_OK && res.statusCode >= 200 &&
          res.statusCode < 300) {
        res.error = EHC_ERROR_INVALID_JSON;
        res.message = jsonErrorName(e);
      }
    }
    res.bindings = static_cast<uint8_t>(binder_.count());
    for (int i = 0; i < binder_.count(); ++i) {
      const BindStatus s = binder_.status(i);
      res.statuses_[i] = static_cast<uint8_t>(s);
      const uint32_t bit = 1u << i;
      switch (s) {
        case BindStatus::Found: res.found |= bit; break;
        case BindStatus::Missing: res.missing |= bit; break;
        case BindStatus::Null: res.null |= bit; break;
        case BindStatus::Mismatch: res.mismatched |= bit; break;
        case BindStatus::Truncated:
          res.truncated |= bit;
          res.found |= bit;  // written, though cut
          break;
        case BindStatus::OutOfRange: res.outOfRange |= bit; break;
      }
    }
    if (responded) convertHeaders(q, res);
    building_ = nullptr;
  }
  last_ = res;
  if (res.isSuccess()) {
    if (q.onSuccess_) q.onSuccess_(res.statusCode);
    if (onSuccess_) onSuccess_(res.statusCode);
  } else if (res.hasError()) {
    const int code = res.error != EHC_OK ? res.error : res.statusCode;
    if (q.onError_) q.onError_(code, res.message);
    if (onError_) onError_(code, res.message);
  }
  if (q.onResponse_) q.onResponse_(res);
  if (onResponse_) onResponse_(res);
  if (onObservability_) onObservability_(res);
}

EHC_END_NAMESPACE
