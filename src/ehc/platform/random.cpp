#include "random.h"

#if defined(ESP_PLATFORM)
#include <esp_random.h>  // ESP-IDF >= 5.0 (esp_hw_support)
#elif defined(__linux__)
#include <errno.h>
#include <sys/random.h>
#elif EHC_PLATFORM_RNG
#include <stdlib.h>  // arc4random_buf
#endif

EHC_BEGIN_NAMESPACE

bool fillRandom(uint8_t* out, size_t n) {
#if defined(ESP_PLATFORM)
  // The hardware RNG: true random while Wi-Fi or Bluetooth runs (RF noise),
  // which it does whenever the client has a network to talk to.
  esp_fill_random(out, n);
  return true;
#elif defined(__linux__)
  while (n) {
    const ssize_t got = getrandom(out, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out += got;
    n -= static_cast<size_t>(got);
  }
  return true;
#elif EHC_PLATFORM_RNG
  arc4random_buf(out, n);
  return true;
#else
  (void)out;
  (void)n;
  return false;
#endif
}

EHC_END_NAMESPACE
