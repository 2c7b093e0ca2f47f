#include "graphql_errors.h"

#include <stdio.h>
#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {

// The paths, for one operation and for a batch ("*." before each).
const char* const kPaths[3][7] = {
    {"errors.*", "errors.*.message", "errors.*.locations.*.line", "errors.*.locations.*.column",
     "errors.*.path.*", "errors.*.path.*", "errors.*.extensions"},
    {"*.errors.*", "*.errors.*.message", "*.errors.*.locations.*.line",
     "*.errors.*.locations.*.column", "*.errors.*.path.*", "*.errors.*.path.*",
     "*.errors.*.extensions"},
    {"incremental.*.errors.*", "incremental.*.errors.*.message",
     "incremental.*.errors.*.locations.*.line", "incremental.*.errors.*.locations.*.column",
     "incremental.*.errors.*.path.*", "incremental.*.errors.*.path.*",
     "incremental.*.errors.*.extensions"},
};

// The numbers of a concrete path, in order: "2.errors.0.path.1" -> 2, 0, 1.
// (The keys on these paths are fixed words, so every number is an index.)
size_t indexesOf(const char* path, size_t* out, size_t max) {
  size_t n = 0;
  const char* p = path;
  while (*p && n < max) {
    const char* end = p;
    size_t value = 0;
    bool digits = true;
    while (*end && *end != '.') {
      if (*end < '0' || *end > '9' || value > 100000000u) digits = false;
      value = value * 10 + static_cast<size_t>(*end - '0');
      ++end;
    }
    if (digits && end != p) out[n++] = value;
    p = *end ? end + 1 : end;
  }
  return n;
}

bool delivered(BindStatus s) {
  return s == BindStatus::Found || s == BindStatus::Truncated;
}

}  // namespace

void GraphQLErrorReader::watch(RestRequest& request, GraphQLErrors* const* lists, size_t count,
                               bool batch) {
  lists_ = lists;
  count_ = count;
  batch_ = batch;
  scoped_ = false;
  bind(request, kPaths[batch ? 1 : 0], watches_[kTop], kTop);
}

void GraphQLErrorReader::watchIncremental(RestRequest& request, GraphQLErrors* const* list) {
  lists_ = list;
  count_ = 1;
  batch_ = false;
  scoped_ = true;
  newScope(kTop);
  newScope(kEntry);
  bind(request, kPaths[0], watches_[kTop], kTop);
  bind(request, kPaths[2], watches_[kEntry], kEntry);
}

// Both scopes' bindings share the scratch targets: their errors arrays never
// overlap in a document.
void GraphQLErrorReader::bind(RestRequest& request, const char* const* paths, Watch* w,
                              Scope scope) {
  for (uint8_t f = 0; f < 7; ++f) w[f] = {this, static_cast<Field>(f), scope};
  request.watchBody(paths[kElement], heard, &w[kElement]);
  request.watchBody(paths[kMessage], message_, sizeof message_, heard, &w[kMessage]);
  request.watchBody(paths[kLine], &line_, heard, &w[kLine]);
  request.watchBody(paths[kColumn], &column_, heard, &w[kColumn]);
  request.watchBody(paths[kPathText], segment_, sizeof segment_, heard, &w[kPathText]);
  request.watchBody(paths[kPathIndex], &index_, heard, &w[kPathIndex]);
  if (EHC_GRAPHQL_EXTENSIONS_SIZE > 0)
    request.watchRawBody(paths[kExtensions], extensions_, sizeof extensions_, heard,
                         &w[kExtensions]);
}

void GraphQLErrorReader::scopeRange(Scope scope, size_t* from, size_t* to) const {
  const size_t kept = lists_ && lists_[0] ? lists_[0]->size() : 0;
  *from = *to = kept;
  if (base_[scope] == kUnset) return;
  *from = base_[scope] < kept ? base_[scope] : kept;
  const size_t end = base_[scope] + seenInScope_[scope];
  *to = end < kept ? end : kept;
}

void GraphQLErrorReader::heard(const JsonMatch& match, void* watch) {
  const Watch* w = static_cast<const Watch*>(watch);
  w->reader->take(*w, match);
}

// The error a match is of (nullptr: an operation not asked for, or one past
// the capacity, which total() still counts); *sub: the index after it (a
// location's, a path segment's).
// (Incremental: "incremental.N.errors.M": N is the entry, M the error.)
GraphQLError* GraphQLErrorReader::errorAt(const Watch& w, const JsonMatch& match, size_t* sub) {
  size_t at[3] = {0, 0, 0};
  const size_t n = indexesOf(match.path, at, 3);
  const size_t skip = batch_ || w.scope == kEntry ? 1 : 0;
  if (match.pathTruncated || n < 1 + skip) return nullptr;
  const size_t operation = batch_ ? at[0] : 0;
  if (operation >= count_ || !lists_[operation]) return nullptr;
  *sub = n > 1 + skip ? at[1 + skip] : 0;
  size_t index = at[skip];
  if (scoped_) {  // after the errors of the documents (and entries) before
    if (base_[w.scope] == kUnset) base_[w.scope] = lists_[0]->total();
    if (index + 1 > seenInScope_[w.scope]) seenInScope_[w.scope] = index + 1;
    index += base_[w.scope];
  }
  lists_[operation]->seen(index);  // counted even when it is not kept
  return lists_[operation]->at(index);
}

void GraphQLErrorReader::take(const Watch& w, const JsonMatch& match) {
  size_t sub = 0;
  const Field field = w.field;
  if (field == kElement) {  // an element closed: an error, even one with nothing we read
    errorAt(w, match, &sub);
    return;
  }
  GraphQLError* e = errorAt(w, match, &sub);
  if (!e || !delivered(match.status)) return;
  if (match.status == BindStatus::Truncated) e->truncated = true;
  switch (field) {
    case kMessage: e->message.set(message_); break;
    case kLine:
    case kColumn: {
      GraphQLLocation* l = e->locations.at(sub);
      if (!l) {
        e->truncated = true;
        break;
      }
      (field == kLine ? l->line : l->column) = field == kLine ? line_ : column_;
      break;
    }
    case kPathText:
      if (!e->path.set(sub, segment_)) e->truncated = true;
      break;
    case kPathIndex: {
      char digits[24];
      snprintf(digits, sizeof digits, "%lld", static_cast<long long>(index_));
      if (!e->path.set(sub, digits)) e->truncated = true;
      break;
    }
    case kExtensions:
      if (!e->extensions.set(extensions_)) e->truncated = true;
      break;
    case kElement: break;
  }
}

// ---- GraphQLPath ------------------------------------------------------------

TextView GraphQLPath::operator[](size_t i) const {
  if (i >= count_) return TextView{};
  const char* p = text_;
  for (size_t k = 0; k < i; ++k) p += strlen(p) + 1;
  return TextView{p};
}

bool GraphQLPath::set(size_t index, const char* segment) {
  if (index < count_) return true;  // the same segment through its twin binding ("2" and 2)
  if (index != count_ || count_ >= EHC_GRAPHQL_MAX_PATH_SEGMENTS) return false;
  const size_t n = strlen(segment);
  if (used_ + n + 1 > sizeof text_) return false;
  memcpy(text_ + used_, segment, n + 1);
  used_ = static_cast<uint16_t>(used_ + n + 1);
  ++count_;
  return true;
}

EHC_END_NAMESPACE
