#include "tls_session_cache.h"

#include <string.h>

#include <new>

EHC_BEGIN_NAMESPACE

// One heap block: this header, the host name and its NUL, the session bytes.
struct TlsSessionCache::Entry {
  uint32_t lastUse;
  uint32_t length;  // of the session bytes
  uint16_t port;
  uint16_t hostLength;
  char* host() { return reinterpret_cast<char*>(this + 1); }
  uint8_t* bytes() { return reinterpret_cast<uint8_t*>(host() + hostLength + 1); }
  size_t blockSize() const { return sizeof(Entry) + hostLength + 1 + length; }
};

namespace {
// A master secret must not linger in freed heap (a plain memset before the
// free may be optimised away).
void wipe(uint8_t* p, size_t n) {
  volatile uint8_t* v = p;
  while (n--) *v++ = 0;
}

}  // namespace

int TlsSessionCache::indexOf(const char* host, uint16_t port) const {
  const size_t n = host ? strlen(host) : 0;
  for (int i = 0; i < EHC_TLS_SESSION_CACHE; ++i) {
    Entry* e = entries_[i];
    if (e && e->port == port && e->hostLength == n && memcmp(e->host(), host, n) == 0) return i;
  }
  return -1;
}

TlsSessionCache::Entry** TlsSessionCache::freeOrOldestSlot() {
  Entry** oldest = &entries_[0];
  for (Entry*& e : entries_) {
    if (!e) return &e;
    // Differences of the use clock stay right when it wraps.
    if (static_cast<int32_t>(e->lastUse - (*oldest)->lastUse) < 0) oldest = &e;
  }
  return oldest;
}

void TlsSessionCache::release(Entry*& e) {
  if (!e) return;
  wipe(e->bytes(), e->length);
  e->~Entry();
  ::operator delete(static_cast<void*>(e));
  e = nullptr;
}

const uint8_t* TlsSessionCache::find(const char* host, uint16_t port, size_t* length) {
  const int i = indexOf(host, port);
  if (i < 0) return nullptr;
  entries_[i]->lastUse = ++uses_;
  *length = entries_[i]->length;
  return entries_[i]->bytes();
}

uint8_t* TlsSessionCache::reserve(const char* host, uint16_t port, size_t length) {
  forget(host, port);
  const size_t hostLength = host ? strlen(host) : 0;
  if (!host || hostLength == 0 || hostLength > EHC_MAX_HOST_LENGTH || length > 0xFFFFFFFFu)
    return nullptr;
  Entry** slot = freeOrOldestSlot();
  release(*slot);
  void* block = ::operator new(sizeof(Entry) + hostLength + 1 + length, std::nothrow);
  if (!block) return nullptr;
  Entry* e = new (block) Entry;
  e->lastUse = ++uses_;
  e->length = static_cast<uint32_t>(length);
  e->port = port;
  e->hostLength = static_cast<uint16_t>(hostLength);
  memcpy(e->host(), host, hostLength + 1);
  *slot = e;
  return e->bytes();
}

void TlsSessionCache::forget(const char* host, uint16_t port) {
  const int i = indexOf(host, port);
  if (i >= 0) release(entries_[i]);
}

void TlsSessionCache::clear() {
  for (Entry*& e : entries_) release(e);
}

size_t TlsSessionCache::count() const {
  size_t n = 0;
  for (const Entry* e : entries_) n += e != nullptr;
  return n;
}

size_t TlsSessionCache::bytesHeld() const {
  size_t n = 0;
  for (const Entry* e : entries_)
    if (e) n += e->blockSize();
  return n;
}

EHC_END_NAMESPACE
