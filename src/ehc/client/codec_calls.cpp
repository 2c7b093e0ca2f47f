// The inflater as a request calls it (body_options.h, InflateCalls), and
// the reading of the coding fields: in a file of its own, so that only a
// program that opts in (acceptEncoding, setInflater) links them.
#include "../codec/inflate.h"
#include "../http/text.h"
#include "body_options.h"
#include "response_body.h"

EHC_BEGIN_NAMESPACE

namespace {

Coding codingNamed(const char* s, size_t n) {
  if (equalsIgnoreCase(s, n, "gzip", 4) || equalsIgnoreCase(s, n, "x-gzip", 6)) return Coding::Gzip;
  if (equalsIgnoreCase(s, n, "deflate", 7)) return Coding::Deflate;
  if (equalsIgnoreCase(s, n, "identity", 8)) return Coding::Identity;
  if (equalsIgnoreCase(s, n, "chunked", 7)) return Coding::Chunked;
  return Coding::Other;
}

bool isSpace(char c) {
  return c == ' ' || c == '\t';
}

// The codings of a field's list (RFC 9110 8.4, RFC 9112 6.1) other than
// identity and a last chunked (the parser undid that one): none, one gzip or
// deflate, or Other for what cannot be undone here (an unknown coding, two
// of them, a chunked before another).
Coding codingOf(const char* list, bool transfer) {
  Coding found = Coding::Identity;
  bool chunkedLast = false;
  for (const char* p = list; *p;) {
    while (isSpace(*p) || *p == ',') ++p;
    const char* start = p;
    while (*p && *p != ',' && *p != ';' && !isSpace(*p)) ++p;
    const size_t n = static_cast<size_t>(p - start);
    while (*p && *p != ',') ++p;  // parameters and whitespace
    if (!n) continue;
    if (chunkedLast) return Coding::Other;  // chunked applied before another coding
    const Coding c = codingNamed(start, n);
    if (c == Coding::Chunked && transfer) {
      chunkedLast = true;
      continue;
    }
    if (c == Coding::Identity) continue;
    if (c == Coding::Other || c == Coding::Chunked || found != Coding::Identity)
      return Coding::Other;
    found = c;
  }
  return found;
}

}  // namespace

const InflateCalls kInflateCalls = {
    codingOf,
    [](Inflater& i, bool gzip, ByteSink out) {
      i.begin(gzip ? InflateFormat::Gzip : InflateFormat::ZlibOrRaw, out);
    },
    [](Inflater& i, const char* d, size_t n) { return i.feed(d, n); },
    [](Inflater& i) { return i.finish(); },
    [](const Inflater& i) { return i.error(); },
    [](ResponseBody& body, ResponseParser& parser) { body.captureCodings(parser); },
};

EHC_END_NAMESPACE
