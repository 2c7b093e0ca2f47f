#include "graphql_operation.h"

#include <string.h>

#include "../json/json_binder.h"

EHC_BEGIN_NAMESPACE

namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

RequestError copyText(char* to, size_t size, const char* text) {
  const size_t n = text ? strlen(text) : 0;
  if (n >= size) return RequestError::GraphQLDocumentTooLong;
  memcpy(to, text ? text : "", n);
  to[n] = '\0';
  return RequestError::Ok;
}

// One whole JSON value (an object when `object`), checked by the binder.
bool isJson(const char* text, bool object) {
  if (!text) return false;
  size_t i = 0;
  while (isSpace(text[i])) ++i;
  if (object && text[i] != '{') return false;
  StaticJsonBinder<1> check;
  check.feed(text, strlen(text));
  return check.finish() == JsonError::Ok;
}

}  // namespace

bool isGraphQLName(const char* name) {
  if (!name || !*name) return false;
  for (const char* p = name; *p; ++p) {
    const char c = *p;
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (!letter && !(p != name && c >= '0' && c <= '9')) return false;
  }
  return true;
}

GraphQLOperation::GraphQLOperation() : used_(2) {
  document_[0] = '\0';
  name_[0] = '\0';
  memcpy(variables_, "{}", 3);
}

RequestError GraphQLOperation::setDocument(const char* text) {
  return copyText(document_, sizeof document_, text);
}

RequestError GraphQLOperation::setOperationName(const char* name) {
  return copyText(name_, sizeof name_, name);
}

// Written as {"name":value} where the closing '}' was, then spliced:
// "{...}" + {"n":v} -> "{...,"n":v}".
RequestError GraphQLOperation::appendMember(const char* name, ValueWriter writeValue,
                                            const void* value) {
  if (!isGraphQLName(name)) return RequestError::GraphQLBadVariable;
  char* at = variables_ + used_ - 1;  // the object's '}'
  const size_t room = sizeof variables_ - (used_ - 1);
  JsonWriter w(at, room);
  w.beginObject().key(name);
  writeValue(w, value);
  w.endObject();
  if (w.error() == WriteError::Overflow) {
    variables_[used_ - 1] = '}';
    variables_[used_] = '\0';
    return RequestError::GraphQLVariablesFull;
  }
  if (w.error() != WriteError::Ok || !w.complete()) {
    variables_[used_ - 1] = '}';
    variables_[used_] = '\0';
    return RequestError::GraphQLBadVariable;
  }
  const size_t n = w.length();  // {"name":value}
  size_t before = used_ - 1;    // what precedes the '}': '{' when the object is empty
  while (before > 0 && isSpace(variables_[before - 1])) --before;
  if (variables_[before - 1] == '{') {  // the first member: drop its '{'
    memmove(at, at + 1, n);             // with the NUL
    used_ = static_cast<uint16_t>(used_ - 1 + n - 1);
  } else {
    at[0] = ',';
    used_ = static_cast<uint16_t>(used_ - 1 + n);
  }
  return RequestError::Ok;
}

RequestError GraphQLOperation::addVariable(const char* name, ValueWriter writeValue,
                                           const void* value) {
  return appendMember(name, writeValue, value);
}

RequestError GraphQLOperation::addRawVariable(const char* name, const char* json) {
  if (!isJson(json, false)) return RequestError::GraphQLBadVariable;
  return appendMember(
      name, [](JsonWriter& w, const void* v) { w.raw(static_cast<const char*>(v)); }, json);
}

RequestError GraphQLOperation::setRawVariables(const char* json) {
  if (!json || !*json) {  // none, as the original takes ""
    memcpy(variables_, "{}", 3);
    used_ = 2;
    return RequestError::Ok;
  }
  if (!isJson(json, true)) return RequestError::GraphQLBadVariable;
  size_t n = strlen(json);
  while (isSpace(json[n - 1])) --n;  // so that it ends in its '}'
  if (n >= sizeof variables_) return RequestError::GraphQLVariablesFull;
  memcpy(variables_, json, n);
  variables_[n] = '\0';
  used_ = static_cast<uint16_t>(n);
  return RequestError::Ok;
}

WriteError GraphQLOperation::write(JsonWriter& w) const {
  w.beginObject().member("query", document_);
  if (name_[0]) w.member("operationName", name_);
  if (hasVariables()) w.key("variables").raw(variables_, used_);
  w.endObject();
  return w.error();
}

EHC_END_NAMESPACE
