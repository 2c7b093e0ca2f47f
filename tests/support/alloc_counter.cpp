#include "alloc_counter.h"

#include <malloc.h>

#include <atomic>

#if defined(__SANITIZE_ADDRESS__)
#define EHC_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EHC_TEST_ASAN 1
#endif
#endif

namespace {
std::atomic<size_t> gCalls{0}, gBytes{0}, gLive{0}, gPeak{0};

// requested: what the caller asked for (the "bytes" figure); size: what the
// allocator holds for it (live and peak, so that a free subtracts the same).
void noteAlloc(size_t size, size_t requested) {
  gCalls.fetch_add(1, std::memory_order_relaxed);
  gBytes.fetch_add(requested, std::memory_order_relaxed);
  const size_t live = gLive.fetch_add(size, std::memory_order_relaxed) + size;
  size_t peak = gPeak.load(std::memory_order_relaxed);
  while (live > peak && !gPeak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
  }
}
void noteFree(size_t size) {
  gLive.fetch_sub(size, std::memory_order_relaxed);
}
}  // namespace

#ifdef EHC_TEST_ASAN
#include <sanitizer/allocator_interface.h>

namespace {
void mallocHook(const volatile void*, size_t size) {
  noteAlloc(size, size);
}
void freeHook(const volatile void* p) {
  noteFree(__sanitizer_get_allocated_size(const_cast<const void*>(p)));
}
struct InstallHooks {
  InstallHooks() { __sanitizer_install_malloc_and_free_hooks(mallocHook, freeHook); }
} gInstall;
}  // namespace

bool ehc_test::allocCountingWorks() {
  return true;
}

#else
// glibc: wrap the allocator entry points and forward to the real ones.
extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void __libc_free(void*);
void* __libc_memalign(size_t, size_t);

void* malloc(size_t n) {
  void* p = __libc_malloc(n);
  if (p) noteAlloc(malloc_usable_size(p), n);
  return p;
}
void* calloc(size_t a, size_t b) {
  void* p = __libc_calloc(a, b);
  if (p) noteAlloc(malloc_usable_size(p), a * b);
  return p;
}
void* realloc(void* old, size_t n) {
  const size_t before = old ? malloc_usable_size(old) : 0;
  void* p = __libc_realloc(old, n);
  if (p) {
    noteFree(before);
    noteAlloc(malloc_usable_size(p), n);
  }
  return p;
}
void free(void* p) {
  if (p) noteFree(malloc_usable_size(p));
  __libc_free(p);
}
void* memalign(size_t a, size_t n) {
  void* p = __libc_memalign(a, n);
  if (p) noteAlloc(malloc_usable_size(p), n);
  return p;
}
void* aligned_alloc(size_t a, size_t n) {
  return memalign(a, n);
}
int posix_memalign(void** out, size_t a, size_t n) {
  *out = memalign(a, n);
  return *out ? 0 : 12;
}
}

bool ehc_test::allocCountingWorks() {
  const size_t before = gCalls.load();
  void* volatile p = malloc(1);
  free(p);
  return gCalls.load() == before + 1;
}
#endif

ehc_test::AllocTotals ehc_test::allocTotals() {
  return {gCalls.load(std::memory_order_relaxed), gBytes.load(std::memory_order_relaxed),
          gLive.load(std::memory_order_relaxed), gPeak.load(std::memory_order_relaxed)};
}

void ehc_test::resetPeak() {
  gPeak.store(gLive.load(std::memory_order_relaxed));
}
