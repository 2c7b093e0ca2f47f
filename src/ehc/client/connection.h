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
// * once the caller needs no more of the body (Exchange::bodySatisfied), reads
//   and drops the rest up to a limit so the connection stays reusable; past
//   the limit it closes (cheaper than reading a huge body to its end).
//
// Nothing is allocated: the buffer lives inside the object.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../http/request_writer.h"
#include "../http/response_parser.h"
#include "../net/transport.h"

EHC_BEGIN_NAMESPACE

// One request, as the connection needs it.
class Exchange {
 public:
  // Writes the whole request (head and body). Called again for a resend, so
  // it must write the same bytes every time.
  virtual HttpError writeRequest(RequestWriter& writer) = 0;
  // True when nothing more of the body is wanted (every binding resolved).
  virtual bool bodySatisfied() const { return false; }
  // HEAD: the response has no body whatever its headers say.
  virtual bool isHead() const { return false; }
  // May it be sent again after some of it was written (idempotent method, or
  // the caller opted in)?
  virtual bool replayable() const { return true; }

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
  uint32_t connectMs = 0;          // TCP connect + TLS handshake (0 when reused)
  uint32_t tlsMs = 0;              // of which the TLS handshake
  uint32_t firstByteMs = 0;        // from the start to the first response byte
  uint32_t totalMs = 0;
  uint64_t bytesSent = 0;
  uint64_t bytesReceived = 0;
  bool ok() const { return net == NetError::Ok && http == HttpError::Ok; }
};

class Connection {
 public:
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

  // Closes the connection: the TLS context and its buffers are freed, the
  // TLS session kept, so the next exchange resumes it.
  void end();
  bool open() const { return current_ != nullptr && current_->open(); }

 private:
  enum class Attempt : uint8_t { Done, Resend };
  Attempt attempt(Exchange& request, ResponseParser& parser, bool reused, ExchangeResult& r);
  NetError connect(const Endpoint& endpoint, Deadline deadline, ExchangeResult& r);
  bool sameEndpoint(const Endpoint& endpoint) const;
  void remember(const Endpoint& endpoint);
  bool readResponse(Exchange& request, ResponseParser& parser, ExchangeResult& r);
  bool readEarlyAnswer(Exchange& request, ResponseParser& parser, ExchangeResult& r);
  static bool sendToTransport(void* self, const char* data, size_t length);

  Transport* plain_;
  Transport* secure_;
  Transport* current_ = nullptr;  // the transport of the open connection
  char host_[EHC_MAX_HOST_LENGTH + 1] = {};
  uint16_t port_ = 0;
  bool tls_ = false;
  uint32_t drainLimit_ = EHC_DRAIN_LIMIT;
  uint32_t drainTimeoutMs_ = EHC_DRAIN_TIMEOUT_MS;
  uint32_t idleReleaseMs_ = EHC_IDLE_RELEASE_MS;
  uint32_t lastUsedMs_ = 0;  // when the last exchange ended

  // state of the exchange in progress
  uint32_t start_ = 0;
  Deadline doneBy_ = Deadline::never();
  NetError writeError_ = NetError::Ok;
  uint64_t sent_ = 0;
  uint8_t buffer_[EHC_READ_BUFFER];
};

EHC_END_NAMESPACE
