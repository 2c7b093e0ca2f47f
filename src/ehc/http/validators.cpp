#include "validators.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {

bool digits(const char* s, int n, uint32_t* out) {
  uint32_t v = 0;
  for (int i = 0; i < n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + static_cast<uint32_t>(s[i] - '0');
  }
  *out = v;
  return true;
}

int monthOf(const char* s) {
  static const char kMonths[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
  for (int m = 0; m < 12; ++m)
    if (memcmp(s, kMonths + 3 * m, 3) == 0) return m;
  return -1;
}

bool dayName(const char* s) {
  static const char kDays[] = "MonTueWedThuFriSatSun";
  for (int d = 0; d < 7; ++d)
    if (memcmp(s, kDays + 3 * d, 3) == 0) return true;
  return false;
}

}  // namespace

bool strongEntityTag(const char* v) {
  const size_t n = v ? strlen(v) : 0;
  if (n < 2 || v[0] != '"' || v[n - 1] != '"') return false;
  for (size_t i = 1; i + 1 < n; ++i) {
    const uint8_t c = static_cast<uint8_t>(v[i]);
    if (c <= 0x20 || c == '"' || c == 0x7F) return false;
  }
  return true;
}

// "Sun, 06 Nov 1994 08:49:37 GMT": 29 bytes, fixed positions.
bool imfFixdateSeconds(const char* v, uint64_t* seconds) {
  if (!v || strlen(v) != 29 || !dayName(v) || memcmp(v + 3, ", ", 2) != 0 || v[7] != ' ' ||
      v[11] != ' ' || v[16] != ' ' || v[19] != ':' || v[22] != ':' || memcmp(v + 25, " GMT", 4))
    return false;
  uint32_t day, year, hour, minute, second;
  const int month = monthOf(v + 8);
  if (month < 0 || !digits(v + 5, 2, &day) || !digits(v + 12, 4, &year) ||
      !digits(v + 17, 2, &hour) || !digits(v + 20, 2, &minute) || !digits(v + 23, 2, &second))
    return false;
  if (day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return false;
  const uint64_t days = (uint64_t{year} * 12 + static_cast<uint64_t>(month)) * 31 + (day - 1);
  *seconds = ((days * 24 + hour) * 60 + minute) * 60 + second;
  return true;
}

const char* ifRangeValidator(const char* etag, const char* lastModified, const char* date) {
  if (etag && *etag) return strongEntityTag(etag) ? etag : nullptr;
  uint64_t modified = 0, answered = 0;
  if (imfFixdateSeconds(lastModified, &modified) && imfFixdateSeconds(date, &answered) &&
      answered > modified)
    return lastModified;
  return nullptr;
}

EHC_END_NAMESPACE
