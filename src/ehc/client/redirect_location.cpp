#include "redirect_location.h"

#include <string.h>

#include "../http/text.h"
#include "client_error.h"

EHC_BEGIN_NAMESPACE

namespace {

bool isAlpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// RFC 3986: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
// Its length without the ':', or 0 when the reference has none.
size_t schemeLength(const char* s) {
  if (!isAlpha(s[0])) return 0;
  size_t n = 1;
  while (isAlpha(s[n]) || (s[n] >= '0' && s[n] <= '9') || s[n] == '+' || s[n] == '-' || s[n] == '.')
    ++n;
  return s[n] == ':' ? n : 0;
}

bool isScheme(const char* s, size_t n, const char* scheme) {
  return equalsIgnoreCase(s, n, scheme, strlen(scheme));
}

// Appends to a fixed buffer, always NUL-terminated; false once full.
class Appender {
 public:
  Appender(char* out, size_t size) : out_(out), size_(size) { out_[0] = '\0'; }
  bool put(const char* s, size_t n) {
    if (n >= size_ - length_) return false;
    memcpy(out_ + length_, s, n);
    length_ += n;
    out_[length_] = '\0';
    return true;
  }
  bool put(const char* s) { return put(s, strlen(s)); }
  char* text() const { return out_; }

 private:
  char* out_;
  size_t size_;
  size_t length_ = 0;
};

// scheme://host[:port] of `from`.
bool putOrigin(Appender& out, const Url& from, const char* host) {
  char port[8] = "";
  if (!from.defaultPort) {
    char digits[6];
    size_t d = 0;
    for (uint16_t p = from.port; p; p = static_cast<uint16_t>(p / 10))
      digits[d++] = static_cast<char>('0' + p % 10);
    port[0] = ':';
    for (size_t i = 0; i < d; ++i) port[1 + i] = digits[d - 1 - i];
    port[1 + d] = '\0';
  }
  return out.put(from.https ? "https://" : "http://") && (!from.ipv6 || out.put("[")) &&
         out.put(host) && (!from.ipv6 || out.put("]")) && out.put(port);
}

// The directory of from's path (up to its last '/', the query left out).
bool putDirectory(Appender& out, const Url& from) {
  size_t dir = from.pathLength;
  const char* query = static_cast<const char*>(memchr(from.path, '?', from.pathLength));
  if (query) dir = static_cast<size_t>(query - from.path);
  while (dir > 0 && from.path[dir - 1] != '/') --dir;
  return dir ? out.put(from.path, dir) : out.put("/");
}

}  // namespace

int resolveLocation(const char* location, const Url& from, const char* host, char* out,
                    size_t size) {
  const char* hash = strchr(location, '#');  // a fragment never goes to a server
  const size_t length = hash ? static_cast<size_t>(hash - location) : strlen(location);
  Appender next(out, size);
  bool fits;
  if (const size_t scheme = schemeLength(location)) {
    if (!isScheme(location, scheme, "http") && !isScheme(location, scheme, "https"))
      return EHC_ERROR_BAD_URL;
    fits = next.put(location, length);
    for (size_t i = 0; fits && i < scheme; ++i)  // the URL parser wants it lowercase
      if (out[i] >= 'A' && out[i] <= 'Z') out[i] = static_cast<char>(out[i] - 'A' + 'a');
  } else if (location[0] == '/' && location[1] == '/') {
    fits = next.put(from.https ? "https:" : "http:") && next.put(location, length);
  } else {
    fits = putOrigin(next, from, host) && (location[0] == '/' || putDirectory(next, from)) &&
           next.put(location, length);
  }
  return fits ? EHC_OK : EHC_ERROR_CAPACITY;
}

EHC_END_NAMESPACE
