// A response body on its way to the request's consumers: the content or
// transfer coding undone (gzip, deflate: an Inflater the caller gave), then
// the decoded bytes to the JSON binder and the download target, counted
// against the size limit, checked (BodyCheck), reported (progress). The
// request in flight (RequestRun) calls it; it knows nothing of how the
// bytes are read, so the blocking and the polled engine use it alike.
//
//   body.begin(options, maxBody);           // a request
//   body.startHop(parser);                  // a hop: the coding fields captured
//   body.take(parser, binder, toSink, d, n) // the parser's body bytes
//   body.finish(parser, binder, toSink)     // the exchange ended well: the end checks
//   body.error(), body.message()
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../config.h"
#include "../http/response_parser.h"
#include "../json/json_binder.h"
#include "body_options.h"
#include "event_stream.h"

EHC_BEGIN_NAMESPACE

class ResponseBody {
 public:
  // A body that has not begun: one memset, not a store per field.
  ResponseBody() {
    const size_t from = offsetof(ResponseBody, options_);
    memset(reinterpret_cast<char*>(this) + from, 0, sizeof *this - from);
    knownLength_ = total_ = -1;
    contentCoding_ = transferCoding_ = contentRangeCapture_ = etagCapture_ = -1;
    lastModifiedCapture_ = dateCapture_ = -1;
  }

  // A new request: its options (outliving it), the size limit (0: none) and
  // the inflater for coded bodies (null: they are not asked for).
  void begin(const BodyOptions& options, uint64_t maxBody, Inflater* inflater,
             const InflateCalls* inflate);
  // A new hop: the parser captures the coding fields, and hands over coded
  // bodies when there is an inflater to undo them. `resuming`: the hop asks
  // for the rest (Range: bytes=received()-) of the body the target has part
  // of; what came so far (counts, inflater, check) carries on.
  void startHop(ResponseParser& parser, bool resuming = false);

  // Body bytes from the parser. binder: where JSON goes (null: nowhere);
  // toSink: the download target takes this body. The same for every call
  // of a response. When the binder alone takes it (direct()), the parser's
  // later slices go to the binder without the request (the parser's body
  // sink becomes this object's). The first call after nobody takes this
  // response's body any more (the bindings were done, a consumer failed or
  // ended it) ends the parser's deliveries (its body sink set to none): the
  // rest would only be dropped.
  void take(ResponseParser& parser, JsonBinder* binder, bool toSink, const char* data,
            size_t length);
  // The body goes to the binder alone (no download, coding or progress)
  // and no failure came: it is satisfied exactly when the binder is done.
  // The parser then hands the body's later slices to slice() directly.
  bool direct() const { return direct_; }
  // This response's first body bytes came: its consumers are chosen (take()
  // no longer looks at the binder and toSink it is given).
  bool started() const { return started_; }
  // The exchange ended without a failure: the coding's end and the check.
  void finish(const ResponseParser& parser, JsonBinder* binder, bool toSink);

  // The announced length is beyond the limit: not worth reading.
  bool tooLarge(const ResponseParser& parser) const;
  bool failed() const { return error_ != 0; }
  int error() const { return error_; }
  ErrorCause cause() const { return cause_; }
  // Bytes reached the download target: sending again would write them twice.
  bool delivered() const { return delivered_; }
  bool fedBinder() const { return fedBinder_; }
  uint64_t bytes() const { return bytes_; }
  // Body bytes as sent (before decoding) the consumers took: where a
  // resumed download asks to continue.
  uint64_t received() const { return received_; }
  // The answer to a resumed download was a 416 saying nothing is missing.
  bool completedByRange() const { return completedByRange_; }
  // The resource changed under a resumed download (its length): the answer
  // failed it, and a request without Range would get it whole, if the
  // target can start over (BodyOptions::restart).
  bool restartWanted() const { return restartWanted_; }
  // What a resumed download sends as If-Range: the validator of the answer
  // that began the body the target has (validators.h), or nullptr.
  const char* ifRange() const { return validator_[0] ? validator_ : nullptr; }
  // This answer is an event stream; the callback ended it.
  bool eventMode() const { return eventMode_; }
  bool eventsStopped() const { return eventMode_ && events_.stopped(); }
  // For a reconnection: what to send as Last-Event-ID (or nullptr), how long to wait.
  const char* lastEventId() const;
  uint32_t eventRetryMs(uint32_t fallback) const;
  // A resumed hop's answer has come (kResumeCalls.start, from start()).
  void startResumed(const ResponseParser& parser, bool toSink);
  // A resumable download's fields (kResumeCalls): captured at a hop's start
  // (Content-Range when resuming, the validators), and the If-Range value
  // kept from the answer that begins the body.
  void captureFields(ResponseParser& parser, bool resuming);
  void keepValidator(const ResponseParser& parser);
  // The coding fields, captured at a hop's start (kInflateCalls).
  void captureCodings(ResponseParser& parser);

 private:
  void start(const ResponseParser& parser, JsonBinder* binder, bool toSink);
  void restartDownload();
  void captureValidators(ResponseParser& parser);
  // Does a consumer still take the body? (Inline: asked at every read.)
  bool wanted() const {
    if (eventMode_) return !events_.stopped();
    return toSink_ || (binder_ && !binder_->done());
  }
  bool chooseCoding(const ResponseParser& parser);
  bool deliver(const uint8_t* data, size_t length);
  bool consume(const uint8_t* data, size_t length);
  void fail(int code, ErrorCause cause = ErrorCause());
  static bool decoded(void* self, const uint8_t* data, size_t length);
  static void slice(void* self, const char* data, size_t length);

  EventStream events_;
  // From here on, every member starts at 0 (null, false, ""; ResponseBody()
  // zeroes them at once) but the lengths and captures (-1).
  const BodyOptions* options_;
  Inflater* inflater_;
  const InflateCalls* inflate_;
  uint64_t maxBody_;
  uint64_t bytes_;       // decoded, of this download
  uint64_t received_;    // as sent, of this download
  int64_t knownLength_;  // the complete length, once an answer said it (-1 before)
  int64_t total_;        // what progress reports as the total (-1: not known)
  JsonBinder* binder_;
  ErrorCause cause_;
  int error_;
  int8_t contentCoding_;  // the captures (-1: none)
  int8_t transferCoding_;
  int8_t contentRangeCapture_;
  int8_t etagCapture_;
  int8_t lastModifiedCapture_;
  int8_t dateCapture_;
  bool resuming_;
  bool completedByRange_;
  bool restartWanted_;
  bool eventMode_;
  bool started_;
  bool toSink_;
  bool inflating_;
  bool delivered_;
  bool fedBinder_;
  bool skipped_;            // body bytes nobody took (the bindings were done)
  bool direct_;             // started: the binder alone takes it (slice()), no failure yet
  ResponseParser* parser_;  // of this hop
  // The captured texts.
  char contentEncoding_[32];
  char transferEncoding_[48];
  char contentRange_[64];
  // A resumable download's validators: this answer's, and the one kept from
  // the answer that began the body (an IMF-fixdate is 29 bytes).
  char etag_[EHC_MAX_ETAG + 1];
  char lastModified_[30];
  char date_[30];
  static constexpr size_t kValidatorSize = EHC_MAX_ETAG + 1 > 30 ? EHC_MAX_ETAG + 1 : 30;
  char validator_[kValidatorSize];
};

EHC_END_NAMESPACE
