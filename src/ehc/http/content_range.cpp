#include "content_range.h"

#include <string.h>

#include "../core/error_text.h"
#include "../core/number_format.h"
#include "text.h"

EHC_BEGIN_NAMESPACE

namespace {

constexpr ErrorText kTexts[] = {
    {"ok", "no error"},
    {"malformed", "malformed Content-Range"},
    {"not_bytes", "Content-Range in a unit other than bytes"},
    {"bad_range", "Content-Range with last before first, or a length not past last"},
    {"too_large", "Content-Range number too large"},
    {"missing", "no Content-Range in an answer to a range request (206 or 416)"},
    {"unsatisfied", "a partial response (206) with an unsatisfied Content-Range"},
    {"wrong_start", "the partial response does not start where the download stopped"},
    {"length_changed", "the resource's length changed since the download started"},
    {"unexpected_status", "the answer to a range request is not 200, 206 or 416"},
};
static_assert(sizeof kTexts / sizeof kTexts[0] ==
                  static_cast<size_t>(RangeError::UnexpectedStatus) + 1,
              "one text per error");

constexpr uint64_t kMaxNumber = INT64_MAX;  // what fits the int64_t lengths elsewhere

// 1*DIGIT at s[*i..n); false if there is none or it is too large.
RangeError number(const char* s, size_t n, size_t* i, uint64_t* out) {
  const size_t start = *i;
  uint64_t v = 0;
  for (; *i < n && s[*i] >= '0' && s[*i] <= '9'; ++*i) {
    const uint64_t digit = static_cast<uint64_t>(s[*i] - '0');
    if (v > (kMaxNumber - digit) / 10) return RangeError::TooLarge;
    v = v * 10 + digit;
  }
  if (*i == start) return RangeError::Malformed;
  *out = v;
  return RangeError::Ok;
}

bool isSpace(char c) {
  return c == ' ' || c == '\t';
}

// text[0..n) into out with a NUL: n, or 0 (and "") when it does not fit.
size_t copyOut(const char* text, size_t n, char* out, size_t size) {
  if (n >= size) {
    if (size) out[0] = '\0';
    return 0;
  }
  memcpy(out, text, n);
  out[n] = '\0';
  return n;
}

}  // namespace

const char* rangeErrorName(RangeError e) {
  return errorTextName<kTexts>(static_cast<size_t>(e));
}
const char* rangeErrorMessage(RangeError e) {
  return errorTextMessage<kTexts>(static_cast<size_t>(e));
}

size_t writeRangeFrom(uint64_t first, char* out, size_t size) {
  char text[sizeof "bytes=" + kMaxNumberText + 1];
  memcpy(text, "bytes=", 6);
  size_t n = 6 + formatUint64(first, text + 6);
  text[n++] = '-';
  return copyOut(text, n, out, size);
}

size_t writeRange(uint64_t first, uint64_t last, char* out, size_t size) {
  char text[sizeof "bytes=" + 2 * kMaxNumberText + 1];
  memcpy(text, "bytes=", 6);
  size_t n = 6 + formatUint64(first, text + 6);
  text[n++] = '-';
  n += formatUint64(last, text + n);
  return copyOut(text, last < first ? size : n, out, size);
}

RangeError parseContentRange(const char* s, size_t n, ContentRange* out) {
  *out = ContentRange{};
  while (n && isSpace(s[n - 1])) --n;
  size_t i = 0;
  while (i < n && isSpace(s[i])) ++i;
  const size_t unit = i;
  while (i < n && isTokenChar(static_cast<uint8_t>(s[i]))) ++i;
  if (i == unit || i == n || s[i] != ' ') return RangeError::Malformed;
  if (!equalsIgnoreCase(s + unit, i - unit, "bytes", 5)) return RangeError::NotBytes;
  ++i;
  ContentRange r;
  RangeError e;
  if (i < n && s[i] == '*') {  // unsatisfied-range: "*/" complete-length
    ++i;
    if (i == n || s[i] != '/') return RangeError::Malformed;
    ++i;
    if ((e = number(s, n, &i, &r.length)) != RangeError::Ok) return e;
    r.lengthKnown = true;
  } else {
    r.satisfied = true;
    if ((e = number(s, n, &i, &r.first)) != RangeError::Ok) return e;
    if (i == n || s[i] != '-') return RangeError::Malformed;
    ++i;
    if ((e = number(s, n, &i, &r.last)) != RangeError::Ok) return e;
    if (i == n || s[i] != '/') return RangeError::Malformed;
    ++i;
    if (i < n && s[i] == '*') {
      ++i;
    } else {
      if ((e = number(s, n, &i, &r.length)) != RangeError::Ok) return e;
      r.lengthKnown = true;
    }
  }
  if (i != n) return RangeError::Malformed;
  if (r.satisfied && (r.last < r.first || (r.lengthKnown && r.length <= r.last)))
    return RangeError::BadRange;
  *out = r;
  return RangeError::Ok;
}

RangeError parseContentRange(const char* value, ContentRange* out) {
  return parseContentRange(value, strlen(value), out);
}

ResumeDecision decideResume(int status, const char* contentRange, uint64_t received,
                            int64_t knownLength) {
  ResumeDecision d{ResumeAction::Fail, RangeError::Ok, {}};
  const bool knownBefore = knownLength >= 0;
  const uint64_t before = knownBefore ? static_cast<uint64_t>(knownLength) : 0;
  if (status == 200) {  // the range was ignored: the whole representation follows
    d.action = ResumeAction::Replace;
    return d;
  }
  if (status != 206 && status != 416) {
    d.error = RangeError::UnexpectedStatus;
    return d;
  }
  if (!contentRange) {  // (a 416 may leave it out: then start over)
    d.error = RangeError::Missing;
    d.action = status == 206 ? ResumeAction::Fail : ResumeAction::Retry;
    return d;
  }
  if ((d.error = parseContentRange(contentRange, &d.range)) != RangeError::Ok) return d;
  const ContentRange& r = d.range;
  if (r.lengthKnown && knownBefore && r.length != before) {
    d.error = RangeError::LengthChanged;
    d.action = ResumeAction::Retry;
    return d;
  }
  if (status == 416) {
    if (r.satisfied) {  // a 416 carries "*/length"
      d.error = RangeError::Malformed;
    } else if (r.length == received) {  // nothing at or after what we have
      d.action = ResumeAction::Complete;
    } else {
      d.error = RangeError::LengthChanged;
      d.action = ResumeAction::Retry;
    }
    return d;
  }
  if (!r.satisfied) {
    d.error = RangeError::Unsatisfied;
    return d;
  }
  if (r.first != received) {
    d.error = RangeError::WrongStart;
    return d;
  }
  d.action = ResumeAction::Append;
  return d;
}

EHC_END_NAMESPACE
