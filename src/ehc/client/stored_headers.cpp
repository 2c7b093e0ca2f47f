#include "stored_headers.h"

#include <string.h>

#include "../http/text.h"
#include "user_headers.h"

EHC_BEGIN_NAMESPACE

StoredHeaders::Field StoredHeaders::field(size_t at) const {
  const char* name = data_ + at + 1;
  return {name, name + strlen(name) + 1, data_[at] == 'c'};
}

size_t StoredHeaders::next(size_t at) const {
  const char* value = field(at).value;
  return static_cast<size_t>(value + strlen(value) + 1 - data_);
}

const char* StoredHeaders::find(const char* name) const {
  for (size_t at = 0; at < used_; at = next(at))
    if (equalsIgnoreCase(field(at).name, name)) return field(at).value;
  return nullptr;
}

bool StoredHeaders::set(const char* name, const char* value, const char* prefix, bool credential) {
  // Check everything before the old value goes.
  if (userHeaderProblem(name, value ? value : "") != RequestError::Ok ||
      userHeaderProblem(name, prefix) != RequestError::Ok)
    return false;
  const size_t nameLength = strlen(name), prefixLength = strlen(prefix);
  const size_t valueLength = value ? strlen(value) : 0;
  size_t oldAt = used_, oldEnd = used_;
  for (size_t at = 0; at < used_; at = next(at)) {
    if (equalsIgnoreCase(field(at).name, name)) {
      oldAt = at;
      oldEnd = next(at);
    }
  }
  const size_t need = value ? 1 + nameLength + 1 + prefixLength + valueLength + 1 : 0;
  if (need > sizeof data_ - (used_ - (oldEnd - oldAt))) return false;
  memmove(data_ + oldAt, data_ + oldEnd, used_ - oldEnd);
  used_ -= oldEnd - oldAt;
  if (!value) return true;  // removed
  char* at = data_ + used_;
  at[0] = credential ? 'c' : '-';
  memcpy(at + 1, name, nameLength + 1);
  memcpy(at + 1 + nameLength + 1, prefix, prefixLength);
  memcpy(at + 1 + nameLength + 1 + prefixLength, value, valueLength + 1);
  used_ += need;
  return true;
}

EHC_END_NAMESPACE
