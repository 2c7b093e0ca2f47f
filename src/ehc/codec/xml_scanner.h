// A push-based XML 1.0 scanner for response bodies (SOAP): fed in pieces of
// any size, it reports elements and their character data to a visitor, and
// allocates nothing.
//
//   ehc::XmlScanner xml;
//   xml.setVisitor(&visitor, &app);   // open / text / close
//   xml.feed(body, n);                // any number of times, any split
//   ehc::XmlError e = xml.finish();   // Ok only for one whole, well-formed document
//
// What it takes: an optional UTF-8 BOM and XML declaration, comments,
// processing instructions, one root element with attributes (checked for
// shape, quotes and '<', then skipped), self-closing tags, character data
// with the five predefined entities and numeric character references
// decoded (to UTF-8), CDATA sections (as they are); line ends as XML 1.0
// section 2.11 says: every CR LF and every lone CR in text and CDATA comes
// as one LF (a CR LF cut between two pieces too), while a CR written as a
// character reference (&#13;) stays a CR. Names are kept whole
// (prefix:local): the visitor gets where the local part starts, so
// namespace prefixes can be ignored. Element names are at most
// EHC_XML_MAX_NAME bytes, nesting at most EHC_XML_MAX_DEPTH levels. An end
// tag must name its start tag exactly, prefix included (XML 1.0's Element
// Type Match), compared byte by byte as it streams in: the open elements'
// names are kept packed one after another, each followed by its length, in
// one buffer of EHC_XML_NAME_STACK bytes (384: 24 levels of 15-byte names,
// where one name a level of EHC_XML_MAX_NAME would take 1.5 KB); a
// document whose open names need more is refused (NamesTooLong). A DOCTYPE
// is refused: SOAP forbids it, and its entity declarations are how XML
// bombs are made.
//
// An error stops the scanner for good (feed() returns false); error() and
// errorOffset() say what and where. Text is delivered only inside the root
// element; the visitor's close() comes only for an end tag that matched, so
// a value whose element did not end is never taken for whole.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_XML_MAX_DEPTH >= 4 && EHC_XML_MAX_DEPTH <= 255,
              "EHC_XML_MAX_DEPTH must be 4..255");
static_assert(EHC_XML_MAX_NAME >= 8 && EHC_XML_MAX_NAME <= 255, "EHC_XML_MAX_NAME must be 8..255");
static_assert(EHC_XML_NAME_STACK > EHC_XML_MAX_NAME && EHC_XML_NAME_STACK <= 65535,
              "EHC_XML_NAME_STACK must hold one name of EHC_XML_MAX_NAME and its length, "
              "and be at most 65535");

enum class XmlError : uint8_t {
  Ok = 0,
  Incomplete,       // the input ended before the root element did
  NoRoot,           // no element at all
  Syntax,           // a character that cannot come here
  MismatchedTag,    // an end tag that is not the open element's
  TooDeep,          // more than EHC_XML_MAX_DEPTH levels
  NameTooLong,      // a name longer than EHC_XML_MAX_NAME
  BadReference,     // an unknown entity, or a character reference to no XML character
  TextOutsideRoot,  // non-blank text, or a second root, outside the root element
  Doctype,          // a <!DOCTYPE> (not accepted)
  NamesTooLong,     // the open elements' names need more than EHC_XML_NAME_STACK bytes
};
const char* xmlErrorName(XmlError e);
const char* xmlErrorMessage(XmlError e);

// Every callback may be null. name: the qualified name (not NUL-terminated),
// local: the offset of its local part (after the last ':'); depth: 1 for
// the root element.
struct XmlVisitor {
  void (*open)(void* user, const char* name, size_t length, size_t local, uint8_t depth);
  void (*text)(void* user, const char* data, size_t length);  // decoded, in pieces
  void (*close)(void* user, uint8_t depth);                   // the end tag matched
};

class XmlScanner {
 public:
  XmlScanner() { reset(); }
  void setVisitor(const XmlVisitor* visitor, void* user) {
    visitor_ = visitor;
    user_ = user;
  }
  // A new document (the visitor stays).
  void reset();
  // False once the document is in error (the rest is not looked at).
  bool feed(const char* data, size_t length);
  // The end of the input: Ok, or why the document is not one whole.
  XmlError finish();
  XmlError error() const { return error_; }
  uint64_t errorOffset() const { return errorAt_; }  // the byte that was wrong
  uint8_t depth() const { return depth_; }

 private:
  enum State : uint8_t {
    kText,
    kReference,
    kLt,
    kStartName,
    kInTag,
    kAttrName,
    kAttrAfterName,
    kAttrEq,
    kAttrValue,
    kAttrAfterValue,
    kEmptySlash,
    kEndName,
    kEndAfterName,
    kBang,
    kCommentOpen,
    kComment,
    kCdataOpen,
    kCdata,
    kPiTarget,
    kPi,
    kFailed,
  };

  const char* textRun(const char* p, const char* end);
  void byte(char c);
  void startTagByte(char c);
  bool tagEnd(char c);
  void attributeByte(char c);
  void endTagByte(char c);
  void markupByte(char c);
  void referenceByte(char c);
  void cdataByte(char c);
  void commentByte(char c);
  void piByte(char c);

  void addNameByte(char c);
  void endNameByte(char c);
  size_t openNameLength() const { return static_cast<unsigned char>(names_[namesUsed_ - 1]); }
  void openElement(bool empty);
  void closeElement();
  void decodeReference();
  void emitText(const char* data, size_t length);
  void fail(XmlError e);

  const XmlVisitor* visitor_ = nullptr;
  void* user_ = nullptr;
  uint64_t offset_ = 0, errorAt_ = 0;
  // The open elements' names, each followed by its length byte, then the
  // start tag's name being read; an end tag's name is compared with the
  // last one as it comes.
  char names_[EHC_XML_NAME_STACK];
  uint16_t namesUsed_ = 0;  // the open elements' names and their lengths
  char reference_[12];
  uint8_t nameUsed_ = 0, localAt_ = 0, referenceUsed_ = 0;
  uint8_t depth_ = 0;
  uint8_t bom_ = 0;    // bytes of a leading UTF-8 BOM seen
  uint8_t match_ = 0;  // progress through "[CDATA[", "--", "]]>", "?>"
  char quote_ = 0;
  State state_ = kText;
  XmlError error_ = XmlError::Ok;
  bool rootSeen_ = false, rootClosed_ = false;
  bool atStart_ = true;     // nothing but a BOM yet: the XML declaration may come
  bool ltAtStart_ = false;  // the '<' being read was the first character
  bool afterCr_ = false;    // the last byte was a CR (an LF now ends the same line)
};

EHC_END_NAMESPACE
