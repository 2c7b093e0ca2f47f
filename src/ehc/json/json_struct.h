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
// A name is a path below the struct: REST_FIELD_NAMED("address.geo", geo) is
// member "geo" of member "address", in both directions ("a\\.b": the key "a.b").
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
  JsonBinder::BindResult error() const { return static_cast<JsonBinder::BindResult>(error_); }

  template <typename T>
  void field(const char* key, T& member) {
    if (const char* path = pathOf(key)) bindValue(path, member);
  }
  template <typename T, size_t N, typename C>
  void array(const char* key, T (&arr)[N], C& count) {
    static_assert(std::is_integral<C>::value && !std::is_same<C, bool>::value,
                  "an array's count must be an integer");
    static_assert(N <= static_cast<unsigned long long>(std::numeric_limits<C>::max()),
                  "the count's type cannot hold the array's size");
    if (const char* path = pathOf(key)) bindArray(path, arr, &count, sizeof(C));
  }

 private:
  // A field's name is a path below its struct, as getBody paths are: dots
  // separate members ("address.geo"), `\.` `\\` `\*` are a literal dot,
  // backslash, star, a numeric segment also indexes an array (`\1`: the key
  // "1" only). "" (the struct itself) and "*" segments (every member) are
  // refused: a field is one value.
  const char* pathOf(const char* key) {
    if (error_) return nullptr;
    PathInfo shape;
    if (!key || !*key || !inspectPath(key, &shape) ||
        shape.firstWildcard != PathInfo::kNoWildcard) {
      error_ = JsonBinder::kBadPath;
      return nullptr;
    }
    const char* path = b_.composePath(prefix_, key, false);
    if (!path) error_ = JsonBinder::kNoRoom;
    return path;
  }
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

// Field names are paths below their struct (see StructBinder): these find
// their segments. A segment ends at an unescaped '.' or at the end.
inline const char* segmentEnd(const char* s) {
  while (*s && *s != '.') s += (*s == '\\' && s[1]) ? 2 : 1;
  return s;
}
// Does `name` go on below name-prefix[0..n) (n at a segment end; 0: any)?
inline bool continuesBelow(const char* name, const char* prefix, size_t n) {
  return n == 0 || (strncmp(name, prefix, n) == 0 && name[n] == '.');
}

// Of a mapped struct's fields in map order, the first whose name begins with
// the segments name[0..n): its position, and whether its name ends there.
struct FirstField {
  const char* name;
  size_t n;
  size_t at = 0, first = SIZE_MAX;
  bool endsThere = false;
  template <typename T>
  void field(const char* key, const T&) {
    see(key);
  }
  template <typename T, size_t N, typename C>
  void array(const char* key, const T (&)[N], const C&) {
    see(key);
  }
  void see(const char* key) {
    if (first == SIZE_MAX && strncmp(key, name, n) == 0 && (key[n] == '.' || key[n] == '\0')) {
      first = at;
      endsThere = key[n] == '\0';
    }
    ++at;
  }
};

// Writing: serialises every field of a mapped struct. A name with several
// segments ("address.geo") makes nested objects; fields whose names begin
// alike share them, in the order of their first field.
class StructWriter {
 public:
  explicit StructWriter(JsonWriter& w) : w_(w) {}
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
      writeObject(v, "", 0);
    } else {
      w_.value(v);
    }
  }
  template <typename T, size_t N, typename C>
  void writeCounted(const T (&arr)[N], const C& count) {
    const size_t n = count <= 0 ? 0 : static_cast<size_t>(count);  // a negative count is none
    writeArray(arr, n < N ? n : N);
  }

  // One object of struct `obj`: the members of the fields whose names go on
  // below name-prefix[0..n) (n == 0: the struct itself). (Recursion: one
  // level per segment of a name.)
  template <typename T>
  void writeObject(const T& obj, const char* prefix, size_t n);

 private:
  template <typename T, size_t N>
  void writeArray(const T (&arr)[N], size_t n) {
    w_.beginArray();
    for (size_t i = 0; i < n; ++i) writeValue(arr[i], sizeof(T));
    w_.endArray();
  }
  template <typename T>
  friend class MemberWriter;
  JsonWriter& w_;
};

// The visitor that writes one object level of a struct (StructWriter::writeObject).
template <typename T>
class MemberWriter {
 public:
  MemberWriter(StructWriter& out, const T& obj, const char* prefix, size_t n)
      : out_(out), obj_(obj), prefix_(prefix), n_(n) {}
  template <typename V>
  void field(const char* key, const V& member) {
    if (const char* end = keyOf(key)) {
      if (*end)
        out_.writeObject(obj_, key, static_cast<size_t>(end - key));
      else
        out_.writeValue(member, sizeof member);
    }
  }
  template <typename V, size_t N, typename C>
  void array(const char* key, const V (&arr)[N], const C& count) {
    if (const char* end = keyOf(key)) {
      if (*end)
        out_.writeObject(obj_, key, static_cast<size_t>(end - key));
      else
        out_.writeCounted(arr, count);
    }
  }

 private:
  // Writes the key of `name`'s member at this level if this field is the
  // first of it, and returns where that segment ends in `name`; nullptr when
  // the field belongs elsewhere or an earlier field wrote the member. Names
  // that clash (the same twice, or "a" beside "a.b") are misuse.
  const char* keyOf(const char* name) {
    const size_t at = index_++;
    if (!continuesBelow(name, prefix_, n_)) return nullptr;
    const char* segment = n_ ? name + n_ + 1 : name;
    const char* end = segmentEnd(segment);
    FirstField first{name, static_cast<size_t>(end - name)};
    visitMapped(first, obj_);
    if (first.first != at) {
      if (first.endsThere || *end == '\0') out_.w_.misuse();
      return nullptr;
    }
    out_.w_.pathKey(segment, static_cast<size_t>(end - segment));
    return end;
  }
  StructWriter& out_;
  const T& obj_;
  const char* prefix_;
  size_t n_;
  size_t index_ = 0;
};

template <typename T>
void StructWriter::writeObject(const T& obj, const char* prefix, size_t n) {
  w_.beginObject();
  MemberWriter<T> members(*this, obj, prefix, n);
  visitMapped(members, obj);
  w_.endObject();
}

}  // namespace detail

// Binds every field of `obj` under `path` ("" for the root). Returns 0, or
// one of JsonBinder's negative BindResults (out of bindings, of path room,
// ...). Each field is a binding of its own: see binder.status() for each.
template <typename T>
JsonBinder::BindResult bindStruct(JsonBinder& binder, const char* path, T& obj) {
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
