#include "connection.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

ExchangeResult Connection::exchange(const Endpoint& endpoint, Exchange& request,
                                    ResponseParser& parser, Deadline doneBy,
                                    uint32_t connectTimeoutMs) {
  ExchangeResult r;
  start_ = monotonicMs();
  doneBy_ = doneBy;
  sent_ = 0;
  if (!endpoint.host || strlen(endpoint.host) > EHC_MAX_HOST_LENGTH) {
    r.http = HttpError::BadUrl;
    return r;
  }
  releaseIdle();
  // At most two attempts: the second only when a reused connection turned
  // out to be dead before the response began.
  for (int tries = 0; tries < 2; ++tries) {
    const bool reused = open() && sameEndpoint(endpoint) && !current_->peerClosed();
    if (!reused) {
      end();  // stale, or another endpoint
      r.net = connect(endpoint, Deadline::in(connectTimeoutMs).min(doneBy), r);
      if (r.net != NetError::Ok) break;
    }
    r.reused = reused;
    if (attempt(request, parser, reused, r) == Attempt::Done) break;
    r.resent = true;
    end();
  }
  r.keptAlive = open();
  r.bytesSent = sent_;
  r.totalMs = monotonicMs() - start_;
  lastUsedMs_ = monotonicMs();
  return r;
}

bool Connection::releaseIdle() {
  if (idleReleaseMs_ == 0 || !open() || monotonicMs() - lastUsedMs_ < idleReleaseMs_) return false;
  end();
  return true;
}

void Connection::end() {
  if (current_) current_->close();
  current_ = nullptr;
}

NetError Connection::connect(const Endpoint& endpoint, Deadline deadline, ExchangeResult& r) {
  Transport* t = endpoint.tls ? secure_ : plain_;
  if (!t) return NetError::NotConnected;  // no transport for this scheme
  const uint32_t begun = monotonicMs();
  const NetError e = t->connect(endpoint, deadline);
  r.connectMs += monotonicMs() - begun;
  if (e != NetError::Ok) {
    t->close();
    return e;
  }
  current_ = t;
  remember(endpoint);
  r.tlsMs = t->handshakeMs();
  r.sessionResumed = t->sessionResumed();
  return NetError::Ok;
}

bool Connection::sameEndpoint(const Endpoint& endpoint) const {
  return endpoint.port == port_ && endpoint.tls == tls_ && strcmp(endpoint.host, host_) == 0;
}

void Connection::remember(const Endpoint& endpoint) {
  strncpy(host_, endpoint.host, sizeof host_ - 1);  // length checked in exchange()
  port_ = endpoint.port;
  tls_ = endpoint.tls;
}

bool Connection::sendToTransport(void* self, const char* data, size_t length) {
  Connection& c = *static_cast<Connection*>(self);
  const NetError e = c.current_->write(reinterpret_cast<const uint8_t*>(data), length, c.doneBy_);
  if (e != NetError::Ok) {
    c.writeError_ = e;
    return false;
  }
  c.sent_ += length;
  return true;
}

Connection::Attempt Connection::attempt(Exchange& request, ResponseParser& parser, bool reused,
                                        ExchangeResult& r) {
  r.net = NetError::Ok;
  r.http = HttpError::Ok;
  writeError_ = NetError::Ok;
  const uint64_t sentBefore = sent_;
  RequestWriter writer(sendToTransport, this, reinterpret_cast<char*>(buffer_), sizeof buffer_);
  HttpError written = request.writeRequest(writer);
  if (written == HttpError::Ok) written = writer.finish();
  if (written != HttpError::Ok) {
    if (writeError_ == NetError::Ok) {
      end();             // part of a request may be on the wire: the connection is unusable
      r.http = written;  // the request itself is bad (injection, missing parameter, ...)
      return Attempt::Done;
    }
    if (sent_ > sentBefore && readEarlyAnswer(request, parser, r)) return Attempt::Done;
    end();
    r.net = writeError_;
    // A dead kept connection: try a fresh one if the server cannot have
    // acted on this request, or acting twice is harmless.
    const bool nothingWritten = sent_ == sentBefore;
    return reused && (request.replayable() || nothingWritten) ? Attempt::Resend : Attempt::Done;
  }
  return readResponse(request, parser, r) || !reused ? Attempt::Done : Attempt::Resend;
}

// A server may answer before it stops reading a request (a 413 for a body
// too large, a 401) and then reset or close: that answer, when its head
// came before the write failed, is the outcome, as curl and browsers report
// it. False when there is none; the connection is closed either way (the
// rest of the request never went).
bool Connection::readEarlyAnswer(Exchange& request, ResponseParser& parser, ExchangeResult& r) {
  if (writeError_ == NetError::WriteTimeout) return false;  // no time left to read one
  const uint64_t before = r.bytesReceived;
  readResponse(request, parser, r);
  end();
  if (r.bytesReceived > before && parser.headersDone()) return true;
  r.net = NetError::Ok;
  r.http = HttpError::Ok;
  return false;
}

// Returns false when a reused connection died before the response began
// (the caller may resend); true otherwise, with the outcome in r.
bool Connection::readResponse(Exchange& request, ResponseParser& parser, ExchangeResult& r) {
  parser.begin(request.isHead());
  bool anyByte = false;
  bool leftover = false;  // bytes after the response: not reusable
  // Once the caller is done, the rest is read only to keep the connection:
  // up to drainLimit_ bytes, for up to drainTimeoutMs_. Whatever ends the
  // draining (a limit, a close, a reset, a malformed tail) only costs the
  // connection; the caller's result stands.
  bool draining = false;
  uint64_t drainFrom = 0;
  Deadline readBy = doneBy_;
  for (;;) {
    if (!draining && parser.headersDone() && request.bodySatisfied()) {
      draining = true;
      drainFrom = parser.bodyBytes();
      readBy = Deadline::in(drainTimeoutMs_).min(doneBy_);
      const int64_t length = parser.contentLength();
      const bool tooLong =
          length >= 0 && static_cast<uint64_t>(length) - parser.bodyBytes() > drainLimit_;
      if (tooLong || !parser.framingAllowsReuse()) break;  // not worth reading, or not reusable
    }
    if (draining && parser.bodyBytes() - drainFrom > drainLimit_) break;
    // A server that never stops sending must not keep us past the deadline:
    // reads that always find data never time out by themselves.
    if (readBy.expired()) {
      if (!draining) r.net = NetError::ReadTimeout;
      break;
    }
    size_t got = 0;
    const NetError e = current_->read(buffer_, sizeof buffer_, &got, readBy);
    if (e != NetError::Ok || got == 0) {
      // A kept connection the server dropped as we sent: nothing was
      // answered, so the request may go again on a fresh one. (A timeout is
      // not that: the server may be working on it.)
      const bool stale =
          !anyByte && (e == NetError::Ok || e == NetError::Reset || e == NetError::ReadFailed);
      if (stale && r.reused && request.replayable()) return false;
      if (draining) break;
      if (e != NetError::Ok) {
        r.net = e;
        break;
      }
      parser.finishAtClose();
      break;
    }
    if (!anyByte) {
      anyByte = true;
      r.firstByteMs = monotonicMs() - start_;
    }
    r.bytesReceived += got;
    const size_t used = parser.feed(reinterpret_cast<const char*>(buffer_), got);
    if (parser.complete()) {
      leftover = used < got;
      break;
    }
    if (parser.failed()) break;
  }
  // A failure after the point where the caller had its answer (the wanted
  // values, or the JSON error that ended them) is in the part being drained,
  // whether it came in a later read or in the same one: it only costs the
  // connection. (The parser hands over no body byte past its failure, so an
  // answer complete now was complete before it.)
  const bool answered = draining || (parser.headersDone() && request.bodySatisfied());
  if (parser.failed() && !answered) r.http = parser.error();
  r.drained = draining && parser.complete();
  const bool reusable = parser.complete() && parser.keepAlive() && !leftover && r.ok();
  if (!reusable) end();
  return true;
}

EHC_END_NAMESPACE
