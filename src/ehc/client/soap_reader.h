// What a SoapRequest reads from its answer as it streams: the values at its
// getBody() paths and the SOAP Fault, through the XML scanner, into fixed
// storage (String targets excepted, which grow on the heap by choice).
//
// A path is element local names joined by '.', matched against the end of
// the open elements' chain, case-insensitively as ESP32-HTTP-Client does:
// "NumberToWordsResult" is that element anywhere, "Response.Result" a
// Result inside a Response, "Envelope.Body.Response.Result" the whole
// chain. A segment with a ':' is compared with the qualified name
// ("m:Result"), others with the local name (namespace prefixes ignored).
// The value is the element's text (entities decoded, CDATA as it is, every
// CR LF or lone CR as one LF, as XML 1.0 says); an element with child
// elements is a Mismatch. Numbers take xsd's lexical forms (optional sign,
// fraction, exponent; blanks around are trimmed), converted exactly and
// range-checked; bool takes true/false/1/0. The last matching element
// wins. A value is Found only when its element ended; if
// the document is not well-formed, no binding is Found and no fault is read.
//
// The fault: Envelope/Body/Fault's faultcode, faultstring, faultactor,
// detail (SOAP 1.1) or Code/Value, Reason/Text (the first), Node (else
// Role), Detail (SOAP 1.2), leading and trailing blanks trimmed; detail is
// the text of all its descendants. A field longer than its buffer keeps its
// start (cut at a UTF-8 boundary) and sets SoapFault::truncated.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../codec/xml_scanner.h"
#include "../config.h"
#include "../json/json_binder.h"
#include "text_buffer.h"

EHC_BEGIN_NAMESPACE

static_assert(EHC_SOAP_MAX_BINDINGS >= 1 && EHC_SOAP_MAX_BINDINGS <= EHC_MAX_BINDINGS,
              "EHC_SOAP_MAX_BINDINGS must be 1..EHC_MAX_BINDINGS");

// The original's SoapFault (SoapTypes.h), with fixed-size text fields:
// f.faultCode.c_str(), .length(), .isEmpty(), printing, all work as on its
// String fields.
struct SoapFault {
  bool matched = false;  // a Fault was in the answer
  TextBuffer<EHC_SOAP_FAULT_CODE_SIZE> faultCode;
  TextBuffer<EHC_SOAP_FAULT_STRING_SIZE> faultString;
  TextBuffer<EHC_SOAP_FAULT_ACTOR_SIZE> faultActor;
  TextBuffer<EHC_SOAP_FAULT_DETAIL_SIZE> detail;
  bool truncated = false;  // a field was longer than its buffer (its start is kept)

  void clear() { *this = SoapFault(); }
};

enum class SoapTarget : uint8_t { Int, Long, Float, Double, Bool, Chars, Text };

struct SoapBinding {
  const char* path;
  void* target;
  size_t size;           // Chars: the buffer's size
  const TextSink* sink;  // Text: how the string grows
  SoapTarget kind;
};

class SoapReader {
 public:
  // bindings[0..count) live until finish(); the fault is written into `fault`.
  void begin(const SoapBinding* bindings, uint8_t count, SoapFault* fault);
  void feed(const char* data, size_t length);
  // The document's outcome; the statuses are final after it.
  XmlError finish();
  BindStatus status(int i) const { return static_cast<BindStatus>(status_[i]); }

 private:
  enum class Field : uint8_t { None, Code, String, Actor, Role, Detail };
  static constexpr int kLevels = EHC_XML_MAX_DEPTH + 1;

  static void onOpen(void* self, const char* name, size_t length, size_t local, uint8_t depth);
  static void onText(void* self, const char* data, size_t length);
  static void onClose(void* self, uint8_t depth);
  void openBindings(const char* name, size_t length, size_t local, uint8_t depth);
  void openFault(const char* local, size_t length, uint8_t depth);
  void closeBinding(int i);
  void closeFault(uint8_t depth);
  void appendCapture(int i, const char* data, size_t length);
  void appendField(const char* data, size_t length);
  char* fieldText(size_t* size);

  XmlScanner xml_;
  const SoapBinding* bindings_ = nullptr;
  SoapFault* fault_ = nullptr;
  uint8_t count_ = 0;
  // Per level, per binding: bit i says the path's first i segments match
  // the elements ending at that level (bit 0 always: a match may start anywhere).
  uint16_t prefix_[kLevels][EHC_SOAP_MAX_BINDINGS];
  uint8_t status_[EHC_SOAP_MAX_BINDINGS];
  uint8_t capture_[EHC_SOAP_MAX_BINDINGS];  // the level a binding reads the text of, 0: none
  size_t written_[EHC_SOAP_MAX_BINDINGS];   // Chars: bytes in the buffer
  char scalar_[48];  // a number's or bool's text (every capture is of the current element)
  uint8_t scalarUsed_ = 0;
  bool scalarTooLong_ = false;
  // The fault: the path to it, the field being read and from which level.
  bool envelope_ = false, body_ = false, inFault_ = false, faultSeen_ = false;
  bool reasonTextRead_ = false, nodeRead_ = false;
  uint8_t codeLevel_ = 0, reasonLevel_ = 0;
  Field field_ = Field::None;
  uint8_t fieldLevel_ = 0;
  size_t fieldUsed_ = 0;
};

EHC_END_NAMESPACE
