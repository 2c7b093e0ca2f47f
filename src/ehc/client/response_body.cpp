#include "response_body.h"

#include <string.h>

#include "../http/content_range.h"
#include "../http/request_writer.h"
#include "../http/validators.h"
#include "client_error.h"

EHC_BEGIN_NAMESPACE

void ResponseBody::begin(const BodyOptions& options, uint64_t maxBody, Inflater* inflater,
                         const InflateCalls* inflate) {
  options_ = &options;
  inflater_ = inflate ? inflater : nullptr;
  inflate_ = inflate;
  maxBody_ = maxBody;
  delivered_ = false;
}

void ResponseBody::startHop(ResponseParser& parser, bool resuming) {
  parser_ = &parser;
  resuming_ = resuming;
  started_ = fedBinder_ = skipped_ = completedByRange_ = eventMode_ = restartWanted_ = direct_ =
      false;
  if (!resuming) restartDownload();
  binder_ = nullptr;
  error_ = 0;
  cause_ = ErrorCause();
  contentCoding_ = transferCoding_ = contentRangeCapture_ = -1;
  etagCapture_ = lastModifiedCapture_ = dateCapture_ = -1;
  if (inflater_) inflate_->captureCodings(*this, parser);
  parser.deliverCodedBodies(inflater_ != nullptr);
  if (options_->resume) options_->resume->captureFields(*this, parser, resuming);
}

// The coding fields, when there is an inflater to undo them (kInflateCalls).
void ResponseBody::captureCodings(ResponseParser& parser) {
  contentEncoding_[0] = transferEncoding_[0] = '\0';
  contentCoding_ = static_cast<int8_t>(
      parser.captureHeader("Content-Encoding", contentEncoding_, sizeof contentEncoding_));
  transferCoding_ = static_cast<int8_t>(
      parser.captureHeader("Transfer-Encoding", transferEncoding_, sizeof transferEncoding_));
}

// A resumable download's fields (kResumeCalls): a resumed hop's
// Content-Range, and the validators.
void ResponseBody::captureFields(ResponseParser& parser, bool resuming) {
  contentRange_[0] = '\0';
  if (resuming)
    contentRangeCapture_ = static_cast<int8_t>(
        parser.captureHeader("Content-Range", contentRange_, sizeof contentRange_));
  captureValidators(parser);
}

// Only a download that may be resumed needs them (a capture is a slot of
// the parser's few).
void ResponseBody::captureValidators(ResponseParser& parser) {
  const bool resumable = options_->sink && options_->resumes > 0;
  etag_[0] = lastModified_[0] = date_[0] = '\0';
  etagCapture_ =
      static_cast<int8_t>(resumable ? parser.captureHeader("ETag", etag_, sizeof etag_) : -1);
  lastModifiedCapture_ = static_cast<int8_t>(
      resumable ? parser.captureHeader("Last-Modified", lastModified_, sizeof lastModified_) : -1);
  dateCapture_ =
      static_cast<int8_t>(resumable ? parser.captureHeader("Date", date_, sizeof date_) : -1);
}

// This answer begins the body the target gets: its validator is what a
// resumption asks If-Range with. A field cut to its buffer is no validator;
// an ETag too long to keep still rules out the date (RFC 9110 13.1.5).
void ResponseBody::keepValidator(const ResponseParser& parser) {
  const auto whole = [&parser](int8_t capture, const char* text) -> const char* {
    return capture >= 0 && parser.headerStatus(capture) == HeaderStatus::Found ? text : nullptr;
  };
  const bool etagCut =
      etagCapture_ >= 0 && parser.headerStatus(etagCapture_) == HeaderStatus::Truncated;
  const char* v = etagCut ? nullptr
                          : ifRangeValidator(whole(etagCapture_, etag_),
                                             whole(lastModifiedCapture_, lastModified_),
                                             whole(dateCapture_, date_));
  validator_[0] = '\0';
  if (v) memcpy(validator_, v, strlen(v) + 1);  // each buffer fits in validator_
}

void ResponseBody::restartDownload() {
  inflating_ = toSink_ = false;
  bytes_ = received_ = 0;
  total_ = knownLength_ = -1;
  validator_[0] = '\0';
}

void ResponseBody::fail(int code, ErrorCause cause) {
  if (error_) return;  // the first failure is the one to tell
  direct_ = false;
  error_ = code;
  cause_ = cause;
}

// Which coding to undo: false (the failure set) when it is not one the
// inflater can, or there are two.
bool ResponseBody::chooseCoding(const ResponseParser& parser) {
  if (!inflater_) return true;  // nothing asked for: the body as it came
  const bool cut =
      (contentCoding_ >= 0 && parser.headerStatus(contentCoding_) == HeaderStatus::Truncated) ||
      (transferCoding_ >= 0 && parser.headerStatus(transferCoding_) == HeaderStatus::Truncated);
  const Coding content = cut ? Coding::Other : inflate_->codingOf(contentEncoding_, false);
  const Coding transfer = !parser.transferCoded() ? Coding::Identity
                          : cut                   ? Coding::Other
                                                  : inflate_->codingOf(transferEncoding_, true);
  if (content == Coding::Other || transfer == Coding::Other ||
      (content != Coding::Identity && transfer != Coding::Identity)) {
    fail(EHC_ERROR_ENCODING, ErrorCause(RequestError::CodingUnsupported));
    return false;
  }
  const Coding c = content != Coding::Identity ? content : transfer;
  if (c == Coding::Identity) return true;
  inflating_ = true;
  inflate_->begin(*inflater_, c == Coding::Gzip, ByteSink{decoded, this});
  return true;
}

void ResponseBody::start(const ResponseParser& parser, JsonBinder* binder, bool toSink) {
  started_ = true;
  if (resuming_) return options_->resume->start(*this, parser, toSink);
  binder_ = binder;
  toSink_ = toSink && (options_->sink || options_->events);
  if (!wanted()) return;  // drained: whatever its coding
  if (tooLarge(parser))   // the head and the body's start came in one read
    return fail(EHC_ERROR_BODY_TOO_LARGE);
  if (!chooseCoding(parser)) return;
  total_ = inflating_ ? -1 : parser.contentLength();
  knownLength_ = parser.status() == 200 ? parser.contentLength() : -1;
  if (toSink_ && parser.status() == 200 && options_->resume)
    options_->resume->keepValidator(*this, parser);
  if (toSink_ && options_->events) {  // the events take the binder and the body
    eventMode_ = true;
    options_->eventCalls->begin(events_, *options_, binder_);
    binder_ = nullptr;
    return;
  }
  if (toSink_ && options_->check) options_->check->begin();
  direct_ = binder_ && !toSink_ && !inflating_ && !options_->progress;
  if (direct_) parser_->onBody(slice, this);  // the later slices: straight to the binder
}

// The answer to Range: bytes=received_- (content_range.h's rules).
void ResponseBody::startResumed(const ResponseParser& parser, bool toSink) {
  const bool ranged =
      contentRangeCapture_ >= 0 && parser.headerStatus(contentRangeCapture_) == HeaderStatus::Found;
  toSink_ = false;  // until the answer is known to continue the body
  const ResumeDecision d =
      decideResume(parser.status(), ranged ? contentRange_ : nullptr, received_, knownLength_);
  switch (d.action) {
    case ResumeAction::Append:  // the same inflater, check and counts go on
      toSink_ = toSink && (options_->sink || options_->events);
      if (d.range.lengthKnown) knownLength_ = static_cast<int64_t>(d.range.length);
      return;
    case ResumeAction::Complete: completedByRange_ = true; return;
    case ResumeAction::Replace:
      if (options_->restart && options_->restart()) {
        resuming_ = false;
        restartDownload();
        return start(parser, nullptr, toSink);
      }
      return fail(EHC_ERROR_RESUME_FAILED, ErrorCause(RequestError::ResumeNotRestartable));
    case ResumeAction::Retry:  // the whole resource again, if the target can start over
      restartWanted_ = static_cast<bool>(options_->restart);
      return fail(EHC_ERROR_RESUME_FAILED, ErrorCause(d.error));
    case ResumeAction::Fail: return fail(EHC_ERROR_RESUME_FAILED, ErrorCause(d.error));
  }
}

const ResumeCalls kResumeCalls = {
    writeRangeFrom,
    [](ResponseBody& body, const ResponseParser& parser, bool toSink) {
      body.startResumed(parser, toSink);
    },
    [](ResponseBody& body, ResponseParser& parser, bool resuming) {
      body.captureFields(parser, resuming);
    },
    [](ResponseBody& body, const ResponseParser& parser) { body.keepValidator(parser); },
    [](RequestWriter& w, const char* range, const char* ifRange) {
      w.header("Range", range);
      if (ifRange) w.header("If-Range", ifRange);
    },
};

void ResponseBody::take(ResponseParser& parser, JsonBinder* binder, bool toSink, const char* data,
                        size_t length) {
  if (!started_) start(parser, binder, toSink);
  if (error_ || !wanted()) {
    if (!error_) skipped_ = true;  // the coding's end will not be seen
    // The rest is read only to keep the connection (drained): the parser
    // need not hand it over.
    parser.onBody(nullptr, nullptr);
    return;
  }
  received_ += length;
  if (!inflating_) {
    consume(reinterpret_cast<const uint8_t*>(data), length);  // wanted, as just asked
    return;
  }
  if (!inflate_->feed(*inflater_, data, length) && !error_)
    fail(EHC_ERROR_ENCODING, ErrorCause(inflate_->failure(*inflater_)));
}

// A later slice of a direct() body: the common case in a few checks and the
// binder's feed(), the rest (the binder done, the limit crossed) by take().
void ResponseBody::slice(void* self, const char* data, size_t length) {
  ResponseBody& b = *static_cast<ResponseBody*>(self);
  if (b.direct_ && !b.binder_->done() && (!b.maxBody_ || b.bytes_ + length <= b.maxBody_)) {
    b.received_ += length;
    b.bytes_ += length;
    b.binder_->feed(data, length);
    return;
  }
  b.take(*b.parser_, nullptr, false, data, length);
}

bool ResponseBody::decoded(void* self, const uint8_t* data, size_t length) {
  return static_cast<ResponseBody*>(self)->deliver(data, length);
}

bool ResponseBody::deliver(const uint8_t* data, size_t length) {
  if (!wanted()) return true;  // read only to keep the connection: not counted
  return consume(data, length);
}

// Bytes a consumer wants, to the consumers.
bool ResponseBody::consume(const uint8_t* data, size_t length) {
  if (eventMode_) {
    const EventCalls& stage = *options_->eventCalls;
    // A stage's body is limited as any; an event stream, which may last
    // for hours, only by an announced Content-Length (start()).
    if (stage.failure && maxBody_ && bytes_ + length > maxBody_) {
      fail(EHC_ERROR_BODY_TOO_LARGE);
      return false;
    }
    bytes_ += length;
    if (stage.feed(events_, data, length)) return true;
    // The event splitter: the callback ended it. A stage that judges the
    // body (GraphQL's multipart reader) found it malformed: nothing more is
    // read, as for a sink that refused.
    if (stage.failure) fail(stage.failure(*options_));
    return false;
  }
  if (maxBody_ && bytes_ + length > maxBody_) {
    fail(EHC_ERROR_BODY_TOO_LARGE);
    return false;
  }
  bytes_ += length;
  if (binder_ && !binder_->done()) {
    fedBinder_ = true;
    binder_->feed(reinterpret_cast<const char*>(data), length);
  }
  if (toSink_) {
    if (options_->check && !options_->check->feed(data, length)) {
      fail(EHC_ERROR_DIGEST_MISMATCH, ErrorCause(RequestError::DigestFailed));
      return false;
    }
    delivered_ = true;
    if (!options_->sink(data, length)) {
      fail(options_->sinkIsStream ? EHC_ERROR_STREAM_WRITE : EHC_ERROR_STOPPED);
      return false;
    }
  }
  if (options_->progress) options_->progress(bytes_, total_);
  return true;
}

const char* ResponseBody::lastEventId() const {
  return options_->eventCalls ? options_->eventCalls->lastEventId(events_) : nullptr;
}

uint32_t ResponseBody::eventRetryMs(uint32_t fallback) const {
  return options_->eventCalls ? options_->eventCalls->retryMs(events_, fallback) : fallback;
}

bool ResponseBody::tooLarge(const ResponseParser& parser) const {
  const uint64_t before = resuming_ ? bytes_ : 0;  // a 206's length is the rest
  return maxBody_ && parser.headersDone() && parser.contentLength() > 0 &&
         before + static_cast<uint64_t>(parser.contentLength()) > maxBody_;
}

void ResponseBody::finish(const ResponseParser& parser, JsonBinder* binder, bool toSink) {
  if (!started_) start(parser, binder, toSink);  // no body byte came
  if (eventMode_) return options_->eventCalls->finish(events_);
  if ((binder_ || toSink_) && !completedByRange_ && tooLarge(parser))
    fail(EHC_ERROR_BODY_TOO_LARGE);
  if (error_) return;
  // A body read whole was coded whole: its end (CRC-32 and size, Adler-32)
  // must be there. (One left when the bindings were done is not read.)
  const bool whole = completedByRange_ || (parser.complete() && received_ > 0);
  if (inflating_ && !skipped_ && whole) {
    const InflateError e = inflate_->finish(*inflater_);
    if (e != InflateError::Ok) return fail(EHC_ERROR_ENCODING, ErrorCause(e));
  }
  ErrorCause why;
  if (toSink_ && options_->check && !options_->check->passed(&why))
    fail(EHC_ERROR_DIGEST_MISMATCH, why);
}

EHC_END_NAMESPACE
