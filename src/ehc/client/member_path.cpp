#include "member_path.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {

struct Out {
  char* at;
  size_t room;  // bytes left, the NUL's included
  bool put(char c) {
    if (room < 2) return false;
    *at++ = c;
    --room;
    return true;
  }
};

// "member" or "member." / "member[" at the start: what follows it.
const char* afterMember(const char* path, const char* member) {
  const size_t n = strlen(member);
  if (strncmp(path, member, n) != 0) return path;
  if (path[n] == '\0') return path + n;
  if (path[n] == '.') return path + n + 1;
  if (path[n] == '[') return path + n;
  return path;  // "resultSet": a key of its own
}

}  // namespace

bool memberPath(char* out, size_t size, const char* member, const char* path) {
  if (!out || size == 0) return false;
  Out o{out, size};
  bool ok = true;
  for (const char* m = member; *m && ok; ++m) ok = o.put(*m);
  const char* p = afterMember(path ? path : "", member);
  if (*p && ok) ok = o.put('.');
  bool inIndex = false, emptyIndex = false;
  for (; *p && ok; ++p) {
    if (*p == '\\' && p[1]) {  // an escaped '.' or '[' stays as it is
      ok = o.put(p[0]) && o.put(p[1]);
      ++p;
    } else if (*p == '[') {
      // "a[0]" is "a.0"; "[0]" right after the member or a '.' adds no dot
      if (inIndex) return false;
      inIndex = emptyIndex = true;
      if (o.at[-1] != '.') ok = o.put('.');
    } else if (*p == ']') {
      if (!inIndex || emptyIndex) return false;
      inIndex = false;
    } else {
      emptyIndex = false;
      ok = o.put(*p);
    }
  }
  if (inIndex) return false;
  *o.at = '\0';
  return ok;
}

EHC_END_NAMESPACE
