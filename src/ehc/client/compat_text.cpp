#include "compat_text.h"

#include "../config.h"

#if defined(ARDUINO) || EHC_STD_STRING
#include "../http/text.h"
#include "member_path.h"

EHC_BEGIN_NAMESPACE
namespace detail {

TextString urlEncoded(const TextString& text) {
  TextString out;
  const char* s = text.c_str();
  const size_t n = text.length();
  char encoded[3 * 32];
  for (size_t at = 0; at < n; at += 32) {
    const size_t piece = n - at < 32 ? n - at : 32;
    appendText(out, encoded, percentEncode(s + at, piece, PercentSet::Unreserved, encoded));
  }
  return out;
}

TextString jsonEscaped(const TextString& text) {
  TextString quoted;
  JsonWriter w = textWriter(quoted);
  w.value(text.c_str(), text.length());
  TextString out;
  if (w.error() == WriteError::Ok && quoted.length() >= 2)
    appendText(out, quoted.c_str() + 1, quoted.length() - 2);
  return out;
}

TextString memberPathText(const char* member, const char* path) {
  char full[EHC_MAX_MATCH_PATH + 8];
  return memberPath(full, sizeof full, member, path) ? TextString(full) : TextString();
}

}  // namespace detail
EHC_END_NAMESPACE
#endif
