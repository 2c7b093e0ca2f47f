// Struct mapping: one map per struct drives both reading (the binder writes
// the fields as the JSON streams in) and writing (the writer serialises them).
//
//   struct Geo { char lat[16]; char lng[16]; REST_JSON_MAP(REST_FIELD(lat), REST_FIELD(lng)) };
//   struct User {
//     int id; char name[32]; Geo geo; int scores[4]; uint8_t scoreCount;
//     REST_JSON_MAP(REST_FIELD(id), REST_FIELD(name), REST_FIELD_NAMED("location", geo),
//                   REST_FIELD_ARRAY(scores, scoreCount))
//   };
//   // a type you cannot edit, at namespace scope next to it:
//   REST_JSON_MAP_EXT(Point, REST_FIELD_EXT(x), REST_FIELD_EXT_NAMED("y_pos", y))
//
//   ehc::StaticJsonBinder<16, 256> binder;       // 256 bytes for composed paths
//   User user{};
//   ehc::bindStruct(binder, "0", user);          // the first user of an array
//   ... feed / finish ...
//   ehc::JsonWriter w(buf, sizeof buf);
//   ehc::writeStruct(w, user);                   // {"id":1,"name":"...",...}
//
// Fields: bool, every integer type, float, double, char[N] (a string),
// another mapped struct, and fixed arrays of those (REST_FIELD_ARRAY(x, n)
// keeps the element count in n; plain REST_FIELD on an array uses all of it).
// A key is a member name: REST_FIELD_NAMED("a.b", x) is the key "a.b".
// Arrays inside array elements are not supported (bindStruct reports it).
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <limits>
#include <type_traits>

#include "json_binder.h"
#include "json_writer.h"

#define REST_FIELD(x) ehc_v.field(#x, x)
#define REST_FIELD_NAMED(key, x) ehc_v.field(key, x)
#define REST_FIELD_ARRAY(x, count) ehc_v.array(#x, x, count)
#define REST_FIELD_ARRAY_NAMED(key, x, count) ehc_v.array(key, x, count)
#define REST_JSON_MAP(...)                 \
  using ehcIsMapped = void;                \
  template <typename EhcVisitor>           \
  void ehcVisit(EhcVisitor& ehc_v) {       \
    (void)(__VA_ARGS__);                   \
  }                                        \
  template <typename EhcVisitor>           \
  void ehcVisit(EhcVisitor& ehc_v) const { \
    (void)(__VA_ARGS__);                   \
  }

#define REST_FIELD_EXT(x) ehc_v.field(#x, ehc_obj.x)
#define REST_FIELD_EXT_NAMED(key, x) ehc_v.field(key, ehc_obj.x)
#define REST_FIELD_EXT_ARRAY(x, count) ehc_v.array(#x, ehc_obj.x, ehc_obj.count)
#define REST_FIELD_EXT_ARRAY_NAMED(key, x, count) ehc_v.array(key, ehc_obj.x, ehc_obj.count)
// At namespace scope, in the namespace of Type (found by argument lookup).
#define REST_JSON_MAP_EXT(Type, ...)                      \
  inline std::true_type ehcIsMappedExt(const Type*) {     \
    return {};                                            \
  }                                                       \
  template <typename EhcVisitor>                          \
  void ehcVisit(EhcVisitor& ehc_v, Type& ehc_obj) {       \
    (void)(__VA_ARGS__);                                  \
  }                                                       \
  template <typename EhcVisitor>                          \
  void ehcVisit(EhcVisitor& ehc_v, const Type& ehc_obj) { \
    (void)(__VA_ARGS__);                                  \
  }

EHC_BEGIN_NAMESPACE

namespace detail {

template <typename T, typename = void>
struct HasMemberMap : std::false_type {};
template <typename T>
struct HasMemberMap<T, std::void_t<typename T::ehcIsMapped>> : std::true_type {};
template <typename T, typename = void>
struct HasExtMap : std::false_type {};
template <typename T>
struct HasExtMap<T, std::void_t<decltype(ehcIsMappedExt(static_cast<const T*>(nullptr)))>>
    : std::true_type {};

template <typename T>
constexpr bool isMapped() {
  return HasMemberMap<T>::value || HasExtMap<T>::value;
}

template <typename V, typename T>
void visitMapped(V& v, T& obj) {
  if constexpr (HasMemberMap<std::remove_const_t<T>>::value)
    obj.ehcVisit(v);
  else
    ehcVisit(v, obj);
}

template <typename T>
constexpr TargetKind scalarKind() {
  if constexpr (std::is_same<T, bool>::value) return TargetKind::Bool;
  if constexpr (std::is_same<T, float>::value) return TargetKind::Float;
  if constexpr (std::is_same<T, double>::value) return TargetKind::Double;
  if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value) {
    if constexpr (sizeof(T) == 1)
      return std::is_signed<T>::value ? TargetKind::Int8 : TargetKind::Uint8;
    if constexpr (sizeof(T) == 2)
      return std::is_signed<T>::value ? TargetKind::Int16 : TargetKind::Uint16;
    if constexpr (sizeof(T) == 4)
      return std::is_signed<T>::value ? TargetKind::Int32 : TargetKind::Uint32;
    return std::is_signed<T>::value ? TargetKind::Int64 : TargetKind::Uint64;
  }
  return TargetKind::None;
}

// Reading: binds every field of a mapped struct under a path prefix.
class StructBinder {
 public:
  struct Elements {  // set inside the elements of an array of structs
    size_t stride, capacity, countSize;
    void* count;
  };
  StructBinder(JsonBinder& b, const char* prefix, const Elements* elements)
      : b_(b), prefix_(prefix), elements_(elements) {}
  int error() const { return error_; }

  template <typename T>
  void field(const char* key, T& member) {
    if (error_) return;
    if (!key || !*key) {  // "" would name the root, not an empty key
      error_ = JsonBinder::kBadPath;
      return;
    }
    const char* path = b_.composePath(prefix_, key);
    if (!path) {
      error_ = JsonBinder::kNoRoom;
      return;
    }
    bindValue(path, member);
  }
  template <typename T, size_t N, typename C>
  void array(const char* key, T (&arr)[N], C& count) {
    static_assert(std::is_integral<C>::value && !std::is_same<C, bool>::value,
                  "an array's count must be an integer");
    static_assert(N <= static_cast<unsigned long long>(std::numeric_limits<C>::max()),
                  "the count's type cannot hold the array's size");
    if (error_) return;
    const char* path = b_.composePath(prefix_, key);
    bindArray(path, arr, &count, sizeof(C));
  }

 private:
  template <typename T>
  void bindValue(const char* path, T& member) {
    int r = 0;
    if constexpr (std::is_array<T>::value) {
      if constexpr (std::is_same<std::remove_extent_t<T>, char>::value) {
        r = elements_
                ? b_.bindElements(path, TargetKind::Chars, member, sizeof member, elements_->stride,
                                  elements_->capacity, elements_->count, elements_->countSize)
                : b_.bind(path, member, sizeof member);
      } else {
        bindArray(path, member, nullptr, 0);
        return;
      }
    } else if constexpr (isMapped<T>()) {
      StructBinder inner(b_, path, elements_);
      visitMapped(inner, member);
      r = inner.error();
    } else {
      static_assert(!std::is_same<T, char>::value,
                    "a single char field is ambiguous: use int8_t, or char[N] for a string");
      static_assert(scalarKind<T>() != TargetKind::None,
                    "a mapped field must be bool, an integer, float, double, char[N], a "
                    "mapped struct, or an array of those");
      r = elements_ ? b_.bindElements(path, scalarKind<T>(), &member, 0, elements_->stride,
                                      elements_->capacity, elements_->count, elements_->countSize)
                    : bindScalar(path, member);
    }
    if (r < 0 && !error_) error_ = r;
  }
  template <typename T>
  int bindScalar(const char* path, T& member) {
    return b_.bind(path, &member);
  }
  template <typename T, size_t N>
  void bindArray(const char* path, T (&arr)[N], void* count, size_t countSize) {
    if (!path) {
      error_ = JsonBinder::kNoRoom;
      return;
    }
    if (elements_) {  // an array inside an array element
      error_ = JsonBinder::kBadTarget;
      return;
    }
    const char* each = b_.composePath(path, "*", false);
    if (!each) {
      error_ = JsonBinder::kNoRoom;
      return;
    }
    const Elements elements{sizeof(T), N, countSize, count};
    StructBinder inner(b_, nullptr, &elements);
    inner.bindValue(each, arr[0]);
    if (inner.error() && !error_) error_ = inner.error();
  }

  JsonBinder& b_;
  const char* prefix_;
  const Elements* elements_;
  int error_ = 0;
};

// Writing: serialises every field of a mapped struct.
class StructWriter {
 public:
  explicit StructWriter(JsonWriter& w) : w_(w) {}
  template <typename T>
  void field(const char* key, const T& member) {
    w_.key(key);
    writeValue(member, sizeof(member));
  }
  template <typename T, size_t N, typename C>
  void array(const char* key, const T (&arr)[N], const C& count) {
    w_.key(key);
    const size_t n = count <= 0 ? 0 : static_cast<size_t>(count);  // a negative count is none
    writeArray(arr, n < N ? n : N);
  }
  template <typename T>
  void writeValue(const T& v, size_t) {
    if constexpr (std::is_array<T>::value) {
      if constexpr (std::is_same<std::remove_extent_t<T>, char>::value) {
        // Up to the NUL, or the whole array (strnlen is POSIX, not C++17).
        const void* nul = memchr(v, 0, sizeof v);
        w_.value(v, nul ? static_cast<size_t>(static_cast<const char*>(nul) - v) : sizeof v);
      } else
        writeArray(v, std::extent<T>::value);
    } else if constexpr (isMapped<T>()) {
      w_.beginObject();
      visitMapped(*this, v);
      w_.endObject();
    } else {
      w_.value(v);
    }
  }

 private:
  template <typename T, size_t N>
  void writeArray(const T (&arr)[N], size_t n) {
    w_.beginArray();
    for (size_t i = 0; i < n; ++i) writeValue(arr[i], sizeof(T));
    w_.endArray();
  }
  JsonWriter& w_;
};

}  // namespace detail

// Binds every field of `obj` under `path` ("" for the root). Returns 0, or
// one of JsonBinder's negative codes (out of bindings, of path room, ...).
// Each field is a binding of its own: see binder.status() for each.
template <typename T>
int bindStruct(JsonBinder& binder, const char* path, T& obj) {
  static_assert(detail::isMapped<T>(), "bindStruct needs a type with REST_JSON_MAP");
  detail::StructBinder v(binder, path, nullptr);
  detail::visitMapped(v, obj);
  return v.error();
}

// Writes `obj` as a JSON object.
template <typename T>
WriteError writeStruct(JsonWriter& writer, const T& obj) {
  static_assert(detail::isMapped<T>(), "writeStruct needs a type with REST_JSON_MAP");
  detail::StructWriter v(writer);
  v.writeValue(obj, sizeof obj);
  return writer.error();
}

EHC_END_NAMESPACE
