#include "rest_client.h"

#include <string.h>

#include "../http/text.h"
#include "json_body.h"
#include "redirect_location.h"
#include "user_headers.h"

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

// Reason phrases as text that outlives the response (a result keeps its
// message pointer).
const char* reasonPhrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 202: return "Accepted";
    case 204: return "No Content";
    case 206: return "Partial Content";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 303: return "See Other";
    case 304: return "Not Modified";
    case 307: return "Temporary Redirect";
    case 308: return "Permanent Redirect";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 410: return "Gone";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    default: break;
  }
  if (status >= 200 && status < 300) return "success";
  if (status >= 300 && status < 400) return "redirect";
  if (status >= 400 && status < 500) return "client error";
  return "server error";
}

bool named(const char* a, const char* b) {
  return equalsIgnoreCase(a, strlen(a), b, strlen(b));
}

bool countBytes(void* user, const char*, size_t n) {
  *static_cast<size_t*>(user) += n;
  return true;
}

bool toRequest(void* user, const char* data, size_t n) {
  return static_cast<RequestWriter*>(user)->body(data, n) == HttpError::Ok;
}

void failWith(RestResult& res, int code, const char* message) {
  res.error = res.statusCode = code;
  res.message = message;
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
    // Credentials stay with the origin they were set for.
    const bool cross = c_.hopCrossOrigin_;
    for (size_t at = 0; at < c_.headersUsed_;) {
      const bool credential = c_.headers_[at] == 'c';
      const char* name = c_.headers_ + at + 1;
      const char* value = name + strlen(name) + 1;
      at = static_cast<size_t>(value + strlen(value) + 1 - c_.headers_);
      if ((cross && (credential || isCredentialHeader(name))) || named(name, "Content-Type") ||
          requestHas(name))
        continue;  // the request's own header of that name replaces it
      w.header(name, value);
    }
    if (c_.cookies_.anyFor(c_.host_, c_.hopUrl_.https, !cross)) writeCookies(w, !cross);
    for (uint8_t i = 0; i < q_.headerCount_; ++i) {
      const char* name = q_.headers_[i].name;
      if ((cross && isCredentialHeader(name)) || named(name, "Content-Type")) continue;
      w.header(name, q_.headers_[i].value);
    }
    writeBody(w);
    return w.error();
  }

  bool bodySatisfied() const override { return !c_.wantsBody(q_) || c_.binder_.done(); }
  bool isHead() const override { return sends(c_.hopMethod_, "HEAD"); }
  bool replayable() const override { return q_.idempotent_ || !unsafeToRepeat(c_.hopMethod_); }

 private:
  bool requestHas(const char* name) const {
    for (uint8_t i = 0; i < q_.headerCount_; ++i)
      if (named(q_.headers_[i].name, name)) return true;
    return false;
  }

  void writeCookies(RequestWriter& w, bool withUsers) {
    struct Pieces {
      RequestWriter* w;
      bool first;
    } p{&w, true};
    w.beginHeader("Cookie");
    c_.cookies_.forHost(
        c_.host_, c_.hopUrl_.https, withUsers,
        [](void* u, const char* text, size_t n) {
          auto* pieces = static_cast<Pieces*>(u);
          if (!pieces->first) pieces->w->headerText("; ", 2);
          pieces->first = false;
          pieces->w->headerText(text, n);
        },
        &p);
    w.endHeader();
  }

  // The request's Content-Type header, its rawBody type, the client's
  // persistent Content-Type header, the client's setting: the first given.
  const char* contentType() const {
    for (uint8_t i = 0; i < q_.headerCount_; ++i)
      if (named(q_.headers_[i].name, "Content-Type")) return q_.headers_[i].value;
    if (q_.contentType_) return q_.contentType_;
    for (size_t at = 0; at < c_.headersUsed_;) {
      const char* name = c_.headers_ + at + 1;
      const char* value = name + strlen(name) + 1;
      if (named(name, "Content-Type")) return value;
      at = static_cast<size_t>(value + strlen(value) + 1 - c_.headers_);
    }
    return c_.contentType_;
  }

  void writeBody(RequestWriter& w) {
    if (!c_.hopHasBody_) {
      w.endHeaders(-1);
    } else if (q_.fieldCount_) {
      w.header("Content-Type", contentType());
      size_t length = 0;  // first pass: the length, for Content-Length
      JsonWriter counter(countBytes, &length);
      writeDottedObject(counter, q_.fields_, q_.fieldCount_);  // checked at body(): no error
      w.endHeaders(static_cast<int64_t>(length));
      headBytes_ = w.position();
      JsonWriter out(toRequest, &w);
      writeDottedObject(out, q_.fields_, q_.fieldCount_);
    } else if (q_.rawBody_) {
      w.header("Content-Type", contentType());
      w.endHeaders(static_cast<int64_t>(q_.rawLength_));
      headBytes_ = w.position();
      w.body(q_.rawBody_, q_.rawLength_);
    } else {
      w.endHeaders(hasBodyByDefault(c_.hopMethod_) ? 0 : -1);
    }
    if (!headBytes_) headBytes_ = w.position();
  }

 public:
  size_t headBytes_ = 0;  // bytes of the request head (sent before a body)

 private:
  RestClient& c_;
  RestRequest& q_;
};

RestClient::RestClient(TextArg baseUrl, uint16_t port, Transport* plain, Transport* secure)
    : portOverride_(port), plain_(plain), secure_(secure), connection_(plain, secure) {
  setBaseUrl(baseUrl);
}

bool RestClient::setBaseUrl(TextArg text) {
  const char* baseUrl = text.c_str();
  const size_t n = baseUrl ? strlen(baseUrl) : 0;
  urlError_ = EHC_ERROR_BAD_URL;
  urlMessage_ = "malformed base URL";
  if (n > EHC_MAX_URL_LENGTH) {
    urlError_ = EHC_ERROR_CAPACITY;
    urlMessage_ = "base URL longer than EHC_MAX_URL_LENGTH";
  }
  if (n == 0 || n > EHC_MAX_URL_LENGTH) return false;
  if (baseUrl != baseUrl_) memmove(baseUrl_, baseUrl, n + 1);
  char oldHost[sizeof baseHost_];
  memcpy(oldHost, baseHost_, sizeof oldHost);
  if (parseUrl(baseUrl_, n, &url_, portOverride_) != HttpError::Ok) return false;
  if (!copyHost(url_, baseHost_, sizeof baseHost_)) {
    urlError_ = EHC_ERROR_CAPACITY;
    urlMessage_ = "host name longer than EHC_MAX_HOST_LENGTH";
    return false;
  }
  urlError_ = EHC_OK;
  if (strcmp(oldHost, baseHost_) != 0) end();  // another server: the kept connection is useless
  return true;
}

void RestClient::setPort(uint16_t port) {
  portOverride_ = port;
  setBaseUrl(baseUrl_);
}

bool RestClient::setContentType(TextArg type) {
  const char* t = type.c_str();
  if (!t || userHeaderProblem("Content-Type", t) || strlen(t) >= sizeof contentType_) return false;
  memcpy(contentType_, t, strlen(t) + 1);
  return true;
}

void RestClient::setTransports(Transport* plain, Transport* secure) {
  end();
  plain_ = plain;
  secure_ = secure;
  connection_.setTransports(plain, secure);
}

bool RestClient::storeHeader(const char* name, const char* value, const char* prefix,
                             bool credential) {
  // Check everything before the old value goes.
  if (userHeaderProblem(name, value ? value : "") || userHeaderProblem(name, prefix)) return false;
  const size_t nameLength = strlen(name), prefixLength = strlen(prefix);
  const size_t valueLength = value ? strlen(value) : 0;
  size_t oldAt = headersUsed_, oldEnd = headersUsed_;
  for (size_t at = 0; at < headersUsed_;) {
    const char* n = headers_ + at + 1;
    const char* v = n + strlen(n) + 1;
    const size_t end = static_cast<size_t>(v + strlen(v) + 1 - headers_);
    if (named(n, name)) {
      oldAt = at;
      oldEnd = end;
    }
    at = end;
  }
  const size_t need = value ? 1 + nameLength + 1 + prefixLength + valueLength + 1 : 0;
  if (need > sizeof headers_ - (headersUsed_ - (oldEnd - oldAt))) return false;
  memmove(headers_ + oldAt, headers_ + oldEnd, headersUsed_ - oldEnd);
  headersUsed_ -= oldEnd - oldAt;
  if (!value) return true;  // removed
  char* at = headers_ + headersUsed_;
  at[0] = credential ? 'c' : '-';
  memcpy(at + 1, name, nameLength + 1);
  memcpy(at + 1 + nameLength + 1, prefix, prefixLength);
  memcpy(at + 1 + nameLength + 1 + prefixLength, value, valueLength + 1);
  headersUsed_ += need;
  return true;
}

bool RestClient::setHeader(TextArg name, TextArg value) {
  return name.c_str() && storeHeader(name.c_str(), value.c_str(), "", false);
}

bool RestClient::bearer(TextArg token) {
  return token.c_str() && storeHeader("Authorization", token.c_str(), "Bearer ", true);
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
  return storeHeader("Authorization", encoded, "Basic ", true);
}

bool RestClient::apiKey(TextArg key, TextArg headerName) {
  return key.c_str() && headerName.c_str() &&
         storeHeader(headerName.c_str(), key.c_str(), "", true);
}

bool RestClient::crossOrigin() const {
  return hopUrl_.https != url_.https || hopUrl_.port != url_.port || strcmp(host_, baseHost_) != 0;
}

bool RestClient::followingRedirect(const RestRequest& q) const {
  return q.redirects_ > hop_ && isRedirect(parser_.status());
}

bool RestClient::wantsBody(const RestRequest& q) const {
  return binder_.count() > 0 && !followingRedirect(q);  // a hop's body is not the answer
}

// RFC 9110: a response to HEAD, a 204 and a 304 have no body (1xx are not final).
bool RestClient::responseHasBody(int status) const {
  return status != 204 && status != 304 && !sends(hopMethod_, "HEAD");
}

void RestClient::onBodyBytes(void* self, const char* data, size_t length) {
  RestClient& c = *static_cast<RestClient*>(self);
  if (!c.current_ || !c.wantsBody(*c.current_) || c.binder_.done()) return;
  c.bodyFed_ = true;
  c.binder_.feed(data, length);
}

RestResult RestClient::execute(RestRequest& q) {
  RestResult res;
  const uint32_t begun = monotonicMs();
  if (q.error_ != EHC_OK) {
    res.error = res.statusCode = q.error_;
    res.message = q.errorMessage_;
  } else if (urlError_ != EHC_OK) {
    failWith(res, urlError_, urlMessage_);
  } else {
    // One deadline for the whole request, as libcurl's CURLOPT_TIMEOUT:
    // every attempt, redirect and wait between retries comes out of it.
    const Deadline doneBy = Deadline::in(q.timeoutMs_ ? q.timeoutMs_ : timeoutMs_);
    const int retries = q.retries_ >= 0 ? q.retries_ : maxRetry_;
    const bool repeatable = q.idempotent_ || !unsafeToRepeat(q.method_);
    for (int attempt = 0;; ++attempt) {
      ++res.attempts;
      const uint64_t sentBefore = res.bytesSent;
      runAttempt(q, res, doneBy);
      if (!retryable(res.error) || attempt >= retries) break;
      if (!repeatable && res.bytesSent != sentBefore) break;  // it may have arrived
      if (!waitBeforeRetry(attempt, doneBy)) break;
    }
  }
  res.totalMs = monotonicMs() - begun;
  finish(q, res);
  return res;
}

// The backoff before retry number attempt + 1: 1x, 2x, 4x ... the first
// wait, at most 8 s. False (no wait, no retry) when the request's deadline
// would pass before it ends: a retry with no time left cannot succeed.
bool RestClient::waitBeforeRetry(int attempt, Deadline doneBy) {
  uint32_t wait = uint32_t{EHC_RETRY_BACKOFF_MS} << (attempt < 6 ? attempt : 6);
  if (wait > 8000) wait = 8000;
  if (doneBy.remainingMs() <= wait) return false;
  sleepMs(wait);
  return true;
}

void RestClient::runAttempt(RestRequest& q, RestResult& res, Deadline doneBy) {
  hopUrl_ = url_;
  hopMethod_ = q.method_;
  hopHasBody_ = true;
  hop_ = 0;
  for (;;) {
    if (!copyHost(hopUrl_, host_, sizeof host_)) {
      failWith(res, EHC_ERROR_CAPACITY, "host name longer than EHC_MAX_HOST_LENGTH");
      return;
    }
    hopCrossOrigin_ = crossOrigin();
    binder_.restart();
    bodyFed_ = false;
    memset(headerMatch_, 0, sizeof headerMatch_);
    parser_.clearCaptures();
    locationCapture_ =
        q.redirects_ ? parser_.captureHeader("Location", location_, sizeof location_) : -1;
    cookies_.discard();  // what a failed exchange before this one staged
    cookies_.setResponseHost(host_);
    parser_.onHeaders(&kHeaderVisitor, this);
    parser_.onBody(onBodyBytes, this);

    if (doneBy.expired()) {  // the hops before used up the request's time
      failWith(res, EHC_ERROR_READ_TIMEOUT, "request timeout (its deadline passed between hops)");
      return;
    }
    Exchanger exchange(*this, q);
    const Endpoint at{host_, hopUrl_.port, hopUrl_.https};
    current_ = &q;
    const ExchangeResult r = connection_.exchange(at, exchange, parser_, doneBy, connectTimeoutMs_);
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
      const bool writeFailed = r.net == NetError::WriteFailed || r.net == NetError::WriteTimeout;
      if (writeFailed && r.bytesSent >= exchange.headBytes_ && exchange.headBytes_ > 0) {
        res.error = res.statusCode = EHC_ERROR_SEND_PAYLOAD_FAILED;  // the head went out
        res.message = errorToString(EHC_ERROR_SEND_PAYLOAD_FAILED);
      }
      return;
    }
    const int status = parser_.status();
    if (q.redirects_ && isRedirect(status)) {
      if (hop_ >= q.redirects_) {
        failWith(res, EHC_ERROR_TOO_MANY_REDIRECTS, errorToString(EHC_ERROR_TOO_MANY_REDIRECTS));
        return;
      }
      if (!nextHop(status, res)) return;
      cookies_.commit();  // a redirect followed is a response accepted (login flows set cookies)
      ++res.redirects;
      continue;
    }
    res.error = EHC_OK;
    res.statusCode = status;
    res.message = reasonPhrase(status);
    return;
  }
}

// The next hop's URL from Location (see resolveLocation); false, with the
// error in res, when there is none to follow.
bool RestClient::nextHop(int status, RestResult& res) {
  const HeaderStatus location =
      locationCapture_ < 0 ? HeaderStatus::Missing : parser_.headerStatus(locationCapture_);
  if (location == HeaderStatus::Truncated) {
    failWith(res, EHC_ERROR_CAPACITY, "redirect Location longer than EHC_MAX_URL_LENGTH");
    return false;
  }
  if (location != HeaderStatus::Found || !location_[0]) {
    failWith(res, EHC_ERROR_BAD_URL, "redirect without a Location");
    return false;
  }
  char next[sizeof hopUrlText_];
  const int resolved = resolveLocation(location_, hopUrl_, host_, next, sizeof next);
  if (resolved == EHC_ERROR_CAPACITY) {
    failWith(res, resolved, "redirect Location longer than EHC_MAX_URL_LENGTH once resolved");
    return false;
  }
  if (resolved != EHC_OK) {
    failWith(res, resolved, "redirect to a scheme other than http or https");
    return false;
  }
  memcpy(hopUrlText_, next, strlen(next) + 1);
  if (parseUrl(hopUrlText_, &hopUrl_) != HttpError::Ok) {
    failWith(res, EHC_ERROR_BAD_URL, "malformed redirect Location");
    return false;
  }
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

// --- getHeader() targets: matched and written as the headers stream by, so
// a target is touched only when its header is there (in the final response,
// not a redirect being followed), a text target gets the whole value, and
// nothing limits a name's length.

const ResponseParser::HeaderVisitor RestClient::kHeaderVisitor = {
    [](void* self, const char* d, size_t n) { static_cast<RestClient*>(self)->headerName(d, n); },
    [](void* self, const char* d, size_t n) { static_cast<RestClient*>(self)->headerValue(d, n); },
    [](void* self, bool trailer) { static_cast<RestClient*>(self)->headerEnd(trailer); }};

void RestClient::headerName(const char* d, size_t n) {
  CookieJar::kVisitor.name(&cookies_, d, n);
  if (!current_) return;
  for (uint8_t k = 0; k < current_->headerTargetCount_; ++k) {
    HeaderMatch& m = headerMatch_[k];
    const char* want = current_->headerTargets_[k].name;
    for (size_t i = 0; i < n && !m.mismatch; ++i) {
      if (want[m.matched] != '\0' && equalsIgnoreCase(d + i, 1, want + m.matched, 1))
        ++m.matched;
      else
        m.mismatch = true;
    }
  }
}

void RestClient::headerValue(const char* d, size_t n) {
  CookieJar::kVisitor.value(&cookies_, d, n);
  if (!current_ || followingRedirect(*current_)) return;
  for (uint8_t k = 0; k < current_->headerTargetCount_; ++k) {
    HeaderMatch& m = headerMatch_[k];
    const RestRequest::HeaderTarget& t = current_->headerTargets_[k];
    if (m.mismatch || t.name[m.matched] != '\0') continue;
    if (!m.inValue) {  // this field's first bytes: start, or join a repeated field
      m.inValue = true;
      if (!m.seen) {
        m.length = 0;
        if (t.textSink) t.textSink->clear(t.target);
      } else {
        appendHeader(k, ", ", 2);
      }
      m.seen = true;
    }
    appendHeader(k, d, n);
  }
}

void RestClient::appendHeader(uint8_t k, const char* d, size_t n) {
  HeaderMatch& m = headerMatch_[k];
  const RestRequest::HeaderTarget& t = current_->headerTargets_[k];
  if (t.textSink) {
    t.textSink->append(t.target, d, n);
    return;
  }
  char* buf = t.convert ? headerText_[k] : static_cast<char*>(t.target);
  const size_t size = t.convert ? sizeof headerText_[k] : t.size;
  const size_t room = size - 1 - m.length;
  const size_t take = n < room ? n : room;
  memcpy(buf + m.length, d, take);
  m.length += take;
  buf[m.length] = '\0';
  if (take < n) m.truncated = true;
}

void RestClient::headerEnd(bool trailer) {
  CookieJar::kVisitor.end(&cookies_, trailer);
  if (!current_) return;
  const bool skip = followingRedirect(*current_);
  for (uint8_t k = 0; k < current_->headerTargetCount_; ++k) {
    HeaderMatch& m = headerMatch_[k];
    const RestRequest::HeaderTarget& t = current_->headerTargets_[k];
    if (!skip && !m.mismatch && t.name[m.matched] == '\0' && !m.inValue && !m.seen) {
      m.seen = true;  // present with an empty value
      m.length = 0;
      if (t.textSink)
        t.textSink->clear(t.target);
      else
        (t.convert ? headerText_[k] : static_cast<char*>(t.target))[0] = '\0';
    }
    m.matched = 0;
    m.mismatch = m.inValue = false;
  }
}

void RestClient::finishHeaderTargets(RestRequest& q, RestResult& res) {
  for (uint8_t k = 0; k < q.headerTargetCount_; ++k) {
    const HeaderMatch& m = headerMatch_[k];
    const RestRequest::HeaderTarget& t = q.headerTargets_[k];
    const uint8_t bit = static_cast<uint8_t>(1u << k);
    if (!m.seen) continue;
    if (m.truncated) res.headersTruncated = static_cast<uint8_t>(res.headersTruncated | bit);
    // A number cut short would read as another number: not written.
    const bool written =
        t.convert ? !m.truncated && t.convert(headerText_[k], t.target) == BindStatus::Found : true;
    if (written) res.headersFound = static_cast<uint8_t>(res.headersFound | bit);
  }
}

void RestClient::finish(RestRequest& q, RestResult& res) {
  const bool owner = building_ == &q;
  if (owner) {
    const bool responded = res.statusCode > 0;
    // A body that should be there and is empty is not JSON either.
    if (responded && binder_.count() > 0 && (bodyFed_ || responseHasBody(res.statusCode))) {
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
        case BindStatus::Invalid: break;  // cut by the body's JSON error (-20): in no mask
      }
    }
    if (responded) finishHeaderTargets(q, res);
    building_ = nullptr;
  }
  // Nothing of a response the client rejected is kept.
  if (res.error == EHC_OK)
    cookies_.commit();
  else
    cookies_.discard();
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
