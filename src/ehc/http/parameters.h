// The parameter list that follows a chunk size (chunk-ext, RFC 9112 7.1.1)
// and a transfer coding (RFC 9112 6.1, RFC 9110 5.6.6), read one byte at a
// time and not kept:
//
//   *( BWS ";" BWS name [ BWS "=" BWS value ] )   name = token
//                                                 value = token / quoted-string
//
// and, before it, the token of a list element (Connection, Transfer-Encoding:
// OWS token OWS, then the parameters). The state fits in a byte and the step
// is one table lookup (small on rv32: the response parser's two lists and
// chunk extensions share it).
#pragma once

#include <stdint.h>

#include "../config.h"
#include "text.h"

EHC_BEGIN_NAMESPACE

namespace detail {

enum ParamState : uint8_t {
  kElementStart,     // a list element's OWS before its token (0: a cleared parser's)
  kElementToken,     // in the token
  kElementSpace,     // OWS after it: ';' or the element's end
  kParamSpace,       // BWS before a ';' (after a chunk size or a coding)
  kParamNameStart,   // after ';'
  kParamName,        // in a name
  kParamNameSpace,   // BWS after a name: '=' or ';'
  kParamValueStart,  // after '='
  kParamValue,       // in a token value
  kParamQuoted,      // in a quoted-string
  kParamQuotedPair,  // after its backslash
  kParamQuoteEnd,    // right after the closing quote
  kParamValueSpace,  // BWS after a value: only ';'
  kParamBad,         // not the grammar (stays so)
};

// Byte classes of the table's columns.
enum ParamByte : uint8_t {
  kPbSpace,
  kPbSemi,
  kPbEquals,
  kPbQuote,
  kPbBackslash,
  kPbToken,
  kPbText,
  kPbOther
};

inline uint8_t paramByteClass(uint8_t c) {
  if (c == ' ' || c == '\t') return kPbSpace;
  if (c == ';') return kPbSemi;
  if (c == '=') return kPbEquals;
  if (c == '"') return kPbQuote;
  if (c == '\\') return kPbBackslash;
  if (isTokenChar(c)) return kPbToken;
  return (c >= 0x21 && c != 0x7F) ? kPbText : kPbOther;  // VCHAR, obs-text; else CTL
}

// kParamNext[state][class]: qdtext is HTAB, SP and every VCHAR or obs-text
// byte but '"' and '\'; a quoted-pair takes HTAB, SP, VCHAR or obs-text.
namespace param {
constexpr uint8_t E0 = kElementStart, E1 = kElementToken, E2 = kElementSpace, Sp = kParamSpace,
                  NS = kParamNameStart, Nm = kParamName, NSp = kParamNameSpace,
                  VS = kParamValueStart, Va = kParamValue, Qu = kParamQuoted, QP = kParamQuotedPair,
                  QE = kParamQuoteEnd, VSp = kParamValueSpace, X = kParamBad;
}  // namespace param
// clang-format off
inline constexpr uint8_t kParamNext[kParamBad + 1][8] = {
  // SP/HTAB     ;          =          "          \          token      text       CTL
  {param::E0,  param::NS, param::X,  param::X,  param::X,  param::E1, param::X,  param::X},  // ElementStart
  {param::E2,  param::NS, param::X,  param::X,  param::X,  param::E1, param::X,  param::X},  // ElementToken
  {param::E2,  param::NS, param::X,  param::X,  param::X,  param::X,  param::X,  param::X},  // ElementSpace
  {param::Sp,  param::NS, param::X,  param::X,  param::X,  param::X,  param::X,  param::X},  // Space
  {param::NS,  param::X,  param::X,  param::X,  param::X,  param::Nm, param::X,  param::X},  // NameStart
  {param::NSp, param::NS, param::VS, param::X,  param::X,  param::Nm, param::X,  param::X},  // Name
  {param::NSp, param::NS, param::VS, param::X,  param::X,  param::X,  param::X,  param::X},  // NameSpace
  {param::VS,  param::X,  param::X,  param::Qu, param::X,  param::Va, param::X,  param::X},  // ValueStart
  {param::VSp, param::NS, param::X,  param::X,  param::X,  param::Va, param::X,  param::X},  // Value
  {param::Qu,  param::Qu, param::Qu, param::QE, param::QP, param::Qu, param::Qu, param::X},  // Quoted
  {param::Qu,  param::Qu, param::Qu, param::Qu, param::Qu, param::Qu, param::Qu, param::X},  // QuotedPair
  {param::VSp, param::NS, param::X,  param::X,  param::X,  param::X,  param::X,  param::X},  // QuoteEnd
  {param::VSp, param::NS, param::X,  param::X,  param::X,  param::X,  param::X,  param::X},  // ValueSpace
  {param::X,   param::X,  param::X,  param::X,  param::X,  param::X,  param::X,  param::X},  // Bad
};
// clang-format on

inline ParamState nextParamState(ParamState s, uint8_t c) {
  return static_cast<ParamState>(kParamNext[s][paramByteClass(c)]);
}

// The list may end here: its last parameter is whole, with no BWS after it
// (a chunk-size line's CRLF).
inline bool paramListEnds(ParamState s) {
  return s == kParamName || s == kParamValue || s == kParamQuoteEnd;
}

// Before a list element's parameters (a Bad step from here spoils the
// element but the parameters after a ';' are still followed).
inline bool inElementToken(ParamState s) {
  return s <= kElementSpace;
}

// A list element's parameters may end here (',' or the field's end): the
// last one whole, OWS after it allowed.
inline bool paramsEnd(ParamState s) {
  return paramListEnds(s) || s == kParamNameSpace || s == kParamValueSpace;
}

// Inside a quoted-string, where a ',' is text, not a list separator.
inline bool paramInQuotes(ParamState s) {
  return s == kParamQuoted || s == kParamQuotedPair;
}

}  // namespace detail

EHC_END_NAMESPACE
