#include "rest_client.h"

#include <string.h>

#include "../http/text.h"
#include "json_body.h"
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
  urlValid_ = false;
  const size_t n = baseUrl ? strlen(baseUrl) : 0;
  if (n == 0 || n > EHC_MAX_URL_LENGTH) return false;
  if (baseUrl != baseUrl_) memmove(baseUrl_, baseUrl, n + 1);
  char oldHost[sizeof baseHost_];
  memcpy(oldHost, baseHost_, sizeof oldHost);
  urlValid_ = parseUrl(baseUrl_, n, &url_, portOverride_) == HttpError::Ok &&
              copyHost(url_, baseHost_, sizeof baseHost_);
  if (strcmp(oldHost, baseHost_) != 0) end();  // another server: the kept connection is useless
  return urlValid_;
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
    hopCrossOrigin_ = crossOrigin();
    binder_.restart();
    bodyFed_ = false;
    memset(headerMatch_, 0, sizeof headerMatch_);
    parser_.clearCaptures();
    locationCapture_ =
        q.redirects_ ? parser_.captureHeader("Location", location_, sizeof location_) : -1;
    cookies_.setResponseHost(host_);
    parser_.onHeaders(&kHeaderVisitor, this);
    parser_.onBody(onBodyBytes, this);

    Exchanger exchange(*this, q);
    const uint32_t timeout = q.timeoutMs_ ? q.timeoutMs_ : timeoutMs_;
    const Endpoint at{host_, hopUrl_.port, hopUrl_.https};
    current_ = &q;
    const ExchangeResult r =
        connection_.exchange(at, exchange, parser_, Deadline::in(timeout), connectTimeoutMs_);
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
    res.message = reasonPhrase(status);
    return;
  }
}

// The next hop's URL from Location: absolute (scheme case-insensitive),
// scheme-relative ("//host/path"), absolute path, or relative to the current
// path's directory. A fragment is dropped (it never goes to a server).
bool RestClient::nextHop(int status) {
  if (locationCapture_ < 0 || parser_.headerStatus(locationCapture_) != HeaderStatus::Found ||
      !location_[0])
    return false;
  if (char* hash = strchr(location_, '#')) *hash = '\0';
  const size_t locationLength = strlen(location_);
  char next[sizeof hopUrlText_];
  const auto scheme = [&](const char* s) {
    return equalsIgnoreCase(location_, strlen(s), s, strlen(s)) && locationLength >= strlen(s);
  };
  size_t n = 0;
  const auto put = [&](const char* s, size_t k) {
    if (n + k >= sizeof next) return false;
    memcpy(next + n, s, k);
    n += k;
    next[n] = '\0';
    return true;
  };
  bool fits = true;
  if (scheme("http://") || scheme("https://")) {
    fits = put(location_, locationLength);
    for (size_t i = 0; i < 5 && i < n && next[i] != ':'; ++i)  // the parser wants it lowercase
      if (next[i] >= 'A' && next[i] <= 'Z') next[i] = static_cast<char>(next[i] - 'A' + 'a');
  } else if (location_[0] == '/' && location_[1] == '/') {
    fits = put(hopUrl_.https ? "https:" : "http:", hopUrl_.https ? 6 : 5) &&
           put(location_, locationLength);
  } else {
    char port[8] = "";
    if (!hopUrl_.defaultPort) {
      char digits[6];
      size_t d = 0;
      for (uint16_t p = hopUrl_.port; p; p = static_cast<uint16_t>(p / 10))
        digits[d++] = static_cast<char>('0' + p % 10);
      port[0] = ':';
      for (size_t i = 0; i < d; ++i) port[1 + i] = digits[d - 1 - i];
      port[1 + d] = '\0';
    }
    fits = put(hopUrl_.https ? "https://" : "http://", hopUrl_.https ? 8 : 7) &&
           (!hopUrl_.ipv6 || put("[", 1)) && put(host_, strlen(host_)) &&
           (!hopUrl_.ipv6 || put("]", 1)) && put(port, strlen(port));
    if (fits && location_[0] != '/') {  // relative: the current path's directory
      size_t dir = hopUrl_.pathLength;
      const char* query = static_cast<const char*>(memchr(hopUrl_.path, '?', hopUrl_.pathLength));
      if (query) dir = static_cast<size_t>(query - hopUrl_.path);
      while (dir > 0 && hopUrl_.path[dir - 1] != '/') --dir;
      fits = dir ? put(hopUrl_.path, dir) : put("/", 1);
    }
    fits = fits && put(location_, locationLength);
  }
  if (!fits) return false;
  memcpy(hopUrlText_, next, n + 1);
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
    if (responded && binder_.count() > 0 && bodyFed_) {
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
