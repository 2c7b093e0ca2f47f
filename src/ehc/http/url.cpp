#include "url.h"

#include <string.h>

#include "../core/number_format.h"
#include "text.h"

EHC_BEGIN_NAMESPACE

namespace {
bool hostChar(uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}
bool ipv6Char(uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':' ||
         c == '.';
}
}  // namespace

HttpError parseUrl(const char* text, Url* out, uint16_t portOverride) {
  return parseUrl(text, text ? strlen(text) : 0, out, portOverride);
}

HttpError parseUrl(const char* text, size_t n, Url* out, uint16_t portOverride) {
  *out = Url{};
  if (!text) return HttpError::BadUrl;
  size_t i;
  if (n >= 7 && equalsIgnoreCase(text, 7, "http://", 7)) {
    i = 7;
  } else if (n >= 8 && equalsIgnoreCase(text, 8, "https://", 8)) {
    i = 8;
    out->https = true;
  } else {
    return HttpError::BadUrl;
  }
  // Authority ends at '/', '?' or the end.
  size_t end = i;
  while (end < n && text[end] != '/' && text[end] != '?' && text[end] != '#') ++end;
  if (end < n && text[end] == '#') return HttpError::BadUrl;
  size_t hostEnd;
  if (i < end && text[i] == '[') {
    const char* close = static_cast<const char*>(memchr(text + i, ']', end - i));
    if (!close) return HttpError::BadUrl;
    out->ipv6 = true;
    out->host = text + i + 1;
    out->hostLength = static_cast<size_t>(close - out->host);
    for (size_t k = 0; k < out->hostLength; ++k)
      if (!ipv6Char(static_cast<uint8_t>(out->host[k]))) return HttpError::BadUrl;
    if (out->hostLength < 2 || !memchr(out->host, ':', out->hostLength)) return HttpError::BadUrl;
    hostEnd = static_cast<size_t>(close - text) + 1;
  } else {
    hostEnd = i;
    while (hostEnd < end && text[hostEnd] != ':') {
      const uint8_t c = static_cast<uint8_t>(text[hostEnd]);
      if (c == '@' || !hostChar(c)) return HttpError::BadUrl;  // user info, spaces, ...
      ++hostEnd;
    }
    out->host = text + i;
    out->hostLength = hostEnd - i;
  }
  if (out->hostLength == 0) return HttpError::BadUrl;
  out->port = out->https ? 443 : 80;
  if (hostEnd < end) {
    if (text[hostEnd] != ':' || hostEnd + 1 == end) return HttpError::BadUrl;
    uint32_t port = 0;
    for (size_t k = hostEnd + 1; k < end; ++k) {
      const char c = text[k];
      if (c < '0' || c > '9') return HttpError::BadUrl;
      port = port * 10 + static_cast<uint32_t>(c - '0');
      if (port > 65535) return HttpError::BadUrl;
    }
    if (port == 0) return HttpError::BadUrl;
    out->port = static_cast<uint16_t>(port);
    out->defaultPort = port == (out->https ? 443u : 80u);
  }
  if (portOverride) {
    out->port = portOverride;
    out->defaultPort = portOverride == (out->https ? 443 : 80);
  }
  out->path = text + end;
  out->pathLength = n - end;
  for (size_t k = 0; k < out->pathLength; ++k) {
    const uint8_t c = static_cast<uint8_t>(out->path[k]);
    if (c <= 0x20 || c == 0x7F || c == '#') return HttpError::BadUrl;
  }
  return HttpError::Ok;
}

namespace {

bool isAlpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// A piece of a URI reference; an absent one (text null) differs from an
// empty one.
struct Part {
  const char* text = nullptr;
  size_t length = 0;
};

// A URI reference split as RFC 3986 appendix B does, with a strict scheme.
struct UriParts {
  Part scheme, authority, path, query, fragment;  // without ':', "//", '?', '#'
};

UriParts splitUri(const char* s) {
  UriParts u;
  const auto take = [&s](const char* stops) {  // up to one of stops, or the end
    const Part part{s, strcspn(s, stops)};
    s += part.length;
    return part;
  };
  if (const size_t n = schemeLength(s)) {
    u.scheme = {s, n};
    s += n + 1;
  }
  if (s[0] == '/' && s[1] == '/') {
    s += 2;
    u.authority = take("/?#");
  }
  u.path = take("?#");
  if (*s == '?') {
    ++s;
    u.query = take("#");
  }
  if (*s == '#') {
    ++s;
    u.fragment = take("");
  }
  return u;
}

// Appends to a fixed buffer, always NUL-terminated; once something did not
// fit, nothing more is appended and length() is 0.
class Appender {
 public:
  Appender(char* out, size_t size) : out_(out), size_(size), full_(size == 0) {
    if (size_) out_[0] = '\0';
  }
  void put(const char* s, size_t n) {
    full_ = full_ || n >= size_ - length_;
    if (full_) return;
    memcpy(out_ + length_, s, n);
    length_ += n;
    out_[length_] = '\0';
  }
  void put(const char* s) { put(s, strlen(s)); }
  void put(const Part& p) { put(p.text, p.length); }
  size_t length() const { return full_ ? 0 : length_; }
  size_t at() const { return length_; }
  // Removes the dot segments of what was put from `from` on.
  void removeDotSegments(size_t from);

 private:
  char* out_;
  size_t size_;
  size_t length_ = 0;
  bool full_;
};

// RFC 3986 section 5.2.4, in place: the output is written over the input it
// has read (it never gets ahead of it).
void Appender::removeDotSegments(size_t from) {
  if (full_) return;
  char* p = out_ + from;
  const size_t n = length_ - from;
  size_t r = 0, w = 0;
  const auto startsWith = [&](const char* s, size_t k) {
    return n - r >= k && memcmp(p + r, s, k) == 0;
  };
  const auto is = [&](const char* s, size_t k) { return n - r == k && memcmp(p + r, s, k) == 0; };
  const auto dropLastSegment = [&] {
    while (w > 0 && p[w - 1] != '/') --w;
    if (w > 0) --w;
  };
  while (r < n) {
    if (startsWith("../", 3)) {
      r += 3;
    } else if (startsWith("./", 2) || startsWith("/./", 3)) {
      r += 2;  // "/./" leaves its last '/'
    } else if (is("/.", 2)) {
      p[++r] = '/';
    } else if (startsWith("/../", 4)) {
      r += 3;
      dropLastSegment();
    } else if (is("/..", 3)) {
      r += 2;
      p[r] = '/';
      dropLastSegment();
    } else if (is(".", 1) || is("..", 2)) {
      r = n;
    } else {  // the first segment, with its '/', moves to the output
      size_t end = r + (p[r] == '/');
      while (end < n && p[end] != '/') ++end;
      memmove(p + w, p + r, end - r);
      w += end - r;
      r = end;
    }
  }
  length_ = from + w;
  out_[length_] = '\0';
}

}  // namespace

size_t schemeLength(const char* s) {
  if (!s || !isAlpha(s[0])) return 0;
  size_t n = 1;
  while (isAlpha(s[n]) || (s[n] >= '0' && s[n] <= '9') || s[n] == '+' || s[n] == '-' || s[n] == '.')
    ++n;
  return s[n] == ':' ? n : 0;
}

size_t resolveReference(const char* base, const char* ref, char* out, size_t size) {
  const UriParts b = splitUri(base);
  const UriParts r = splitUri(ref);
  if (!b.scheme.text) return 0;
  // Which parts come from the reference: from its first defined one on.
  const UriParts& authority = r.scheme.text || r.authority.text ? r : b;
  const bool ownPath = &authority == &r || r.path.length > 0;
  const UriParts& query = ownPath || r.query.text ? r : b;
  Appender t(out, size);
  t.put(r.scheme.text ? r.scheme : b.scheme);
  t.put(":");
  if (authority.authority.text) {
    t.put("//");
    t.put(authority.authority);
  }
  const size_t pathAt = t.at();
  if (!ownPath) {
    t.put(b.path);
  } else {
    if (&authority == &b && r.path.text[0] != '/') {  // merged with the base's directory
      size_t dir = b.path.length;
      while (dir > 0 && b.path.text[dir - 1] != '/') --dir;
      if (b.authority.text && b.path.length == 0) t.put("/");
      t.put(b.path.text, dir);
    }
    t.put(r.path);
    t.removeDotSegments(pathAt);
  }
  if (query.query.text) {
    t.put("?");
    t.put(query.query);
  }
  if (r.fragment.text) {
    t.put("#");
    t.put(r.fragment);
  }
  return t.length();
}

size_t formatOrigin(const Url& url, char* out, size_t size) {
  char port[kMaxNumberText + 1] = "";
  if (!url.defaultPort) {
    port[0] = ':';
    port[1 + formatUint64(url.port, port + 1)] = '\0';
  }
  Appender o(out, size);
  o.put(url.https ? "https://" : "http://");
  if (url.ipv6) o.put("[");
  o.put(url.host, url.hostLength);
  if (url.ipv6) o.put("]");
  o.put(port);
  return o.length();
}

bool isRedirectStatus(int status) {
  return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

bool redirectBecomesGet(int status, const char* method) {
  const bool head = strcmp(method, "HEAD") == 0;
  return (status == 303 && !head) ||
         ((status == 301 || status == 302) && strcmp(method, "POST") == 0);
}

EHC_END_NAMESPACE
