#include "connection.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

// The exchange as a state machine (every transition of Progress::step_):
//
//   Connect  -> Write                  reused, or connected
//            -> Done                   the connect failed
//   Write    -> ReadHead               written; or the write failed after some of
//                                      it went (an early answer may be there)
//            -> Connect                a dead kept connection: sent again (once)
//            -> Done                   the request is bad, or the write failed
//   ReadHead -> ReadBody               the header section ended
//   ReadBody -> Drain                  the caller needs no more of the body
//   Read*    -> Connect                a kept connection died before the response
//            -> Done                   complete, failed, closed, timed out
//   Drain    -> Done                   complete, or a limit, close or failure
//                                      (which costs only the connection)
//   (an early answer ends Done when it came, else as the failed write does)

ExchangeResult Connection::exchange(const Endpoint& endpoint, Exchange& request,
                                    ResponseParser& parser, Deadline doneBy,
                                    uint32_t connectTimeoutMs) {
  Progress x;
  begin(x, endpoint, request, parser, doneBy, connectTimeoutMs);
  while (step(x)) {
  }
  return x.result_;
}

void Connection::begin(Progress& x, const Endpoint& endpoint, Exchange& request,
                       ResponseParser& parser, Deadline doneBy, uint32_t connectTimeoutMs) {
  x = Progress();
  x.endpoint_ = endpoint;
  x.request_ = &request;
  x.parser_ = &parser;
  x.doneBy_ = doneBy;
  x.connectTimeoutMs_ = connectTimeoutMs;
  x.start_ = monotonicMs();
  x.step_ = ExchangeStep::Connect;
  releaseIdle();
  if (!endpoint.host || strlen(endpoint.host) > EHC_MAX_HOST_LENGTH) {
    x.result_.http = HttpError::BadUrl;
    x.step_ = ExchangeStep::Done;
  }
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

void Connection::finish(Progress& x) {
  x.result_.keptAlive = open();
  x.result_.totalMs = monotonicMs() - x.start_;
  x.step_ = ExchangeStep::Done;
  lastUsedMs_ = monotonicMs();
}

// At most two attempts: the second only when a reused connection turned out
// to be dead before the response began.
void Connection::resend(Progress& x) {
  x.result_.resent = true;
  end();
  if (++x.tries_ >= 2) {
    finish(x);
    return;
  }
  x.step_ = ExchangeStep::Connect;
}

void Connection::connectStep(Progress& x) {
  ExchangeResult& r = x.result_;
  const bool reused = open() && sameEndpoint(x.endpoint_) && !current_->peerClosed();
  if (!reused) {
    end();  // stale, or another endpoint
    r.net = connect(x.endpoint_, Deadline::in(x.connectTimeoutMs_).min(x.doneBy_), r);
    if (r.net != NetError::Ok) {
      finish(x);
      return;
    }
  }
  r.reused = reused;
  x.step_ = ExchangeStep::Write;
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
  strncpy(host_, endpoint.host, sizeof host_ - 1);  // length checked in begin()
  port_ = endpoint.port;
  tls_ = endpoint.tls;
}

namespace {
struct Writing {
  Transport* transport;
  Connection::Progress* progress;
};
}  // namespace

void Connection::writeStep(Progress& x) {
  ExchangeResult& r = x.result_;
  r.net = NetError::Ok;
  r.http = HttpError::Ok;
  x.writeError_ = NetError::Ok;
  x.sentBefore_ = x.result_.bytesSent;
  Writing writing{current_, &x};
  RequestWriter writer(sendToTransport, &writing, reinterpret_cast<char*>(buffer_), sizeof buffer_);
  HttpError written = x.request_->writeRequest(writer);
  if (written == HttpError::Ok) written = writer.finish();
  if (written == HttpError::Ok) {
    startReading(x);
  } else if (x.writeError_ == NetError::Ok) {
    end();             // part of a request may be on the wire: the connection is unusable
    r.http = written;  // the request itself is bad (injection, missing parameter, ...)
    finish(x);
  } else if (x.result_.bytesSent > x.sentBefore_ && x.writeError_ != NetError::WriteTimeout) {
    // A server may answer before it stops reading a request (a 413 for a
    // body too large, a 401) and then reset or close: that answer, when its
    // head came before the write failed, is the outcome, as curl and
    // browsers report it. (After a timeout there is no time left to read.)
    x.earlyAnswer_ = true;
    x.receivedBefore_ = r.bytesReceived;
    startReading(x);
  } else {
    afterFailedWrite(x);
  }
}

bool Connection::sendToTransport(void* writing, const char* data, size_t length) {
  Writing& w = *static_cast<Writing*>(writing);
  Progress& x = *w.progress;
  const NetError e = w.transport->write(reinterpret_cast<const uint8_t*>(data), length, x.doneBy_);
  if (e != NetError::Ok) {
    x.writeError_ = e;
    return false;
  }
  x.result_.bytesSent += length;
  return true;
}

// A dead kept connection: try a fresh one if the server cannot have acted
// on this request, or acting twice is harmless.
void Connection::afterFailedWrite(Progress& x) {
  end();
  x.result_.net = x.writeError_;
  const bool nothingWritten = x.result_.bytesSent == x.sentBefore_;
  if (x.result_.reused && (x.request_->replayable() || nothingWritten))
    resend(x);
  else
    finish(x);
}

// The early answer, when its head came, is the outcome; the connection is
// closed either way (the rest of the request never went).
void Connection::endEarlyAnswer(Progress& x) {
  end();
  if (x.result_.bytesReceived > x.receivedBefore_ && x.parser_->headersDone()) {
    finish(x);
    return;
  }
  x.result_.net = NetError::Ok;
  x.result_.http = HttpError::Ok;
  afterFailedWrite(x);
}

void Connection::startReading(Progress& x) {
  x.parser_->begin(x.request_->isHead());
  x.anyByte_ = false;
  x.leftover_ = false;
  x.drainFrom_ = 0;
  x.reads_ = 0;
  x.readBy_ = x.doneBy_;
  x.step_ = ExchangeStep::ReadHead;
}

// Once the caller is done, the rest is read only to keep the connection: up
// to drainLimit_ bytes, for up to drainTimeoutMs_. Whatever ends the
// draining (a limit, a close, a reset, a malformed tail) only costs the
// connection; the caller's result stands. False when it is not worth it.
bool Connection::startDraining(Progress& x) {
  const ResponseParser& parser = *x.parser_;
  x.step_ = ExchangeStep::Drain;
  x.drainFrom_ = parser.bodyBytes();
  x.readBy_ = Deadline::in(drainTimeoutMs_).min(x.doneBy_);
  const int64_t length = parser.contentLength();
  const bool tooLong =
      length >= 0 && static_cast<uint64_t>(length) - parser.bodyBytes() > drainLimit_;
  return !tooLong && parser.framingAllowsReuse();  // worth reading, and reusable
}

// One read of the response, fed to the parser.
void Connection::readStep(Progress& x) {
  ExchangeResult& r = x.result_;
  ResponseParser& parser = *x.parser_;
  if (x.step_ == ExchangeStep::ReadBody) {
    if (x.request_->bodySatisfied() && !startDraining(x)) return endReading(x);
  } else if (x.step_ == ExchangeStep::Drain && parser.bodyBytes() - x.drainFrom_ > drainLimit_) {
    return endReading(x);
  }
  // A server that never stops sending must not keep us past the deadline:
  // reads that always find data never time out by themselves. A read that
  // waits checks the deadline itself, so the clock is read at every 8th
  // read only (at most 7 reads that found data at once, a few KB, go past
  // it): on a board it costs more than a read's bookkeeping (ESP-IDF's
  // monotonicMs() divides esp_timer's 64-bit microseconds).
  if ((x.reads_++ & 7) == 0 && x.readBy_.expired()) {
    if (x.step_ != ExchangeStep::Drain) r.net = NetError::ReadTimeout;
    return endReading(x);
  }
  size_t got = 0;
  const NetError e = current_->read(buffer_, sizeof buffer_, &got, x.readBy_);
  if (e != NetError::Ok || got == 0) {
    // A kept connection the server dropped as we sent: nothing was
    // answered, so the request may go again on a fresh one. (A timeout is
    // not that: the server may be working on it.)
    const bool stale =
        !x.anyByte_ && (e == NetError::Ok || e == NetError::Reset || e == NetError::ReadFailed);
    if (stale && r.reused && x.request_->replayable())
      return x.earlyAnswer_ ? endEarlyAnswer(x) : resend(x);
    if (x.step_ != ExchangeStep::Drain) {
      if (e != NetError::Ok)
        r.net = e;
      else
        parser.finishAtClose();
    }
    return endReading(x);
  }
  if (!x.anyByte_) {
    x.anyByte_ = true;
    r.firstByteMs = monotonicMs() - x.start_;
  }
  r.bytesReceived += got;
  const size_t used = parser.feed(reinterpret_cast<const char*>(buffer_), got);
  if (parser.complete()) x.leftover_ = used < got;
  if (parser.complete() || parser.failed()) return endReading(x);
  if (x.step_ == ExchangeStep::ReadHead && parser.headersDone()) x.step_ = ExchangeStep::ReadBody;
}

void Connection::endReading(Progress& x) {
  ExchangeResult& r = x.result_;
  const ResponseParser& parser = *x.parser_;
  const bool draining = x.step_ == ExchangeStep::Drain;
  // A failure after the point where the caller had its answer (the wanted
  // values, or the JSON error that ended them) is in the part being drained,
  // whether it came in a later read or in the same one: it only costs the
  // connection. (The parser hands over no body byte past its failure, so an
  // answer complete now was complete before it.)
  const bool answered = draining || (parser.headersDone() && x.request_->bodySatisfied());
  if (parser.failed() && !answered) r.http = parser.error();
  r.drained = draining && parser.complete();
  const bool reusable = parser.complete() && parser.keepAlive() && !x.leftover_ && r.ok();
  if (!reusable) end();
  if (x.earlyAnswer_)
    endEarlyAnswer(x);
  else
    finish(x);
}

EHC_END_NAMESPACE
