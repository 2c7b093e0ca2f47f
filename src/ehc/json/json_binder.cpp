#include "json_binder.h"

#include <string.h>

#if defined(__SSE2__)  // every x86-64 CPU: 16 bytes at a time on Linux hosts
#include <emmintrin.h>
#endif

#include "../core/bits.h"
#include "../core/number_format.h"
#include "json_chars.h"
#include "json_path.h"
#include "utf8.h"

EHC_BEGIN_NAMESPACE

namespace {

using json_chars::endsValue;
using json_chars::isStrStop;
using json_chars::isWs;

inline bool isDigit(uint8_t c) {
  return static_cast<uint8_t>(c - '0') < 10;
}

// SWAR helpers, for 64-bit CPUs (see kWordScan): all of a scan without
// SSE2, the last 8..15 bytes of a chunk with it.
using Word = size_t;
constexpr Word kOnes = ~Word{0} / 255;
constexpr Word kHigh = kOnes * 0x80;
// Where unaligned word loads are slow or trapped (RISC-V: GCC calls memcpy
// for them at -Os), the word scans first step byte by byte to a word
// boundary, then load aligned words (rv64; 32-bit CPUs scan bytes).
// Elsewhere any address will do.
#if defined(__riscv) || defined(__XTENSA__) || defined(EHC_ALIGNED_WORD_LOADS)
constexpr bool kAlignLoads = true;
#else
constexpr bool kAlignLoads = false;
#endif
inline Word loadWord(const uint8_t* p) {  // aligned when kAlignLoads
  Word w;
  if (kAlignLoads)
    memcpy(&w, __builtin_assume_aligned(p, sizeof(Word)), sizeof w);
  else
    memcpy(&w, p, sizeof w);
  return w;
}
inline bool aligned(const uint8_t* p) {
  return !kAlignLoads || (reinterpret_cast<uintptr_t>(p) & (sizeof(Word) - 1)) == 0;
}

const char* const kLiterals[3] = {"true", "false", "null"};

// Number stages (sub_ while in kNumber).
enum : uint8_t { kNumMinus, kNumZero, kNumInt, kNumDot, kNumFrac, kNumE, kNumESign, kNumExp };

inline int hexValue(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<uint8_t>(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// Inlined on the ESP32's CPUs, where a call's register saves cost more than
// the code it keeps out of line; not on x86-64, where inlining it into the
// tokenizer costs the tokenizer's loops their registers.
#if defined(__riscv) || defined(__XTENSA__)
#define EHC_MCU_INLINE EHC_ALWAYS_INLINE
#else
#define EHC_MCU_INLINE
#endif
// 64-bit hosts (EHC_JSON_HOST_SPEED, json_binder.h) take code and memory for
// speed that a microcontroller's flash and RAM are better without.
constexpr bool kSmallCode = !EHC_JSON_HOST_SPEED;

// Keys are short: inline compares beat a call. Where unaligned loads are
// cheap (64-bit hosts), two overlapping loads cover 4..16 bytes.
template <typename T>
inline T load(const char* p) {
  T v;
  memcpy(&v, p, sizeof v);
  return v;
}
inline bool sameText(const char* a, const char* b, size_t n) {
  if (sizeof(size_t) == 8 && n >= 4 && n <= 16) {
    if (n >= 8)
      return load<uint64_t>(a) == load<uint64_t>(b) &&
             load<uint64_t>(a + n - 8) == load<uint64_t>(b + n - 8);
    return load<uint32_t>(a) == load<uint32_t>(b) &&
           load<uint32_t>(a + n - 4) == load<uint32_t>(b + n - 4);
  }
  for (size_t k = 0; k < n; ++k)
    if (a[k] != b[k]) return false;
  return true;
}

// The bits of `runs` that follow a bit of `from` without a gap: the runs
// of twins whose first member's predecessor is in `from`.
inline uint32_t runsAfter(uint32_t from, uint32_t runs) {
  // Adding a run's lowest bit carries through the run and clears it.
  return ((runs + ((from << 1) & runs)) ^ runs) & runs;
}

}  // namespace

JsonBinder::JsonBinder(JsonBinding* storage, uint8_t capacity)
    : bindings_(storage),
      capacity_(capacity < EHC_MAX_BINDINGS ? capacity : static_cast<uint8_t>(EHC_MAX_BINDINGS)) {
  restart();
}

TargetKind JsonBinder::integerKind(size_t size, bool isSigned) {
  switch (size) {
    case 1: return isSigned ? TargetKind::Int8 : TargetKind::Uint8;
    case 2: return isSigned ? TargetKind::Int16 : TargetKind::Uint16;
    case 4: return isSigned ? TargetKind::Int32 : TargetKind::Uint32;
    default: return isSigned ? TargetKind::Int64 : TargetKind::Uint64;
  }
}

int JsonBinder::add(const char* path, TargetKind kind, void* target, size_t size) {
  if (count_ >= capacity_) return kFull;
  if (path == nullptr) return kBadPath;
  if (kind != TargetKind::None && target == nullptr) return kBadTarget;
  if ((kind == TargetKind::Chars || kind == TargetKind::RawChars) && size == 0) return kBadTarget;
  JsonBinding& b = bindings_[count_];
  const JsonBinding* previous = count_ ? &bindings_[count_ - 1] : nullptr;
  if (!inspectPath(path, &b.shape, previous ? previous->path : nullptr,
                   previous ? &previous->shape : nullptr) ||
      b.shape.segments > EHC_MAX_PATH_DEPTH)
    return kBadPath;
  b.path = path;
  b.target = target;
  b.size = size;
  b.callback = nullptr;
  b.user = nullptr;
  b.written = 0;  // (read when a document ends inside a value: see trimPendingText)
  // (rawFrom and rawDepth are set when a capture starts; the element fields
  // by bindElements, which stride marks)
  b.kind = kind;
  b.status = BindStatus::Missing;
  b.countSize = 0;
  b.stride = 0;
  if (b.shape.shared && previous->seg.number == 0)
    copySegment(&b.seg, previous->seg);
  else
    describeSegment(path, b.shape, &b.seg, 0, 0);
  if (b.shape.firstWildcard != PathInfo::kNoWildcard) wildBindings_ |= uint32_t{1} << count_;
  if (b.shape.segments == 0) rootPaths_ |= uint32_t{1} << count_;
  unresolved_ |= uint32_t{1} << count_;
  return count_++;
}

int JsonBinder::bindText(const char* path, void* object, const TextSink* sink, bool raw) {
  if (sink == nullptr) return kBadTarget;
  const int i = add(path, raw ? TargetKind::RawText : TargetKind::Text, object, 0);
  if (i >= 0) bindings_[i].sink = sink;
  return i;
}

int JsonBinder::bindAnyText(const char* path, void* object, const TextSink* sink) {
  if (sink == nullptr) return kBadTarget;
  const int i = add(path, TargetKind::AnyText, object, 0);
  if (i >= 0) bindings_[i].sink = sink;
  return i;
}

int JsonBinder::addElements(const char* path, TargetKind kind, void* base, size_t size,
                            size_t stride, size_t capacity, void* count, size_t countSize) {
  if (stride == 0 || stride > 0xFFFF || capacity == 0 || capacity > 0xFFFF) return kBadTarget;
  if (count && countSize != 1 && countSize != 2 && countSize != 4 && countSize != 8)
    return kBadTarget;
  const int i = add(path, kind, base, size);
  if (i < 0) return i;
  JsonBinding& b = bindings_[i];
  if (b.shape.firstWildcard == PathInfo::kNoWildcard) {  // taken back
    --count_;
    unresolved_ &= ~(uint32_t{1} << i);
    rootPaths_ &= ~(uint32_t{1} << i);
    return kBadPath;
  }
  b.base = base;
  b.stride = static_cast<uint16_t>(stride);
  b.capacity = static_cast<uint16_t>(capacity);
  b.count = count;
  b.countSize = static_cast<uint8_t>(count ? countSize : 0);
  elementBindings_ |= uint32_t{1} << i;
  if (count) memset(count, 0, countSize);
  return i;
}

const char* JsonBinder::composePath(const char* prefix, const char* key, bool escape) {
  // The key is a member name: its dots, backslashes and stars are literal,
  // and a leading digit is escaped so that "1" never means an array index.
  auto special = [escape](const char* k, size_t at) {
    const char c = k[at];
    return escape && (c == '.' || c == '\\' || c == '*' || (at == 0 && c >= '0' && c <= '9'));
  };
  size_t extra = 0;
  const size_t n = strlen(key);
  for (size_t k = 0; k < n; ++k) extra += special(key, k) ? 1u : 0u;
  const bool root = !prefix || !*prefix;
  if (root && extra == 0) return key;
  const size_t p = root ? 0 : strlen(prefix);
  const size_t need = p + (root ? 0 : 1) + n + extra + 1;
  if (!arena_ || arenaUsed_ + need > arenaSize_) return nullptr;
  char* out = arena_ + arenaUsed_;
  size_t o = 0;
  if (!root) {
    memcpy(out, prefix, p);
    o = p;
    out[o++] = '.';
  }
  for (size_t k = 0; k < n; ++k) {
    if (special(key, k)) out[o++] = '\\';
    out[o++] = key[k];
  }
  out[o] = '\0';
  arenaUsed_ += need;
  return out;
}

// Raises an element binding's count to `seen` (counts never go down).
void JsonBinder::storeCount(JsonBinding& b, uint32_t seen) {
  switch (b.countSize) {
    case 1: {
      auto* c = static_cast<uint8_t*>(b.count);
      if (seen > *c) *c = static_cast<uint8_t>(seen);
      break;
    }
    case 2: {
      auto* c = static_cast<uint16_t*>(b.count);
      if (seen > *c) *c = static_cast<uint16_t>(seen);
      break;
    }
    case 4: {
      auto* c = static_cast<uint32_t*>(b.count);
      if (seen > *c) *c = seen;
      break;
    }
    case 8: {
      auto* c = static_cast<uint64_t*>(b.count);
      if (seen > *c) *c = seen;
      break;
    }
  }
}

// Element bindings: point the target at this element, or refuse it.
bool JsonBinder::selectElement(int i) {
  JsonBinding& b = bindings_[i];
  const unsigned level = b.shape.lastWildcard;
  const bool isArray = !(kinds_[level >> 3] & (1u << (level & 7)));
  if (!isArray) {
    deliver(i, BindStatus::Mismatch);
    return false;
  }
  const uint32_t index = levels_[level].index - 1;
  if (index >= b.capacity) {
    deliver(i, BindStatus::Truncated);
    return false;
  }
  b.target = static_cast<char*>(b.base) + static_cast<size_t>(index) * b.stride;
  return true;
}

int JsonBinder::bindCallback(const char* path, JsonMatchCallback cb, void* user) {
  if (cb == nullptr) return kBadTarget;
  const int i = add(path, TargetKind::None, nullptr, 0);
  if (i >= 0) onMatch(i, cb, user);
  return i;
}

void JsonBinder::onMatch(int index, JsonMatchCallback cb, void* user) {
  if (index < 0 || index >= count_) return;
  bindings_[index].callback = cb;
  bindings_[index].user = user;
}

void JsonBinder::relocate(const void* from, size_t size, const void* to) {
  const auto begin = reinterpret_cast<uintptr_t>(from);
  const auto shift = [&](const void* p) -> const void* {
    const auto at = reinterpret_cast<uintptr_t>(p);
    if (at < begin || at >= begin + size) return p;
    return static_cast<const char*>(to) + (at - begin);
  };
  for (int i = 0; i < count_; ++i) {
    bindings_[i].path = static_cast<const char*>(shift(bindings_[i].path));
    bindings_[i].user = const_cast<void*>(shift(bindings_[i].user));
  }
}

void JsonBinder::clear() {
  count_ = 0;
  arenaUsed_ = 0;
  elementBindings_ = 0;
  wildBindings_ = rootPaths_ = 0;
  restart();
}

void JsonBinder::restart() {
  state_ = kValue;
  sub_ = isKey_ = keySplit_ = strMode_ = literal_ = 0;
  inObject_ = false;
  highSurrogate_ = 0;
  depth_ = 0;
  error_ = JsonError::Ok;
  errorOffset_ = consumed_ = 0;
  keyCandidates_ = keyMatched_ = valueMask_ = rawMask_ = pendingMask_ = 0;
  quotedMask_ = convertedMask_ = 0;
  aliveTop_ = matchLength_ = 0;
  matchTruncated_ = false;
#if EHC_JSON_HOST_SPEED
  leadersStale_ = true;
#endif
  matchPath_[0] = '\0';
  unresolved_ = count_ ? ~uint32_t{0} >> (32 - count_) : 0;
  for (int i = 0; i < count_; ++i) {
    bindings_[i].status = BindStatus::Missing;
    if (bindings_[i].countSize) memset(bindings_[i].count, 0, bindings_[i].countSize);
  }
}

void JsonBinder::fail(JsonError e, const uint8_t* at) {
  if (state_ == kError) return;
  // Parsing ends inside values: they were not read whole. Their bindings are
  // Invalid, never told to their callbacks; a text target that was receiving
  // one is emptied (the others are written only at a value's end, and keep
  // what they held).
  // (valueMask_ holds text targets only while their string is being captured)
  const uint32_t text = (strMode_ == 2 ? valueMask_ : 0) | rawMask_;
  for (uint32_t it = valueMask_ | rawMask_ | pendingMask_; it; it &= it - 1) {
    const int i = lowestBit(it);
    JsonBinding& b = bindings_[i];
    b.status = BindStatus::Invalid;
    if (!(text >> i & 1u)) continue;
    if (b.kind >= TargetKind::Text && b.kind <= TargetKind::AnyText)
      b.sink->clear(b.target);
    else if (b.kind == TargetKind::Chars || b.kind == TargetKind::RawChars)
      static_cast<char*>(b.target)[0] = '\0';
  }
  valueMask_ = rawMask_ = pendingMask_ = quotedMask_ = 0;
  error_ = e;
  errorOffset_ = consumed_ + static_cast<size_t>(at - chunk_);
  consumed_ = errorOffset_;  // what was taken before the error, whatever the split
  state_ = kError;
}

// ---------------------------------------------------------------------------
// Binding logic. Everything below runs only for values some binding follows;
// the tokenizer calls it behind a single mask test.

EHC_ALWAYS_INLINE uint32_t JsonBinder::childMask() {
  if (depth_ == 0) return count_ ? ~uint32_t{0} >> (32 - count_) : 0;
  if (depth_ > aliveTop_) return 0;
  Level& level = levels_[depth_ - 1];
  uint32_t m;
  if (inObject_) {  // (the innermost open container holds this value)
    m = keyMatched_;
    keyMatched_ = 0;
  } else {
    const uint32_t index = level.index;
    if (index < kNoIndex - 1) ++level.index;  // saturate: never reach kNoIndex
    m = level.wild;
    if (index == level.nextIndex) {  // elements before it concern "*" bindings only
      uint32_t next = kNoIndex, wanted = 0;
      const uint32_t candidates = level.live & ~level.wild;
      const uint32_t same = twins(candidates, level.same);
      for (uint32_t it = candidates & ~same; it; it &= it - 1) {
        const int i = lowestBit(it);
        const uint32_t want = bindings_[i].seg.index;
        if (want == index)
          wanted |= uint32_t{1} << i;
        else if (want > index && want < next)
          next = want;
      }
      level.nextIndex = next;
      // An index never comes again: the bindings that want this one (leaders
      // and their twins) leave the live set now. (A twin left in it would
      // lead once its leader is gone, with the segment it lags at.)
      wanted |= runsAfter(wanted, same);
      level.live &= ~wanted;
      m |= wanted;
    }
    // Element bindings count every element of their array, even one in which
    // none of their fields turns up; once an element is past the array's
    // size (it is dropped), every field reports Truncated, in it or not.
    for (uint32_t it = m & elementBindings_; it; it &= it - 1) {
      JsonBinding& b = bindings_[lowestBit(it)];
      if (b.shape.lastWildcard != depth_ - 1u) continue;
      if (index >= b.capacity)
        b.status = BindStatus::Truncated;
      else if (b.countSize)
        storeCount(b, index + 1u);
    }
    if (wildBindings_) {
      matchLength_ = level.pathBase;
      matchTruncated_ = level.pathTruncated;
      appendIndex(index);
    }
  }
  return m;
}

// A text target (char buffer or sink) about to receive a value: emptied.
// Its status says Invalid until the value is whole.
EHC_ALWAYS_INLINE void JsonBinder::clearText(JsonBinding& b) {
  if (b.kind >= TargetKind::Text && b.kind <= TargetKind::AnyText)
    b.sink->clear(b.target);
  else
    static_cast<char*>(b.target)[0] = '\0';
  b.written = 0;
  b.status = BindStatus::Invalid;
}

// A string value starts for a text target.
EHC_ALWAYS_INLINE void JsonBinder::startText(JsonBinding& b, int i) {
  clearText(b);
  valueMask_ |= uint32_t{1} << i;
}

EHC_MCU_INLINE void JsonBinder::beginValue(uint8_t c, const uint8_t* at) {
  const uint32_t here = childMask();
  valueMask_ = 0;
  if (here == 0) return;
  // Those whose path goes on below this value follow it; the others end here.
  const uint32_t followers = here & (depth_ > 0 ? levels_[depth_ - 1].deeper : ~rootPaths_);
  const bool container = c == '{' || c == '[';
  for (uint32_t it = here & ~followers; it; it &= it - 1) {
    const int i = lowestBit(it);
    JsonBinding& b = bindings_[i];
    if (b.kind == TargetKind::Chars && c == '"' && !b.stride) {  // the most common case
      startText(b, i);
      continue;
    }
    if (b.stride && !selectElement(i)) continue;
    if (b.kind == TargetKind::AnyText && (c == '"' || c == 'n')) {  // decoded, or null
      if (c == '"')
        startText(b, i);
      else
        valueMask_ |= uint32_t{1} << i;
      continue;
    }
    switch (b.kind) {
      case TargetKind::RawChars:
      case TargetKind::RawText:
      case TargetKind::AnyText:
        clearText(b);
        b.rawFrom = at;
        b.rawDepth = depth_;
        rawMask_ |= uint32_t{1} << i;
        break;
      case TargetKind::IsNull:
      case TargetKind::None:  // callback only
        // Told once the value is whole: at a scalar's end, a container's close.
        if (container) {
          b.rawDepth = depth_;
          b.status = BindStatus::Invalid;
          pendingMask_ |= uint32_t{1} << i;
        } else {
          valueMask_ |= uint32_t{1} << i;
        }
        break;
      default:
        if (c == 'n') {
          valueMask_ |= uint32_t{1} << i;  // reported as Null once the literal is complete
        } else if (container) {
          deliver(i, BindStatus::Mismatch);
        } else if (c == '"') {
          if (b.kind == TargetKind::Chars || b.kind == TargetKind::Text) {
            startText(b, i);
          } else if (b.kind >= TargetKind::Int8 && b.kind <= TargetKind::Double) {
            // Perhaps a number in a string ("-37.3159"): read at its end.
            valueMask_ |= uint32_t{1} << i;
            quotedMask_ |= uint32_t{1} << i;
            quotedLength_ = 0;
          } else {
            deliver(i, BindStatus::Mismatch);
          }
        } else if (c == 't' || c == 'f') {
          if (b.kind == TargetKind::Bool)
            valueMask_ |= uint32_t{1} << i;
          else
            deliver(i, BindStatus::Mismatch);
        } else {  // number
          if (b.kind >= TargetKind::Int8 && b.kind <= TargetKind::Double)
            valueMask_ |= uint32_t{1} << i;
          else
            deliver(i, BindStatus::Mismatch);
        }
    }
  }
  if (container) {
    // (A container told at its close is followed, by nobody perhaps: its
    // close is then seen.)
    if (followers || (pendingMask_ & here)) enterContainer(followers);
  } else if (followers) {
    resolve(followers, depth_);  // the path goes on, but this value has no members
  }
  if (valueMask_ && (c == '-' || isDigit(c))) number_.reset();
}

void JsonBinder::enterContainer(uint32_t followers) {
  // Called before depth_ counts the new container: its level is depth_.
  const uint16_t d = depth_;
  Level& level = levels_[d];
  level.mask = level.live = followers;
  level.index = 0;
  if (wildBindings_) {
    if (d > 0) appendPath(".", 1, false);
    level.pathBase = matchLength_;
    level.pathTruncated = matchTruncated_;
  }
  aliveTop_ = static_cast<uint16_t>(d + 1);
  // Followers matched segment d-1 to get here; children match segment d.
  // A twin (segment d the same text as the previous follower's) is left where
  // it is: matching takes its leader's result, and it moves only when it
  // leads (or a container closes). Following the previous follower, segment
  // d starts where the previous one's does when segments 0..d-1 are the same.
  uint32_t same = 0, wild = 0, deeper = 0, next = kNoIndex;
  size_t previousOffset = 0;  // where segment d starts in the previous follower's path
  for (uint32_t it = followers; it; it &= it - 1) {
    const int i = lowestBit(it);
    const uint32_t bit = it & (0u - it);
    JsonBinding& b = bindings_[i];
    if (b.shape.segments > d + 1) deeper |= bit;
    const bool afterFollower = followers & (bit >> 1);
    if (b.shape.shared > d) {
      same |= bit;
      if (afterFollower) {
        wild |= (wild << 1) & bit;
        continue;
      }
    }
    if (afterFollower && b.shape.shared >= d)
      segmentAt(b.path, b.shape, &b.seg, d, previousOffset);
    else
      moveToSegment(b.path, b.shape, &b.seg, d);
    previousOffset = b.seg.offset;
    if (b.seg.flags & kSegWild)
      wild |= bit;
    else if (b.seg.index < next)
      next = b.seg.index;
  }
  level.same = same;
  level.wild = wild;
  level.deeper = deeper;
  level.nextIndex = next;
#if EHC_JSON_HOST_SPEED
  leadersStale_ = true;
#endif
}

#if EHC_JSON_HOST_SPEED
void JsonBinder::sortLeaders(const Level& level) {
  leadersStale_ = false;
  for (uint32_t& bucket : leadersByLength_) bucket = 0;
  for (uint32_t it = level.live & ~twins(level.live, level.same) & ~level.wild; it; it &= it - 1) {
    const int i = lowestBit(it);
    leadersByLength_[bindings_[i].seg.decoded & 7] |= uint32_t{1} << i;
  }
}
#endif

void JsonBinder::moveBinding(int i, unsigned index) {
  JsonBinding& b = bindings_[i];
  // The same text up to there as the previous binding, which is there: its
  // segment has the same offsets.
  if (b.shape.shared > index && bindings_[i - 1].seg.number == index) {
    copySegment(&b.seg, bindings_[i - 1].seg);
  } else if (!kSmallCode && b.shape.ends && b.seg.number == index + 1u) {
    // One segment back (a container closed): it starts after the segment
    // end before this one's.
    const uint32_t before = b.shape.ends & ((uint32_t{1} << (b.seg.offset - 1u)) - 1u);
    segmentAt(b.path, b.shape, &b.seg, index,
              before ? static_cast<size_t>(highestBit(before)) + 1u : 0u);
  } else {
    moveToSegment(b.path, b.shape, &b.seg, index);
  }
}

void JsonBinder::resolve(uint32_t mask, unsigned depth) {
  unresolved_ &= ~(mask & ~wildBindings_);
  for (uint32_t it = mask & wildBindings_; it; it &= it - 1) {
    const int i = lowestBit(it);
    if (bindings_[i].shape.firstWildcard >= depth) unresolved_ &= ~(uint32_t{1} << i);
  }
}

EHC_ALWAYS_INLINE void JsonBinder::deliver(int i, BindStatus s) {
  JsonBinding& b = bindings_[i];
  b.status = s;
  if (b.shape.firstWildcard == PathInfo::kNoWildcard) unresolved_ &= ~(uint32_t{1} << i);
  if (b.callback) notify(i, s);
}

void JsonBinder::notify(int i, BindStatus s) {
  const JsonBinding& b = bindings_[i];
  JsonMatch m;
  const bool wild = b.shape.firstWildcard != PathInfo::kNoWildcard;
  if (wild) matchPath_[matchLength_] = '\0';
  m.path = wild ? matchPath_ : b.path;
  m.pathTruncated = wild && matchTruncated_;
  m.status = s;
  m.binding = i;
  b.callback(m, b.user);
}

DecimalNumber::Result JsonBinder::convertFloating(const DecimalNumber& number, TargetKind kind,
                                                  void* target) {
  using R = DecimalNumber::Result;
  if (kind == TargetKind::Float) {
    float f;
    const R r = number.toFloat(&f);
    if (r == R::Ok) *static_cast<float*>(target) = f;
    return r;
  }
  double d;
  const R r = number.toDouble(&d);
  if (r == R::Ok) *static_cast<double*>(target) = d;
  return r;
}

void JsonBinder::deliverNumber(int i) {
  JsonBinding& b = bindings_[i];
  using R = DecimalNumber::Result;
  R r = R::Ok;
  switch (b.kind) {
    case TargetKind::Float:
    case TargetKind::Double:  // (set whenever such a binding exists)
      r = floating_(number_, b.kind, b.target);
      break;
    case TargetKind::Int8:
    case TargetKind::Int16:
    case TargetKind::Int32:
    case TargetKind::Int64: {
      int64_t v;
      r = number_.toInt64(&v);
      if (r != R::Ok) break;
      const unsigned bits =
          8u << (static_cast<unsigned>(b.kind) - static_cast<unsigned>(TargetKind::Int8));
      if (bits < 64) {
        const int64_t hi = (int64_t{1} << (bits - 1)) - 1, lo = -hi - 1;
        if (v < lo || v > hi) {
          r = R::OutOfRange;
          break;
        }
      }
      if (bits == 8) *static_cast<int8_t*>(b.target) = static_cast<int8_t>(v);
      if (bits == 16) *static_cast<int16_t*>(b.target) = static_cast<int16_t>(v);
      if (bits == 32) *static_cast<int32_t*>(b.target) = static_cast<int32_t>(v);
      if (bits == 64) *static_cast<int64_t*>(b.target) = v;
      break;
    }
    default: {  // unsigned
      uint64_t v;
      r = number_.toUint64(&v);
      if (r != R::Ok) break;
      const unsigned bits =
          8u << (static_cast<unsigned>(b.kind) - static_cast<unsigned>(TargetKind::Uint8));
      if (bits < 64 && v > (uint64_t{1} << bits) - 1) {
        r = R::OutOfRange;
        break;
      }
      if (bits == 8) *static_cast<uint8_t*>(b.target) = static_cast<uint8_t>(v);
      if (bits == 16) *static_cast<uint16_t*>(b.target) = static_cast<uint16_t>(v);
      if (bits == 32) *static_cast<uint32_t*>(b.target) = static_cast<uint32_t>(v);
      if (bits == 64) *static_cast<uint64_t*>(b.target) = v;
      break;
    }
  }
  deliver(i, r == R::Ok ? BindStatus::Found
                        : (r == R::NotIntegral ? BindStatus::Mismatch : BindStatus::OutOfRange));
}

// A scalar of `kind` (string, number, literal) ended just before `after`.
// endScalar, inline for strings (most scalars are), a call for the others.
EHC_ALWAYS_INLINE void JsonBinder::endScalarInline(const uint8_t* after, ScalarKind kind) {
  for (uint32_t it = valueMask_; it; it &= it - 1) {
    const int i = lowestBit(it);
    JsonBinding& b = bindings_[i];
    if (b.kind == TargetKind::IsNull) {
      *static_cast<bool*>(b.target) = kind == ScalarKind::Literal && literal_ == 2;
      deliver(i, BindStatus::Found);
    } else if (kind == ScalarKind::Literal && literal_ == 2) {
      resetTarget(b);  // as ESP32-HTTP-Client did: 0, false, ""
      deliver(i, BindStatus::Null);
    } else if (b.kind == TargetKind::None) {
      deliver(i, BindStatus::Found);
    } else if (kind == ScalarKind::Literal) {
      *static_cast<bool*>(b.target) = literal_ == 0;
      deliver(i, BindStatus::Found);
    } else if (kind == ScalarKind::Number) {
      deliverNumber(i);
    } else if (quotedMask_ >> i & 1u) {
      deliverQuoted(i);
    } else {  // string: already written, close it
      deliver(i, b.status == BindStatus::Truncated ? BindStatus::Truncated : BindStatus::Found);
    }
  }
  valueMask_ = quotedMask_ = 0;
  strMode_ = 0;  // (a captured string is over)
  if (rawMask_) endRaw(after);
}

void JsonBinder::endScalar(const uint8_t* after, ScalarKind kind) {
  endScalarInline(after, kind);
}

// A container closed (depth_ already counts it out) that a binding followed
// or that a raw capture is in.
void JsonBinder::closeFollowed(const uint8_t* after) {
  if (depth_ < aliveTop_) {
    // Its bindings go back to the parent's segment (resolved ones too: a
    // later duplicate of the parent's key may hold their path again).
    // Members of an array never repeat an index: bindings that reached this
    // element by index left the array's live set when it began (childMask),
    // and are moved back to their parent segment only when (and if) the array
    // itself closes. Twins at the parent's level stay where they are: they
    // take their leader's match there (their predecessor is live as long as
    // they are), and move when they lead.
    const uint32_t mask = levels_[depth_].mask;
    resolve(mask, depth_);
    if (depth_ > 0) {
      Level& parent = levels_[depth_ - 1];
      const bool parentIsArray = !(kinds_[(depth_ - 1) >> 3] & (1u << ((depth_ - 1) & 7)));
      uint32_t back = mask & ~twins(parent.live, parent.same);
      if (parentIsArray) back &= parent.wild;
      for (uint32_t it = back; it; it &= it - 1) moveBinding(lowestBit(it), depth_ - 1u);
#if EHC_JSON_HOST_SPEED
      leadersStale_ = true;  // (the parent's own, if it is an object)
#endif
    }
    aliveTop_ = depth_;
    if (wildBindings_ && depth_ > 0) {
      // Back to the end of this container's own segment in the parent.
      matchTruncated_ = levels_[depth_].pathTruncated;
      matchLength_ = static_cast<uint16_t>(levels_[depth_].pathBase - (matchTruncated_ ? 0 : 1));
    }
  }
  if (rawMask_ | pendingMask_) endRaw(after);
}

void JsonBinder::rawFlush(const uint8_t* upTo) {
  for (uint32_t it = rawMask_; it; it &= it - 1) {
    JsonBinding& b = bindings_[lowestBit(it)];
    if (upTo > b.rawFrom) {
      const size_t n = static_cast<size_t>(upTo - b.rawFrom);
      if (b.kind == TargetKind::RawText || b.kind == TargetKind::AnyText)
        b.sink->append(b.target, reinterpret_cast<const char*>(b.rawFrom), n);
      else if (b.status != BindStatus::Truncated &&
               appendUtf8Safe(static_cast<char*>(b.target), b.size, &b.written,
                              reinterpret_cast<const char*>(b.rawFrom), n))
        b.status = BindStatus::Truncated;
    }
    b.rawFrom = upTo;
  }
}

// Raw captures, and the bindings told at a container's close, whose value
// ends here (at depth_).
void JsonBinder::endRaw(const uint8_t* after) {
  if (rawMask_) rawFlush(after);
  for (uint32_t it = rawMask_ | pendingMask_; it; it &= it - 1) {
    const int i = lowestBit(it);
    JsonBinding& b = bindings_[i];
    if (b.rawDepth != depth_) continue;
    rawMask_ &= ~(uint32_t{1} << i);
    pendingMask_ &= ~(uint32_t{1} << i);
    if (b.kind == TargetKind::IsNull) *static_cast<bool*>(b.target) = false;
    deliver(i, b.status == BindStatus::Truncated ? BindStatus::Truncated : BindStatus::Found);
  }
}

void JsonBinder::appendPath(const char* s, size_t n, bool escape) {
  // Once a segment is cut, nothing more of it is appended: otherwise a later
  // short character could fill the room a longer escape did not fit in, and
  // the result would depend on how the key was split across chunks.
  if (matchTruncated_) return;
  for (size_t k = 0; k < n; ++k) {
    const char c = s[k];
    if (c == '\0') {  // a C string cannot carry it: say the path is cut
      matchTruncated_ = true;
      return;
    }
    const bool special = escape && (c == '.' || c == '\\' || c == '*');
    if (matchLength_ + (special ? 2u : 1u) > EHC_MAX_MATCH_PATH) {
      matchTruncated_ = true;
      return;
    }
    if (special) matchPath_[matchLength_++] = '\\';
    matchPath_[matchLength_++] = c;
  }
}

void JsonBinder::appendIndex(uint32_t index) {
  char text[kMaxNumberText];
  appendPath(text, formatUint64(index, text), false);
}

EHC_ALWAYS_INLINE void JsonBinder::beginKey() {
  // (In stop-when-done mode too, a binding already resolved still matches:
  // while parsing goes on for the others, a later duplicate key's value wins.)
  keyCandidates_ = levels_[depth_ - 1].live;
  keyTwins_ = twins(keyCandidates_, levels_[depth_ - 1].same);
  keyLength_ = 0;
  keySplit_ = 0;
  strMode_ = 1;
  if (wildBindings_) {
    matchLength_ = levels_[depth_ - 1].pathBase;
    matchTruncated_ = levels_[depth_ - 1].pathTruncated;
  }
}

// The common case: the whole key arrived in one chunk. Each distinct segment
// text is compared once: a binding whose segment here is the previous
// binding's takes its result.
EHC_ALWAYS_INLINE void JsonBinder::matchWholeKey(const uint8_t* s, size_t n) {
  const Level& level = levels_[depth_ - 1];
  const uint32_t same = keyTwins_;
  uint32_t matched = keyCandidates_ & level.wild;
  const char* key = reinterpret_cast<const char*>(s);
  const JsonBinding* const all = bindings_;  // (not reloaded per candidate)
#if EHC_JSON_HOST_SPEED
  // (Only the leaders whose segment may be n bytes long: of keyCandidates_,
  // which is the object's live set, those that are neither twins nor "*".)
  if (leadersStale_) sortLeaders(level);
  for (uint32_t it = leadersByLength_[n & 7]; it; it &= it - 1) {
#else
  for (uint32_t it = keyCandidates_ & ~same & ~level.wild; it; it &= it - 1) {
#endif
    const unsigned i = static_cast<unsigned>(lowestBit(it));
    const JsonBinding& b = all[i];
    if (b.seg.decoded != n) continue;
    const char* seg = b.path + b.seg.offset;
    if ((b.seg.flags & kSegEscaped) ? segmentMatches(b.path, b.seg, 0, key, n)
                                    : sameText(seg, key, n))
      matched |= uint32_t{1} << i;
  }
  keyCandidates_ = keyMatched_ = matched | runsAfter(matched, same);
  keyLength_ = static_cast<uint16_t>(n > 0xffff ? 0xffff : n);
  if (wildBindings_) appendPath(reinterpret_cast<const char*>(s), n, true);
}

// A key in pieces: the leaders are compared piece by piece, twins follow
// them at the end.
void JsonBinder::keyBytes(const uint8_t* s, size_t n) {
  for (uint32_t it = keyCandidates_ & ~keyTwins_; it; it &= it - 1) {
    const int i = lowestBit(it);
    const JsonBinding& b = bindings_[i];
    if (b.seg.flags & kSegWild) continue;
    if (!segmentMatches(b.path, b.seg, keyLength_, reinterpret_cast<const char*>(s), n))
      keyCandidates_ &= ~(uint32_t{1} << i);
  }
  keyLength_ = static_cast<uint16_t>(keyLength_ + n > 0xffff ? 0xffff : keyLength_ + n);
  if (wildBindings_) appendPath(reinterpret_cast<const char*>(s), n, true);
}

void JsonBinder::endKey() {
  uint32_t matched = 0;
  for (uint32_t it = keyCandidates_ & ~keyTwins_; it; it &= it - 1) {
    const int i = lowestBit(it);
    const JsonBinding& b = bindings_[i];
    if ((b.seg.flags & kSegWild) || b.seg.decoded == keyLength_) matched |= uint32_t{1} << i;
  }
  keyMatched_ = matched | runsAfter(matched, keyTwins_);
}

// valueBytes, inline where a plain string is taken whole (most are).
EHC_ALWAYS_INLINE void JsonBinder::valueBytesInline(const uint8_t* s, size_t n) {
  if (quotedMask_) quotedBytes(s, n);
  for (uint32_t it = valueMask_; it; it &= it - 1) {
    JsonBinding& b = bindings_[lowestBit(it)];
    if (b.kind == TargetKind::Text || b.kind == TargetKind::AnyText) {
      if (n)
        b.sink->append(b.target, reinterpret_cast<const char*>(s),
                       n);  // (sinks see no empty pieces)
    } else if (b.kind == TargetKind::Chars && b.status != BindStatus::Truncated &&
               appendUtf8Safe(static_cast<char*>(b.target), b.size, &b.written,
                              reinterpret_cast<const char*>(s), n))
      b.status = BindStatus::Truncated;
  }
}

// The text of a string bound to a number target, kept to be read at its end.
void JsonBinder::quotedBytes(const uint8_t* s, size_t n) {
  if (quotedLength_ > kQuotedMax) return;
  if (n > static_cast<size_t>(kQuotedMax - quotedLength_)) {
    quotedLength_ = kQuotedMax + 1;  // longer than any number we read
    return;
  }
  memcpy(quoted_ + quotedLength_, s, n);
  quotedLength_ = static_cast<uint8_t>(quotedLength_ + n);
}

// Reads quoted_ as a JSON number into number_: the whole text, nothing else.
static bool readNumberText(const char* p, const char* end, DecimalNumber* number) {
  number->reset();
  if (p < end && *p == '-') {
    number->negative = true;
    ++p;
  }
  const auto digits = [&](void (DecimalNumber::*add)(char)) {
    const char* from = p;
    while (p < end && *p >= '0' && *p <= '9') (number->*add)(*p++);
    return p > from;
  };
  if (p < end && *p == '0')
    number->addIntegerDigit(*p++);
  else if (!digits(&DecimalNumber::addIntegerDigit))
    return false;
  if (p < end && *p == '.') {
    ++p;
    if (!digits(&DecimalNumber::addFractionDigit)) return false;
  }
  if (p < end && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p < end && (*p == '+' || *p == '-')) number->setExponentSign(*p++ == '-');
    if (!digits(&DecimalNumber::addExponentDigit)) return false;
  }
  number->finishExponent();
  return p == end;
}

// A string ended for a number target: its number, if it is one (the
// conversion is reported in converted()), else a mismatch.
void JsonBinder::deliverQuoted(int i) {
  if (quotedLength_ > kQuotedMax || !readNumberText(quoted_, quoted_ + quotedLength_, &number_)) {
    deliver(i, BindStatus::Mismatch);
    return;
  }
  deliverNumber(i);
  if (bindings_[i].status == BindStatus::Found) convertedMask_ |= uint32_t{1} << i;
}

// JSON null: the target as if freshly zeroed.
void JsonBinder::resetTarget(JsonBinding& b) {
  switch (b.kind) {
    case TargetKind::Bool: *static_cast<bool*>(b.target) = false; break;
    case TargetKind::Int8:
    case TargetKind::Uint8: memset(b.target, 0, 1); break;
    case TargetKind::Int16:
    case TargetKind::Uint16: memset(b.target, 0, 2); break;
    case TargetKind::Int32:
    case TargetKind::Uint32: memset(b.target, 0, 4); break;
    case TargetKind::Int64:
    case TargetKind::Uint64: memset(b.target, 0, 8); break;
    case TargetKind::Float: *static_cast<float*>(b.target) = 0.0f; break;
    case TargetKind::Double: *static_cast<double*>(b.target) = 0.0; break;
    case TargetKind::Chars: static_cast<char*>(b.target)[0] = '\0'; break;
    case TargetKind::Text:
    case TargetKind::AnyText: b.sink->clear(b.target); break;
    default: break;
  }
}

void JsonBinder::valueBytes(const uint8_t* s, size_t n) {
  valueBytesInline(s, n);
}

void JsonBinder::stringBytes(const uint8_t* s, size_t n) {
  if (n == 0) return;
  if (strMode_ == 1)
    keyBytes(s, n);
  else
    valueBytes(s, n);
}

void JsonBinder::emitCodePoint(uint32_t cp) {
  char buf[4];
  const size_t n = encodeUtf8(cp, buf);
  stringBytes(reinterpret_cast<const uint8_t*>(buf), n);
}

// ---------------------------------------------------------------------------
// The tokenizer. A goto state machine: within a chunk every transition is a
// direct jump, state is saved only when the chunk ends inside a token, and the
// binding logic runs behind a single test (is the current container followed?).
// Hot loops work on [p, end) and test for the end of the chunk themselves.

namespace {

inline int lowestByte(Word m) {  // (8-byte words: see kWordScan)
  return __builtin_ctzll(static_cast<unsigned long long>(m)) >> 3;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr bool kLittleEndian = true;
#else
constexpr bool kLittleEndian = false;
#endif

// The scans come in three kinds, by CPU:
// - x86-64 (SSE2): 16 bytes per step, compares and a mask (then words);
// - other 64-bit CPUs: 8-byte words (SWAR);
// - 32-bit CPUs (the ESP32s): a table lookup per byte, four bytes per bounds
//   check. With 4-byte aligned words the constants, the alignment steps and
//   finding the byte in the word cost more than they save on the short
//   strings, numbers and indentation runs JSON is made of (measured on rv32).
constexpr bool kWordScan = kLittleEndian && sizeof(Word) == 8;

#if defined(__SSE2__)
inline __m128i load16(const uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
#endif

// First byte of [p, end) that may end a string: '"', '\\', < 0x20, >= 0x80.
inline const uint8_t* scanString(const uint8_t* p, const uint8_t* end) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  for (; end - p >= 16; p += 16) {
    const __m128i v = load16(p);
    // A signed compare: bytes >= 0x80 are negative, "below 0x20" with the controls.
    const __m128i stop =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                     _mm_cmplt_epi8(v, space));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(stop));
    if (mask) return p + __builtin_ctz(mask);
  }
#endif
  if (!kWordScan) {
    for (; end - p >= 4; p += 4) {
      if (isStrStop(p[0])) return p;
      if (isStrStop(p[1])) return p + 1;
      if (isStrStop(p[2])) return p + 2;
      if (isStrStop(p[3])) return p + 3;
    }
  } else {
    for (; p < end && !aligned(p); ++p)
      if (isStrStop(*p)) return p;
    for (; end - p >= static_cast<ptrdiff_t>(sizeof(Word)); p += sizeof(Word)) {
      const Word w = loadWord(p);
      const Word q = w ^ (kOnes * '"'), b = w ^ (kOnes * '\\');
      // Borrows only run towards higher bytes, so the lowest flag is exact.
      const Word t = (((q - kOnes) & ~q) | ((b - kOnes) & ~b) | (w - kOnes * 0x20) | w) & kHigh;
      if (t) return p + lowestByte(t);
    }
  }
  while (p < end && !isStrStop(*p)) ++p;
  return p;
}

// First byte of [p, end) that is not a decimal digit.
inline const uint8_t* scanDigits(const uint8_t* p, const uint8_t* end) {
  if (!kWordScan) {
    for (; end - p >= 4; p += 4) {
      if (!isDigit(p[0])) return p;
      if (!isDigit(p[1])) return p + 1;
      if (!isDigit(p[2])) return p + 2;
      if (!isDigit(p[3])) return p + 3;
    }
  } else {
    for (; p < end && !aligned(p); ++p)
      if (!isDigit(*p)) return p;
    for (; end - p >= static_cast<ptrdiff_t>(sizeof(Word)); p += sizeof(Word)) {
      const Word w = loadWord(p);
      // A digit is 0x30..0x39: high nibble 3 before and after adding 6. A
      // carry out of a non-digit byte only disturbs bytes after it.
      const Word nd = ((w & (kOnes * 0xF0)) ^ (kOnes * 0x30)) |
                      (((w + kOnes * 0x06) & (kOnes * 0xF0)) ^ (kOnes * 0x30));
      if (nd) return p + lowestByte(nd);
    }
  }
  while (p < end && isDigit(*p)) ++p;
  return p;
}

// Skips JSON whitespace. Most calls find none, or the one space of ": ";
// indentation comes in runs of spaces.
inline const uint8_t* skipWhitespace(const uint8_t* p, const uint8_t* end) {
#if defined(__SSE2__)
  if (p != end && p[0] > ' ') return p;                         // most often: no whitespace at all
  if (end - p >= 2 && p[0] == ' ' && p[1] > ' ') return p + 1;  // or one space (": ")
  const __m128i space = _mm_set1_epi8(' '), lf = _mm_set1_epi8('\n');
  const __m128i tab = _mm_set1_epi8('\t'), cr = _mm_set1_epi8('\r');
  for (; end - p >= 16; p += 16) {
    const __m128i v = load16(p);
    const __m128i ws = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, lf)),
                                    _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, cr)));
    const unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(ws)) & 0xFFFF;
    if (other) return p + __builtin_ctz(other);
  }
#endif
  if (!kWordScan) {
    // Runs of spaces (indentation) four bytes per bounds check, one compare
    // each; the other whitespace bytes one at a time.
    for (;;) {
      for (; end - p >= 4; p += 4) {
        if (p[0] != ' ') goto other;
        if (p[1] != ' ') {
          p += 1;
          goto other;
        }
        if (p[2] != ' ') {
          p += 2;
          goto other;
        }
        if (p[3] != ' ') {
          p += 3;
          goto other;
        }
      }
      while (p < end && *p == ' ') ++p;
      if (p == end) return p;
    other:
      if (!isWs(*p)) return p;
      ++p;
    }
  }
  while (p < end) {
    const uint8_t c = *p;
    if (c == ' ' && aligned(p) && end - p >= static_cast<ptrdiff_t>(sizeof(Word))) {
      const Word x = loadWord(p) ^ (kOnes * ' ');
      if (x == 0) {
        p += sizeof(Word);
        continue;
      }
      p += lowestByte(x);
      if (*p > ' ') break;
      continue;
    }
    if (c > ' ' || !isWs(c)) break;
    ++p;
  }
  return p;
}

}  // namespace

void JsonBinder::feed(const char* data, size_t length) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(data);
  const uint8_t* const end = p + length;
  chunk_ = p;
  spanFrom_ = p;
  if (state_ == kStopped || state_ == kError) {
    if (state_ == kStopped) consumed_ += length;
    return;
  }
  for (uint32_t it = rawMask_; it; it &= it - 1) bindings_[lowestBit(it)].rawFrom = p;

  uint8_t c;
  const uint8_t* s;
  switch (state_) {
    case kValue: goto value;
    case kValueOrEnd: goto value_or_end;
    case kKeyOrEnd: goto key_or_end;
    case kKey: goto key;
    case kColon: goto colon;
    case kAfterValue: goto after_value;
    case kString: goto string;
    case kEscape: goto escape;
    case kUnicode: goto unicode;
    case kUtf8: goto utf8;
    case kNumber: goto number;
    case kLiteral: goto literal;
    case kDone: goto done;
    default: goto out;
  }

value_or_end:
  p = skipWhitespace(p, end);
  if (p == end) {
    state_ = kValueOrEnd;
    goto out;
  }
  if (*p == ']') {
    ++p;
    goto close;
  }
  goto value_start;

value:
  p = skipWhitespace(p, end);
  if (p == end) {
    state_ = kValue;
    goto out;
  }
value_start:
  c = *p;
  if (!(json_chars::kTable.v[c] & json_chars::kValueStart)) goto unexpected;
  if ((c == '{' || c == '[') && depth_ >= EHC_MAX_DEPTH) {
    fail(JsonError::TooDeep, p);
    goto out;
  }
  if (depth_ <= aliveTop_) beginValue(c, p);  // the root, or a followed container
  switch (c) {
    case '"':
      ++p;
      isKey_ = 0;
      strMode_ = valueMask_ ? 2 : 0;
      if (!(valueMask_ | rawMask_)) {  // nothing wants it: skim a plain string
        const uint8_t* q = scanString(p, end);
        if (q < end && *q == '"') {
          p = q + 1;
          goto value_end;
        }
      } else if (!rawMask_) {  // bound text: a plain string whole in this chunk at once
        const uint8_t* q = scanString(p, end);
        if (q < end && *q == '"') {
          valueBytesInline(p, static_cast<size_t>(q - p));
          p = q + 1;
          goto string_value_end;
        }
      }
      spanFrom_ = p;
      goto string;
    case '{':
    case '[':
      inObject_ = c == '{';
      if (inObject_)
        kinds_[depth_ >> 3] = static_cast<uint8_t>(kinds_[depth_ >> 3] | (1u << (depth_ & 7)));
      else
        kinds_[depth_ >> 3] = static_cast<uint8_t>(kinds_[depth_ >> 3] & ~(1u << (depth_ & 7)));
      ++depth_;
      ++p;
      if (inObject_) goto key_or_end;
      goto value_or_end;
    case 't':
    case 'f':
    case 'n':
      literal_ = c == 't' ? 0 : (c == 'f' ? 1 : 2);
      if (!(valueMask_ | rawMask_)) {  // nothing wants it: match it whole
        const size_t n = literal_ == 1 ? 5 : 4;
        if (static_cast<size_t>(end - p) >= n && memcmp(p, kLiterals[literal_], n) == 0) {
          p += n;
          goto value_end;
        }
      }
      sub_ = 1;
      ++p;
      goto literal;
    case '-':
      if (valueMask_) number_.negative = true;
      sub_ = kNumMinus;
      ++p;
      goto number;
    default:  // a digit
      if (c != '0' && !(valueMask_ | rawMask_)) {
        // Nothing wants it: a plain integer is its digits up to a byte that
        // cannot continue a number.
        const uint8_t* q = scanDigits(p + 1, end);
        if (q < end && *q != '.' && (*q | 0x20) != 'e') {
          p = q;
          goto value_end;
        }
      }
      sub_ = kNumMinus;  // the digit is taken by the number loop
      goto number;
  }

close:  // a closing bracket was just consumed
  --depth_;
  if (depth_ < aliveTop_ || rawMask_) {
    closeFollowed(p);
    if (stopWhenDone_ && unresolved_ == 0) goto stop;
  }
  inObject_ = depth_ && (kinds_[(depth_ - 1) >> 3] & (1u << ((depth_ - 1) & 7)));
value_end:
  if (depth_ == 0) goto done;
after_value:
  if (p < end && *p <= ' ') p = skipWhitespace(p, end);  // (mostly a ',' comes straight)
  if (p == end) {
    state_ = kAfterValue;
    goto out;
  }
  c = *p++;
  if (c == ',') {
    if (inObject_) goto key;
    goto value;
  }
  if (c == (inObject_ ? '}' : ']')) goto close;
  --p;
  goto unexpected;

key_or_end:
  p = skipWhitespace(p, end);
  if (p == end) {
    state_ = kKeyOrEnd;
    goto out;
  }
  if (*p == '}') {
    ++p;
    goto close;
  }
  goto key_start;
key:
  p = skipWhitespace(p, end);
  if (p == end) {
    state_ = kKey;
    goto out;
  }
key_start:
  if (*p != '"') goto unexpected;
  ++p;
  isKey_ = 1;
  strMode_ = 0;
  // A plain key whole in this chunk, then (mostly) its colon, is taken at
  // once; anything unusual (escape, UTF-8, control byte, chunk end) takes the
  // full path.
  if (depth_ <= aliveTop_) {  // a followed object
    beginKey();
    const uint8_t* q = scanString(p, end);
    if (q < end && *q == '"') {
      matchWholeKey(p, static_cast<size_t>(q - p));
      p = q + 1;
      goto key_end;
    }
  } else {
    const uint8_t* q = scanString(p, end);
    if (q < end && *q == '"') {
      p = q + 1;
      goto key_end;
    }
  }
  spanFrom_ = p;
  goto string;
key_end:  // after a key's closing quote
  if (p < end && *p == ':') {
    ++p;
    goto value;
  }
  goto colon;

colon:
  if (p < end && *p <= ' ') p = skipWhitespace(p, end);
  if (p == end) {
    state_ = kColon;
    goto out;
  }
  if (*p != ':') goto unexpected;
  ++p;
  goto value;

string:
  if (highSurrogate_) {
    if (p == end) {
      state_ = kString;
      goto out;
    }
    if (*p != '\\') {
      fail(JsonError::InvalidSurrogate, p);
      goto out;
    }
  }
  for (;;) {
    p = scanString(p, end);
    if (p == end) {
      state_ = kString;
      goto out;
    }
    c = *p;
    if (c == '"' || c == '\\' || c < 0x20) break;
    // Multi-byte UTF-8. Runs of 2- and 3-byte characters (most non-Latin
    // text) are checked inline; the rest takes the general path below.
    while (end - p >= 3) {
      if (c >= 0xE1 && c <= 0xEF && c != 0xED) {
        if (((p[1] & 0xC0) | ((p[2] & 0xC0) >> 2)) != 0xA0) break;  // both 10xxxxxx
        p += 3;
      } else if (c >= 0xC2 && c <= 0xDF) {
        if ((p[1] & 0xC0) != 0x80) break;
        p += 2;
      } else {
        break;
      }
      if (p == end || (c = *p) < 0x80) break;
    }
    if (p == end || c < 0x80) continue;
    uint8_t lo, hi;
    const int more = utf8SequenceInfo(c, &lo, &hi);
    if (more < 0) {
      fail(JsonError::InvalidUtf8, p);
      goto out;
    }
    ++p;
    if (end - p < more) {
      sub_ = static_cast<uint8_t>(more);
      utf8Lo_ = lo;
      utf8Hi_ = hi;
      goto utf8;
    }
    if (p[0] < lo || p[0] > hi) {
      fail(JsonError::InvalidUtf8, p);
      goto out;
    }
    for (int k = 1; k < more; ++k)
      if ((p[k] & 0xC0) != 0x80) {
        fail(JsonError::InvalidUtf8, p + k);
        goto out;
      }
    p += more;
  }
  if (strMode_) {
    if (strMode_ == 2)
      valueBytes(spanFrom_, static_cast<size_t>(p - spanFrom_));
    else if (c == '"' && !keySplit_)
      matchWholeKey(spanFrom_, static_cast<size_t>(p - spanFrom_));
    else
      keyBytes(spanFrom_, static_cast<size_t>(p - spanFrom_));
  }
  spanFrom_ = p;
  if (c == '"') {
    ++p;
    if (isKey_) {
      if (strMode_ && keySplit_) endKey();  // else matchWholeKey did it
      goto colon;
    }
  string_value_end:
    if (valueMask_ | rawMask_) {
      endScalarInline(p, ScalarKind::String);
      if (stopWhenDone_ && unresolved_ == 0) goto stop;
    }
    goto value_end;
  }
  if (c != '\\') {
    fail(JsonError::ControlInString, p);
    goto out;
  }
  ++p;
  keySplit_ = 1;
escape:
  if (p == end) {
    state_ = kEscape;
    goto out;
  }
  c = *p++;
  if (highSurrogate_ && c != 'u') {
    fail(JsonError::InvalidSurrogate, p - 1);
    goto out;
  }
  switch (c) {
    case '"': break;
    case '\\': break;
    case '/': break;
    case 'b': c = '\b'; break;
    case 'f': c = '\f'; break;
    case 'n': c = '\n'; break;
    case 'r': c = '\r'; break;
    case 't': c = '\t'; break;
    case 'u':
      sub_ = 0;
      unicode_ = 0;
      goto unicode;
    default: fail(JsonError::InvalidEscape, p - 1); goto out;
  }
  if (strMode_) stringByte(c);
  spanFrom_ = p;
  goto string;

unicode:
  while (sub_ < 4) {
    if (p == end) {
      state_ = kUnicode;
      goto out;
    }
    const int v = hexValue(*p);
    if (v < 0) {
      fail(JsonError::InvalidEscape, p);
      goto out;
    }
    unicode_ = unicode_ * 16 + static_cast<uint32_t>(v);
    ++p;
    ++sub_;
  }
  {
    uint32_t cp = unicode_;
    if (highSurrogate_) {
      if (cp < 0xDC00 || cp > 0xDFFF) {
        fail(JsonError::InvalidSurrogate, p - 1);
        goto out;
      }
      cp = 0x10000 + ((static_cast<uint32_t>(highSurrogate_) - 0xD800) << 10) + (cp - 0xDC00);
      highSurrogate_ = 0;
    } else if (cp >= 0xD800 && cp <= 0xDBFF) {
      highSurrogate_ = static_cast<uint16_t>(cp);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
      fail(JsonError::InvalidSurrogate, p - 1);
      goto out;
    }
    if (highSurrogate_ == 0 && strMode_) emitCodePoint(cp);
  }
  spanFrom_ = p;
  goto string;

utf8:
  while (sub_ > 0) {
    if (p == end) {
      state_ = kUtf8;
      goto out;
    }
    if (*p < utf8Lo_ || *p > utf8Hi_) {
      fail(JsonError::InvalidUtf8, p);
      goto out;
    }
    utf8Lo_ = 0x80;
    utf8Hi_ = 0xBF;
    ++p;
    --sub_;
  }
  goto string;

number:
  for (;;) {
    if (p == end) {
      state_ = kNumber;
      goto out;
    }
    c = *p;
    switch (sub_) {
      case kNumMinus:
        if (c == '0') {
          sub_ = kNumZero;
          ++p;
        } else if (isDigit(c)) {
          sub_ = kNumInt;
        } else {
          fail(JsonError::InvalidNumber, p);
          goto out;
        }
        continue;
      case kNumZero:
        if (isDigit(c)) {
          fail(JsonError::InvalidNumber, p);
          goto out;
        }
        break;
      case kNumInt:
        s = p;
        p = scanDigits(p, end);
        if (valueMask_)
          for (; s < p; ++s) number_.addIntegerDigit(static_cast<char>(*s));
        if (p == end) continue;
        c = *p;
        break;
      case kNumDot:
      case kNumESign:
        if (!isDigit(c)) {
          fail(JsonError::InvalidNumber, p);
          goto out;
        }
        sub_ = sub_ == kNumDot ? kNumFrac : kNumExp;
        continue;
      case kNumFrac:
        s = p;
        p = scanDigits(p, end);
        if (valueMask_)
          for (; s < p; ++s) number_.addFractionDigit(static_cast<char>(*s));
        if (p == end) continue;
        if ((*p | 0x20) == 'e') {
          sub_ = kNumE;
          ++p;
          continue;
        }
        goto number_end;
      case kNumE:
        if (c == '+' || c == '-') {
          if (valueMask_) number_.setExponentSign(c == '-');
          sub_ = kNumESign;
          ++p;
        } else if (isDigit(c)) {
          sub_ = kNumExp;
        } else {
          fail(JsonError::InvalidNumber, p);
          goto out;
        }
        continue;
      default:  // kNumExp
        s = p;
        p = scanDigits(p, end);
        if (valueMask_)
          for (; s < p; ++s) number_.addExponentDigit(static_cast<char>(*s));
        if (p == end) continue;
        goto number_end;
    }
    // after the integer part
    if (c == '.') {
      sub_ = kNumDot;
      ++p;
      continue;
    }
    if ((c | 0x20) == 'e') {
      sub_ = kNumE;
      ++p;
      continue;
    }
    goto number_end;
  }
number_end:
  if (valueMask_ | rawMask_) {
    if (!endsValue(*p)) goto cut_short;  // (p < end: the loop above saw a byte)
    if (valueMask_) number_.finishExponent();
    endScalar(p, ScalarKind::Number);
    if (stopWhenDone_ && unresolved_ == 0) goto stop;
  }
  goto value_end;

literal : {
  const char* lit = kLiterals[literal_];
  while (lit[sub_] != '\0') {
    if (p == end) {
      state_ = kLiteral;
      goto out;
    }
    if (*p != static_cast<uint8_t>(lit[sub_])) {
      fail(JsonError::InvalidLiteral, p);
      goto out;
    }
    ++p;
    ++sub_;
  }
  if (valueMask_ | rawMask_) {
    if (p == end) {  // whole once the byte after it comes
      state_ = kLiteral;
      goto out;
    }
    if (!endsValue(*p)) goto cut_short;
    endScalar(p, ScalarKind::Literal);
    if (stopWhenDone_ && unresolved_ == 0) goto stop;
  }
  goto value_end;
}

// A bound number or literal ends at the byte after it, which must be one that
// may follow a value: only then is the value whole (`12abc` is not 12).
cut_short:
  if (depth_ == 0) goto done;  // (trailing data)
unexpected:                    // *p is a byte the grammar does not allow here
  // A NUL, or a byte UTF-8 never has (F5-FF: the UTF-16 and UTF-32 byte order
  // marks begin with FE or FF), says the text is not UTF-8: UTF-16 or UTF-32.
  fail(*p == 0 || *p >= 0xF5 ? JsonError::InvalidUtf8 : JsonError::UnexpectedByte, p);
  goto out;

done:
  p = skipWhitespace(p, end);
  state_ = kDone;
  if (p != end) fail(JsonError::TrailingData, p);
  goto out;

stop:
  state_ = kStopped;

out:
  if (state_ == kError) return;
  if (strMode_ && (state_ == kString || state_ == kUtf8)) {
    keySplit_ = 1;
    stringBytes(spanFrom_, static_cast<size_t>(end - spanFrom_));
  }
  if (rawMask_) rawFlush(end);
  consumed_ += length;
}

JsonError JsonBinder::finish() {
  if (state_ == kError) return error_;
  // A document that is one number or literal ends with it. (Inside a
  // container the value is cut: `{"a":12` may have been 1234.)
  if (state_ == kNumber && depth_ == 0 &&
      (sub_ == kNumZero || sub_ == kNumInt || sub_ == kNumFrac || sub_ == kNumExp)) {
    if (valueMask_) number_.finishExponent();
    if (valueMask_ | rawMask_) endScalar(nullptr, ScalarKind::Number);
    state_ = kDone;
  } else if (state_ == kLiteral && depth_ == 0 && kLiterals[literal_][sub_] == '\0') {
    endScalar(nullptr, ScalarKind::Literal);  // (bound: an unbound one is not left here)
    state_ = kDone;
  }
  if (state_ == kDone || state_ == kStopped) return JsonError::Ok;
  chunk_ = nullptr;
  fail(JsonError::Incomplete, nullptr);  // at the end: offset consumed_
  return error_;
}

EHC_END_NAMESPACE
