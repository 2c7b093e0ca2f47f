// A callable stored inline, without the heap: a function pointer or a lambda
// whose captures fit in EHC_CALLBACK_STORAGE bytes (two pointers by
// default: `[&]` lambdas capturing one or two things, `[this]`, ...) and
// copy as plain bytes. Bigger captures are a compile-time error, never a
// hidden allocation as std::function might make.
#pragma once

#include <stddef.h>
#include <string.h>

#include <new>
#include <type_traits>
#include <utility>

#include "../config.h"

EHC_BEGIN_NAMESPACE

template <typename Signature>
class Callback;

template <typename R, typename... Args>
class Callback<R(Args...)> {
 public:
  Callback() = default;
  Callback(decltype(nullptr)) {}
  template <typename F, typename = typename std::enable_if<
                            !std::is_same<typename std::decay<F>::type, Callback>::value>::type>
  Callback(F f) {  // NOLINT: implicit, like std::function
    using Fn = typename std::decay<F>::type;
    static_assert(sizeof(Fn) <= sizeof storage_,
                  "callback captures too much: capture by reference, or raise "
                  "EHC_CALLBACK_STORAGE");
    static_assert(
        std::is_trivially_copyable<Fn>::value && std::is_trivially_destructible<Fn>::value,
        "callback captures must be plain data (pointers, references, numbers)");
    ::new (static_cast<void*>(storage_)) Fn(std::move(f));
    invoke_ = [](const void* s, Args... args) -> R {
      return (*static_cast<const Fn*>(s))(std::forward<Args>(args)...);
    };
  }

  explicit operator bool() const { return invoke_ != nullptr; }
  R operator()(Args... args) const { return invoke_(storage_, std::forward<Args>(args)...); }

 private:
  alignas(alignof(max_align_t)) unsigned char storage_[EHC_CALLBACK_STORAGE] = {};
  R (*invoke_)(const void*, Args...) = nullptr;
};

EHC_END_NAMESPACE
