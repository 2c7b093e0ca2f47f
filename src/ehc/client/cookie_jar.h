// A fixed-size cookie jar. Cookies the user sets (cookie(name, value)) go
// with every request to the client's own origin; cookies a server sets with
// Set-Cookie go back to that same host only (host-only cookies: Domain and
// Path are not interpreted), and a Secure one only over HTTPS. "Max-Age=0"
// (or negative) and an Expires before 2000 (how servers say "delete": a
// board may not know today's date) delete a cookie. When the jar is full the
// oldest server cookie makes room; dropped() counts the cookies pushed out
// so, and those not kept (a name=value longer than EHC_MAX_COOKIE_LENGTH,
// malformed, or no room). A response's Set-Cookie fields are staged as they
// arrive and take effect only when the response is accepted (commit());
// those of a failed response are discarded. No heap: the jar and the
// staging area are EHC_COOKIE_JAR_BYTES each, inside the client.
// A client uses its jar only once a cookie call turned it on
// (acceptCookies(), cookie(), setCookie()): it calls the jar through
// kCookieCalls, which only those calls name, so a program that never makes
// one links none of it.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../http/response_parser.h"

EHC_BEGIN_NAMESPACE

class RequestWriter;

class CookieJar {
 public:
  // A cookie of the user's; false when it does not fit or is malformed (no
  // name, or ';' ',' '"' '\\', spaces or control bytes in it).
  bool set(const char* name, const char* value);
  // Calls piece() for each "name=value" to send to `host` (over HTTPS or
  // not; with the user's cookies or not), in order.
  void forHost(const char* host, bool https, bool withUsers,
               void (*piece)(void* user, const char* text, size_t length), void* user) const;
  bool anyFor(const char* host, bool https, bool withUsers) const;
  void clear() { used_ = 0; }
  size_t dropped() const { return dropped_; }

  // Feeds the jar from a response's Set-Cookie fields (a ResponseParser
  // header visitor, with this jar as user), for the host set here.
  static const ResponseParser::HeaderVisitor kVisitor;
  void setResponseHost(const char* host) { responseHost_ = host; }
  // The response was accepted: its cookies go into the jar (for the host
  // set above). Or it failed: they are forgotten.
  void commit();
  void discard();

 private:
  // Records: a flag ('S' secure, '-'), host '\0', name=value '\0'; host ""
  // for the user's cookies.
  bool store(const char* host, const char* pair, size_t length, bool secure);
  void removeNamed(const char* host, const char* pair, size_t nameLength);
  void remove(size_t at);
  size_t next(size_t at) const;
  bool sendsTo(size_t at, const char* host, bool https, bool withUsers) const;
  void attribute();
  void fieldEnd();
  void stage(char what, const char* pair, size_t length);

  char data_[EHC_COOKIE_JAR_BYTES];
  size_t used_ = 0;
  size_t dropped_ = 0;

  // the response's cookies, until commit(): records of an action ('S' store
  // secure, '-' store, 'D' delete), then name=value '\0'
  char staged_[EHC_COOKIE_JAR_BYTES];
  size_t stagedUsed_ = 0;
  size_t stagedDropped_ = 0;

  // the Set-Cookie field being received
  const char* responseHost_ = "";
  char pair_[EHC_MAX_COOKIE_LENGTH];
  size_t pairLength_ = 0;
  char attr_[40];  // the attribute being read (longer ones are cut: only short ones matter)
  size_t attrLength_ = 0;
  uint8_t nameMatched_ = 0;  // bytes of "set-cookie" matched so far
  bool nameMismatch_ = false;
  bool inAttributes_ = false;
  bool pairTooLong_ = false;
  bool deletes_ = false;
  bool secure_ = false;
};

// The jar as a client's request uses it, once it is on.
struct CookieCalls {
  const ResponseParser::HeaderVisitor* visitor;  // a response's fields (Set-Cookie)
  // A response from `host` is coming: what an earlier one staged is dropped.
  void (*begin)(CookieJar& jar, const char* host);
  // The response was accepted (its cookies take effect), or not.
  void (*end)(CookieJar& jar, bool accepted);
  // The Cookie header for a request to host, if it has any cookie.
  void (*write)(const CookieJar& jar, RequestWriter& w, const char* host, bool https,
                bool withUsers);
  const ResponseParser::HeaderVisitor* requestVisitor;  // RequestRun::kHeaderVisitor
};
extern const CookieCalls kCookieCalls;

EHC_END_NAMESPACE
