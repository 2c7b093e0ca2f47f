#include "xml_scanner.h"

#include <string.h>

#include "../core/error_text.h"

EHC_BEGIN_NAMESPACE

namespace {

constexpr ErrorText kXmlErrors[] = {
    {"ok", "well-formed"},
    {"incomplete", "the document ended before its root element did"},
    {"no_root", "no root element"},
    {"syntax", "a character that cannot come here"},
    {"mismatched_tag", "an end tag that does not match the open element"},
    {"too_deep", "elements nested deeper than EHC_XML_MAX_DEPTH"},
    {"name_too_long", "a name longer than EHC_XML_MAX_NAME"},
    {"bad_reference", "an unknown entity or a reference to no XML character"},
    {"text_outside_root", "text or a second element outside the root element"},
    {"doctype", "a DOCTYPE (not accepted in SOAP)"},
    {"names_too_long", "the open elements' names longer than EHC_XML_NAME_STACK in all"},
};
static_assert(sizeof kXmlErrors / sizeof kXmlErrors[0] ==
                  static_cast<size_t>(XmlError::NamesTooLong) + 1,
              "one text per XmlError");

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
// A byte no XML document holds (C0 controls but tab, LF, CR).
bool isForbidden(unsigned char c) {
  return c < 0x20 && c != '\t' && c != '\n' && c != '\r';
}
// Where a run of character data stops: markup, a reference, a CR (a line
// end to pass on as LF) or a forbidden byte.
bool endsTextRun(unsigned char c) {
  return c == '<' || c == '&' || (c < 0x20 && c != '\t' && c != '\n');
}
// Names: ASCII letters, '_', ':' and every non-ASCII byte start one;
// digits, '-' and '.' may follow (XML 1.0's NameStartChar / NameChar,
// with the non-ASCII ranges taken whole).
bool isNameStart(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return static_cast<unsigned>((u | 0x20) - 'a') < 26u || c == '_' || c == ':' || u >= 0x80;
}
bool isNameChar(char c) {
  return isNameStart(c) || static_cast<unsigned>(c - '0') < 10u || c == '-' || c == '.';
}

// A code point as UTF-8 into out; its length.
size_t utf8(uint32_t cp, char* out) {
  if (cp < 0x80) {
    out[0] = static_cast<char>(cp);
    return 1;
  }
  if (cp < 0x800) {
    out[0] = static_cast<char>(0xC0 | cp >> 6);
    out[1] = static_cast<char>(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = static_cast<char>(0xE0 | cp >> 12);
    out[1] = static_cast<char>(0x80 | (cp >> 6 & 0x3F));
    out[2] = static_cast<char>(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | cp >> 18);
  out[1] = static_cast<char>(0x80 | (cp >> 12 & 0x3F));
  out[2] = static_cast<char>(0x80 | (cp >> 6 & 0x3F));
  out[3] = static_cast<char>(0x80 | (cp & 0x3F));
  return 4;
}

// XML 1.0's Char production.
bool isXmlChar(uint32_t cp) {
  if (cp < 0x20) return cp == 0x9 || cp == 0xA || cp == 0xD;
  return (cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
}

// "#123" or "#x7B" as a code point; false when it is not a number or too big.
bool characterReference(const char* s, size_t n, uint32_t* cp) {
  const bool hex = n > 1 && s[1] == 'x';
  size_t i = hex ? 2 : 1;
  if (i >= n) return false;
  uint32_t v = 0;
  for (; i < n; ++i) {
    const char c = s[i];
    uint32_t d;
    if (c >= '0' && c <= '9')
      d = static_cast<uint32_t>(c - '0');
    else if (hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f')
      d = static_cast<uint32_t>((c | 0x20) - 'a' + 10);
    else
      return false;
    v = v * (hex ? 16 : 10) + d;
    if (v > 0x10FFFF) return false;
  }
  *cp = v;
  return true;
}

}  // namespace

const char* xmlErrorName(XmlError e) {
  return errorTextName<kXmlErrors>(static_cast<size_t>(e));
}
const char* xmlErrorMessage(XmlError e) {
  return errorTextMessage<kXmlErrors>(static_cast<size_t>(e));
}

void XmlScanner::reset() {
  offset_ = errorAt_ = 0;
  namesUsed_ = 0;
  nameUsed_ = localAt_ = referenceUsed_ = depth_ = bom_ = match_ = 0;
  quote_ = 0;
  state_ = kText;
  error_ = XmlError::Ok;
  rootSeen_ = rootClosed_ = ltAtStart_ = afterCr_ = false;
  atStart_ = true;
}

void XmlScanner::fail(XmlError e) {
  if (state_ == kFailed) return;
  error_ = e;
  errorAt_ = offset_;
  state_ = kFailed;
}

void XmlScanner::emitText(const char* data, size_t length) {
  if (length && visitor_ && visitor_->text) visitor_->text(user_, data, length);
}

// Character data up to the next markup, reference, CR or forbidden byte.
const char* XmlScanner::textRun(const char* p, const char* end) {
  const char* q = p;
  while (q < end && !endsTextRun(static_cast<unsigned char>(*q))) ++q;
  if (depth_ == 0) {
    for (const char* s = p; s < q; ++s) {
      if (!isSpace(*s)) {
        offset_ += static_cast<uint64_t>(s - p);
        fail(XmlError::TextOutsideRoot);
        return end;
      }
    }
  } else {
    emitText(p, static_cast<size_t>(q - p));
  }
  offset_ += static_cast<uint64_t>(q - p);
  if (q > p) atStart_ = false;
  return q;
}

bool XmlScanner::feed(const char* data, size_t length) {
  const char* p = data;
  const char* end = data + length;
  while (p < end && state_ != kFailed) {
    // The common case: a run of text (not its first byte after a CR: an LF there is dropped).
    if (state_ == kText && bom_ == 3 && !afterCr_) {
      p = textRun(p, end);
      if (p == end || state_ == kFailed) break;
    }
    byte(*p++);
    if (state_ != kFailed) ++offset_;
  }
  return state_ != kFailed;
}

XmlError XmlScanner::finish() {
  if (state_ == kFailed) return error_;
  if (!rootSeen_)
    fail(state_ == kText ? XmlError::NoRoot : XmlError::Incomplete);
  else if (!rootClosed_ || state_ != kText)
    fail(XmlError::Incomplete);
  return error_;
}

void XmlScanner::byte(char c) {
  if (bom_ < 3) {  // a leading UTF-8 BOM (EF BB BF) is dropped
    if (offset_ == bom_ && c == "\xEF\xBB\xBF"[bom_]) {
      ++bom_;
      return;
    }
    if (bom_ > 0) return fail(XmlError::Syntax);  // a BOM cut short
    bom_ = 3;
  }
  // Line ends (XML 1.0 2.11): a CR is taken as an LF wherever it is, and
  // the LF of a CR LF is dropped; so pieces may cut between the two.
  const bool lfOfCrLf = c == '\n' && afterCr_;
  afterCr_ = c == '\r';
  if (lfOfCrLf) return;
  if (state_ != kText && state_ != kReference && state_ != kCdata && state_ != kComment &&
      state_ != kPi && state_ != kAttrValue && isForbidden(static_cast<unsigned char>(c)))
    return fail(XmlError::Syntax);
  switch (state_) {
    case kText:
      if (c == '<') {
        ltAtStart_ = atStart_;
        state_ = kLt;
      } else if (c == '&') {
        if (depth_ == 0) return fail(XmlError::TextOutsideRoot);
        referenceUsed_ = 0;
        state_ = kReference;
      } else if (isForbidden(static_cast<unsigned char>(c))) {
        return fail(XmlError::Syntax);
      } else if (depth_ == 0 && !isSpace(c)) {
        return fail(XmlError::TextOutsideRoot);
      } else if (depth_ > 0) {
        emitText(c == '\r' ? "\n" : &c, 1);
      }
      break;
    case kReference: referenceByte(c); break;
    case kLt:
    case kBang:
    case kCommentOpen:
    case kCdataOpen: markupByte(c); break;
    case kStartName:
    case kInTag:
    case kEmptySlash: startTagByte(c); break;
    case kAttrName:
    case kAttrAfterName:
    case kAttrEq:
    case kAttrValue:
    case kAttrAfterValue: attributeByte(c); break;
    case kEndName:
    case kEndAfterName: endTagByte(c); break;
    case kComment: commentByte(c); break;
    case kCdata: cdataByte(c); break;
    case kPiTarget:
    case kPi: piByte(c); break;
    case kFailed: break;
  }
  atStart_ = false;
}

// A start tag's name, kept after the open elements' names with room for
// its length byte.
void XmlScanner::addNameByte(char c) {
  if (nameUsed_ == EHC_XML_MAX_NAME) return fail(XmlError::NameTooLong);
  if (namesUsed_ + nameUsed_ + 2u > EHC_XML_NAME_STACK) return fail(XmlError::NamesTooLong);
  if (c == ':') localAt_ = static_cast<uint8_t>(nameUsed_ + 1);
  names_[namesUsed_ + nameUsed_++] = c;
}

// An end tag's name, compared with the open element's as it comes:
// MismatchedTag at the first byte that differs or is one too many.
void XmlScanner::endNameByte(char c) {
  const size_t length = depth_ ? openNameLength() : 0;
  if (nameUsed_ >= length || names_[namesUsed_ - 1 - length + nameUsed_] != c)
    return fail(XmlError::MismatchedTag);
  ++nameUsed_;
}

// After '<': what kind of markup this is; then "<!" and its openings.
void XmlScanner::markupByte(char c) {
  switch (state_) {
    case kLt:
      nameUsed_ = localAt_ = 0;
      if (c == '/') {
        state_ = kEndName;
      } else if (c == '!') {
        state_ = kBang;
      } else if (c == '?') {
        state_ = kPiTarget;
        match_ = 0;
      } else if (isNameStart(c)) {
        if (rootClosed_) return fail(XmlError::TextOutsideRoot);
        state_ = kStartName;
        addNameByte(c);
      } else {
        fail(XmlError::Syntax);
      }
      break;
    case kBang:
      if (c == '-') {
        state_ = kCommentOpen;
      } else if (c == '[' && depth_ > 0) {
        state_ = kCdataOpen;
        match_ = 0;
      } else if (c == 'D') {
        fail(XmlError::Doctype);
      } else {
        fail(XmlError::Syntax);
      }
      break;
    case kCommentOpen:
      if (c != '-') return fail(XmlError::Syntax);
      state_ = kComment;
      match_ = 0;
      break;
    default:  // kCdataOpen: "<![" then "CDATA["
      if (c != "CDATA["[match_]) return fail(XmlError::Syntax);
      if (++match_ == 6) {
        state_ = kCdata;
        match_ = 0;
      }
      break;
  }
}

void XmlScanner::startTagByte(char c) {
  switch (state_) {
    case kStartName:
      if (isNameChar(c)) {
        addNameByte(c);
      } else if (isSpace(c)) {
        state_ = kInTag;
      } else if (!tagEnd(c)) {
        fail(XmlError::Syntax);
      }
      break;
    case kInTag:
      if (isSpace(c) || tagEnd(c)) break;
      if (isNameStart(c))
        state_ = kAttrName;
      else
        fail(XmlError::Syntax);
      break;
    default:  // kEmptySlash
      if (c != '>') return fail(XmlError::Syntax);
      openElement(true);
      break;
  }
}

// '/' or '>' where a start tag may end: taken (true), or not one of them.
bool XmlScanner::tagEnd(char c) {
  if (c == '/')
    state_ = kEmptySlash;
  else if (c == '>')
    openElement(false);
  else
    return false;
  return true;
}

// name = "value" (or 'value'): checked for shape, skipped.
void XmlScanner::attributeByte(char c) {
  switch (state_) {
    case kAttrName:
      if (isNameChar(c)) break;
      if (c == '=') {
        state_ = kAttrEq;
      } else if (isSpace(c)) {
        state_ = kAttrAfterName;
      } else {
        fail(XmlError::Syntax);
      }
      break;
    case kAttrAfterName:
      if (isSpace(c)) break;
      if (c != '=') return fail(XmlError::Syntax);
      state_ = kAttrEq;
      break;
    case kAttrEq:
      if (isSpace(c)) break;
      if (c != '"' && c != '\'') return fail(XmlError::Syntax);
      quote_ = c;
      state_ = kAttrValue;
      break;
    case kAttrValue:
      if (c == quote_) {
        state_ = kAttrAfterValue;
      } else if (c == '<' || isForbidden(static_cast<unsigned char>(c))) {
        fail(XmlError::Syntax);
      }
      break;
    default:  // kAttrAfterValue: attributes are separated by white space
      if (isSpace(c))
        state_ = kInTag;
      else if (!tagEnd(c))
        fail(XmlError::Syntax);
      break;
  }
}

void XmlScanner::endTagByte(char c) {
  if (state_ == kEndName) {
    if (nameUsed_ == 0 ? isNameStart(c) : isNameChar(c)) {
      endNameByte(c);
      return;
    }
    if (nameUsed_ == 0) return fail(XmlError::Syntax);
    if (nameUsed_ != openNameLength()) return fail(XmlError::MismatchedTag);  // a prefix of it
    state_ = kEndAfterName;
  }
  if (isSpace(c)) return;
  if (c != '>') return fail(XmlError::Syntax);
  closeElement();
}

void XmlScanner::openElement(bool empty) {
  if (rootClosed_) return fail(XmlError::TextOutsideRoot);
  if (depth_ == EHC_XML_MAX_DEPTH) return fail(XmlError::TooDeep);
  const char* name = names_ + namesUsed_;
  names_[namesUsed_ + nameUsed_] = static_cast<char>(nameUsed_);  // its length, after it
  namesUsed_ = static_cast<uint16_t>(namesUsed_ + nameUsed_ + 1);
  ++depth_;
  rootSeen_ = true;
  if (visitor_ && visitor_->open) visitor_->open(user_, name, nameUsed_, localAt_, depth_);
  state_ = kText;
  if (empty) closeElement();
}

// The open element ended (its end tag matched, or it was self-closing).
void XmlScanner::closeElement() {
  if (visitor_ && visitor_->close) visitor_->close(user_, depth_);
  namesUsed_ = static_cast<uint16_t>(namesUsed_ - openNameLength() - 1);
  if (--depth_ == 0) rootClosed_ = true;
  state_ = kText;
}

// &name; or &#N; / &#xH; in character data, decoded.
void XmlScanner::referenceByte(char c) {
  if (c != ';') {
    if (referenceUsed_ == sizeof reference_ || isSpace(c) || c == '<' || c == '&')
      return fail(XmlError::BadReference);
    reference_[referenceUsed_++] = c;
    return;
  }
  decodeReference();
  if (state_ != kFailed) state_ = kText;
}

void XmlScanner::decodeReference() {
  static const struct {
    const char* name;
    char value;
  } kEntities[] = {{"lt", '<'}, {"gt", '>'}, {"amp", '&'}, {"quot", '"'}, {"apos", '\''}};
  const char* r = reference_;
  const size_t n = referenceUsed_;
  if (n > 1 && r[0] == '#') {
    uint32_t cp = 0;
    char out[4];
    if (!characterReference(r, n, &cp) || !isXmlChar(cp)) return fail(XmlError::BadReference);
    emitText(out, utf8(cp, out));
    return;
  }
  for (const auto& e : kEntities) {
    if (strlen(e.name) == n && memcmp(e.name, r, n) == 0) {
      emitText(&e.value, 1);
      return;
    }
  }
  fail(XmlError::BadReference);
}

// <![CDATA[ ... ]]>: the content as it is. Up to two ']' are held back until
// it is known whether they end the section.
void XmlScanner::cdataByte(char c) {
  if (c == ']') {
    if (match_ == 2)
      emitText("]", 1);  // "]]]": the first one is content
    else
      ++match_;
    return;
  }
  if (c == '>' && match_ == 2) {
    match_ = 0;
    state_ = kText;
    return;
  }
  if (match_) emitText("]]", match_);
  match_ = 0;
  if (isForbidden(static_cast<unsigned char>(c))) return fail(XmlError::Syntax);
  emitText(c == '\r' ? "\n" : &c, 1);
}

// <!-- ... -->; "--" may only end it.
void XmlScanner::commentByte(char c) {
  if (isForbidden(static_cast<unsigned char>(c))) return fail(XmlError::Syntax);
  if (match_ == 2) {
    if (c != '>') return fail(XmlError::Syntax);
    match_ = 0;
    state_ = kText;
    return;
  }
  match_ = c == '-' ? static_cast<uint8_t>(match_ + 1) : 0;
}

// <?target ... ?>: skipped; the target "xml" (any case) is the XML
// declaration, which only the document's very start may hold.
void XmlScanner::piByte(char c) {
  if (state_ == kPiTarget) {
    if (nameUsed_ == 0 ? isNameStart(c) : isNameChar(c)) {
      if (nameUsed_ == EHC_XML_MAX_NAME) return fail(XmlError::NameTooLong);
      if (nameUsed_ < 3 && (c | 0x20) == "xml"[nameUsed_]) ++match_;  // the target is not kept
      ++nameUsed_;
      return;
    }
    if (nameUsed_ == 0) return fail(XmlError::Syntax);
    const bool xml = nameUsed_ == 3 && match_ == 3;
    if (xml && !ltAtStart_) return fail(XmlError::Syntax);
    if (!isSpace(c) && c != '?') return fail(XmlError::Syntax);
    state_ = kPi;
    match_ = 0;
  }
  if (isForbidden(static_cast<unsigned char>(c))) return fail(XmlError::Syntax);
  if (match_ == 1 && c == '>') {
    match_ = 0;
    state_ = kText;
    return;
  }
  match_ = c == '?' ? 1 : 0;
}

EHC_END_NAMESPACE
