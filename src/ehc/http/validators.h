// The validators of a representation (RFC 9110 8.8) as a resumed download
// uses them: the If-Range value that makes a server send the whole
// resource (200) instead of a part (206) when it changed since the first
// answer. If-Range takes a strong entity tag, or a Last-Modified date only
// when there is no entity tag and the date is strong (13.1.5): at least one
// second before the answer's Date (8.8.2.2), so no second change could have
// come in the same second.
//
//   const char* v = ehc::ifRangeValidator(etag, lastModified, date);  // or nullptr
#pragma once

#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

// A strong entity-tag: DQUOTE *etagc DQUOTE (not W/"..."), etagc being
// %x21 / %x23-7E / obs-text.
bool strongEntityTag(const char* value);
// An IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT") as seconds since
// 0000-01-01 in a count that orders dates (not a calendar's: months are 31
// days); false for anything else (the obsolete formats included).
bool imfFixdateSeconds(const char* value, uint64_t* seconds);
// What to send as If-Range for an answer with these fields (nullptr when it
// had none of them, or "" cut short): the entity tag if it had one (and only
// if it is strong), else a strong Last-Modified, else nullptr.
const char* ifRangeValidator(const char* etag, const char* lastModified, const char* date);

EHC_END_NAMESPACE
