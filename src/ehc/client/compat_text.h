// The text helpers ESP32-HTTP-Client's GraphQLRequest and JsonRpcRequest
// make public (urlEncode, escapeJsonString, normalize...Path), for sketches
// that call them. They return the heap's TextString (String / std::string);
// the requests themselves never use them (the writers encode as they write).
#pragma once

#include <stddef.h>

#include "../config.h"
#include "rest_client.h"

EHC_BEGIN_NAMESPACE

#if defined(ARDUINO) || EHC_STD_STRING
namespace detail {

// Every byte but ALPHA DIGIT - . _ ~ as %XX (uppercase), as the original's.
TextString urlEncoded(const TextString& text);
// The JSON string's content without its quotes: `"`, `\` and control bytes
// escaped. Text that is not UTF-8 gives "" (the original passes it on,
// making invalid JSON).
TextString jsonEscaped(const TextString& text);
// memberPath() (member_path.h) as a TextString; "" when it does not fit.
TextString memberPathText(const char* member, const char* path);

}  // namespace detail
#endif

EHC_END_NAMESPACE
