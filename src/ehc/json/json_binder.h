// Streaming JSON parser + path binder.
//
//   int64_t id; char city[32];
//   ehc::StaticJsonBinder<4> binder;
//   binder.bind("0.id", &id);
//   binder.bind("0.address.city", city, sizeof city);
//   binder.feed(chunk, n);          // any number of times, any split
//   ehc::JsonError err = binder.finish();
//
// The document is validated (RFC 8259, UTF-8) as it streams through; only the
// values at bound paths are converted and written. Nothing of the document is
// stored, nothing is allocated, and nothing recurses: memory is the binder
// object itself, whatever the document's size or depth.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <type_traits>

#include "../config.h"
#include "decimal_number.h"
#include "json_error.h"
#include "json_path.h"

// (EHC_JSON_HOST_SPEED: json_path.h.)

static_assert(EHC_MAX_BINDINGS >= 1 && EHC_MAX_BINDINGS <= 32, "EHC_MAX_BINDINGS: 1..32");
static_assert(EHC_MAX_PATH_DEPTH >= 1 && EHC_MAX_PATH_DEPTH <= 200, "EHC_MAX_PATH_DEPTH: 1..200");
static_assert(EHC_MAX_DEPTH >= EHC_MAX_PATH_DEPTH && EHC_MAX_DEPTH <= 65535,
              "EHC_MAX_DEPTH: EHC_MAX_PATH_DEPTH..65535");

EHC_BEGIN_NAMESPACE

// What a `*` binding's callback (or any binding's callback) is told after
// each value delivered to its target: a value read whole (a container once it
// closed), or one refused at its start (Mismatch, an element past the
// capacity). A value the document's error or end cuts short is never told.
struct JsonMatch {
  const char* path;    // concrete path, e.g. "3.tags.0" (the bound path if it has no '*')
  bool pathTruncated;  // the concrete path was longer than EHC_MAX_MATCH_PATH
  BindStatus status;   // outcome of this delivery
  int binding;         // index of the binding
};
using JsonMatchCallback = void (*)(const JsonMatch& match, void* user);

// A growable text target (std::string, Arduino String, a user stream).
// `clear` comes first, then `append` with the value's bytes as they arrive
// (a piece may end inside a UTF-8 character); if the value turns out cut
// short, `clear` is called again and the binding reports Invalid.
struct TextSink {
  void (*clear)(void* object);
  void (*append)(void* object, const char* data, size_t length);
};

enum class TargetKind : uint8_t {
  None,  // callback only: nothing written, the callback sees the status
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  Uint8,
  Uint16,
  Uint32,
  Uint64,
  Float,
  Double,
  Chars,     // char buffer: decoded string, NUL-terminated
  RawChars,  // char buffer: JSON text of the value as it appears
  Text,      // TextSink: decoded string
  RawText,   // TextSink: JSON text of the value
  AnyText,   // TextSink: a string decoded, any other value's JSON text (null: "")
  IsNull,    // bool: true when the value is null, false for any other value
};

// What the binder's user may read of a binding (JsonBinder::binding): a copy,
// not the binder's working state.
struct JsonBindingView {
  const char* path;   // as bound
  TargetKind kind;    // None for a callback-only binding
  BindStatus status;  // as status(index)
  bool wildcard;      // the path has a "*": each match is told to the callback
  bool elements;      // an element binding (bindElements, struct mapping)
};

// One requested path and its target. Storage for these is supplied by the
// binder's owner (see StaticJsonBinder); the fields are the binder's business
// (read them through JsonBinder::binding).
struct JsonBinding {
  const char* path;
  void* target;
  union {
    size_t size;           // Chars, RawChars: buffer size including the NUL
    const TextSink* sink;  // Text, RawText
  };
  JsonMatchCallback callback;
  void* user;
  const uint8_t* rawFrom;  // raw capture: start of the pending text in this chunk
  size_t written;          // Chars, RawChars: bytes written so far
  PathSegment seg;         // the segment matched at the current depth (a twin's may lag)
  uint16_t rawDepth;       // raw capture, or a container told at its close: its depth
  PathInfo shape;          // the path's segments ("shared": with the previous binding's)
  TargetKind kind;
  BindStatus status;
  // Element bindings (arrays in mapped structs): the last "*" of the path
  // (shape.lastWildcard) selects element `index` of an array at `base`,
  // `stride` bytes apart.
  uint8_t countSize;  // bytes of *count (0: no count kept)
  uint16_t stride;    // 0: not an element binding
  uint16_t capacity;
  void* base;
  void* count;  // set to the number of elements seen (capped at capacity)
};

class JsonBinder {
 public:
  // What bind() returns: the binding's index (0, 1, ...), or, below zero,
  // why no binding was made. (Plain enum over int: it holds any index and
  // converts to the int index the callers keep.)
  enum BindResult : int {
    kFull = -1,       // no free binding slot
    kBadPath = -2,    // path syntax, or more than EHC_MAX_PATH_DEPTH segments
    kBadTarget = -3,  // null target, zero-size buffer, unsupported shape
    kNoRoom = -4,     // struct mapping: the path arena is full
  };

  // `capacity` bindings at `storage` (at most EHC_MAX_BINDINGS are used).
  JsonBinder(JsonBinding* storage, uint8_t capacity);
  JsonBinder(const JsonBinder&) = delete;
  JsonBinder& operator=(const JsonBinder&) = delete;

  // --- bindings (before the first feed) -----------------------------------
  // Each returns the binding's index (>= 0) or one of the negative codes above.
  BindResult bind(const char* path, bool* target) { return add(path, TargetKind::Bool, target, 0); }
  // (Floating point conversion is linked in only by a program that binds a
  // float or a double: these two take its address; the integer conversion
  // likewise, by the integers' bind.)
  BindResult bind(const char* path, float* target) {
    bindsFloating(TargetKind::Float);
    return add(path, TargetKind::Float, target, 0);
  }
  BindResult bind(const char* path, double* target) {
    bindsFloating(TargetKind::Double);
    return add(path, TargetKind::Double, target, 0);
  }
  template <typename T,
            typename std::enable_if<std::is_integral<T>::value && !std::is_same<T, bool>::value &&
                                        !std::is_same<T, char>::value,
                                    int>::type = 0>
  BindResult bind(const char* path, T* target) {
    bindsIntegers();
    return add(path, integerKind(sizeof(T), std::is_signed<T>::value), target, 0);
  }
  // Decoded string into buf (size includes the terminating NUL).
  BindResult bind(const char* path, char* buf, size_t size) {
    return add(path, TargetKind::Chars, buf, size);
  }
  template <size_t N>
  BindResult bind(const char* path, char (&buf)[N]) {
    return add(path, TargetKind::Chars, buf, N);
  }
  // JSON text of the value (any type, sub-trees included) into buf.
  BindResult bindRaw(const char* path, char* buf, size_t size) {
    bindsRaw();
    return add(path, TargetKind::RawChars, buf, size);
  }
  BindResult bindText(const char* path, void* object, const TextSink* sink, bool raw = false) {
    if (raw) bindsRaw();  // (here: callers pass a constant, so the test folds away)
    return addText(path, object, sink, raw);
  }
  // A string decoded, any other value (number, true, an object...) as its
  // JSON text, null as "" (status Null).
  BindResult bindAnyText(const char* path, void* object, const TextSink* sink);
  BindResult bindIsNull(const char* path, bool* isNull) {
    return add(path, TargetKind::IsNull, isNull, 0);
  }
  // No target: only the callback (set with onMatch) hears of the value.
  BindResult bindCallback(const char* path, JsonMatchCallback cb, void* user);
  // Element binding: `path` has a "*" (its first one selects the array);
  // element i of the JSON array goes to base + i * stride (kind and size as
  // for the plain targets), at most `capacity` elements (more: Truncated), and
  // *count (an unsigned integer of countSize bytes, optional) is set to the
  // number of elements seen. Used by struct mapping (json_struct.h).
  // (Inline, so that a caller with a constant kind other than Float or Double,
  // as struct mapping has, does not link the floating point conversion, nor
  // one with a kind other than an integer the integer conversion.)
  BindResult bindElements(const char* path, TargetKind kind, void* base, size_t size, size_t stride,
                          size_t capacity, void* count, size_t countSize) {
    if (kind == TargetKind::Float || kind == TargetKind::Double) bindsFloating(kind);
    if (kind >= TargetKind::Int8 && kind <= TargetKind::Uint64) bindsIntegers();
    if (kind == TargetKind::RawChars || kind == TargetKind::RawText || kind == TargetKind::AnyText)
      bindsRaw();
    selectElement_ = [](JsonBinder& self, int i) { return self.selectElement(i); };
    return addElements(path, kind, base, size, stride, capacity, count, countSize);
  }
  // Room for paths the binder composes itself (struct mapping): `arena`
  // must outlive the binder. StaticJsonBinder<N, PathBytes> provides one.
  void setPathArena(char* arena, size_t size) {
    arena_ = arena;
    arenaSize_ = size;
    arenaUsed_ = 0;
  }
  // The path of member `key` under `prefix` ("prefix.key", or the key alone
  // at the root), with the key's '.', '\\' and '*' escaped unless `escape` is
  // false (for "*" itself). Copied into the arena when it must be; nullptr
  // when it does not fit.
  const char* composePath(const char* prefix, const char* key, bool escape = true);
  // Called after every delivery to binding `index` (each match of a `*` path).
  void onMatch(int index, JsonMatchCallback cb, void* user);

  // Stop-when-done: once every binding is resolved, stop parsing and only
  // count the remaining bytes (they are not validated). Off by default.
  void setStopWhenDone(bool on) { stopWhenDone_ = on; }

  // --- parsing --------------------------------------------------------------
  void feed(const char* data, size_t length);
  JsonError finish();
  // Forget the document and the statuses, keep the bindings.
  void restart();
  // Forget the bindings too: ready for new ones (a client reuses its binder).
  void clear();
  // The object holding the paths and callback data moved from `from` (size
  // bytes) to `to`: pointers into it follow (a builder that was moved).
  void relocate(const void* from, size_t size, const void* to);

  JsonError error() const { return error_; }
  size_t errorOffset() const { return errorOffset_; }
  // Bytes taken: all fed, or up to the error (the same for every split).
  size_t bytesFed() const { return consumed_; }
  // True once feeding more cannot change any result: an error, or stopped
  // when done. (A complete document is not "done": bytes after it would be
  // trailing data, an error.)
  bool done() const { return state_ == kStopped || state_ == kError; }
  bool stopped() const { return state_ == kStopped; }

  int count() const { return count_; }
  BindStatus status(int index) const { return bindings_[index].status; }
  // Bindings whose number came as a JSON string ("-37.3159" into a float),
  // bit i for binding i: Found through that conversion.
  uint32_t converted() const { return convertedMask_; }
  JsonBindingView binding(int index) const {
    const JsonBinding& b = bindings_[index];
    return {b.path, b.kind, b.status, b.shape.firstWildcard != PathInfo::kNoWildcard,
            b.stride != 0};
  }

  static TargetKind integerKind(size_t size, bool isSigned);

 private:
  enum State : uint8_t {
    kValue,       // a value must come
    kValueOrEnd,  // after '[': a value or ']'
    kKeyOrEnd,    // after '{': a key or '}'
    kKey,         // after ',' in an object: a key
    kColon,       // after a key
    kAfterValue,  // ',' or the closing bracket
    kString,      // inside a string
    kEscape,      // after a backslash
    kUnicode,     // inside \uXXXX
    kUtf8,        // inside a multi-byte UTF-8 sequence
    kNumber,      // inside a number
    kLiteral,     // inside true / false / null
    kDone,        // document complete; whitespace only
    kStopped,     // stop-when-done: counting
    kError,
    // Never stored, returned by the tokenizer's readers: a string value's
    // closing quote was just taken (its bindings are told next); the chunk
    // ended inside the reader's token (pause() stored where) or it failed.
    kStringClosed,
    kPaused,
  };
  struct Level {         // a container that some binding still follows
    uint32_t mask;       // bindings whose path goes through this container
    uint32_t live;       // of those, the ones that may still match a member
    uint32_t wild;       // of those, the ones whose segment here is "*"
    uint32_t same;       // of those, the ones whose segment here is the previous binding's
    uint32_t deeper;     // of those, the ones whose path goes on below the members
    uint32_t index;      // arrays: index of the next element
    uint32_t nextIndex;  // arrays: lowest index a non-"*" binding still wants
    uint16_t pathBase;   // where this container's members' segments start in matchPath_
    bool pathTruncated;  // matchPath_ was already cut before pathBase
  };

  enum class ScalarKind : uint8_t { String, Number, Literal };

  BindResult add(const char* path, TargetKind kind, void* target, size_t size);
  BindResult addText(const char* path, void* object, const TextSink* sink, bool raw);
  BindResult addElements(const char* path, TargetKind kind, void* base, size_t size, size_t stride,
                         size_t capacity, void* count, size_t countSize);
  // The number as a float or double target (kind) at `target`; as a double
  // (convertDouble: a program that binds no float links no float conversion).
  static BindStatus convertFloating(const DecimalNumber& number, TargetKind kind, void* target);
  static BindStatus convertDouble(const DecimalNumber& number, TargetKind kind, void* target);
  static BindStatus convertInteger(const DecimalNumber& number, TargetKind kind, void* target);
  void fail(JsonError e, const uint8_t* at);
  // fail(), for the tokenizer's readers.
  State failAt(JsonError e, const uint8_t* at) {
    fail(e, at);
    return kPaused;
  }
  // The chunk ended in state `at` inside a reader: the next one resumes there.
  EHC_ALWAYS_INLINE State pause(State at) {
    state_ = at;
    return kPaused;
  }
  EHC_ALWAYS_INLINE bool allResolved() const { return stopWhenDone_ && unresolved_ == 0; }

  // The tokenizer (json_tokenizer.inl). Each reader takes its input from p
  // (advanced past what it read) and returns the state it leads to, or
  // kPaused: the chunk ended in it (pause() stored its state) or failAt()
  // was called.
  State run(const uint8_t* p, const uint8_t* end);
  State startValue(const uint8_t*& p, const uint8_t* end);
  State readString(const uint8_t*& p, const uint8_t* end, State at);
  State stringCharacters(const uint8_t*& p, const uint8_t* end);
  State escapeCharacter(const uint8_t*& p, const uint8_t* end);
  State unicodeEscape(const uint8_t*& p, const uint8_t* end);
  State utf8Continuation(const uint8_t*& p, const uint8_t* end);
  State readNumber(const uint8_t*& p, const uint8_t* end);
  State readLiteral(const uint8_t*& p, const uint8_t* end);

  // Moves binding i to segment `index`, from the previous binding if it can.
  void moveBinding(int i, unsigned index);
  // Of `candidates`, those that take their match result from the previous
  // binding (the same segment text), given the level's `same` set.
  static uint32_t twins(uint32_t candidates, uint32_t same) {
    return same & (candidates << 1) & candidates;
  }
  uint32_t childMask();
  uint32_t elementMask(Level& level, uint32_t index);
  void beginValue(uint8_t c, const uint8_t* at);
  void beginContainer(uint32_t here, uint32_t followers, uint8_t c, const uint8_t* at);
  void beginEnding(uint32_t ending, uint8_t c, const uint8_t* at);
  void beginOther(JsonBinding& b, int i, uint8_t c, const uint8_t* at);
  void clearText(JsonBinding& b);
  void startText(JsonBinding& b, int i);
  void enterContainer(uint32_t followers);
  bool selectElement(int i);
  static void storeCount(JsonBinding& b, uint32_t seen);
  void closeFollowed(const uint8_t* after);
  void endScalar(const uint8_t* after, ScalarKind kind);
  void endScalarInline(const uint8_t* after, ScalarKind kind);
  void endRaw(const uint8_t* after);
  // The raw captures' text up to upTo, to their targets: through rawCopy_,
  // which only the bindings of raw kinds set (bindsRaw).
  void rawFlush(const uint8_t* upTo) { rawCopy_(*this, upTo); }
  void copyRaw(const uint8_t* upTo);
  void resolve(uint32_t mask, unsigned depth);
  void deliver(int i, BindStatus s);
  void notify(int i, BindStatus s);  // deliver's call of the binding's callback
  void deliverNumber(int i);
  void stringBytes(const uint8_t* s, size_t n);
  void stringByte(uint8_t c) { stringBytes(&c, 1); }
  void beginKey();
  void matchWholeKey(const uint8_t* s, size_t n);
  void keyBytes(const uint8_t* s, size_t n);
  void valueBytes(const uint8_t* s, size_t n);
  void valueBytesInline(const uint8_t* s, size_t n);
  void endKey();
  void emitCodePoint(uint32_t cp);
  void appendPath(const char* s, size_t n, bool escape);
  void appendIndex(uint32_t index);

  JsonBinding* bindings_;
  uint8_t capacity_;
  char* arena_ = nullptr;
  size_t arenaSize_ = 0, arenaUsed_ = 0;
  uint8_t count_ = 0;
  bool stopWhenDone_ = false;
  uint32_t elementBindings_ = 0;  // bindings made with bindElements
  uint32_t wildBindings_ = 0;     // bindings whose path has a "*"
  uint32_t rootPaths_ = 0;        // bindings of the root path ""
  // convertFloating once a float is bound, convertDouble once a double is
  // (see bind(float*)).
  BindStatus (*floating_)(const DecimalNumber&, TargetKind, void*) = nullptr;
  // convertInteger, once an integer is bound (bind(T*), bindElements).
  BindStatus (*integer_)(const DecimalNumber&, TargetKind, void*) = nullptr;
  // deliverQuoted (a number in a string), once either is.
  void (*quotedNumber_)(JsonBinder& self, int binding) = nullptr;
  // selectElement, once an element binding is made (bindElements).
  bool (*selectElement_)(JsonBinder& self, int binding) = nullptr;
  static void quotedNumber(JsonBinder& self, int i) { self.deliverQuoted(i); }
  // A float binding needs both widths' conversion, a double binding the
  // double's (unless a float is bound too).
  void bindsFloating(TargetKind kind) {
    if (kind == TargetKind::Float)
      floating_ = &convertFloating;
    else if (!floating_)
      floating_ = &convertDouble;
    quotedNumber_ = &quotedNumber;
  }
  void bindsIntegers() {
    integer_ = &convertInteger;
    quotedNumber_ = &quotedNumber;
  }
  // copyRaw, once a raw capture (RawChars, RawText, AnyText) is bound.
  void (*rawCopy_)(JsonBinder& self, const uint8_t* upTo) = nullptr;
  void bindsRaw() {
    rawCopy_ = [](JsonBinder& self, const uint8_t* upTo) { self.copyRaw(upTo); };
  }

  // tokenizer (the constructor's restart() sets the parse state: members
  // without an initializer here)
  State state_;
  uint8_t sub_;      // number stage / literal position / \u digits / UTF-8 bytes left
  uint8_t isKey_;    // the current string is an object key
  bool inObject_;    // the innermost open container is an object
  uint8_t strMode_;  // 0 skip, 1 key matching, 2 value capture
  uint8_t literal_;  // which literal (0 true, 1 false, 2 null)
  uint8_t utf8Lo_ = 0, utf8Hi_ = 0;  // allowed range of the next UTF-8 byte
  uint16_t highSurrogate_;
  uint32_t unicode_ = 0;
  uint16_t depth_;                               // open containers
  uint8_t kinds_[(EHC_MAX_DEPTH + 7) / 8] = {};  // 1 bit per level: object
  JsonError error_;
  size_t errorOffset_;
  size_t consumed_;
  const uint8_t* chunk_ = nullptr;
  const uint8_t* spanFrom_ = nullptr;

  // binder
  uint32_t unresolved_;  // bindings that may still receive a value
  uint32_t keyCandidates_;
  uint32_t keyMatched_;
  // Of keyCandidates_ at the key's start, those that take their leader's result.
  uint32_t keyTwins_ = 0;
  uint32_t valueMask_;    // targets of the scalar being parsed
  uint32_t rawMask_;      // raw captures in progress
  uint32_t pendingMask_;  // IsNull / callback bindings told at their container's close
  // Number targets receiving a string: its text, to be read as a number.
  uint32_t quotedMask_ = 0;
  uint32_t convertedMask_ = 0;
  static constexpr uint8_t kQuotedMax = 48;
  uint8_t quotedLength_ = 0;  // kQuotedMax + 1: too long to be a number
  char quoted_[kQuotedMax];
  void quotedBytes(const uint8_t* s, size_t n);
  void deliverQuoted(int i);
  void resetTarget(JsonBinding& b);
  uint16_t keyLength_ = 0;
#if EHC_JSON_HOST_SPEED
  // Of the innermost followed object's bindings, those a key is compared
  // with there (live, not twins, not "*"), by their segment's length % 8. Sorted
  // as the object is entered, again at a whole key after a followed member
  // closed.
  uint32_t leadersByLength_[8];
  bool leadersStale_ = true;
  // Per depth d of a followed container: the bindings whose path goes on
  // below its members (more than d + 1 segments), and those whose first d + 1
  // segments are the previous binding's (shared > d). Kept as they are bound,
  // so that entering a container visits only the bindings that move.
  // One more level than a path has segments: a path of EHC_MAX_PATH_DEPTH
  // segments may end on a container (raw, IsNull, callback), which is then
  // followed at depth EHC_MAX_PATH_DEPTH.
  uint32_t deeperAt_[EHC_MAX_PATH_DEPTH + 1] = {};
  uint32_t sharedAt_[EHC_MAX_PATH_DEPTH + 1] = {};
  void markDepths(unsigned i, const PathInfo& shape, bool on);
  void sortLeaders(const Level& level);
#endif
  uint16_t aliveTop_;  // containers 0..aliveTop_-1 are followed
  uint16_t matchLength_;
  bool matchTruncated_;
  Level levels_[EHC_MAX_PATH_DEPTH + 1];  // (+1: as deeperAt_)
  DecimalNumber number_;
  char matchPath_[EHC_MAX_MATCH_PATH + 1];
};

// A binder with its binding storage inside (on the stack, in a struct, ...),
// and PathBytes of room for the paths struct mapping composes.
template <uint8_t N = EHC_MAX_BINDINGS, size_t PathBytes = 0>
class StaticJsonBinder : public JsonBinder {
  static_assert(N >= 1 && N <= EHC_MAX_BINDINGS, "a binder holds 1..EHC_MAX_BINDINGS bindings");

 public:
  StaticJsonBinder() : JsonBinder(slots_, N) { setPathArena(arena_, PathBytes); }

 private:
  JsonBinding slots_[N];
  char arena_[PathBytes ? PathBytes : 1];
};

EHC_END_NAMESPACE
