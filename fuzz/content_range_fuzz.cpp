// Fuzzes the Content-Range reader and the resume decision: any value either
// is refused or reads as a range that writes back to text reading the same;
// the decision never appends at the wrong offset. And If-Range's validators
// (validators.h) on the same text: a chosen one is always one of the fields
// given, strong, and a date only without an entity tag and before the Date.
// Sanitizers catch the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ehc/core/number_format.h"
#include "ehc/http/content_range.h"
#include "ehc/http/validators.h"

namespace {

bool same(const ehc::ContentRange& a, const ehc::ContentRange& b) {
  return a.satisfied == b.satisfied && a.first == b.first && a.last == b.last &&
         a.lengthKnown == b.lengthKnown && a.length == b.length;
}

// The canonical text of a range.
size_t canonical(const ehc::ContentRange& r, char* out) {
  size_t n = 0;
  memcpy(out, "bytes ", 6);
  n = 6;
  if (r.satisfied) {
    n += ehc::formatUint64(r.first, out + n);
    out[n++] = '-';
    n += ehc::formatUint64(r.last, out + n);
  } else {
    out[n++] = '*';
  }
  out[n++] = '/';
  if (r.lengthKnown)
    n += ehc::formatUint64(r.length, out + n);
  else
    out[n++] = '*';
  return n;
}

// The text as an ETag, or (split in two at `cut`) as Last-Modified and Date.
void checkValidators(char* text, uint8_t cut) {
  const char* chosen = ehc::ifRangeValidator(text, nullptr, nullptr);
  if (chosen && (chosen != text || !ehc::strongEntityTag(text))) abort();
  const size_t n = strlen(text);
  const size_t at = n ? cut % (n + 1) : 0;
  char date[256];
  memcpy(date, text + at, n - at + 1);
  text[at] = '\0';
  uint64_t modified = 0, answered = 0;
  chosen = ehc::ifRangeValidator(nullptr, text, date);
  if (chosen && (chosen != text || !ehc::imfFixdateSeconds(text, &modified) ||
                 !ehc::imfFixdateSeconds(date, &answered) || answered <= modified))
    abort();
  if (ehc::ifRangeValidator("W/\"x\"", text, date)) abort();  // a tag rules the date out
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The first bytes choose a status and an offset for the resume decision;
  // the rest is the value.
  if (size < 3) return 0;
  const int statuses[] = {200, 206, 416, 404};
  const int status = statuses[data[0] % 4];
  const uint64_t received = data[1] % 2 ? 0 : uint64_t{data[2]} * 1000;
  const int64_t known = data[1] & 2 ? -1 : int64_t{data[2]} * 1000 + 999;
  const char* value = reinterpret_cast<const char*>(data + 3);
  const size_t n = size - 3;

  ehc::ContentRange r;
  const ehc::RangeError e = ehc::parseContentRange(value, n, &r);
  if (e == ehc::RangeError::Ok) {
    if (r.satisfied && (r.last < r.first || (r.lengthKnown && r.length <= r.last))) abort();
    if (!r.satisfied && !r.lengthKnown) abort();
    char text[96];
    const size_t m = canonical(r, text);
    ehc::ContentRange again;
    if (ehc::parseContentRange(text, m, &again) != ehc::RangeError::Ok || !same(r, again)) abort();
  }

  char terminated[256];
  if (n < sizeof terminated) {
    memcpy(terminated, value, n);
    terminated[n] = '\0';
    const auto d = ehc::decideResume(status, terminated, received, known);
    if (d.action == ehc::ResumeAction::Append &&
        (status != 206 || !d.range.satisfied || d.range.first != received))
      abort();
    if (d.action == ehc::ResumeAction::Complete &&
        (status != 416 || !d.range.lengthKnown || d.range.length != received))
      abort();
    if ((d.action == ehc::ResumeAction::Fail || d.action == ehc::ResumeAction::Retry) &&
        d.error == ehc::RangeError::Ok)
      abort();
    checkValidators(terminated, data[0]);
  }

  char range[40];
  uint64_t first = 0;
  memcpy(&first, data, size < 8 ? size : 8);
  const size_t w = ehc::writeRangeFrom(first, range, sizeof range);
  if (w == 0 || strncmp(range, "bytes=", 6) != 0 || range[w - 1] != '-') abort();
  return 0;
}
