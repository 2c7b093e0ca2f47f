// The headers a client sends with every request (setHeader, bearer, basic,
// apiKey), in EHC_CLIENT_HEADER_STORAGE bytes inside the client: records
// of a flag byte ('c': a credential, '-'), then "Name\0value\0".
#pragma once

#include <stddef.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

class StoredHeaders {
 public:
  struct Field {
    const char* name;
    const char* value;
    bool credential;  // stays with the origin it was set for
  };

  // Sets `name` to prefix + value (replacing a field of that name, matched
  // case-insensitively); a nullptr value removes it. False, and the old
  // field kept, when it does not fit or userHeaderProblem() refuses it.
  bool set(const char* name, const char* value, const char* prefix, bool credential);
  // The value of `name`, or nullptr.
  const char* find(const char* name) const;
  template <typename F>
  void forEach(F visit) const {
    for (size_t at = 0; at < used_; at = next(at)) visit(field(at));
  }

 private:
  Field field(size_t at) const;
  size_t next(size_t at) const;  // where the record after the one at `at` starts

  char data_[EHC_CLIENT_HEADER_STORAGE] = {};
  size_t used_ = 0;
};

EHC_END_NAMESPACE
