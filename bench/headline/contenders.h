// The three ways to make the headline request: ours (the fluent chain on a
// kept-alive connection), "standard" (what the usual Arduino code does: a new
// TLS connection per request, the body in a heap string, a cJSON document),
// and libcurl with a reused handle plus RapidJSON.
#pragma once

#include <stdint.h>

#include <memory>
#include <string>

namespace headline {

// The 15 fields of the first user, as a sketch keeps them.
struct User {
  long id = 0;
  char name[32] = "", username[32] = "", email[48] = "", phone[32] = "", website[32] = "";
  char street[32] = "", suite[32] = "", city[32] = "", zipcode[16] = "", lat[16] = "", lng[16] = "";
  char company[48] = "", catchPhrase[64] = "", bs[64] = "";
  bool operator==(const User& o) const;
};

struct Server {
  std::string host;    // "localhost"
  uint16_t port;       // HTTPS (or HTTP when !tls)
  std::string caPem;   // the test CA
  std::string caFile;  // the same, as a file (libcurl)
  bool tls = true;
  std::string origin() const {
    return (tls ? "https://" : "http://") + host + ":" + std::to_string(port);
  }
};

class Contender {
 public:
  virtual ~Contender() = default;
  virtual const char* name() const = 0;
  // One GET of `path`, the 15 fields into *out; false on any failure.
  virtual bool request(const char* path, User* out) = 0;
  // Drops a kept connection (ours: end(); standard keeps none; curl's handle
  // keeps its connection for the life of the contender).
  virtual void end() {}
  // Scaling run: make ours read and parse the whole body, as the others do
  // (a "*" binding that counts the elements), instead of stopping once the
  // 15 fields are found.
  virtual void readWholeBody(bool) {}
  // Lines the user writes for one request (counted from this project's
  // source between markers, see contenders.cpp).
  virtual int linesOfCode() const = 0;
};

std::unique_ptr<Contender> makeOurs(const Server& s);
// Ours with the library built with a larger EHC_READ_BUFFER
// (ours_big_buffer.cpp, built once per size): kBigReadBuffer, named
// "ours-16k", and kMidReadBuffer, "ours-2k" (where ours crosses curl in the
// scaling run, see docs/performance.md).
constexpr int kBigReadBuffer = 16384;
constexpr int kMidReadBuffer = 2048;
std::unique_ptr<Contender> makeOursBigBuffer(const Server& s);
std::unique_ptr<Contender> makeOursMidBuffer(const Server& s);
// Ours with the default 512-byte buffer and EHC_SOCKET_READAHEAD=0: a recv()
// per read, as before the read-ahead (and as on a board), "ours-ra0".
std::unique_ptr<Contender> makeOursNoReadAhead(const Server& s);
std::unique_ptr<Contender> makeStandard(const Server& s);
std::unique_ptr<Contender> makeCurl(const Server& s);

// The lines of the user's code between the markers of `name` (contenders.cpp, ours.h).
int linesFor(const char* name);

// Ours only: forget the TLS session (the next connect is a full handshake);
// did the last request resume a TLS session?
void forgetSession(Contender& ours);
bool lastRequestResumed(Contender& ours);

}  // namespace headline
