#include "cookie_jar.h"

#include <string.h>

#include "../http/text.h"

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

// "max-age=N" with N <= 0 among the attributes after the first ';'.
bool deletes(const char* attrs, size_t n) {
  for (size_t i = 0; i < n;) {
    while (i < n && (attrs[i] == ';' || isSpace(attrs[i]))) ++i;
    const size_t start = i;
    while (i < n && attrs[i] != ';') ++i;
    const char* a = attrs + start;
    const size_t len = i - start;
    if (len > 8 && equalsIgnoreCase(a, 8, "max-age=", 8)) {
      const char* v = a + 8;
      if (*v == '-' || (*v == '0' && (len == 9 || !(v[1] >= '0' && v[1] <= '9')))) return true;
    }
  }
  return false;
}

}  // namespace

size_t CookieJar::next(size_t at) const {
  at += strlen(data_ + at) + 1;        // host
  return at + strlen(data_ + at) + 1;  // pair
}

size_t CookieJar::find(const char* host, const char* name, size_t nameLength) const {
  for (size_t at = 0; at < used_; at = next(at)) {
    const char* pair = data_ + at + strlen(data_ + at) + 1;
    if (strcmp(data_ + at, host) == 0 && strncmp(pair, name, nameLength) == 0 &&
        pair[nameLength] == '=')
      return at;
  }
  return used_;
}

void CookieJar::remove(size_t at) {
  const size_t end = next(at);
  memmove(data_ + at, data_ + end, used_ - end);
  used_ -= end - at;
}

bool CookieJar::store(const char* host, const char* pair, size_t length) {
  const char* eq = static_cast<const char*>(memchr(pair, '=', length));
  const size_t nameLength = static_cast<size_t>(eq - pair);
  const size_t old = find(host, pair, nameLength);
  if (old < used_) remove(old);
  const size_t hostLength = strlen(host);
  const size_t need = hostLength + 1 + length + 1;
  if (need > sizeof data_) return false;
  // Make room: the oldest server cookies go first; the user's stay.
  for (size_t at = 0; used_ + need > sizeof data_ && at < used_;) {
    if (data_[at] != '\0')
      remove(at);
    else
      at = next(at);
  }
  if (used_ + need > sizeof data_) return false;
  memcpy(data_ + used_, host, hostLength + 1);
  memcpy(data_ + used_ + hostLength + 1, pair, length);
  data_[used_ + need - 1] = '\0';
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
  return store("", pair, n + 1 + v);
}

void CookieJar::receive(const char* host, const char* text, size_t length) {
  if (!*host) return;  // "" is the user's
  size_t i = 0;
  while (i < length && isSpace(text[i])) ++i;
  const size_t start = i;
  while (i < length && text[i] != ';') ++i;
  size_t end = i;
  while (end > start && isSpace(text[end - 1])) --end;
  const char* pair = text + start;
  const size_t pairLength = end - start;
  const char* eq = static_cast<const char*>(memchr(pair, '=', pairLength));
  bool valid = eq && eq != pair;
  for (size_t k = 0; valid && k < pairLength; ++k) valid = cookieByte(pair[k]);
  if (!valid) {
    ++dropped_;
    return;
  }
  if (deletes(text + i, length - i)) {
    const size_t at = find(host, pair, static_cast<size_t>(eq - pair));
    if (at < used_) remove(at);
    return;
  }
  if (!store(host, pair, pairLength)) ++dropped_;
}

void CookieJar::forHost(const char* host, void (*piece)(void*, const char*, size_t),
                        void* user) const {
  for (size_t at = 0; at < used_; at = next(at)) {
    if (data_[at] != '\0' && strcmp(data_ + at, host) != 0) continue;
    const char* pair = data_ + at + strlen(data_ + at) + 1;
    piece(user, pair, strlen(pair));
  }
}

bool CookieJar::anyFor(const char* host) const {
  for (size_t at = 0; at < used_; at = next(at))
    if (data_[at] == '\0' || strcmp(data_ + at, host) == 0) return true;
  return false;
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
    [](void* user, const char* d, size_t n) {  // value piece
      auto& j = *static_cast<CookieJar*>(user);
      if (j.nameMismatch_ || j.nameMatched_ != sizeof kSetCookie - 1) return;
      if (j.valueLength_ + n > sizeof j.value_) {
        j.valueTooLong_ = true;
        return;
      }
      memcpy(j.value_ + j.valueLength_, d, n);
      j.valueLength_ += n;
    },
    [](void* user, bool trailer) {  // end of the field
      auto& j = *static_cast<CookieJar*>(user);
      if (!trailer && !j.nameMismatch_ && j.nameMatched_ == sizeof kSetCookie - 1) {
        if (j.valueTooLong_)
          ++j.dropped_;
        else
          j.receive(j.responseHost_, j.value_, j.valueLength_);
      }
      j.nameMatched_ = 0;
      j.nameMismatch_ = j.valueTooLong_ = false;
      j.valueLength_ = 0;
    }};

EHC_END_NAMESPACE
