#include "request_run.h"

#include <string.h>

#include <new>

#include "../http/text.h"
#include "user_headers.h"

EHC_BEGIN_NAMESPACE

// getHeader() targets read the fields through the header visitor; only the
// redirect's Location is a capture.
static_assert(EHC_HTTP_MAX_CAPTURES >= 1, "a redirect's Location needs a capture");

namespace {

bool sends(const char* method, const char* which) {
  return strcmp(method, which) == 0;
}

// POST and PATCH may change the server's state each time they arrive.
bool unsafeToRepeat(const char* method) {
  return sends(method, "POST") || sends(method, "PATCH");
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

// Copies the URL's host (without brackets) into out; false when too long.
bool copyHost(const Url& url, char* out, size_t size) {
  if (url.hostLength >= size) return false;
  memcpy(out, url.host, url.hostLength);
  out[url.hostLength] = '\0';
  return true;
}

}  // namespace

void RequestRun::start(const RequestSpec& spec, bool ownsBinder) {
  spec_ = &spec;
  ownsBinder_ = ownsBinder;
  new (&result_) RestResult();  // zeroed in place (a temporary and a copy cost more)
  begun_ = monotonicMs();
  hop_.method = spec.method;
  if (spec.error != EHC_OK || client_.settings.urlError != EHC_OK) {  // nothing to send
    if (spec.error != EHC_OK)
      fail(spec.error, ErrorCause(spec.errorCause));
    else
      fail(client_.settings.urlError, ErrorCause(client_.settings.urlCause));
    return done();
  }
  // One deadline for the whole request, as libcurl's CURLOPT_TIMEOUT: every
  // attempt, redirect and wait between retries comes out of it.
  doneBy_ = Deadline::in(spec.timeoutMs ? spec.timeoutMs : client_.settings.timeoutMs);
  retries_ = spec.retries >= 0 ? spec.retries : client_.settings.maxRetry;
  repeatable_ = spec.idempotent || !unsafeToRepeat(spec.method);
  attempt_ = resumes_ = 0;
  resuming_ = uploadUsed_ = reconnecting_ = false;
  uploadFromStart_ = true;
  reconnects_ = 0;
  const bool own = spec.body.inflater != nullptr;
  body_.begin(spec.body, spec.body.maxBody ? spec.body.maxBody : client_.settings.maxBodySize,
              own ? spec.body.inflater : client_.settings.inflater,
              own ? spec.body.inflate : client_.settings.inflate);
  state_ = RunState::Attempt;
}

bool RequestRun::stepOther() {
  blocked_ = false;
  switch (state_) {
    case RunState::Attempt: startAttempt(); break;
    case RunState::Hop: startHop(); break;
    case RunState::Exchange: break;  // step()'s
    case RunState::Settle: settle(); break;
    case RunState::Backoff: backoff(); break;
    case RunState::Done: break;
  }
  return state_ != RunState::Done;
}

WaitFor RequestRun::waitFor() const {
  if (state_ == RunState::Exchange) return client_.connection.waitFor(progress_);
  WaitFor w;
  w.until = blocked_ ? backoffUntil_ : Deadline::in(0);  // else: call again now
  return w;
}

void RequestRun::wait() {
  if (!blocked_) return;
  if (state_ == RunState::Exchange)
    client_.connection.wait(progress_);
  else
    sleepMs(backoffUntil_.remainingMs());
}

void RequestRun::cancel() {
  if (state_ == RunState::Done) return;
  if (state_ == RunState::Exchange) {
    client_.connection.abort(progress_);
    result_.bodyBytes = parser_.bodyBytes();
  }
  blocked_ = false;
  fail(EHC_ERROR_CANCELLED, ErrorCause());
  done();
}

const PolledCalls kPolledCalls = {[](RequestRun& run) { run.cancel(); },
                                  [](const RequestRun& run) { return run.waitFor(); }};

void RequestRun::follow(const RequestSpec& spec) {
  spec_ = &spec;
  headerTargets_.follow(spec.headerTargets);
}

void RequestRun::fail(int code, ErrorCause cause) {
  result_.error = result_.statusCode = code;
  result_.cause = cause;
}

void RequestRun::fail(int code, RequestError cause) {
  fail(code, ErrorCause(cause));
}

void RequestRun::startAttempt() {
  ++result_.attempts;
  attemptSent_ = false;
  hop_.url = client_.settings.url;
  hop_.method = spec_->method;
  hop_.hasBody = true;
  hop_.index = 0;
  hop_.crossOrigin = false;  // the base URL's
  hop_.range = resuming_ ? range_ : nullptr;
  hop_.ifRange = resuming_ ? body_.ifRange() : nullptr;
  hop_.lastEventId = reconnecting_ ? body_.lastEventId() : nullptr;
  state_ = RunState::Hop;
}

void RequestRun::startHop() {
  if (!copyHost(hop_.url, hop_.host, sizeof hop_.host)) {
    fail(EHC_ERROR_CAPACITY, RequestError::HostTooLong);
    return retryOrDone();
  }
  headBytes_ = 0;
  // The connection begins the parser when it reads: a hop that fails or is
  // cancelled before tells no earlier response's counts (bodyBytes).
  parser_.begin(false);
  client_.binder.restart();
  bodyWanted_ = -1;
  headerTargets_.begin(spec_->headerTargets, spec_->headerTargetCount);
  parser_.clearCaptures();
  locationCapture_ = -1;
  if (spec_->redirects) spec_->redirect->captureLocation(*this);
  if (const CookieCalls* c = client_.settings.cookies) c->begin(client_.cookies, hop_.host);
  body_.startHop(parser_, resuming_);
  const CookieCalls* cookies = client_.settings.cookies;
  parser_.onHeaders(spec_->headerCalls ? spec_->headerCalls->requestVisitor
                    : cookies          ? cookies->requestVisitor
                                       : nullptr,
                    this);
  parser_.onBody(onBodyBytes, this);
  result_.bodyBytes = 0;    // the answer's: this hop's, if it is the answer (set at settle())
  if (doneBy_.expired()) {  // the hops before used up the request's time
    fail(EHC_ERROR_READ_TIMEOUT, RequestError::DeadlineBetweenHops);
    return retryOrDone();
  }
  const Endpoint at{hop_.host, hop_.url.port, hop_.url.https};
  client_.connection.begin(progress_, at, *this, parser_, doneBy_,
                           client_.settings.connectTimeoutMs);
  state_ = RunState::Exchange;
}

// What the exchange came to: a redirect to follow, the answer, or a failure.
void RequestRun::settle() {
  const ExchangeResult& r = progress_.result();
  result_.bytesSent += r.bytesSent;
  attemptSent_ = attemptSent_ || r.bytesSent > 0;
  result_.bytesReceived += r.bytesReceived;
  result_.bodyBytes = parser_.bodyBytes();  // this hop's (the sink may have stopped counting)
  result_.connectMs += r.connectMs;
  result_.tlsMs += r.tlsMs;
  if (hop_.index == 0 && result_.attempts == 1) result_.firstByteMs = r.firstByteMs;
  result_.reused = r.reused;
  result_.continued = r.continued;
  result_.bodyWithheld = r.bodyWithheld;
  result_.sessionResumed |= r.sessionResumed;
  if (body_.failed()) {  // the body's consumers failed it: what ended the exchange
    // (wanted only by a resumed download: its call is there)
    if (body_.restartWanted() && spec_->restartDownload(*this)) return;
    fail(body_.error(), body_.cause());
    return done();
  }
  if (!r.ok()) {
    failedExchange(r);
    return retryOrDone();
  }
  const int status = parser_.status();
  if (spec_->redirects && isRedirectStatus(status)) {
    if (hop_.index >= spec_->redirects) {
      fail(EHC_ERROR_TOO_MANY_REDIRECTS, ErrorCause());
      return retryOrDone();
    }
    if (!spec_->redirect->follow(*this, status)) return retryOrDone();
    // a redirect followed is a response accepted (login flows set cookies)
    if (const CookieCalls* c = client_.settings.cookies) c->end(client_.cookies, true);
    ++result_.redirects;
    state_ = RunState::Hop;
    return;
  }
  body_.finish(parser_, bodyBinder(), downloading());
  if (body_.failed()) {
    fail(body_.error(), body_.cause());
    return done();
  }
  result_.error = EHC_OK;
  result_.cause = ErrorCause();  // an earlier attempt's, if any
  // A 416 that says nothing was missing completes the 206 it continues.
  result_.statusCode = body_.completedByRange() ? 206 : status;
  if (body_.eventMode() && !body_.eventsStopped())
    return spec_->reconnectStream(*this);  // it ended
  done();
}

void RequestRun::failedExchange(const ExchangeResult& r) {
  if (r.net == NetError::Ok) return fail(clientErrorOf(r.http), ErrorCause(r.http));
  const bool writeFailed = r.net == NetError::WriteFailed || r.net == NetError::WriteTimeout;
  const bool headSent = r.bytesSent >= headBytes_ && headBytes_ > 0;
  fail(writeFailed && headSent ? EHC_ERROR_SEND_PAYLOAD_FAILED : clientErrorOf(r.net),
       ErrorCause(r.net));
}

void RequestRun::captureLocation(RequestRun& run) {
  run.locationCapture_ = static_cast<int8_t>(
      run.parser_.captureHeader("Location", run.location_, sizeof run.location_));
}

const RedirectCalls kRedirectCalls = {RequestRun::captureLocation, RequestRun::redirectHop,
                                      isCredentialHeader};

// The next hop from Location, resolved against the URL that sent it (RFC
// 3986 section 5, RFC 9110 section 10.2.2) with its fragment dropped; false,
// with the error in the result, when there is none to follow.
bool RequestRun::followRedirect(int status) {
  const HeaderStatus location =
      locationCapture_ < 0 ? HeaderStatus::Missing : parser_.headerStatus(locationCapture_);
  if (location == HeaderStatus::Truncated) {
    fail(EHC_ERROR_CAPACITY, RequestError::LocationTooLong);
    return false;
  }
  if (location != HeaderStatus::Found || !location_[0]) {
    fail(EHC_ERROR_BAD_URL, RequestError::NoLocation);
    return false;
  }
  // The base, then the target: one after the other, not one inside the
  // other (each has a URL-sized buffer on the stack).
  const bool base = responseUrl();
  if (!locationTarget(base)) return false;
  if (parseUrl(hop_.urlText, &hop_.url) != HttpError::Ok) {
    fail(EHC_ERROR_BAD_URL, RequestError::BadLocation);
    return false;
  }
  const Url& origin = client_.settings.url;
  hop_.crossOrigin = hop_.url.https != origin.https || hop_.url.port != origin.port ||
                     hop_.url.hostLength != origin.hostLength ||
                     memcmp(hop_.url.host, origin.host, origin.hostLength) != 0;
  if (redirectBecomesGet(status, hop_.method)) {
    hop_.method = "GET";
    hop_.hasBody = false;
  }
  ++hop_.index;
  return true;
}

// The Location resolved against hop_.urlText (whole: `base`), into it;
// false (the error set) when it does not fit or is not http(s).
bool RequestRun::locationTarget(bool base) {
  const bool pathRelative = !schemeLength(location_) && location_[0] != '/';
  if (!base && pathRelative) {
    fail(EHC_ERROR_CAPACITY, RequestError::UrlTooLongToResolve);
    return false;
  }
  char next[sizeof hop_.urlText];
  if (!resolveReference(hop_.urlText, location_, next, sizeof next)) {
    fail(EHC_ERROR_CAPACITY, RequestError::ResolvedLocationTooLong);
    return false;
  }
  if (char* fragment = strchr(next, '#')) *fragment = '\0';  // never sent to a server
  const size_t scheme = schemeLength(next);
  if (!equalsIgnoreCase(next, scheme, "http", 4) && !equalsIgnoreCase(next, scheme, "https", 5)) {
    fail(EHC_ERROR_BAD_URL, RequestError::RedirectScheme);
    return false;
  }
  memcpy(hop_.urlText, next, strlen(next) + 1);
  return true;
}

// The URL the response being followed answered, into hop_.urlText: the
// request's own target on the first hop (base path, path, parameters and
// query as sent), the Location followed after that. False when the first
// hop's does not fit: then only its origin is there.
bool RequestRun::responseUrl() {
  if (hop_.index > 0) return true;
  char* text = hop_.urlText;
  const size_t origin = formatOrigin(client_.settings.url, text, sizeof hop_.urlText);
  struct Room {
    char* at;
    size_t left;
  } room{text + origin, sizeof hop_.urlText - origin};
  char buffer[16];  // the writer's own: small, as this is done once per redirect
  RequestWriter target(
      [](void* user, const char* data, size_t n) {
        Room& r = *static_cast<Room*>(user);
        if (n >= r.left) return false;
        memcpy(r.at, data, n);
        r.at += n;
        r.left -= n;
        return true;
      },
      &room, buffer, sizeof buffer);
  const RequestSpec& q = *spec_;
  target.target(client_.settings.url, q.path, q.pathParams, q.pathCount, q.query, q.queryCount);
  const bool whole = origin > 0 && target.finish() == HttpError::Ok;
  if (!whole) room.at = text + origin;
  *room.at = '\0';
  return whole;
}

// After a failure: another attempt when a retry may cure it, it is safe to
// send again, and its backoff ends before the deadline (a retry with no time
// left cannot succeed). The backoff before retry k + 1 is 1x, 2x, 4x ... the
// first wait, at most 8 s.
void RequestRun::retryOrDone() {
  if (body_.eventMode()) return spec_->reconnectStream(*this);  // a stream that was going
  if (body_.delivered())                                        // the target has part of it
    return spec_->resumeDownload ? spec_->resumeDownload(*this) : done();
  if (!retryable(result_.error) || attempt_ >= retries_) return done();
  if (!repeatable_ && attemptSent_) return done();          // it may have arrived
  if (uploadUsed_ && !spec_->upload.rewind) return done();  // its source was read
  uint32_t wait = uint32_t{EHC_RETRY_BACKOFF_MS} << (attempt_ < 6 ? attempt_ : 6);
  if (wait > 8000) wait = 8000;
  if (doneBy_.remainingMs() <= wait) return done();
  backoffUntil_ = Deadline::in(wait);
  state_ = RunState::Backoff;
}

// A download the target has part of goes on from where it stopped (the
// server answered a moment ago: no wait), when the request allows it.
void RequestRun::resumeOrDone() {
  if (!retryable(result_.error) || resumes_ >= spec_->body.resumes || doneBy_.expired())
    return done();
  if (!spec_->body.resume->range(body_.received(), range_, sizeof range_)) return done();
  ++resumes_;
  resuming_ = true;
  state_ = RunState::Attempt;
}

// A resumed download whose resource changed length: the next attempt asks
// for all of it (no Range), into a target that starts over; it counts as a
// resumption. False when none is left or the target cannot start over.
bool RequestRun::restartDownload() {
  if (resumes_ >= spec_->body.resumes || doneBy_.expired() || !spec_->body.restart()) return false;
  ++resumes_;
  resuming_ = false;
  state_ = RunState::Attempt;
  return true;
}

// An event stream that ended (closed, dropped) starts again after the
// server's retry: time (3 s by default, as browsers wait), with the last
// event ID, up to the request's reconnects; the result is the last stream's.
void RequestRun::reconnectOrDone() {
  const uint32_t wait = body_.eventRetryMs(EHC_SSE_RETRY_MS);
  if (reconnects_ >= spec_->body.reconnects || doneBy_.remainingMs() <= wait) return done();
  ++reconnects_;
  reconnecting_ = true;
  backoffUntil_ = Deadline::in(wait);
  state_ = RunState::Backoff;
}

void resumeOrDone(RequestRun& run) {
  run.resumeOrDone();
}

bool restartDownload(RequestRun& run) {
  return run.restartDownload();
}

void reconnectOrDone(RequestRun& run) {
  run.reconnectOrDone();
}

// A stage that judges the body it took (GraphQL's multipart reader): a body
// it found malformed fails the request, as a body the binder found invalid
// does. A failure before (the connection dropped) stays the one told.
void RequestRun::endEventStage() {
  const int code = spec_->body.eventCalls->failure(spec_->body);
  if (code != EHC_OK && result_.error == EHC_OK) fail(code, ErrorCause());
  done();
}

void endEventStage(RequestRun& run) {
  run.endEventStage();
}

void RequestRun::backoff() {
  if (!backoffUntil_.expired()) {
    blocked_ = true;
    return;
  }
  ++attempt_;
  state_ = RunState::Attempt;
}

void RequestRun::done() {
  result_.totalMs = monotonicMs() - begun_;
  if (ownsBinder_) completeBindings();
  // Nothing of a response the client rejected is kept.
  if (const CookieCalls* c = client_.settings.cookies)
    c->end(client_.cookies, result_.error == EHC_OK);
  state_ = RunState::Done;
}

void RequestRun::completeBindings() {
  RestResult& res = result_;
  const bool responded = res.statusCode > 0;
  // A body that should be there and is empty is not JSON either.
  if (responded && client_.binder.count() > 0 && !body_.eventMode() &&
      (body_.fedBinder() || responseHasBody(res.statusCode))) {
    const JsonError e = client_.binder.finish();
    if (e != JsonError::Ok && res.error == EHC_OK && res.statusCode >= 200 &&
        res.statusCode < 300) {
      res.error = EHC_ERROR_INVALID_JSON;
      res.cause = ErrorCause(e);
    }
  }
  res.bindings = static_cast<uint8_t>(client_.binder.count());
  for (int i = 0; i < client_.binder.count(); ++i) {
    const BindStatus s = client_.binder.status(i);
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
  res.converted = client_.binder.converted() & res.found;
  if (responded && spec_->headerCalls)
    spec_->headerCalls->finish(headerTargets_, &res.headersFound, &res.headersTruncated);
}

HttpError RequestRun::writeRequest(RequestWriter& writer, bool headOnly) {
  // A write from the request's start (not one the transport cut, nor the
  // body after its head): an upload's body starts again from its source's
  // start, read again only when it rewinds.
  if (!writer.resumed()) uploadFromStart_ = true;
  if (spec_->upload.read && hop_.hasBody && !headOnly && uploadFromStart_) {
    if (uploadUsed_ && !(spec_->upload.rewind && spec_->upload.rewind()))
      return HttpError::BodySourceFailed;
    uploadUsed_ = true;
    uploadFromStart_ = false;
    upload_ = UploadCursor();
  }
  size_t headBytes = 0;
  const HttpError e = writeRequestMessage(writer, *spec_, client_.settings, client_.cookies, hop_,
                                          headOnly, &headBytes, upload_);
  headBytes_ = static_cast<uint32_t>(headBytes);
  return e;
}

const ContinueCalls* RequestRun::expectsContinue() const {
  return spec_->upload.read && hop_.hasBody ? spec_->upload.expectContinue : nullptr;
}

bool RequestRun::isHead() const {
  return sends(hop_.method, "HEAD");
}

bool RequestRun::replayable() const {
  if (spec_->upload.read && !spec_->upload.rewind) return false;  // read once
  return spec_->idempotent || !unsafeToRepeat(hop_.method);
}

bool RequestRun::followingRedirect() const {
  return spec_->redirects > hop_.index && isRedirectStatus(parser_.status());
}

bool RequestRun::decideBody() const {
  bodyWanted_ =
      client_.binder.count() > 0 && !followingRedirect();  // a hop's body is not the answer
  return bodyWanted_ > 0;
}

// RFC 9110: a response to HEAD, a 204 and a 304 have no body (1xx are not final).
bool RequestRun::responseHasBody(int status) const {
  return status != 204 && status != 304 && !sends(hop_.method, "HEAD");
}

// The answer's body (2xx, or any with sinkEveryStatus) goes to the download
// target, if there is one.
bool RequestRun::downloading() const {
  const int status = parser_.status();
  const bool answer = (status >= 200 && status < 300) || spec_->body.sinkEveryStatus;
  return (spec_->body.sink || spec_->body.events) && answer && !followingRedirect();
}

JsonBinder* RequestRun::bodyBinder() const {
  return wantsBody() ? &client_.binder : nullptr;
}

// Nothing more is wanted once the body's consumers failed, its announced
// size is beyond the limit, or (no download) the bindings are resolved.
bool RequestRun::bodySatisfied() const {
  if (body_.direct()) return client_.binder.done();  // asked at every read: the common case first
  const bool wanted = downloading() || (wantsBody() && !client_.binder.done());
  return !wanted || body_.failed() || body_.eventsStopped() || body_.tooLarge(parser_);
}

// A download (not an event stream, which its callback may stop) takes the
// body whole: the connection hands it the transport's slices as they are.
bool RequestRun::wantsWholeBody() const {
  return downloading() && !spec_->body.events;
}

void RequestRun::onBodyBytes(void* self, const char* data, size_t length) {
  RequestRun& run = *static_cast<RequestRun*>(self);
  if (run.body_.started()) return run.body_.take(run.parser_, nullptr, false, data, length);
  if (run.followingRedirect()) return;  // a hop's body is nobody's
  run.body_.take(run.parser_, run.bodyBinder(), run.downloading(), data, length);
}

// Every field goes to the cookie jar (Set-Cookie, when it is on) and the
// getHeader() targets (if any), which are written only when the response is
// the answer. (Set as the parser's visitor only when either is there.)
const ResponseParser::HeaderVisitor RequestRun::kHeaderVisitor = {
    [](void* self, const char* d, size_t n) {
      RequestRun& run = *static_cast<RequestRun*>(self);
      if (const CookieCalls* c = run.client_.settings.cookies)
        c->visitor->name(&run.client_.cookies, d, n);
      if (const HeaderTargetCalls* t = run.spec_->headerCalls) t->name(run.headerTargets_, d, n);
    },
    [](void* self, const char* d, size_t n) {
      RequestRun& run = *static_cast<RequestRun*>(self);
      if (const CookieCalls* c = run.client_.settings.cookies)
        c->visitor->value(&run.client_.cookies, d, n);
      if (const HeaderTargetCalls* t = run.spec_->headerCalls)
        t->value(run.headerTargets_, d, n, !run.followingRedirect());
    },
    [](void* self, bool trailer) {
      RequestRun& run = *static_cast<RequestRun*>(self);
      if (const CookieCalls* c = run.client_.settings.cookies)
        c->visitor->end(&run.client_.cookies, trailer);
      if (const HeaderTargetCalls* t = run.spec_->headerCalls)
        t->end(run.headerTargets_, !run.followingRedirect());
    }};

EHC_END_NAMESPACE
