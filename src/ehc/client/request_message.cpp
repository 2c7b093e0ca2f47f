#include "request_message.h"

#include <string.h>

#include "../http/text.h"
#include "json_body.h"
#include "upload_body.h"
#include "user_headers.h"

EHC_BEGIN_NAMESPACE

namespace {

const char kUserAgent[] = "ESP32HTTPClient/" EHC_VERSION_TEXT;

bool sends(const char* method, const char* which) {
  return strcmp(method, which) == 0;
}

bool hasBodyByDefault(const char* method) {
  return sends(method, "POST") || sends(method, "PUT") || sends(method, "PATCH");
}

bool toRequest(void* user, const char* data, size_t n) {
  return static_cast<RequestWriter*>(user)->body(data, n) == HttpError::Ok;
}

bool requestHas(const RequestSpec& q, const char* name) {
  for (uint8_t i = 0; i < q.headerCount; ++i)
    if (equalsIgnoreCase(q.headers[i].name, name)) return true;
  return false;
}

// The request's Content-Type header, its rawBody type, the client's
// persistent Content-Type header, the client's setting: the first given.
const char* contentType(const RequestSpec& q, const ClientSettings& s) {
  for (uint8_t i = 0; i < q.headerCount; ++i)
    if (equalsIgnoreCase(q.headers[i].name, "Content-Type")) return q.headers[i].value;
  if (q.contentType) return q.contentType;
  if (const char* stored = s.headers.find("Content-Type")) return stored;
  return s.contentType;
}

// An upload's type: the request's Content-Type header, else bytes.
const char* uploadType(const RequestSpec& q) {
  for (uint8_t i = 0; i < q.headerCount; ++i)
    if (equalsIgnoreCase(q.headers[i].name, "Content-Type")) return q.headers[i].value;
  return "application/octet-stream";
}

HttpError writeBody(RequestWriter& w, const RequestSpec& q, const ClientSettings& s, const Hop& hop,
                    bool headOnly, size_t* headBytes, UploadCursor& cursor) {
  *headBytes = 0;
  HttpError source = HttpError::Ok;
  if (!hop.hasBody) {
    w.endHeaders(-1);
  } else if (q.writeBody) {
    source = q.writeBody(w, q, s, headOnly, headBytes, cursor);
  } else if (q.rawBody) {
    w.header("Content-Type", contentType(q, s));
    w.endHeaders(static_cast<int64_t>(q.rawLength));
    *headBytes = w.position();
    if (!headOnly) w.body(q.rawBody, q.rawLength);
  } else {
    w.endHeaders(hasBodyByDefault(hop.method) ? 0 : -1);
  }
  if (!*headBytes) *headBytes = w.position();
  return source;
}

// A JSON body goes out twice: counted first (its Content-Length), then
// written into the request (validated when it was given: no error here).
template <typename Write>
HttpError writeJsonBody(RequestWriter& w, const RequestSpec& q, const ClientSettings& s,
                        bool headOnly, size_t* headBytes, Write write) {
  w.header("Content-Type", contentType(q, s));
  JsonWriter counter = countingWriter();
  write(counter);
  w.endHeaders(static_cast<int64_t>(counter.length()));
  *headBytes = w.position();
  JsonWriter out(toRequest, &w);
  if (!headOnly) write(out);
  return HttpError::Ok;
}

}  // namespace

HttpError writeFieldsBody(RequestWriter& w, const RequestSpec& q, const ClientSettings& s,
                          bool headOnly, size_t* headBytes, UploadCursor&) {
  return writeJsonBody(w, q, s, headOnly, headBytes,
                       [&q](JsonWriter& out) { writeDottedObject(out, q.fields, q.fieldCount); });
}

HttpError writeContextBody(RequestWriter& w, const RequestSpec& q, const ClientSettings& s,
                           bool headOnly, size_t* headBytes, UploadCursor&) {
  return writeJsonBody(w, q, s, headOnly, headBytes,
                       [&q](JsonWriter& out) { q.jsonWrite(out, q.jsonContext); });
}

HttpError writeUploadedBody(RequestWriter& w, const RequestSpec& q, const ClientSettings&,
                            bool headOnly, size_t* headBytes, UploadCursor& cursor) {
  w.header("Content-Type", uploadType(q));
  writeUploadHead(w, q.upload);
  *headBytes = w.position();
  return headOnly ? HttpError::Ok : writeUploadBody(w, q.upload, cursor);
}

HttpError writeRequestMessage(RequestWriter& w, const RequestSpec& q, const ClientSettings& s,
                              const CookieJar& cookies, const Hop& hop, bool headOnly,
                              size_t* headBytes, UploadCursor& cursor) {
  if (hop.index == 0)
    w.begin(hop.method, hop.url, q.path, q.pathParams, q.pathCount, q.query, q.queryCount);
  else  // a redirect's Location is the whole target
    w.begin(hop.method, hop.url, "", nullptr, 0, nullptr, 0);
  w.standardHeaders(kUserAgent);
  // Credentials stay with the origin they were set for. (Another origin is
  // a redirect's: its calls are there.)
  const bool cross = hop.crossOrigin;
  s.headers.forEach([&](const StoredHeaders::Field& f) {
    if ((cross && (f.credential || q.redirect->isCredential(f.name))) ||
        equalsIgnoreCase(f.name, "Content-Type") || requestHas(q, f.name))
      return;  // the request's own header of that name replaces it
    w.header(f.name, f.value);
  });
  if (s.cookies) s.cookies->write(cookies, w, hop.host, hop.url.https, !cross);
  for (uint8_t i = 0; i < q.headerCount; ++i) {
    const char* name = q.headers[i].name;
    if ((cross && q.redirect->isCredential(name)) || equalsIgnoreCase(name, "Content-Type"))
      continue;
    w.header(name, q.headers[i].value);
  }
  // (Set only when resuming, reconnecting: their calls are there.)
  if (hop.range) q.body.resume->writeHeaders(w, hop.range, hop.ifRange);
  if (hop.lastEventId) q.body.eventCalls->writeLastEventId(w, hop.lastEventId);
  // Codings are opt-in: only with an inflater to undo them.
  if ((q.body.inflater || s.inflater) && !requestHas(q, "Accept-Encoding") &&
      !s.headers.find("Accept-Encoding"))
    w.header("Accept-Encoding", "gzip, deflate");
  const HttpError source = writeBody(w, q, s, hop, headOnly, headBytes, cursor);
  return source != HttpError::Ok ? source : w.error();
}

EHC_END_NAMESPACE
