#include "cookie_jar.h"

#include <string.h>

#include "../http/request_writer.h"
#include "../http/text.h"
#include "request_run.h"

EHC_BEGIN_NAMESPACE

namespace {

const char kSetCookie[] = "set-cookie";

bool cookieByte(char c) {  // RFC 6265 cookie-octet, plus '=' (between name and value)
  const auto u = static_cast<uint8_t>(c);
  return u > 0x20 && u < 0x7F && c != '"' && c != ',' && c != ';' && c != '\\';
}

bool isSpace(char c) {
  return c == ' ' || c == '\t';
}

bool startsWith(const char* s, size_t n, const char* prefix) {
  const size_t p = strlen(prefix);
  return n >= p && equalsIgnoreCase(s, p, prefix, p);
}

// The first run of four digits in an Expires date: its year.
int yearOf(const char* s, size_t n) {
  for (size_t i = 0; i + 4 <= n; ++i) {
    int year = 0;
    size_t k = 0;
    while (k < 4 && s[i + k] >= '0' && s[i + k] <= '9') year = year * 10 + (s[i + k++] - '0');
    if (k == 4 && (i + 4 == n || s[i + 4] < '0' || s[i + 4] > '9')) return year;
  }
  return -1;
}

void writeCookieHeader(const CookieJar& jar, RequestWriter& w, const char* host, bool https,
                       bool withUsers) {
  if (!jar.anyFor(host, https, withUsers)) return;
  struct Pieces {
    RequestWriter* w;
    bool first;
  } p{&w, true};
  w.beginHeader("Cookie");
  jar.forHost(
      host, https, withUsers,
      [](void* u, const char* text, size_t n) {
        auto* pieces = static_cast<Pieces*>(u);
        if (!pieces->first) pieces->w->headerText("; ", 2);
        pieces->first = false;
        pieces->w->headerText(text, n);
      },
      &p);
  w.endHeader();
}

}  // namespace

size_t CookieJar::next(size_t at) const {
  at += 1 + strlen(data_ + at + 1) + 1;  // flag, host
  return at + strlen(data_ + at) + 1;    // pair
}

bool CookieJar::sendsTo(size_t at, const char* host, bool https, bool withUsers) const {
  const char* h = data_ + at + 1;
  if (*h == '\0') return withUsers;
  return strcmp(h, host) == 0 && (data_[at] != 'S' || https);
}

void CookieJar::remove(size_t at) {
  const size_t end = next(at);
  memmove(data_ + at, data_ + end, used_ - end);
  used_ -= end - at;
}

void CookieJar::removeNamed(const char* host, const char* pair, size_t nameLength) {
  for (size_t at = 0; at < used_;) {
    const char* h = data_ + at + 1;
    const char* p = h + strlen(h) + 1;
    if (strcmp(h, host) == 0 && strncmp(p, pair, nameLength) == 0 && p[nameLength] == '=')
      remove(at);
    else
      at = next(at);
  }
}

bool CookieJar::store(const char* host, const char* pair, size_t length, bool secure) {
  const char* eq = static_cast<const char*>(memchr(pair, '=', length));
  removeNamed(host, pair, static_cast<size_t>(eq - pair));
  const size_t hostLength = strlen(host);
  const size_t need = 1 + hostLength + 1 + length + 1;
  if (need > sizeof data_) return false;
  // Make room: the oldest server cookies go first (counted); the user's stay.
  for (size_t at = 0; used_ + need > sizeof data_ && at < used_;) {
    if (data_[at + 1] != '\0') {
      remove(at);
      ++dropped_;
    } else {
      at = next(at);
    }
  }
  if (used_ + need > sizeof data_) return false;
  char* r = data_ + used_;
  r[0] = secure ? 'S' : '-';
  memcpy(r + 1, host, hostLength + 1);
  memcpy(r + 1 + hostLength + 1, pair, length);
  r[need - 1] = '\0';
  used_ += need;
  return true;
}

bool CookieJar::set(const char* name, const char* value) {
  if (!name || !*name || !value) return false;
  char pair[EHC_MAX_COOKIE_LENGTH];
  const size_t n = strlen(name), v = strlen(value);
  if (n + 1 + v > sizeof pair) return false;
  for (size_t i = 0; i < n; ++i)
    if (!cookieByte(name[i]) || name[i] == '=') return false;
  for (size_t i = 0; i < v; ++i)
    if (!cookieByte(value[i])) return false;
  memcpy(pair, name, n);
  pair[n] = '=';
  memcpy(pair + n + 1, value, v);
  return store("", pair, n + 1 + v, false);
}

void CookieJar::forHost(const char* host, bool https, bool withUsers,
                        void (*piece)(void*, const char*, size_t), void* user) const {
  for (size_t at = 0; at < used_; at = next(at)) {
    if (!sendsTo(at, host, https, withUsers)) continue;
    const char* pair = data_ + at + 1 + strlen(data_ + at + 1) + 1;
    piece(user, pair, strlen(pair));
  }
}

bool CookieJar::anyFor(const char* host, bool https, bool withUsers) const {
  for (size_t at = 0; at < used_; at = next(at))
    if (sendsTo(at, host, https, withUsers)) return true;
  return false;
}

// One attribute after the name=value: Max-Age, Expires and Secure matter.
void CookieJar::attribute() {
  size_t start = 0, end = attrLength_;
  while (start < end && isSpace(attr_[start])) ++start;
  while (end > start && isSpace(attr_[end - 1])) --end;
  const char* a = attr_ + start;
  const size_t n = end - start;
  if (startsWith(a, n, "max-age=")) {
    const char* v = a + 8;
    const size_t vn = n - 8;
    bool zero = vn > 0;
    for (size_t i = 0; i < vn; ++i) zero = zero && v[i] == '0';
    if ((vn > 0 && v[0] == '-') || zero) deletes_ = true;
  } else if (startsWith(a, n, "expires=")) {
    const int year = yearOf(a + 8, n - 8);
    if (year >= 0 && year < 2000) deletes_ = true;
  } else if (n == 6 && startsWith(a, n, "secure")) {
    secure_ = true;
  }
  attrLength_ = 0;
}

void CookieJar::fieldEnd() {
  if (inAttributes_) attribute();
  size_t start = 0, end = pairLength_;
  while (start < end && isSpace(pair_[start])) ++start;
  while (end > start && isSpace(pair_[end - 1])) --end;
  const char* pair = pair_ + start;
  const size_t length = end - start;
  const char* eq = static_cast<const char*>(memchr(pair, '=', length));
  bool valid = !pairTooLong_ && eq && eq != pair && *responseHost_;
  for (size_t k = 0; valid && k < length; ++k) valid = cookieByte(pair[k]);
  if (!valid)
    ++stagedDropped_;
  else
    stage(deletes_ ? 'D' : secure_ ? 'S' : '-', pair, length);
}

void CookieJar::stage(char what, const char* pair, size_t length) {
  if (length + 2 > sizeof staged_ - stagedUsed_) {
    ++stagedDropped_;  // more than a jar's worth in one response
    return;
  }
  char* r = staged_ + stagedUsed_;
  r[0] = what;
  memcpy(r + 1, pair, length);
  r[1 + length] = '\0';
  stagedUsed_ += length + 2;
}

void CookieJar::commit() {
  for (size_t at = 0; at < stagedUsed_;) {
    const char what = staged_[at];
    const char* pair = staged_ + at + 1;
    const size_t length = strlen(pair);
    at += length + 2;
    if (what == 'D')
      removeNamed(responseHost_, pair, static_cast<size_t>(strchr(pair, '=') - pair));
    else if (!store(responseHost_, pair, length, what == 'S'))
      ++dropped_;
  }
  dropped_ += stagedDropped_;
  discard();
}

void CookieJar::discard() {
  stagedUsed_ = 0;
  stagedDropped_ = 0;
}

const ResponseParser::HeaderVisitor CookieJar::kVisitor = {
    [](void* user, const char* d, size_t n) {  // name piece
      auto& j = *static_cast<CookieJar*>(user);
      for (size_t i = 0; i < n && !j.nameMismatch_; ++i) {
        char c = d[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (j.nameMatched_ >= sizeof kSetCookie - 1 || c != kSetCookie[j.nameMatched_])
          j.nameMismatch_ = true;
        else
          ++j.nameMatched_;
      }
    },
    [](void* user, const char* d, size_t n) {  // value piece: name=value, then attributes
      auto& j = *static_cast<CookieJar*>(user);
      if (j.nameMismatch_ || j.nameMatched_ != sizeof kSetCookie - 1) return;
      for (size_t i = 0; i < n; ++i) {
        const char c = d[i];
        if (c == ';') {
          if (j.inAttributes_) j.attribute();
          j.inAttributes_ = true;
        } else if (!j.inAttributes_) {
          if (j.pairLength_ < sizeof j.pair_)
            j.pair_[j.pairLength_++] = c;
          else
            j.pairTooLong_ = true;
        } else if (j.attrLength_ < sizeof j.attr_) {
          j.attr_[j.attrLength_++] = c;
        }
      }
    },
    [](void* user, bool trailer) {  // end of the field
      auto& j = *static_cast<CookieJar*>(user);
      if (!trailer && !j.nameMismatch_ && j.nameMatched_ == sizeof kSetCookie - 1) j.fieldEnd();
      j.nameMatched_ = 0;
      j.nameMismatch_ = j.inAttributes_ = j.pairTooLong_ = j.deletes_ = j.secure_ = false;
      j.pairLength_ = j.attrLength_ = 0;
    }};

const CookieCalls kCookieCalls = {
    &CookieJar::kVisitor,
    [](CookieJar& jar, const char* host) {
      jar.discard();
      jar.setResponseHost(host);
    },
    [](CookieJar& jar, bool accepted) { accepted ? jar.commit() : jar.discard(); },
    writeCookieHeader,
    &RequestRun::kHeaderVisitor,
};

EHC_END_NAMESPACE
