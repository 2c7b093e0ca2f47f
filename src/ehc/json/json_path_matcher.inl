// Path matching: which bindings a key or an array element concerns, level
// by level (JsonBinder::Level), and the concrete path of a "*" match. Runs only
// for containers some binding follows; the tokenizer calls it behind a single
// mask test.
// Part of json_binder.cpp's one translation unit (the tokenizer inlines the
// per-key and per-element steps).
#pragma once

#include <string.h>

#include "../core/bits.h"
#include "../core/number_format.h"
#include "json_binder.h"
#include "json_path.h"
#include "json_scan.inl"

EHC_BEGIN_NAMESPACE

namespace {

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

EHC_ALWAYS_INLINE uint32_t JsonBinder::childMask() {
  if (depth_ == 0) return count_ ? ~uint32_t{0} >> (32 - count_) : 0;
  if (depth_ > aliveTop_) return 0;
  Level& level = levels_[depth_ - 1];
  if (inObject_) {  // (the innermost open container holds this value)
    const uint32_t m = keyMatched_;
    keyMatched_ = 0;
    return m;
  }
  const uint32_t index = level.index;
  if (index < kNoIndex - 1) ++level.index;  // saturate: never reach kNoIndex
  // Before the index a binding wants, with no "*" bound, an element concerns
  // nobody. (On 64-bit hosts the rest is out of line: the object members'
  // path, most values, keeps its registers.)
  if (!kSmallCode && index != level.nextIndex && !wildBindings_) return 0;
  return elementMask(level, index);
}

// childMask in an array: the bindings element `index` concerns.
EHC_HOST_OUTLINE uint32_t JsonBinder::elementMask(Level& level, uint32_t index) {
  uint32_t m = level.wild;
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
  return m;
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
  uint32_t wild = 0, next = kNoIndex;
  size_t previousOffset = 0;  // where segment d starts in the previous follower's path
#if EHC_JSON_HOST_SPEED
  // (The masks kept per depth: the twins that follow a follower are not
  // visited, they are "*" where the run's leader is. Stored at once, they
  // are not held in registers the loop needs.)
  level.same = followers & sharedAt_[d];
  level.deeper = followers & deeperAt_[d];
  // The leaders (those visited, but "*") are sorted by length as they move,
  // for the keys of this object (sortLeaders' work, done here).
  for (uint32_t& bucket : leadersByLength_) bucket = 0;
  for (uint32_t it = followers & ~(level.same & (followers << 1)); it; it &= it - 1) {
    const int i = lowestBit(it);
    const uint32_t bit = it & (0u - it);
    JsonBinding& b = bindings_[i];
    const bool afterFollower = followers & (bit >> 1);
#else
  uint32_t same = 0, deeper = 0;
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
#endif
    // Segment d starts where the previous follower's does, or after this
    // binding's segment d-1 (one segmentAt inlined for both), or is stepped to.
    const bool asPrevious = afterFollower && b.shape.shared >= d;
    if (asPrevious || b.seg.number + 1u == d)
      segmentAt(
          b.path, b.shape, &b.seg, d,
          asPrevious ? previousOffset : static_cast<size_t>(b.seg.offset) + b.seg.length + 1u);
    else
      stepToSegment(b.path, b.shape, &b.seg, d);
    previousOffset = b.seg.offset;
    if (b.seg.flags & kSegWild) {
      wild |= bit;
      continue;
    }
    if (b.seg.index < next) next = b.seg.index;
#if EHC_JSON_HOST_SPEED
    leadersByLength_[b.seg.decoded & 7] |= bit;
#endif
  }
#if EHC_JSON_HOST_SPEED
  wild |= runsAfter(wild, level.same & (followers << 1));
#else
  level.same = same;
  level.deeper = deeper;
#endif
  level.wild = wild;
  level.nextIndex = next;
#if EHC_JSON_HOST_SPEED
  leadersStale_ = false;
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
    const int i = lowestBitCall(it);
    if (bindings_[i].shape.firstWildcard >= depth) unresolved_ &= ~(uint32_t{1} << i);
  }
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
      for (uint32_t it = back; it; it &= it - 1) moveBinding(lowestBitCall(it), depth_ - 1u);
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

// A key that does not arrive whole (or not yet known to): matched piece by
// piece.
EHC_ALWAYS_INLINE void JsonBinder::beginKey() {
  // (In stop-when-done mode too, a binding already resolved still matches:
  // while parsing goes on for the others, a later duplicate key's value wins.)
  keyCandidates_ = levels_[depth_ - 1].live;
  keyTwins_ = twins(keyCandidates_, levels_[depth_ - 1].same);
  keyLength_ = 0;
  strMode_ = 1;
  if (wildBindings_) {
    matchLength_ = levels_[depth_ - 1].pathBase;
    matchTruncated_ = levels_[depth_ - 1].pathTruncated;
  }
}

// The common case: the whole key arrived in one chunk (beginKey's state is
// not needed: the candidates are the object's live set). Each distinct
// segment text is compared once: a binding whose segment here is the
// previous binding's takes its result.
EHC_ALWAYS_INLINE void JsonBinder::matchWholeKey(const uint8_t* s, size_t n) {
  const Level& level = levels_[depth_ - 1];
  const uint32_t same = twins(level.live, level.same);
  uint32_t matched = level.live & level.wild;
  const char* key = reinterpret_cast<const char*>(s);
  const JsonBinding* const all = bindings_;  // (not reloaded per candidate)
#if EHC_JSON_HOST_SPEED
  // (Only the leaders whose segment may be n bytes long: of the object's
  // live set, those that are neither twins nor "*".)
  if (leadersStale_) sortLeaders(level);
  for (uint32_t it = leadersByLength_[n & 7]; it; it &= it - 1) {
#else
  for (uint32_t it = level.live & ~same & ~level.wild; it; it &= it - 1) {
#endif
    const unsigned i = static_cast<unsigned>(lowestBit(it));
    const JsonBinding& b = all[i];
    if (b.seg.decoded != n) continue;
    const char* seg = b.path + b.seg.offset;
    if ((b.seg.flags & kSegEscaped) ? segmentMatches(b.path, b.seg, 0, key, n)
                                    : sameText(seg, key, n))
      matched |= uint32_t{1} << i;
  }
  keyMatched_ = matched | runsAfter(matched, same);
  if (wildBindings_) {
    matchLength_ = level.pathBase;
    matchTruncated_ = level.pathTruncated;
    appendPath(reinterpret_cast<const char*>(s), n, true);
  }
}

// A key in pieces: the leaders are compared piece by piece, twins follow
// them at the end.
void JsonBinder::keyBytes(const uint8_t* s, size_t n) {
  for (uint32_t it = keyCandidates_ & ~keyTwins_; it; it &= it - 1) {
    const int i = lowestBitCall(it);
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
    const int i = lowestBitCall(it);
    const JsonBinding& b = bindings_[i];
    if ((b.seg.flags & kSegWild) || b.seg.decoded == keyLength_) matched |= uint32_t{1} << i;
  }
  keyMatched_ = matched | runsAfter(matched, keyTwins_);
}

EHC_END_NAMESPACE
