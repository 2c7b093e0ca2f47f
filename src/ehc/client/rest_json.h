// RestJson: mapped structs (REST_JSON_MAP) to and from JSON text, outside
// of a request. The buffer forms use no heap; the String / std::string form
// grows its result.
//
//   char json[128];
//   RestJson::toJson(user, json, sizeof json);   // false: did not fit
//   RestJson::fromJson(json, &user);             // false: invalid JSON
//   String text = RestJson::stringify(user);     // or toJson(user); parse(text, &user)
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

// JSON text (a C string, String or std::string) into a mapped struct;
// false when it is not valid JSON.
template <typename T>
bool fromJson(TextArg json, T* object) {
  return RestClient::fromJson(json, object);
}
template <typename T>
bool parse(TextArg json, T* object) {
  return RestClient::fromJson(json, object);
}

#if defined(ARDUINO) || EHC_STD_STRING
// As ESP32HTTPClient::toJson(obj): a String (std::string off Arduino).
template <typename T>
TextString toJson(const T& object) {
  return RestClient::toJson(object);
}
template <typename T>
TextString stringify(const T& object) {
  return RestClient::toJson(object);
}
#endif

}  // namespace RestJson

EHC_END_NAMESPACE
