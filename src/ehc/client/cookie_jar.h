// A fixed-size cookie jar. Cookies the user sets (cookie(name, value)) go
// to every host; cookies a server sets with Set-Cookie go back to that same
// host only (host-only cookies: Domain and Path are not interpreted).
// "Max-Age=0" (or negative) deletes a cookie. When the jar is full the
// oldest server cookie makes room; a cookie longer than EHC_MAX_COOKIE_LENGTH
// is not kept. No heap: the jar is EHC_COOKIE_JAR_BYTES inside the client.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../http/response_parser.h"

#ifndef EHC_MAX_COOKIE_LENGTH
#define EHC_MAX_COOKIE_LENGTH 160
#endif

EHC_BEGIN_NAMESPACE

class CookieJar {
 public:
  // A cookie for every host; false when it does not fit or is malformed
  // (no name, or ';' ',' control bytes or spaces in it).
  bool set(const char* name, const char* value);
  // The text of one Set-Cookie field from `host`.
  void receive(const char* host, const char* text, size_t length);
  // Calls piece() for each "name=value" to send to `host`, in order.
  void forHost(const char* host, void (*piece)(void* user, const char* text, size_t length),
               void* user) const;
  bool anyFor(const char* host) const;
  void clear() { used_ = 0; }
  size_t dropped() const { return dropped_; }  // Set-Cookie fields not kept

  // Feeds the jar from a response's headers (ResponseParser::onHeaders with
  // this jar as user), for the host set here.
  static const ResponseParser::HeaderVisitor kVisitor;
  void setResponseHost(const char* host) { responseHost_ = host; }

 private:
  // Records: host '\0' name=value '\0' (host "" for the user's cookies).
  bool store(const char* host, const char* pair, size_t length);
  void remove(size_t at);
  size_t find(const char* host, const char* name, size_t nameLength) const;
  size_t next(size_t at) const;  // offset of the record after the one at `at`

  char data_[EHC_COOKIE_JAR_BYTES];
  size_t used_ = 0;
  size_t dropped_ = 0;

  // Set-Cookie being received
  const char* responseHost_ = "";
  char value_[EHC_MAX_COOKIE_LENGTH];
  size_t valueLength_ = 0;
  uint8_t nameMatched_ = 0;  // bytes of "set-cookie" matched so far
  bool nameMismatch_ = false;
  bool valueTooLong_ = false;
};

EHC_END_NAMESPACE
