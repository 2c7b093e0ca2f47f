// Writes an HTTP/1.1 request through a small fixed buffer into a sink (the
// transport). Every piece a caller supplies is checked: CR, LF or NUL in a
// method, path, header name or value is refused (no header injection), and
// path parameters and query values are percent-encoded.
//
//   ehc::Url url;
//   ehc::parseUrl("http://api.test/api", &url);
//   char buf[256];
//   ehc::RequestWriter w(sink, user, buf, sizeof buf);
//   ehc::Param id{"id", ehc::ParamValue(7)};
//   ehc::Param q{"q", ehc::ParamValue("a b")};
//   w.begin("GET", url, "/users/{id}", &id, 1, &q, 1);  // GET /api/users/7?q=a%20b HTTP/1.1
//                                                       // and Host: api.test
//   w.standardHeaders("ESP32HTTPClient/0.1");  // Connection, User-Agent, Accept
//   w.header("X-Trace", "abc");
//   w.endHeaders(-1);                          // no body
//   w.finish();                                // flush
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../core/number_format.h"
#include "http_error.h"
#include "url.h"

EHC_BEGIN_NAMESPACE

// A scalar for a path placeholder or a query parameter.
struct ParamValue {
  enum class Type : uint8_t { String, Int, Uint, Double, Float, Bool, Null };
  // The shortest text of a Double or Float (0 for NaN / infinity), set by
  // their constructors: only a program that makes a floating-point value
  // links the formatter (2.3 KB on rv32imc). Fits the padding after `type`
  // on a 32-bit target.
  using RealText = size_t (*)(const ParamValue& v, char* out);
  Type type;
  RealText realText = nullptr;
  union {
    const char* s;
    int64_t i;
    uint64_t u;
    double d;
    float f;  // written as the shortest text that reads back as this float
    bool b;
  };
  ParamValue(const char* v) : type(Type::String), s(v ? v : "") {}
  ParamValue() : ParamValue(nullptr) {}
  ParamValue(decltype(nullptr)) : type(Type::Null), s("") {}  // JSON null in a body; "" elsewhere
  ParamValue(bool v) : type(Type::Bool), b(v) {}
  ParamValue(double v) : type(Type::Double), realText(doubleText), d(v) {}
  ParamValue(float v) : type(Type::Float), realText(floatText), f(v) {}
  ParamValue(int v) : type(Type::Int), i(v) {}
  ParamValue(long v) : type(Type::Int), i(v) {}
  ParamValue(long long v) : type(Type::Int), i(v) {}
  ParamValue(unsigned v) : type(Type::Uint), u(v) {}
  ParamValue(unsigned long v) : type(Type::Uint), u(v) {}
  ParamValue(unsigned long long v) : type(Type::Uint), u(v) {}

 private:
  static size_t doubleText(const ParamValue& v, char* out) { return formatDouble(v.d, out); }
  static size_t floatText(const ParamValue& v, char* out) { return formatFloat(v.f, out); }
};

struct Param {
  const char* name;
  ParamValue value;
};

class RequestWriter {
 public:
  // Receives the request in pieces; returns false to stop (RequestTooLarge).
  using Sink = bool (*)(void* user, const char* data, size_t length);

  RequestWriter(Sink sink, void* user, char* buffer, size_t size);

  // Request line (method, the URL's base path joined with `path`, {name}
  // placeholders replaced by pathParams, query appended) and Host.
  HttpError begin(const char* method, const Url& url, const char* path, const Param* pathParams,
                  size_t pathParamCount, const Param* query, size_t queryCount);
  // Only the request target of that line ("/api/users/7?q=a%20b"): what a
  // relative redirect Location is read against.
  HttpError target(const Url& url, const char* path, const Param* pathParams, size_t pathParamCount,
                   const Param* query, size_t queryCount);
  // Connection: keep-alive (or close), User-Agent, Accept: application/json.
  HttpError standardHeaders(const char* userAgent, bool keepAlive = true);
  HttpError header(const char* name, const char* value);
  // A header whose value comes in pieces (a cookie list): beginHeader, then
  // headerText any number of times, then endHeader. Same checks as header().
  HttpError beginHeader(const char* name);
  HttpError headerText(const char* text, size_t length);
  HttpError endHeader();
  HttpError basicAuth(const char* user, const char* password);
  HttpError bearer(const char* token);
  // Content-Length when >= 0, then the blank line.
  HttpError endHeaders(int64_t contentLength);
  HttpError body(const char* data, size_t length);
  // Sends what is buffered.
  HttpError finish();

  // A write resumed: the first n bytes of the request went out before and
  // are not handed to the sink again (nor copied; they still count in
  // position() and bytesWritten()).
  void skip(uint64_t n) {
    skip_ = n;
    resumed_ = n > 0;
  }
  bool resumed() const { return resumed_; }

  HttpError error() const { return error_; }
  size_t bytesWritten() const { return written_; }      // handed to the sink (or skipped)
  size_t position() const { return written_ + used_; }  // written or buffered

 private:
  void put(const char* s, size_t n);
  void put(const char* s);
  void putEncoded(const char* s, size_t n, bool pathSafe);
  void putParam(const ParamValue& v, bool pathSafe);
  void flush();
  HttpError fail(HttpError e) {
    if (error_ == HttpError::Ok) error_ = e;
    return error_;
  }

  Sink sink_;
  void* user_;
  char* buffer_;
  size_t size_;
  size_t used_ = 0;
  size_t written_ = 0;
  uint64_t skip_ = 0;
  bool resumed_ = false;
  HttpError error_ = HttpError::Ok;
};

// True when s has no CR, LF or NUL (the bytes that would split a header).
bool safeHeaderText(const char* s);

EHC_END_NAMESPACE
