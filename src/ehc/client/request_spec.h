// What one request is, as plain data: what a RestRequest builder collects
// and the engine that runs it reads (RestRequest::spec()). Texts given to the
// builder are copied into `storage`; the pointers here point there, or to
// the caller's own objects (binding targets, rawBodyRef). A moving request
// copies this byte for byte, then makes the pointers into it follow.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <type_traits>

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

// Room for N values of a plain type, none of them made until given: what
// holds one keeps the count beside it and reads only the values given (each
// written whole before, as a request's copied bytes are).
template <typename T, size_t N>
class Slots {
 public:
  static_assert(std::is_trivially_copyable<T>::value && std::is_trivially_destructible<T>::value,
                "slots hold plain values");
  template <typename I>
  T& operator[](I i) {
    return data()[i];
  }
  template <typename I>
  const T& operator[](I i) const {
    return data()[i];
  }
  operator T*() { return data(); }              // NOLINT: used as the array it stands for
  operator const T*() const { return data(); }  // NOLINT

 private:
  T* data() { return reinterpret_cast<T*>(bytes_); }
  const T* data() const { return reinterpret_cast<const T*>(bytes_); }

  alignas(T) unsigned char bytes_[N * sizeof(T)];
};

struct RequestSpec {
  struct Each {  // a "*" binding's callback
    int binding;
    MatchCallback callback;
  };
  struct Header {
    const char* name;
    const char* value;
  };

  // Made for every request, so made cheaply: everything up to the slots
  // starts at 0 (null, false, empty callbacks: one memset) but for method,
  // path, retries and upload.length; the slots are not made at all (only
  // the first count of each are ever read, and written before).
  RequestSpec() {
    memset(static_cast<void*>(this), 0, offsetof(RequestSpec, pathParams));
    method = "GET";
    path = "";
    retries = -1;
    upload.length = -1;
  }

  const char* method;       // "GET"
  const char* path;         // "": appended to the base URL's path
  int error;                // EHC_OK; a builder failure: the request will not be sent
  RequestError errorCause;  // which (Ok: the code says all)

  const HeaderTargetCalls* headerCalls;  // set with the first target
  uint8_t pathCount, queryCount, fieldCount, headerCount;
  uint8_t headerTargetCount, eachCount;
  uint16_t used;  // bytes of storage taken

  const char* rawBody;  // raw text, or a struct's JSON (in storage unless by reference)
  size_t rawLength;
  const char* contentType;
  // A JSON body written at send time from its context (RestRequest::jsonBody).
  WriteError (*jsonWrite)(JsonWriter& writer, const void* context);
  const void* jsonContext;

  uint32_t timeoutMs;  // 0: the client's
  int16_t retries;     // -1: the client's
  bool idempotent;
  uint8_t redirects;  // how many to follow

  // kRedirectCalls, set with redirects: only a program that follows
  // redirects links the Location's capture and resolution (RFC 3986, 1.2 KB
  // on rv32imc) and the credentials kept from another origin.
  const RedirectCalls* redirect;
  BodyWriter writeBody;                      // the fields' or the upload's; nullptr: raw or none
  void (*resumeDownload)(RequestRun& run);   // resumeOrDone, with body.resumes
  bool (*restartDownload)(RequestRun& run);  // restartDownload, with it
  void (*reconnectStream)(RequestRun& run);  // reconnectOrDone, with body.events
                                             // (endEventStage: another stage)
  const PolledCalls* polled;                 // kPolledCalls, once started polled

  BodyOptions body{detail::ZeroedByHolder()};      // download, progress, check, limit, codings
  UploadOptions upload{detail::ZeroedByHolder()};  // a body from a source
  StatusCallback onSuccess{detail::ZeroedByHolder()};
  ErrorCallback onError{detail::ZeroedByHolder()};
  ResultCallback onResponse{detail::ZeroedByHolder()};

  Slots<Param, EHC_MAX_PATH_PARAMS> pathParams;
  Slots<Param, EHC_MAX_QUERY_PARAMS> query;
  Slots<Param, EHC_MAX_BODY_FIELDS> fields;  // body(key, value): the JSON object's dotted keys
  Header headers[EHC_MAX_REQUEST_HEADERS];
  HeaderTarget headerTargets[EHC_MAX_HEADER_TARGETS];
  Slots<Each, EHC_MAX_EACH_CALLBACKS> each;
  char storage[EHC_REQUEST_STORAGE];
};

EHC_END_NAMESPACE
