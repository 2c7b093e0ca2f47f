// Saved TLS sessions for resumption, keyed by host and port: at most
// EHC_TLS_SESSION_CACHE of them, the least recently used going first when a
// new one needs room. A session is kept as the bytes mbedTLS serializes it
// to (a few hundred: the master secret, the session ID or ticket; never the
// server's certificate), in one heap block with its key, so a client that
// closed its connection holds only these.
//
// A session is only ever found for the very host (compared exactly: mbedTLS
// 3.6 fails a TLS 1.3 resumption whose ticket names the host in other
// letters) and port it was saved for. Names longer than EHC_MAX_HOST_LENGTH
// are not kept.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_TLS_SESSION_CACHE >= 1 && EHC_TLS_SESSION_CACHE <= 64,
              "EHC_TLS_SESSION_CACHE must be 1..64");

class TlsSessionCache {
 public:
  TlsSessionCache() = default;
  ~TlsSessionCache() { clear(); }
  TlsSessionCache(const TlsSessionCache&) = delete;
  TlsSessionCache& operator=(const TlsSessionCache&) = delete;

  // The bytes saved for host:port (and *length), or null. Counts as a use.
  const uint8_t* find(const char* host, uint16_t port, size_t* length);
  // Room for `length` bytes of a new session for host:port, to be written by
  // the caller: the host's old session goes, and when every place is taken
  // the least recently used one. Null (and nothing kept for the host) when
  // the host name is too long or there is no memory.
  uint8_t* reserve(const char* host, uint16_t port, size_t length);
  void forget(const char* host, uint16_t port);
  void clear();
  bool contains(const char* host, uint16_t port) const { return indexOf(host, port) >= 0; }

  size_t count() const;
  size_t bytesHeld() const;  // heap of every entry, keys included

 private:
  struct Entry;
  int indexOf(const char* host, uint16_t port) const;  // -1: none
  Entry** freeOrOldestSlot();
  static void release(Entry*& e);

  Entry* entries_[EHC_TLS_SESSION_CACHE] = {};
  uint32_t uses_ = 0;  // a clock of uses, for least-recently-used
};

EHC_END_NAMESPACE
