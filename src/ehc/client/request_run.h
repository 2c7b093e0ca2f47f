// One request in flight, from its first attempt to its result: the
// exchange object. It holds everything that lives only while the request
// runs (the hop being made, the response parser, header matching, retries,
// the deadline, the result so far) and uses the parts of the client that
// last between requests (ClientParts: settings, connection, binder, cookie
// jar) through the one reference it was built with.
//
// It is an explicit state machine: start(), then step() until it returns
// false. Each step does one thing (set up an attempt or a hop, one step of
// the connection's exchange, settle what the exchange came to, the wait
// before a retry) and none waits: a step with nothing to do says blocked(),
// and the caller waits for waitFor() before the next. The polled API
// (RestRequest::start/poll) steps it within a budget; the blocking one is
// the same loop with wait() in between.
//
//   Attempt  -> Hop                  a new attempt: the base URL, the request's method
//   Hop      -> Exchange             host, origin, parser, targets set up; exchange begun
//            -> Backoff | Done       no time left, or a host that does not fit
//   Exchange -> Exchange             connect, write, read head, read body, drain
//            -> Settle               the exchange is done
//   Settle   -> Hop                  a redirect followed
//            -> Backoff              a network failure a retry may cure, time left
//            -> Done                 the answer, or a failure that stands
//   Backoff  -> Backoff              the wait before the retry is not over (blocked)
//            -> Attempt              it is
//   any      -> Done                 cancel()
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../http/response_parser.h"
#include "../json/json_binder.h"
#include "client_parts.h"
#include "connection.h"
#include "header_targets.h"
#include "request_message.h"
#include "request_spec.h"
#include "response_body.h"
#include "rest_result.h"

EHC_BEGIN_NAMESPACE

enum class RunState : uint8_t { Attempt, Hop, Exchange, Settle, Backoff, Done };

class RequestRun final : public Exchange {
 public:
  explicit RequestRun(ClientParts& client) : client_(client) {}
  RequestRun(const RequestRun&) = delete;
  RequestRun& operator=(const RequestRun&) = delete;

  // A run of `spec` (which outlives it). ownsBinder: the binder holds its
  // getBody() bindings (not so for a request that failed to be built).
  void start(const RequestSpec& spec, bool ownsBinder);
  // Advances the run by one step, without waiting; false once it is Done.
  // (Inline for the step made once per read: one of the exchange's.)
  bool step() {
    if (state_ != RunState::Exchange) return stepOther();
    if (!client_.connection.step(progress_)) state_ = RunState::Settle;
    blocked_ = progress_.blocked();
    return true;
  }
  // The last step found nothing to do: wait before the next.
  bool blocked() const { return blocked_; }
  // What to wait for (a socket, a time), and waiting for it.
  WaitFor waitFor() const;
  void wait();
  // Ends the run now (Done, EHC_ERROR_CANCELLED); a connection used
  // mid-exchange is closed, a kept one stays.
  void cancel();
  // The spec moved (its RestRequest did): the run follows it.
  void follow(const RequestSpec& spec);
  RunState state() const { return state_; }
  ExchangeStep exchangeStep() const { return progress_.step(); }
  // Whole once Done (bindings' and header targets' outcomes included).
  const RestResult& result() const { return result_; }

  // The response's fields to the cookie jar and the getHeader() targets, as
  // the calls of either name it (CookieCalls, HeaderTargetCalls): a program
  // with neither links none of it, and its parser calls no visitor.
  static const ResponseParser::HeaderVisitor kHeaderVisitor;
  // kRedirectCalls' steps: a hop's Location captured, the next hop from it.
  static void captureLocation(RequestRun& run);
  static bool redirectHop(RequestRun& run, int status) { return run.followRedirect(status); }

  // Exchange: the request as the connection sends it.
  HttpError writeRequest(RequestWriter& writer, bool headOnly) override;
  bool bodySatisfied() const override;
  bool wantsWholeBody() const override;
  bool isHead() const override;
  bool replayable() const override;
  const ContinueCalls* expectsContinue() const override;

 private:
  bool stepOther();
  void startAttempt();
  void startHop();
  void settle();
  void failedExchange(const ExchangeResult& r);
  bool followRedirect(int status);
  bool locationTarget(bool base);
  bool responseUrl();
  void retryOrDone();
  void resumeOrDone();
  bool restartDownload();
  void reconnectOrDone();
  friend void ehc::resumeOrDone(RequestRun& run);
  friend bool ehc::restartDownload(RequestRun& run);
  friend void ehc::reconnectOrDone(RequestRun& run);
  void endEventStage();
  friend void ehc::endEventStage(RequestRun& run);
  void backoff();
  void done();
  void completeBindings();
  void fail(int code, ErrorCause cause);
  void fail(int code, RequestError cause);
  bool followingRedirect() const;
  // Asked only once the head is read (the status says whether it is a
  // hop), then at every read and body slice: worked out once.
  bool wantsBody() const { return bodyWanted_ < 0 ? decideBody() : bodyWanted_ > 0; }
  bool decideBody() const;
  bool downloading() const;
  JsonBinder* bodyBinder() const;
  bool responseHasBody(int status) const;
  static void onBodyBytes(void* self, const char* data, size_t length);

  ClientParts& client_;  // settings only read

  // the request, its attempts and deadline
  const RequestSpec* spec_ = nullptr;
  Deadline doneBy_ = Deadline::never();  // of the whole request
  uint32_t begun_ = 0;
  Deadline backoffUntil_ = Deadline::never();  // the wait before the next attempt
  uint32_t headBytes_ = 0;                     // of this hop's request head
  int16_t retries_ = 0;                        // retries allowed

  // the hop being made and its response
  Hop hop_ = {};
  char location_[EHC_MAX_URL_LENGTH + 1] = {};
  int8_t locationCapture_ = -1;
  mutable int8_t bodyWanted_ = -1;  // wantsBody() once known, -1 before
  uint8_t attempt_ = 0;             // retries made
  uint8_t resumes_ = 0;             // continuations of a dropped download made
  bool resuming_ = false;           // this attempt asks for the rest of the download
  bool uploadUsed_ = false;         // the upload's source was read
  bool uploadFromStart_ = true;     // the next body written starts it again
  UploadCursor upload_;             // how far this write of the upload got
  bool reconnecting_ = false;       // this attempt is a new event stream
  uint8_t reconnects_ = 0;
  char range_[32] = {};  // its Range value
  RunState state_ = RunState::Done;
  bool ownsBinder_ = false;
  bool repeatable_ = false;   // may be sent again once some of it went
  bool attemptSent_ = false;  // some of this attempt's requests went out
  bool blocked_ = false;
  Connection::Progress progress_;
  ResponseParser parser_;
  HeaderTargets headerTargets_;
  ResponseBody body_;

  RestResult result_;
};

EHC_END_NAMESPACE
