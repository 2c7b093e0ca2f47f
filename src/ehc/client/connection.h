// The kept-alive connection: one request and its response at a time over a
// transport that stays open while the server allows it.
//
//   ehc::PosixTransport tcp;
//   ehc::MbedTlsTransport tls;
//   ehc::Connection connection(&tcp, &tls);
//   ehc::ResponseParser parser;               // captures and body sink set by the caller
//   MyRequest request;                        // an ehc::Exchange: writes the request
//   ehc::ExchangeResult r = connection.exchange({"api.example.com", 443, true}, request,
//                                               parser, ehc::Deadline::in(60000));
//   connection.end();                         // frees the TLS context (keeps the session)
//
// What it does for the caller:
// * connects on first use, and again when the endpoint changes;
// * reuses the open connection while the server allows (the parser's
//   keep-alive decision, no unasked bytes left over);
// * notices a connection the server closed while it sat idle, and reconnects;
// * when a reused connection fails before any byte of the response came,
//   reconnects and sends the request once more, if that is safe: always for
//   a replayable request (idempotent method, or the caller says so),
//   otherwise only when none of it had been written;
// * when the server answers before the whole request went out (a 413 for a
//   body too large) and then stops reading, reports that answer, not the
//   failed write;
// * with Expect: 100-continue (Exchange::expectsContinue), sends the head
//   alone and waits for the 100 up to the continue timeout (then sends the
//   body anyway, as curl does); a final answer that comes first is the
//   outcome, the body is not sent and the connection is closed (the server
//   may still be waiting for the body, or have dropped it: nothing tells
//   which, RFC 9110 10.1.1);
// * once the caller needs no more of the body (Exchange::bodySatisfied), reads
//   and drops the rest up to a limit so the connection stays reusable; past
//   the limit it closes (cheaper than reading a huge body to its end).
//
// One exchange is a state machine (connect, write, read head, read body,
// drain, done) whose state is a Connection::Progress the caller holds:
// begin() it, then step() until it returns false. No step waits: each uses
// the transport's non-blocking half (startConnect/connectStep, writeSome,
// readSome) and, when there is nothing to do, says so (Progress::blocked());
// the caller then waits for waitFor() in its own event loop, or in wait().
// exchange() is that machine driven to the end with wait() in between: the
// blocking call and the polled one are one implementation.
//
// Nothing is allocated: the buffer lives inside the object.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../config.h"
#include "../http/request_writer.h"
#include "../http/response_parser.h"
#include "../net/transport.h"

EHC_BEGIN_NAMESPACE

struct ContinueCalls;  // Connection::kContinueCalls

// One request, as the connection needs it.
class Exchange {
 public:
  // Writes the whole request (head and body). Called again for a resend, so
  // it must write the same bytes every time.
  // With `headOnly`, only the head (up to the blank line), nothing of the
  // body read: the request waits for a 100 Continue.
  virtual HttpError writeRequest(RequestWriter& writer, bool headOnly) = 0;
  // True when nothing more of the body is wanted (every binding resolved).
  virtual bool bodySatisfied() const { return false; }
  // True when the whole body is wanted, to its end (a download): the
  // connection then feeds what the transport lends (up to 16 KB from
  // PosixTransport's read-ahead) in one piece; otherwise in pieces of at
  // most EHC_READ_BUFFER bytes, asking bodySatisfied() between them (the
  // drain limit counts from there).
  virtual bool wantsWholeBody() const { return false; }
  // HEAD: the response has no body whatever its headers say.
  virtual bool isHead() const { return false; }
  // May it be sent again after some of it was written (idempotent method, or
  // the caller opted in)?
  virtual bool replayable() const { return true; }
  // It sends Expect: 100-continue, the body waits for the 100: then
  // &Connection::kContinueCalls (the steps that wait for it), else null, so
  // that only a program that sends Expect links them.
  virtual const ContinueCalls* expectsContinue() const { return nullptr; }

 protected:
  ~Exchange() = default;
};

struct ExchangeResult {
  NetError net = NetError::Ok;     // a transport failure, or Ok
  HttpError http = HttpError::Ok;  // a protocol failure (request or response), or Ok
  bool reused = false;             // sent on a connection kept from before
  bool resent = false;             // the first attempt failed on a stale connection
  bool sessionResumed = false;     // a new TLS connection resumed the saved session
  bool keptAlive = false;          // the connection stays open for the next request
  bool drained = false;            // unread body bytes were read and dropped
  bool bodyWithheld = false;       // a final answer came before the body was sent
  bool continued = false;          // a 100 Continue came before the body was sent
  uint32_t connectMs = 0;          // TCP connect + TLS handshake (0 when reused)
  uint32_t tlsMs = 0;              // of which the TLS handshake
  uint32_t firstByteMs = 0;        // from the start to the first response byte
  uint32_t totalMs = 0;
  uint64_t bytesSent = 0;
  uint64_t bytesReceived = 0;
  bool ok() const { return net == NetError::Ok && http == HttpError::Ok; }
};

// Where an exchange is.
enum class ExchangeStep : uint8_t {
  Connect,   // resolve, TCP connect, TLS handshake (one Transport::connect), or reuse
  Write,     // the request, head and body (with Expect, the head, then the body)
  ReadHead,  // the response until its header section ended (with Expect, the
             // wait for the 100 too)
  ReadBody,  // body bytes to the parser's sink
  Drain,     // the rest of a body nobody wants, read only to keep the connection
  Done,
};

class Connection {
 public:
  // An exchange in progress: what it was given and how far it got. The
  // caller keeps it from begin() until step() returned false; only the
  // connection changes it.
  class Progress {
   public:
    ExchangeStep step() const { return step_; }
    const ExchangeResult& result() const { return result_; }  // whole once Done
    // The last step found nothing to do: wait (Connection::waitFor) before the next.
    bool blocked() const { return blocked_; }

   private:
    friend class Connection;
    ExchangeResult result_;
    Endpoint endpoint_ = {nullptr, 0, false};
    Exchange* request_ = nullptr;
    ResponseParser* parser_ = nullptr;
    Deadline doneBy_ = Deadline::never();
    Deadline readBy_ = Deadline::never();  // the deadline, or the drain's
    Deadline waitBy_ = Deadline::never();  // of what the blocked step waits for
    uint32_t connectTimeoutMs_ = 0;
    uint32_t start_ = 0;
    uint32_t connectBegun_ = 0;
    uint64_t sentBefore_ = 0;      // of this attempt's request
    uint64_t receivedBefore_ = 0;  // when an early answer began to be read
    uint64_t drainFrom_ = 0;       // body bytes when draining began
    // Bytes read (lent by the transport, or in the buffer) not yet fed to the parser.
    const uint8_t* lent_ = nullptr;
    size_t lentLeft_ = 0;
    NetError writeError_ = NetError::Ok;
    ExchangeStep step_ = ExchangeStep::Done;
    uint8_t tries_ = 0;         // attempts on this exchange (a resend is the second)
    uint8_t reads_ = 0;         // of this response, modulo 256 (the clock is read at every 8th)
    bool anyByte_ = false;      // of the response arrived
    bool wholeBody_ = false;    // the body's lent bytes go to the parser whole (a download)
    bool leftover_ = false;     // bytes after the response: not reusable
    bool earlyAnswer_ = false;  // reading an answer that came while the write failed
    bool connecting_ = false;   // startConnect() made, connectStep() to come
    bool writing_ = false;      // this attempt's request is being written
    bool blocked_ = false;
    // Expect: 100-continue: which part of the request the next Write
    // step sends (Whole without Expect), and whether the 100 is awaited.
    enum class Part : uint8_t { Whole, Head, Body } part_ = Part::Whole;
    const ContinueCalls* continue_ = nullptr;  // the request's, with Expect
    bool awaitingContinue_ = false;
    bool continueFirst_ = false;             // the wait for it ends before the deadline
    WaitResult waited_ = WaitResult::Ready;  // how the last wait() ended
  };

  // Transports for http:// and https:// (either may be null: that scheme is
  // then NotConnected). Both outlive the connection.
  Connection(Transport* plain, Transport* secure) : plain_(plain), secure_(secure) {}
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Other transports from now on (the open connection is closed).
  void setTransports(Transport* plain, Transport* secure) {
    end();
    plain_ = plain;
    secure_ = secure;
  }
  void setDrainLimit(uint32_t bytes) { drainLimit_ = bytes; }
  uint32_t drainLimit() const { return drainLimit_; }
  // Draining stops (and the connection closes) after this long: a server
  // that pauses after the wanted values must not hold the caller.
  void setDrainTimeout(uint32_t ms) { drainTimeoutMs_ = ms; }
  // Expect: 100-continue: the body waits this long for the 100 (then it is
  // sent anyway). 0: not at all (EHC_CONTINUE_TIMEOUT_MS is the default).
  void setContinueTimeout(uint32_t ms) { continueTimeoutMs_ = ms; }
  uint32_t continueTimeout() const { return continueTimeoutMs_; }
  // Idle release: a connection unused for this long is closed (at the next
  // exchange, or by releaseIdle()); the TLS session stays, so the next
  // connect resumes it. 0: never (EHC_IDLE_RELEASE_MS is the default).
  void setIdleRelease(uint32_t ms) { idleReleaseMs_ = ms; }
  // Closes the connection if it has been idle that long; true when it did.
  bool releaseIdle();

  // Sends the request and reads the response into `parser` (whose captures
  // and body sink the caller set) until it is complete, failed, or no longer
  // wanted. Each connect may take connectTimeoutMs (within `doneBy`).
  ExchangeResult exchange(const Endpoint& endpoint, Exchange& request, ResponseParser& parser,
                          Deadline doneBy, uint32_t connectTimeoutMs = 0xFFFFFFFFu);
  // The same, a step at a time: endpoint.host, request and parser must
  // outlive the exchange.
  void begin(Progress& x, const Endpoint& endpoint, Exchange& request, ResponseParser& parser,
             Deadline doneBy, uint32_t connectTimeoutMs = 0xFFFFFFFFu);
  // Advances x by one step, without waiting; false once it is Done.
  // (Inline: a step is a read of the body most of the time.)
  bool step(Progress& x) {
    x.blocked_ = false;
    switch (x.step_) {
      case ExchangeStep::Connect: connectStep(x); break;
      case ExchangeStep::Write: writeStep(x); break;
      case ExchangeStep::ReadHead:
      case ExchangeStep::ReadBody:
      case ExchangeStep::Drain: readStep(x); break;
      case ExchangeStep::Done: break;
    }
    x.waited_ = WaitResult::Ready;  // used by this step
    return x.step_ != ExchangeStep::Done;
  }
  // What a blocked x waits for: the socket and direction, and when to call
  // step() again at the latest (the step's deadline, or the transport's).
  WaitFor waitFor(const Progress& x) const;
  // Waits for that (a blocking caller's wait between steps).
  void wait(Progress& x);
  // Ends x now (Done): a connection it was using mid-exchange is closed.
  void abort(Progress& x);
  // Expect: 100-continue's steps (Exchange::expectsContinue).
  static const ContinueCalls kContinueCalls;
  // Bytes written and read so far, over every exchange: a poll's budget.
  uint64_t bytesMoved() const { return bytesMoved_; }

  // Closes the connection: the TLS context and its buffers are freed, the
  // TLS session kept, so the next exchange resumes it.
  void end();
  bool open() const { return current_ != nullptr && current_->open(); }
  // Open, to this host (host[0..length), as in a URL, without brackets)?
  bool connectedTo(const char* host, size_t length) const {
    return open() && strlen(host_) == length && memcmp(host_, host, length) == 0;
  }

 private:
  void connectStep(Progress& x);
  void writeStep(Progress& x);
  void readStep(Progress& x);
  void startReading(Progress& x);
  void afterWrite(Progress& x);
  static void awaitContinue(const Connection& c, Progress& x);
  static bool continueTimeUp(Progress& x);
  static bool continueRead(Progress& x);
  static void sendBody(Progress& x);
  void continueReading(Progress& x);
  void readEnded(Progress& x, NetError e);
  static void enterBody(Progress& x);
  void endReading(Progress& x);
  void afterFailedWrite(Progress& x);
  void endEarlyAnswer(Progress& x);
  void resend(Progress& x);
  void finish(Progress& x);
  bool startDraining(Progress& x);
  void connected(Progress& x, NetError e);
  void block(Progress& x, Deadline until);
  bool waitEnded(const Progress& x, Deadline deadline) const;
  Transport* transportOf(const Progress& x) const { return x.connecting_ ? pending_ : current_; }
  bool sameEndpoint(const Endpoint& endpoint) const;
  void remember(const Endpoint& endpoint);
  static bool sendToTransport(void* writing, const char* data, size_t length);
  HttpError writeMore(Progress& x, void* writing);
  void keepUnsent(const void* writing);

  Transport* plain_;
  Transport* secure_;
  Transport* current_ = nullptr;  // the transport of the open connection
  bool lends_ = false;            // its lendsReads(): reads through readView()
  // Lent bytes are fed in pieces of at most this (Connection::readStep):
  // four reads' worth, so that a bulk body costs a quarter of the per-piece
  // steps (the parser's, the sink's, the binder's entry) of 512-byte pieces.
  static constexpr size_t kLentPiece = 4 * EHC_READ_BUFFER;
  Transport* pending_ = nullptr;  // the one being connected
  uint64_t bytesMoved_ = 0;
  char host_[EHC_MAX_HOST_LENGTH + 1] = {};
  uint16_t port_ = 0;
  bool tls_ = false;
  uint32_t drainLimit_ = EHC_DRAIN_LIMIT;
  uint32_t drainTimeoutMs_ = EHC_DRAIN_TIMEOUT_MS;
  uint32_t continueTimeoutMs_ = EHC_CONTINUE_TIMEOUT_MS;
  uint32_t idleReleaseMs_ = EHC_IDLE_RELEASE_MS;
  uint32_t lastUsedMs_ = 0;  // when the last exchange ended
  // A write the transport cut: the bytes it did not take, at buffer_'s
  // start, sent first at the next write step (what was made of an upload's
  // source cannot be made again).
  size_t unsent_ = 0;
  uint8_t buffer_[EHC_READ_BUFFER];
};

struct ContinueCalls {
  void (*headSent)(const Connection& c, Connection::Progress& x);  // the 100 is awaited
  // The wait for the 100 ended without it: true when the body goes anyway.
  bool (*timeUp)(Connection::Progress& x);
  // What a read brought while it was awaited: true when the body goes now.
  bool (*afterRead)(Connection::Progress& x);
};

EHC_END_NAMESPACE
