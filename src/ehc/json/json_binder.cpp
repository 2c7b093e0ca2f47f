// The binder's set-up (bindings, paths, restart) and its one translation
// unit: the tokenizer, the path matcher, the value delivery and the scans are
// in the .inl files included at the end, so that the hot per-byte, per-key and
// per-value steps inline into the tokenizer on every CPU (the rv32 -Os figures
// in docs/performance.md depend on it).
#include "json_binder.h"

#include <string.h>

#include "../core/bits.h"
#include "json_path.h"

EHC_BEGIN_NAMESPACE

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

JsonBinder::BindResult JsonBinder::add(const char* path, TargetKind kind, void* target,
                                       size_t size) {
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
#if EHC_JSON_HOST_SPEED
  markDepths(count_, b.shape, true);
#endif
  if (b.shape.firstWildcard != PathInfo::kNoWildcard) wildBindings_ |= uint32_t{1} << count_;
  if (b.shape.segments == 0) rootPaths_ |= uint32_t{1} << count_;
  unresolved_ |= uint32_t{1} << count_;
  return static_cast<BindResult>(count_++);
}

JsonBinder::BindResult JsonBinder::addText(const char* path, void* object, const TextSink* sink,
                                           bool raw) {
  if (sink == nullptr) return kBadTarget;
  const BindResult i = add(path, raw ? TargetKind::RawText : TargetKind::Text, object, 0);
  if (i >= 0) bindings_[i].sink = sink;
  return i;
}

JsonBinder::BindResult JsonBinder::bindAnyText(const char* path, void* object,
                                               const TextSink* sink) {
  if (sink == nullptr) return kBadTarget;
  bindsRaw();
  const BindResult i = add(path, TargetKind::AnyText, object, 0);
  if (i >= 0) bindings_[i].sink = sink;
  return i;
}

JsonBinder::BindResult JsonBinder::addElements(const char* path, TargetKind kind, void* base,
                                               size_t size, size_t stride, size_t capacity,
                                               void* count, size_t countSize) {
  if (stride == 0 || stride > 0xFFFF || capacity == 0 || capacity > 0xFFFF) return kBadTarget;
  if (count && countSize != 1 && countSize != 2 && countSize != 4 && countSize != 8)
    return kBadTarget;
  const BindResult i = add(path, kind, base, size);
  if (i < 0) return i;
  JsonBinding& b = bindings_[i];
  if (b.shape.firstWildcard == PathInfo::kNoWildcard) {  // taken back
    --count_;
#if EHC_JSON_HOST_SPEED
    markDepths(static_cast<unsigned>(i), b.shape, false);
#endif
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

JsonBinder::BindResult JsonBinder::bindCallback(const char* path, JsonMatchCallback cb,
                                                void* user) {
  if (cb == nullptr) return kBadTarget;
  const BindResult i = add(path, TargetKind::None, nullptr, 0);
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

#if EHC_JSON_HOST_SPEED
void JsonBinder::markDepths(unsigned i, const PathInfo& shape, bool on) {
  const uint32_t bit = uint32_t{1} << i;
  for (unsigned d = 0; d + 1u < shape.segments; ++d)
    deeperAt_[d] = on ? deeperAt_[d] | bit : deeperAt_[d] & ~bit;
  for (unsigned d = 0; d < shape.shared; ++d)
    sharedAt_[d] = on ? sharedAt_[d] | bit : sharedAt_[d] & ~bit;
}
#endif

void JsonBinder::clear() {
#if EHC_JSON_HOST_SPEED
  for (unsigned i = 0; i < count_; ++i) markDepths(i, bindings_[i].shape, false);
#endif
  count_ = 0;
  arenaUsed_ = 0;
  elementBindings_ = 0;
  wildBindings_ = rootPaths_ = 0;
  restart();
}

void JsonBinder::restart() {
  state_ = kValue;
  sub_ = isKey_ = strMode_ = literal_ = 0;
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
    const int i = lowestBitCall(it);
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

EHC_END_NAMESPACE

#include "json_tokenizer.inl"
