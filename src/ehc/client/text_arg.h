// String arguments: a C string, or anything with c_str() (Arduino String,
// std::string), so a sketch can pass either. The text is copied by whoever
// keeps it; a temporary String lives until the end of the statement.
#pragma once

#include <type_traits>
#include <utility>

#include "../config.h"

EHC_BEGIN_NAMESPACE

namespace detail {
template <typename T, typename = void>
struct HasCStr : std::false_type {};
template <typename T>
struct HasCStr<T, decltype((void)std::declval<const T&>().c_str())> : std::true_type {};
}  // namespace detail

class TextArg {
 public:
  TextArg(const char* text) : text_(text) {}  // NOLINT: implicit on purpose
  template <typename S, typename std::enable_if<detail::HasCStr<S>::value, int>::type = 0>
  TextArg(const S& text) : text_(text.c_str()) {}  // NOLINT
  const char* c_str() const { return text_; }

 private:
  const char* text_;
};

EHC_END_NAMESPACE
