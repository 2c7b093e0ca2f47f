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
#include "body_options.h"
#include "callback.h"
#include "header_targets.h"
#include "rest_result.h"
#include "written_body.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_REQUEST_STORAGE >= 16 && EHC_REQUEST_STORAGE <= 65535,
              "EHC_REQUEST_STORAGE must be 16..65535");

using StatusCallback = Callback<void(int status)>;
using ErrorCallback = Callback<void(int code, const char* message)>;
using ResultCallback = Callback<void(const RestResult& result)>;
using MatchCallback = Callback<void(const JsonMatch& match)>;

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
  Each each[EHC_MAX_EACH_CALLBACKS];
  uint8_t pathCount = 0, queryCount = 0, fieldCount = 0, headerCount = 0;
  uint8_t headerTargetCount = 0, eachCount = 0;
  uint16_t used = 0;  // bytes of storage taken

  const char* rawBody = nullptr;  // raw text, or a struct's JSON (in storage unless by reference)
  size_t rawLength = 0;
  const char* contentType = nullptr;
  WrittenJsonBody written;  // a JSON body written at send time (RestRequest::writtenBody)

  uint32_t timeoutMs = 0;  // 0: the client's
  int16_t retries = -1;    // -1: the client's
  bool idempotent = false;
  uint8_t redirects = 0;  // how many to follow
  BodyOptions body;       // download, progress, check, limit, codings
  UploadOptions upload;   // a body from a source

  StatusCallback onSuccess;
  ErrorCallback onError;
  ResultCallback onResponse;

  char storage[EHC_REQUEST_STORAGE];
};

EHC_END_NAMESPACE
