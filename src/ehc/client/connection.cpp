#include "connection.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

// The exchange as a state machine (every transition of Progress::step_):
//
//   Connect  -> Connect                under way (blocked: the socket, the handshake)
//            -> Write                  reused, or connected
//            -> Done                   the connect failed
//   Write    -> Write                  the transport takes no more now (blocked)
//            -> ReadHead               written; or the write failed after some of
//                                      it went (an early answer may be there)
//            -> Connect                a dead kept connection: sent again (once)
//            -> Done                   the request is bad, or the write failed
//   Write    -> ReadHead               with Expect: the head written, the 100 awaited
//   ReadHead -> Write                  the 100 came, or the wait for it ended: the body
//   Read*    -> Read*                  nothing has come yet (blocked)
//   ReadHead -> ReadBody               the header section ended
//   ReadBody -> Drain                  the caller needs no more of the body
//   Read*    -> Connect                a kept connection died before the response
//            -> Done                   complete, failed, closed, timed out
//   Drain    -> Done                   complete, or a limit, close or failure
//                                      (which costs only the connection)
//   (an early answer ends Done when it came, else as the failed write does)
//
// A blocked step waits for nothing itself: the caller waits (waitFor(),
// wait()) and steps again. A step's deadline is checked when it finds
// nothing to do, and when the wait before it ended by its deadline.

ExchangeResult Connection::exchange(const Endpoint& endpoint, Exchange& request,
                                    ResponseParser& parser, Deadline doneBy,
                                    uint32_t connectTimeoutMs) {
  Progress x;
  begin(x, endpoint, request, parser, doneBy, connectTimeoutMs);
  while (step(x)) {
    if (x.blocked_) wait(x);
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
  x.continue_ = continueTimeoutMs_ ? request.expectsContinue() : nullptr;
  x.part_ = x.continue_ ? Progress::Part::Head : Progress::Part::Whole;
  releaseIdle();
  if (!endpoint.host || strlen(endpoint.host) > EHC_MAX_HOST_LENGTH) {
    x.result_.http = HttpError::BadUrl;
    x.step_ = ExchangeStep::Done;
  }
}

void Connection::block(Progress& x, Deadline until) {
  x.blocked_ = true;
  x.waitBy_ = until;
}

// After a WouldBlock: has the step's time run out (the wait before it ended
// by the deadline, or failed, or the deadline is past)?
bool Connection::waitEnded(const Progress& x, Deadline deadline) const {
  return x.waited_ != WaitResult::Ready || deadline.expired();
}

WaitFor Connection::waitFor(const Progress& x) const {
  WaitFor w;
  const Transport* t = transportOf(x);
  if (x.blocked_ && t) w = t->waitFor();
  w.until = x.blocked_ ? w.until.min(x.waitBy_) : Deadline::in(0);
  return w;
}

void Connection::wait(Progress& x) {
  Transport* t = transportOf(x);
  x.waited_ = x.blocked_ && t ? t->waitReady(x.waitBy_) : WaitResult::Ready;
  // A wait that ended Ready ended before the deadline: the read it lets
  // through does not read the clock to check it again (the 8th after does).
  if (x.waited_ == WaitResult::Ready) x.reads_ = 1;
}

void Connection::abort(Progress& x) {
  if (x.step_ == ExchangeStep::Done) return;
  end();
  finish(x);
}

bool Connection::releaseIdle() {
  if (idleReleaseMs_ == 0 || !open() || monotonicMs() - lastUsedMs_ < idleReleaseMs_) return false;
  end();
  return true;
}

void Connection::end() {
  if (current_) current_->close();
  if (pending_) pending_->close();
  current_ = pending_ = nullptr;
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
  x.part_ = x.continue_ ? Progress::Part::Head : Progress::Part::Whole;
  x.awaitingContinue_ = false;
}

void Connection::connectStep(Progress& x) {
  ExchangeResult& r = x.result_;
  NetError e;
  if (x.connecting_) {
    e = pending_->connectStep();
  } else {
    if (open() && sameEndpoint(x.endpoint_) && !current_->peerClosed()) {
      r.reused = true;
      x.step_ = ExchangeStep::Write;
      return;
    }
    end();  // stale, or another endpoint
    r.reused = false;
    pending_ = x.endpoint_.tls ? secure_ : plain_;
    if (!pending_) return connected(x, NetError::NotConnected);  // no transport for this scheme
    x.connecting_ = true;
    x.connectBegun_ = monotonicMs();
    x.waitBy_ = Deadline::in(x.connectTimeoutMs_).min(x.doneBy_);
    e = pending_->startConnect(x.endpoint_, x.waitBy_);
  }
  if (e == NetError::WouldBlock) {
    // The transport tells its own deadline too; a transport without a
    // clock (or a wait that ended by it) must not keep us past ours.
    if (!waitEnded(x, x.waitBy_)) return block(x, x.waitBy_);
    e = NetError::ConnectTimeout;
  }
  connected(x, e);
}

// The connect came to `e`: on to the request, or Done.
void Connection::connected(Progress& x, NetError e) {
  ExchangeResult& r = x.result_;
  Transport* t = pending_;
  if (x.connecting_) r.connectMs += monotonicMs() - x.connectBegun_;
  x.connecting_ = false;
  pending_ = nullptr;
  if (e != NetError::Ok) {
    if (t) t->close();
    r.net = e;
    return finish(x);
  }
  current_ = t;
  lends_ = t->lendsReads();
  remember(x.endpoint_);
  r.tlsMs = t->handshakeMs();
  r.sessionResumed = t->sessionResumed();
  x.step_ = ExchangeStep::Write;
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
  uint64_t* moved;                  // the connection's count
  bool blocked = false;             // the transport takes no more now
  const uint8_t* unsent = nullptr;  // when blocked: what it did not take
  size_t unsentLength = 0;
};
}  // namespace

// A write the transport cut goes on at the next step: first the bytes it
// did not take (kept in the buffer), then the request is made again from its
// start and the writer skips what went before (without copying it). The
// head and an in-memory body are the same bytes every time; an upload goes
// on from its cursor (its source is read once), so nothing is made twice
// that cannot be. A body in memory goes out from where it lies.
void Connection::writeStep(Progress& x) {
  ExchangeResult& r = x.result_;
  if (!x.writing_ && x.part_ != Progress::Part::Body) {  // the body follows its head
    r.net = NetError::Ok;
    r.http = HttpError::Ok;
    x.writeError_ = NetError::Ok;
    x.sentBefore_ = r.bytesSent;
  }
  if (!x.writing_) unsent_ = 0;
  x.writing_ = true;
  Writing writing{current_, &x, &bytesMoved_};
  HttpError written = writeMore(x, &writing);
  keepUnsent(&writing);
  if (writing.blocked) {
    if (!waitEnded(x, x.doneBy_)) return block(x, x.doneBy_);
    x.writeError_ =
        x.waited_ == WaitResult::Failed ? NetError::WriteFailed : NetError::WriteTimeout;
  }
  x.writing_ = false;
  if (x.writeError_ == NetError::Ok && written == HttpError::Ok) {
    afterWrite(x);
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
    if (x.part_ == Progress::Part::Body)
      continueReading(x);  // the parser has read what came before the body
    else
      startReading(x);
  } else {
    afterFailedWrite(x);
  }
}

// The unsent bytes, then the rest of the request.
HttpError Connection::writeMore(Progress& x, void* writing) {
  Writing& w = *static_cast<Writing*>(writing);
  if (unsent_ && !sendToTransport(&w, reinterpret_cast<const char*>(buffer_), unsent_))
    return HttpError::Ok;  // blocked again, or failed (writeError_)
  unsent_ = 0;
  RequestWriter writer(sendToTransport, &w, reinterpret_cast<char*>(buffer_), sizeof buffer_);
  writer.skip(x.result_.bytesSent - x.sentBefore_);
  const HttpError written = x.request_->writeRequest(writer, x.part_ == Progress::Part::Head);
  return written == HttpError::Ok ? writer.finish() : written;
}

// What the transport did not take of the buffer stays, moved to its start
// (of a piece elsewhere, a request body in memory, nothing: it is there).
void Connection::keepUnsent(const void* writing) {
  const Writing& w = *static_cast<const Writing*>(writing);
  const uintptr_t at = reinterpret_cast<uintptr_t>(w.unsent);
  const uintptr_t start = reinterpret_cast<uintptr_t>(buffer_);
  const bool inBuffer = at >= start && at < start + sizeof buffer_;
  unsent_ = w.blocked && inBuffer ? w.unsentLength : 0;
  if (unsent_) memmove(buffer_, w.unsent, unsent_);
}

bool Connection::sendToTransport(void* writing, const char* data, size_t length) {
  Writing& w = *static_cast<Writing*>(writing);
  Progress& x = *w.progress;
  const uint8_t* at = reinterpret_cast<const uint8_t*>(data);
  size_t left = length;
  while (left > 0) {
    size_t sent = 0;
    const NetError e = w.transport->writeSome(at, left, &sent);
    if (e == NetError::WouldBlock) {
      w.blocked = true;
      w.unsent = at;
      w.unsentLength = left;
      return false;
    }
    if (e != NetError::Ok) {
      x.writeError_ = e;
      return false;
    }
    x.result_.bytesSent += sent;
    *w.moved += sent;
    at += sent;
    left -= sent;
  }
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

// The request (or, with Expect, its head or its body) went out.
void Connection::afterWrite(Progress& x) {
  switch (x.part_) {
    case Progress::Part::Whole: return startReading(x);
    case Progress::Part::Head: startReading(x); return x.continue_->headSent(*this, x);
    case Progress::Part::Body: return continueReading(x);
  }
}

const ContinueCalls Connection::kContinueCalls = {awaitContinue, continueTimeUp, continueRead};

void Connection::awaitContinue(const Connection& c, Progress& x) {
  x.awaitingContinue_ = true;
  x.continueFirst_ = c.continueTimeoutMs_ < x.doneBy_.remainingMs();
  x.readBy_ = x.continueFirst_ ? Deadline::in(c.continueTimeoutMs_) : x.doneBy_;
}

// No 100 in time: the body goes anyway (a server that ignores Expect, or an
// HTTP/1.0 one, RFC 9110 10.1.1), unless the wait failed or the deadline
// itself is up.
bool Connection::continueTimeUp(Progress& x) {
  if (!x.continueFirst_ || x.waited_ == WaitResult::Failed) return false;
  sendBody(x);
  return true;
}

// The wait for the 100 is over (it came, or the time did): the body goes.
void Connection::sendBody(Progress& x) {
  x.awaitingContinue_ = false;
  x.part_ = Progress::Part::Body;
  x.step_ = ExchangeStep::Write;
}

// After the body: the parser goes on from where the wait for the 100 left it
// (the 100, and what came after it, are read).
void Connection::continueReading(Progress& x) {
  x.reads_ = 0;
  x.readBy_ = x.doneBy_;
  x.step_ = ExchangeStep::ReadHead;
  if (x.parser_->headersDone()) enterBody(x);
}

// What the bytes read while the 100 was awaited came to; true when the
// body is to be sent now. A final answer first: the body is not sent, the
// answer is read, and the connection closes after it (endReading).
bool Connection::continueRead(Progress& x) {
  const ResponseParser& parser = *x.parser_;
  if (parser.headersDone() || parser.failed()) {
    x.awaitingContinue_ = false;
    x.result_.bodyWithheld = true;
    return false;
  }
  if (parser.continues() == 0) return false;  // nothing yet, or a 103 Early Hints
  x.result_.continued = true;
  sendBody(x);
  return true;
}

void Connection::startReading(Progress& x) {
  x.parser_->begin(x.request_->isHead());
  x.anyByte_ = false;
  x.leftover_ = false;
  x.lentLeft_ = 0;
  x.wholeBody_ = false;
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
  // worth reading, and reusable
  return !tooLong && parser.framingAllowsReuse() && !x.result_.bodyWithheld;
}

// One read of the response, fed to the parser.
void Connection::readStep(Progress& x) {
  const ResponseParser& parser = *x.parser_;
  if (x.step_ == ExchangeStep::ReadBody) {
    if (x.request_->bodySatisfied() && !startDraining(x)) return endReading(x);
  } else if (x.step_ == ExchangeStep::Drain && parser.bodyBytes() - x.drainFrom_ > drainLimit_) {
    return endReading(x);
  }
  // A server that never stops sending must not keep us past the deadline:
  // reads that always find data never time out by themselves. A read that
  // waited checks the deadline (reads_ starts again at 0 after WouldBlock);
  // otherwise the clock is read at every 8th read only (at most 7 reads that
  // found data at once, a few KB, go past it; a blocking wait that ended
  // Ready counts as the check): on a board it costs more than
  // a read's bookkeeping (ESP-IDF's monotonicMs() divides esp_timer's 64-bit
  // microseconds).
  ExchangeResult& r = x.result_;
  if (x.waited_ != WaitResult::Ready || ((x.reads_++ & 7) == 0 && x.readBy_.expired())) {
    if (x.awaitingContinue_ && x.continue_->timeUp(x)) return;
    if (x.step_ != ExchangeStep::Drain)
      r.net = x.waited_ == WaitResult::Failed ? NetError::ReadFailed : NetError::ReadTimeout;
    return endReading(x);
  }
  if (x.lentLeft_ == 0) {
    size_t got = 0;
    const uint8_t* data = buffer_;  // or the transport's own bytes, lent (a copy less)
    const NetError e = lends_ ? current_->readView(buffer_, sizeof buffer_, &data, &got)
                              : current_->readSome(buffer_, sizeof buffer_, &got);
    if (e == NetError::WouldBlock) {
      x.reads_ = 0;
      return block(x, x.readBy_);
    }
    if (e != NetError::Ok || got == 0) return readEnded(x, e);
    x.lent_ = data;
    x.lentLeft_ = got;
  }
  // A piece of what was read, fed to the parser: what a read into the
  // buffer brought, or of lent bytes at most kLentPiece (bodySatisfied() is
  // asked before the next piece, as before the next read: a body stops
  // being parsed, or starts being drained, within a few KB of where its
  // caller was done), or all of them for a body wanted whole, so that a
  // download writes each slice the transport lent at once.
  const bool whole = x.wholeBody_ && x.step_ == ExchangeStep::ReadBody;
  const size_t piece = whole || x.lentLeft_ < kLentPiece ? x.lentLeft_ : kLentPiece;
  const uint8_t* data = x.lent_;
  x.lent_ += piece;
  x.lentLeft_ -= piece;
  if (!x.anyByte_) {
    x.anyByte_ = true;
    r.firstByteMs = monotonicMs() - x.start_;
  }
  r.bytesReceived += piece;
  bytesMoved_ += piece;
  const size_t used = x.parser_->feed(reinterpret_cast<const char*>(data), piece);
  if (parser.complete()) x.leftover_ = used < piece || x.lentLeft_ > 0;
  if (x.awaitingContinue_ && x.continue_->afterRead(x)) return;
  if (parser.complete() || parser.failed()) return endReading(x);
  if (x.step_ == ExchangeStep::ReadHead && parser.headersDone()) enterBody(x);
}

// The head is read: the body's bytes come next. Asked once per response
// (not per read): whether the request takes them whole.
void Connection::enterBody(Progress& x) {
  x.step_ = ExchangeStep::ReadBody;
  x.wholeBody_ = x.request_->wantsWholeBody();
}

// The read found the connection closed (Ok with no bytes) or failed.
void Connection::readEnded(Progress& x, NetError e) {
  ExchangeResult& r = x.result_;
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
      x.parser_->finishAtClose();
  }
  endReading(x);
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
  // A withheld body leaves the request unfinished on the wire.
  const bool reusable =
      parser.complete() && parser.keepAlive() && !x.leftover_ && r.ok() && !r.bodyWithheld;
  if (!reusable) end();
  if (x.earlyAnswer_)
    endEarlyAnswer(x);
  else
    finish(x);
}

EHC_END_NAMESPACE
