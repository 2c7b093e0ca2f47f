#include "header_targets.h"

#include <string.h>

#include "../http/text.h"
#include "request_run.h"

EHC_BEGIN_NAMESPACE

void HeaderTargets::begin(const HeaderTarget* targets, uint8_t count) {
  targets_ = targets;
  count_ = count;
  memset(match_, 0, sizeof match_);
}

bool HeaderTargets::named(uint8_t k) const {
  return !match_[k].mismatch && targets_[k].name[match_[k].matched] == '\0';
}

void HeaderTargets::name(const char* d, size_t n) {
  for (uint8_t k = 0; k < count_; ++k) {
    Match& m = match_[k];
    const char* want = targets_[k].name;
    for (size_t i = 0; i < n && !m.mismatch; ++i) {
      if (want[m.matched] != '\0' && equalsIgnoreCase(d + i, 1, want + m.matched, 1))
        ++m.matched;
      else
        m.mismatch = true;
    }
  }
}

void HeaderTargets::value(const char* d, size_t n, bool write) {
  if (!write) return;
  for (uint8_t k = 0; k < count_; ++k) {
    if (!named(k)) continue;
    Match& m = match_[k];
    if (!m.inValue) {  // this field's first bytes: start, or join a repeated field
      m.inValue = true;
      if (!m.seen) {
        m.length = 0;
        if (targets_[k].textSink) targets_[k].textSink->clear(targets_[k].target);
      } else {
        append(k, ", ", 2);
      }
      m.seen = true;
    }
    append(k, d, n);
  }
}

void HeaderTargets::append(uint8_t k, const char* d, size_t n) {
  Match& m = match_[k];
  const HeaderTarget& t = targets_[k];
  if (t.textSink) {
    t.textSink->append(t.target, d, n);
    return;
  }
  char* buf = t.convert ? text_[k] : static_cast<char*>(t.target);
  const size_t size = t.convert ? sizeof text_[k] : t.size;
  const size_t room = size - 1 - m.length;
  const size_t take = n < room ? n : room;
  memcpy(buf + m.length, d, take);
  m.length += take;
  buf[m.length] = '\0';
  if (take < n) m.truncated = true;
}

void HeaderTargets::end(bool write) {
  for (uint8_t k = 0; k < count_; ++k) {
    Match& m = match_[k];
    const HeaderTarget& t = targets_[k];
    if (write && named(k) && !m.inValue && !m.seen) {
      m.seen = true;  // present with an empty value
      m.length = 0;
      if (t.textSink)
        t.textSink->clear(t.target);
      else
        (t.convert ? text_[k] : static_cast<char*>(t.target))[0] = '\0';
    }
    m.matched = 0;
    m.mismatch = m.inValue = false;
  }
}

void HeaderTargets::finish(uint32_t* found, uint32_t* truncated) const {
  for (uint8_t k = 0; k < count_; ++k) {
    const Match& m = match_[k];
    const HeaderTarget& t = targets_[k];
    const uint32_t bit = uint32_t{1} << k;
    if (!m.seen) continue;
    if (m.truncated) *truncated |= bit;
    // A number cut short would read as another number: not written.
    const bool written =
        t.convert ? !m.truncated && t.convert(text_[k], t.target) == BindStatus::Found : true;
    if (written) *found |= bit;
  }
}

const HeaderTargetCalls kHeaderTargetCalls = {
    [](HeaderTargets& t, const char* d, size_t n) { t.name(d, n); },
    [](HeaderTargets& t, const char* d, size_t n, bool write) { t.value(d, n, write); },
    [](HeaderTargets& t, bool write) { t.end(write); },
    [](const HeaderTargets& t, uint32_t* found, uint32_t* truncated) {
      t.finish(found, truncated);
    },
    &RequestRun::kHeaderVisitor,
};

BindStatus headerBool(const char* text, bool* target) {
  const auto is = [text](const char* word) {
    size_t i = 0;
    for (; word[i]; ++i) {
      const char c = text[i] >= 'A' && text[i] <= 'Z' ? static_cast<char>(text[i] + 32) : text[i];
      if (c != word[i]) return false;  // (also at text's end: word has no NUL there)
    }
    return text[i] == '\0';
  };
  if (is("true") || is("1")) {
    *target = true;
  } else if (is("false") || is("0")) {
    *target = false;
  } else {
    return BindStatus::Mismatch;
  }
  return BindStatus::Found;
}

EHC_END_NAMESPACE
