#include "request_writer.h"

#include <string.h>

#include "../core/number_format.h"
#include "text.h"

EHC_BEGIN_NAMESPACE

bool safeHeaderText(const char* s) {
  for (; *s; ++s)
    if (*s == '\r' || *s == '\n') return false;
  return true;  // a NUL ends the C string: it cannot reach the wire
}

namespace {
// Header values: no CR/LF (checked above) and no other control bytes but HTAB.
bool validValue(const char* s, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    const uint8_t c = static_cast<uint8_t>(s[i]);
    if ((c < 0x20 && c != '\t') || c == 0x7F) return false;
  }
  return true;
}
}  // namespace

RequestWriter::RequestWriter(Sink sink, void* user, char* buffer, size_t size)
    : sink_(sink), user_(user), buffer_(buffer), size_(size) {
  if (!sink_ || !buffer_ || size_ < 8) error_ = HttpError::RequestTooLarge;
}

void RequestWriter::flush() {
  if (used_ == 0 || error_ != HttpError::Ok) return;
  if (!sink_(user_, buffer_, used_)) fail(HttpError::RequestTooLarge);
  written_ += used_;
  used_ = 0;
}

void RequestWriter::put(const char* s, size_t n) {
  if (skip_ && used_ == 0) {
    const size_t k = n < skip_ ? n : static_cast<size_t>(skip_);
    skip_ -= k;
    written_ += k;
    s += k;
    n -= k;
  }
  // Large pieces (a body) go to the sink as they are: no copy, and one
  // transport call for all of it.
  if (n >= size_ && error_ == HttpError::Ok) {
    flush();
    if (error_ != HttpError::Ok) return;
    if (!sink_(user_, s, n)) fail(HttpError::RequestTooLarge);
    written_ += n;
    return;
  }
  while (n && error_ == HttpError::Ok) {
    if (used_ == size_) flush();
    const size_t k = n < size_ - used_ ? n : size_ - used_;
    memcpy(buffer_ + used_, s, k);
    used_ += k;
    s += k;
    n -= k;
  }
}

void RequestWriter::put(const char* s) {
  put(s, strlen(s));
}

void RequestWriter::putEncoded(const char* s, size_t n, bool pathSafe) {
  // Encode in small slices so any buffer size works.
  char tmp[48];
  while (n) {
    const size_t slice = n < 16 ? n : 16;
    put(tmp, percentEncode(s, slice, pathSafe ? PercentSet::Path : PercentSet::Unreserved, tmp));
    s += slice;
    n -= slice;
  }
}

void RequestWriter::putParam(const ParamValue& v, bool pathSafe) {
  char num[kMaxNumberText];
  switch (v.type) {
    case ParamValue::Type::String:
    case ParamValue::Type::Null: putEncoded(v.s, strlen(v.s), pathSafe); return;
    case ParamValue::Type::Int: put(num, formatInt64(v.i, num)); return;
    case ParamValue::Type::Uint: put(num, formatUint64(v.u, num)); return;
    case ParamValue::Type::Bool: put(v.b ? "true" : "false"); return;
    case ParamValue::Type::Double:
    case ParamValue::Type::Float: {
      const size_t n = v.realText(v, num);
      if (n == 0) {
        fail(HttpError::MissingPathParam);  // NaN / infinity have no text
        return;
      }
      putEncoded(num, n, false);  // '+' of an exponent must not read as a space
      return;
    }
  }
}

HttpError RequestWriter::begin(const char* method, const Url& url, const char* path,
                               const Param* pathParams, size_t pathParamCount, const Param* query,
                               size_t queryCount) {
  if (error_ != HttpError::Ok) return error_;
  if (!method || !isToken(method, strlen(method))) return fail(HttpError::HeaderInjection);
  put(method);
  put(" ");
  if (target(url, path, pathParams, pathParamCount, query, queryCount) != HttpError::Ok)
    return error_;
  put(" HTTP/1.1\r\nHost: ");
  if (url.ipv6) put("[");
  put(url.host, url.hostLength);
  if (url.ipv6) put("]");
  if (!url.defaultPort) {
    char num[kMaxNumberText];
    put(":");
    put(num, formatUint64(url.port, num));
  }
  put("\r\n");
  return error_;
}

HttpError RequestWriter::target(const Url& url, const char* path, const Param* pathParams,
                                size_t pathParamCount, const Param* query, size_t queryCount) {
  if (error_ != HttpError::Ok) return error_;
  if (!path) path = "";
  for (const char* c = path; *c; ++c)
    if (static_cast<uint8_t>(*c) <= 0x20 || *c == 0x7F) return fail(HttpError::HeaderInjection);
  for (size_t k = 0; k < queryCount; ++k)
    if (!query[k].name || !*query[k].name) return fail(HttpError::MissingPathParam);

  // Base path without its trailing '/', then the request path with one '/'.
  size_t base = url.pathLength;
  const char* baseQuery = static_cast<const char*>(memchr(url.path, '?', url.pathLength));
  if (baseQuery) base = static_cast<size_t>(baseQuery - url.path);
  if (!*path) {  // the base URL itself
    if (base == 0) put("/");
    put(url.path, base);
  } else {
    while (base > 0 && url.path[base - 1] == '/') --base;
    put(url.path, base);
    if (*path != '/') put("/");
  }
  // The path, with {name} placeholders replaced.
  bool hasQuery = false;
  for (const char* c = path; *c;) {
    if (*c == '{') {
      const char* close = strchr(c, '}');
      if (!close) return fail(HttpError::MissingPathParam);
      const size_t n = static_cast<size_t>(close - c - 1);
      const Param* found = nullptr;
      for (size_t k = 0; k < pathParamCount && !found; ++k)
        if (pathParams[k].name && strlen(pathParams[k].name) == n &&
            memcmp(pathParams[k].name, c + 1, n) == 0)
          found = &pathParams[k];
      if (!found) return fail(HttpError::MissingPathParam);
      putParam(found->value, false);  // a '/' in a value stays inside its segment
      c = close + 1;
      continue;
    }
    const char* run = c;
    while (*c && *c != '{') {
      hasQuery |= *c == '?';
      ++c;
    }
    putEncoded(run, static_cast<size_t>(c - run), true);
  }
  // The base URL's own query, then the parameters.
  if (baseQuery) {
    put(hasQuery ? "&" : "?");
    put(baseQuery + 1, url.pathLength - static_cast<size_t>(baseQuery + 1 - url.path));
    hasQuery = true;
  }
  for (size_t k = 0; k < queryCount; ++k) {
    put(hasQuery ? "&" : "?");
    hasQuery = true;
    putEncoded(query[k].name, strlen(query[k].name), false);
    put("=");
    putParam(query[k].value, false);
  }
  return error_;
}

HttpError RequestWriter::standardHeaders(const char* userAgent, bool keepAlive) {
  header("Connection", keepAlive ? "keep-alive" : "close");
  if (userAgent && *userAgent) header("User-Agent", userAgent);
  return header("Accept", "application/json");
}

HttpError RequestWriter::header(const char* name, const char* value) {
  if (!value) return fail(HttpError::BadHeaderName);
  beginHeader(name);
  headerText(value, strlen(value));
  return endHeader();
}

HttpError RequestWriter::beginHeader(const char* name) {
  if (error_ != HttpError::Ok) return error_;
  if (!name) return fail(HttpError::BadHeaderName);
  if (!safeHeaderText(name)) return fail(HttpError::HeaderInjection);
  if (!isToken(name, strlen(name))) return fail(HttpError::BadHeaderName);
  put(name);
  put(": ");
  return error_;
}

HttpError RequestWriter::headerText(const char* text, size_t n) {
  if (error_ != HttpError::Ok) return error_;
  if (!validValue(text, n)) return fail(HttpError::HeaderInjection);  // CR, LF, NUL, controls
  put(text, n);
  return error_;
}

HttpError RequestWriter::endHeader() {
  put("\r\n");
  return error_;
}

HttpError RequestWriter::basicAuth(const char* user, const char* password) {
  if (error_ != HttpError::Ok) return error_;
  if (!user || !password) return fail(HttpError::BadHeaderName);
  if (!safeHeaderText(user) || !safeHeaderText(password)) return fail(HttpError::HeaderInjection);
  put("Authorization: Basic ");
  // Base64 of "user:password", three bytes at a time (no buffer for the pair).
  uint8_t group[3];
  size_t g = 0;
  char out[4];
  auto feed = [&](const char* s, size_t n) {
    for (size_t k = 0; k < n; ++k) {
      group[g++] = static_cast<uint8_t>(s[k]);
      if (g == 3) {
        put(out, base64Encode(group, 3, out));
        g = 0;
      }
    }
  };
  feed(user, strlen(user));
  feed(":", 1);
  feed(password, strlen(password));
  if (g) put(out, base64Encode(group, g, out));
  put("\r\n");
  return error_;
}

HttpError RequestWriter::bearer(const char* token) {
  if (error_ != HttpError::Ok) return error_;
  if (!token || !safeHeaderText(token) || !validValue(token, strlen(token)))
    return fail(HttpError::HeaderInjection);
  put("Authorization: Bearer ");
  put(token);
  put("\r\n");
  return error_;
}

HttpError RequestWriter::endHeaders(int64_t contentLength) {
  if (contentLength >= 0) {
    char num[kMaxNumberText];
    put("Content-Length: ");
    put(num, formatInt64(contentLength, num));
    put("\r\n");
  }
  put("\r\n");
  return error_;
}

HttpError RequestWriter::body(const char* data, size_t length) {
  put(data, length);
  return error_;
}

HttpError RequestWriter::finish() {
  flush();
  return error_;
}

EHC_END_NAMESPACE
