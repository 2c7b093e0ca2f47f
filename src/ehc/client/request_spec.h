// What one request is, as plain data: what a RestRequest builder collects
// and the engine that runs it reads (RestRequest::spec()). Texts given to the
// builder are copied into `storage`; the pointers here point there, or to
// the caller's own objects (binding targets, rawBodyRef). A moving request
// copies this byte for byte, then makes the pointers into it follow.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../http/request_writer.h"
#include "../json/json_binder.h"
#include "../json/json_writer.h"
#include "../net/transport.h"
#include "body_options.h"
#include "callback.h"
#include "header_targets.h"
#include "rest_result.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_REQUEST_STORAGE >= 16 && EHC_REQUEST_STORAGE <= 65535,
              "EHC_REQUEST_STORAGE must be 16..65535");

using StatusCallback = Callback<void(int status)>;
// The code only: the message (statusName) is added by errorCallback() for a
// callable that takes one, so only a program that wants the names links them.
using ErrorCallback = Callback<void(int code)>;
using ResultCallback = Callback<void(const RestResult& result)>;
using MatchCallback = Callback<void(const JsonMatch& match)>;

class RequestRun;
struct ClientSettings;

// A dropped download's continuation and an ended event stream's
// reconnection (request_run.cpp): set by resume() and onEvent(), so only a
// program that asks for them links them.
void resumeOrDone(RequestRun& run);
bool restartDownload(RequestRun& run);  // a resumed download's target starts over
void reconnectOrDone(RequestRun& run);
// The end of a body stage's body (RestRequest::bodyStage): its verdict, no reconnection.
void endEventStage(RequestRun& run);
struct RequestSpec;

// What only a polled run does (RestRequest::start() sets them in its spec):
// ending it mid-way and saying what it waits for. A program that sends its
// requests blocking (send(), or at the end of the statement) links neither
// (request_run.cpp).
struct PolledCalls {
  void (*cancel)(RequestRun& run);
  WaitFor (*waitFor)(const RequestRun& run);
};
extern const PolledCalls kPolledCalls;

// Redirect following, as the request in flight calls it (request_run.cpp).
struct RedirectCalls {
  void (*captureLocation)(RequestRun& run);      // a hop's Location captured
  bool (*follow)(RequestRun& run, int status);   // the next hop from it; false: failed
  bool (*isCredential)(const char* headerName);  // not sent to another origin
};
extern const RedirectCalls kRedirectCalls;

// Writes a request's body with the headers that go with it (Content-Type,
// the length or chunked, the blank line); *headBytes: the bytes before the
// body; headOnly: stop after the blank line (Expect: 100-continue holds
// the body back); cursor: where an upload's body is (the run keeps it
// between write steps). Set by the RestRequest call that gives the body, so a program links
// only the writers of the bodies it sends (request_message.cpp).
using BodyWriter = HttpError (*)(RequestWriter& writer, const RequestSpec& spec,
                                 const ClientSettings& settings, bool headOnly, size_t* headBytes,
                                 UploadCursor& cursor);
HttpError writeFieldsBody(RequestWriter& writer, const RequestSpec& spec,
                          const ClientSettings& settings, bool headOnly, size_t* headBytes,
                          UploadCursor& cursor);  // a JSON object
HttpError writeUploadedBody(RequestWriter& writer, const RequestSpec& spec,
                            const ClientSettings& settings, bool headOnly, size_t* headBytes,
                            UploadCursor& cursor);  // upload.read's
HttpError writeContextBody(RequestWriter& writer, const RequestSpec& spec,
                           const ClientSettings& settings, bool headOnly, size_t* headBytes,
                           UploadCursor& cursor);  // jsonWrite(jsonContext)'s

struct RequestSpec {
  struct Each {  // a "*" binding's callback
    int binding;
    MatchCallback callback;
  };
  struct Header {
    const char* name;
    const char* value;
  };

  const char* method = "GET";
  const char* path = "";                       // appended to the base URL's path
  int error = EHC_OK;                          // a builder failure: the request will not be sent
  RequestError errorCause = RequestError::Ok;  // which (Ok: the code says all)

  Param pathParams[EHC_MAX_PATH_PARAMS];
  Param query[EHC_MAX_QUERY_PARAMS];
  Param fields[EHC_MAX_BODY_FIELDS];  // body(key, value): the JSON object's dotted keys
  Header headers[EHC_MAX_REQUEST_HEADERS];
  HeaderTarget headerTargets[EHC_MAX_HEADER_TARGETS];
  const HeaderTargetCalls* headerCalls = nullptr;  // set with the first target
  Each each[EHC_MAX_EACH_CALLBACKS];
  uint8_t pathCount = 0, queryCount = 0, fieldCount = 0, headerCount = 0;
  uint8_t headerTargetCount = 0, eachCount = 0;
  uint16_t used = 0;  // bytes of storage taken

  const char* rawBody = nullptr;  // raw text, or a struct's JSON (in storage unless by reference)
  size_t rawLength = 0;
  const char* contentType = nullptr;
  // A JSON body written at send time from its context (RestRequest::jsonBody).
  WriteError (*jsonWrite)(JsonWriter& writer, const void* context) = nullptr;
  const void* jsonContext = nullptr;

  uint32_t timeoutMs = 0;  // 0: the client's
  int16_t retries = -1;    // -1: the client's
  bool idempotent = false;
  uint8_t redirects = 0;  // how many to follow
  BodyOptions body;       // download, progress, check, limit, codings
  UploadOptions upload;   // a body from a source

  StatusCallback onSuccess;
  ErrorCallback onError;
  ResultCallback onResponse;
  // kRedirectCalls, set with redirects: only a program that follows
  // redirects links the Location's capture and resolution (RFC 3986, 1.2 KB
  // on rv32imc) and the credentials kept from another origin.
  const RedirectCalls* redirect = nullptr;
  BodyWriter writeBody = nullptr;  // the fields' or the upload's; nullptr: raw or none
  void (*resumeDownload)(RequestRun& run) = nullptr;   // resumeOrDone, with body.resumes
  bool (*restartDownload)(RequestRun& run) = nullptr;  // restartDownload, with it
  void (*reconnectStream)(RequestRun& run) = nullptr;  // reconnectOrDone, with body.events
                                                       // (endEventStage: another stage)
  const PolledCalls* polled = nullptr;                 // kPolledCalls, once started polled

  char storage[EHC_REQUEST_STORAGE];
};

EHC_END_NAMESPACE
