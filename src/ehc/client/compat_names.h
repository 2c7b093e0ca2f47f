// The names ESP32-HTTP-Client sketches use beside the two classes, at global
// scope as that library declared them: its callback typedefs (std::function:
// a callable kept in one is stored in a heap block when it is set), the
// request method and binding type enums, its key/value and header structs,
// and ObservabilityMetrics. On Arduino, also what its `#include
// <HTTPClient.h>` gave sketches: HTTPC_ERROR_* and HTTP_CODE_* (the core's
// own header when the core has it, else the same names and values here).
// EHC_NO_GLOBAL_NAMES leaves all of it out.
#pragma once

#ifndef EHC_NO_GLOBAL_NAMES

#include <functional>

#include "observability.h"

using ehc::ObservabilityMetrics;

typedef std::function<void(int)> HttpResponseCallback;
typedef std::function<void(int, const char*)> HttpErrorCallback;
typedef std::function<void(const ObservabilityMetrics&)> ObservabilityCallback;

enum HttpMethod {
  HTTP_GET_METHOD,
  HTTP_POST_METHOD,
  HTTP_PUT_METHOD,
  HTTP_DELETE_METHOD,
  HTTP_PATCH_METHOD
};

enum DataType {
  TYPE_INT,
  TYPE_FLOAT,
  TYPE_BOOL,
  TYPE_STRING,
  TYPE_DOUBLE,
  TYPE_LONG,
  TYPE_ARDUINO_STRING
};

struct KeyValue {
  const char* key;
  const char* value;
  char valueBuffer[64];
  bool quoteValue;
};

struct HttpHeader {
  char name[64];
  char value[256];
};

#if defined(ARDUINO)
#if defined(__has_include)
#if __has_include(<HTTPClient.h>)
#include <HTTPClient.h>
#endif
#endif
#include "arduino_http_codes.h"
#endif

#endif  // EHC_NO_GLOBAL_NAMES
