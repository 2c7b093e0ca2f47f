// A callable kept without the heap when it is small: a function pointer or a
// lambda whose captures fit in EHC_CALLBACK_STORAGE bytes (two pointers by
// default: `[&]` lambdas capturing one or two things, `[this]`, ...) and
// copy as plain bytes is stored inline. Anything else (a std::function, a
// lambda capturing a String or three references) is moved into one heap
// block, as ESP32-HTTP-Client's std::function callbacks always were: that is
// the only allocation, made when the callback is set. nullptr, an empty
// std::function or a null function pointer make an empty callback.
//
// The object itself stays a plain byte copy (a request moves by copying its
// bytes), so it does not own the block by itself: whoever keeps one calls
// release() when it is done with it (RestRequest after its run, RestClient
// on replacing one and in its destructor). Copies share the block.
#pragma once

#include <stddef.h>
#include <string.h>

#include <new>
#include <type_traits>
#include <utility>

#include "../config.h"

EHC_BEGIN_NAMESPACE

namespace detail {
// What can be empty: function pointers, and classes with an explicit
// operator bool (std::function). A lambda converts to bool only through its
// function pointer, implicitly, and is never null: it is not tested.
template <typename F>
struct TestsAsBool
    : std::integral_constant<bool, std::is_pointer<F>::value ||
                                       (std::is_class<F>::value &&
                                        std::is_constructible<bool, const F&>::value &&
                                        !std::is_convertible<const F&, bool>::value)> {};
template <typename F>
bool isEmptyCallable(const F& f) {
  if constexpr (TestsAsBool<F>::value)
    return !static_cast<bool>(f);
  else
    return false;
}

// What every Callback<Signature> is, whatever its signature: the bytes, the
// invoker (kept as a plain function pointer, called as the signature's) and
// the heap block's deleter. Emptying and freeing do not depend on the
// signature, so a program links them once, not once per callback type.
// A callback left unmade by its constructor: the object that holds it zeroes
// its bytes in its own constructor (RequestSpec: one memset for all of them).
struct ZeroedByHolder {};

class CallbackSlot {
 public:
  CallbackSlot() : storage_(), invoke_(nullptr), destroy_(nullptr) {}
  explicit CallbackSlot(ZeroedByHolder) {}  // its holder zeroes it (empty, then)

  explicit operator bool() const { return invoke_ != nullptr; }
  // Whether it holds a heap block (release() frees it).
  bool onHeap() const { return destroy_ != nullptr; }
  // Frees the heap block, if any, and empties this callback.
  void release() {
    if (destroy_) destroy_(storage_);
    *this = CallbackSlot();
  }

 protected:
  static_assert(EHC_CALLBACK_STORAGE >= sizeof(void*), "EHC_CALLBACK_STORAGE holds a pointer");

  alignas(alignof(max_align_t)) unsigned char storage_[EHC_CALLBACK_STORAGE];
  void (*invoke_)();  // the signature's invoker (Callback casts it back)
  void (*destroy_)(void*);
};
}  // namespace detail

template <typename Signature>
class Callback;

template <typename R, typename... Args>
class Callback<R(Args...)> : public detail::CallbackSlot {
 public:
  Callback() = default;
  Callback(decltype(nullptr)) {}  // NOLINT: implicit, like std::function
  explicit Callback(detail::ZeroedByHolder z) : CallbackSlot(z) {}
  template <typename F,
            typename = typename std::enable_if<
                !std::is_same<typename std::decay<F>::type, Callback>::value &&
                !std::is_same<typename std::decay<F>::type, decltype(nullptr)>::value>::type>
  Callback(F f) {  // NOLINT: implicit, like std::function
    using Fn = typename std::decay<F>::type;
    if (detail::isEmptyCallable(f)) return;
    if constexpr (fitsInline<Fn>()) {
      ::new (static_cast<void*>(storage_)) Fn(std::move(f));
      setInvoker([](const void* s, Args... args) -> R {
        return (*static_cast<const Fn*>(s))(std::forward<Args>(args)...);
      });
    } else {
      Fn* box = new (std::nothrow) Fn(std::move(f));
      if (!box) return;  // no memory: no callback (never a crash)
      memcpy(storage_, &box, sizeof box);
      setInvoker([](const void* s, Args... args) -> R {
        Fn* p;
        memcpy(&p, s, sizeof p);
        return (*p)(std::forward<Args>(args)...);
      });
      destroy_ = [](void* s) {
        Fn* p;
        memcpy(&p, s, sizeof p);
        delete p;
      };
    }
  }

  R operator()(Args... args) const {
    return reinterpret_cast<Invoker>(invoke_)(storage_, std::forward<Args>(args)...);
  }

 private:
  using Invoker = R (*)(const void*, Args...);
  void setInvoker(Invoker invoke) { invoke_ = reinterpret_cast<void (*)()>(invoke); }
  template <typename Fn>
  static constexpr bool fitsInline() {
    return sizeof(Fn) <= sizeof storage_ && alignof(Fn) <= alignof(max_align_t) &&
           std::is_trivially_copyable<Fn>::value && std::is_trivially_destructible<Fn>::value;
  }
};

EHC_END_NAMESPACE
