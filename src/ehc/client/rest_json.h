// RestJson: mapped structs (REST_JSON_MAP) to and from JSON text, outside
// of a request. The buffer forms use no heap; the String / std::string form
// grows its result.
//
//   char json[128];
//   RestJson::toJson(user, json, sizeof json);   // false: did not fit
//   RestJson::fromJson(json, &user);             // false: invalid JSON
#pragma once

#include <string.h>

#include "../json/json_struct.h"
#include "../json/json_text_targets.h"
#include "json_body.h"
#include "rest_client.h"

EHC_BEGIN_NAMESPACE

namespace RestJson {

template <typename T>
bool toJson(const T& object, char* buf, size_t size) {
  return RestClient::toJson(object, buf, size);
}

// The length of the JSON text (without a NUL).
template <typename T>
size_t measureJson(const T& object) {
  JsonWriter w = countingWriter();
  writeStruct(w, object);
  return w.length();
}

template <typename T>
bool fromJson(const char* json, T* object) {
  return RestClient::fromJson(json, object);
}

#if defined(ARDUINO)
template <typename T>
String toJson(const T& object) {
  String out;
  JsonWriter w(
      [](void* u, const char* d, size_t k) {
        static_cast<String*>(u)->concat(d, static_cast<unsigned int>(k));
        return true;
      },
      &out);
  writeStruct(w, object);
  return out;
}
#elif EHC_STD_STRING
template <typename T>
std::string toJson(const T& object) {
  std::string out;
  JsonWriter w(
      [](void* u, const char* d, size_t k) {
        static_cast<std::string*>(u)->append(d, k);
        return true;
      },
      &out);
  writeStruct(w, object);
  return out;
}
#endif

}  // namespace RestJson

EHC_END_NAMESPACE
