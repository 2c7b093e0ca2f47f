#include "soap_reader.h"

#include <string.h>

#include "../json/decimal_number.h"

EHC_BEGIN_NAMESPACE

namespace {

bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool sameLetters(const char* a, const char* b, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x + 32);
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y + 32);
    if (x != y) return false;
  }
  return true;
}

bool named(const char* local, size_t n, const char* name) {
  return strlen(name) == n && sameLetters(local, name, n);
}

// The path's i-th segment matches this element.
bool segmentMatches(const char* seg, size_t n, const char* name, size_t length, size_t local) {
  if (memchr(seg, ':', n)) return n == length && sameLetters(seg, name, n);
  return n == length - local && sameLetters(seg, name + local, n);
}

// xsd's decimal / double lexical forms: [+-] digits [. digits] [(e|E) [+-] digits].
bool parseNumber(const char* s, size_t n, DecimalNumber* d) {
  d->reset();
  size_t i = 0, digits = 0;
  const auto digit = [&] { return i < n && s[i] >= '0' && s[i] <= '9'; };
  if (i < n && (s[i] == '+' || s[i] == '-')) d->negative = s[i++] == '-';
  for (; digit(); ++i, ++digits) d->addIntegerDigit(s[i]);
  if (i < n && s[i] == '.')
    for (++i; digit(); ++i, ++digits) d->addFractionDigit(s[i]);
  if (digits == 0) return false;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool negative = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    d->setExponentSign(negative);
    size_t exponentDigits = 0;
    for (; digit(); ++i, ++exponentDigits) d->addExponentDigit(s[i]);
    if (exponentDigits == 0) return false;
  }
  d->finishExponent();
  return i == n;
}

template <typename T>
BindStatus toInteger(const DecimalNumber& d, T* out) {
  int64_t v = 0;
  const BindStatus s = d.toInt64(&v);
  if (s != BindStatus::Found) return s;
  if (static_cast<int64_t>(static_cast<T>(v)) != v) return BindStatus::OutOfRange;
  *out = static_cast<T>(v);
  return BindStatus::Found;
}

// A scalar target from its element's text (blanks around it trimmed).
BindStatus convert(const SoapBinding& b, const char* text, size_t n) {
  while (n && isBlank(text[n - 1])) --n;
  if (b.kind == SoapTarget::Bool) {
    const bool yes = named(text, n, "true") || (n == 1 && text[0] == '1');
    if (!yes && !named(text, n, "false") && !(n == 1 && text[0] == '0'))
      return BindStatus::Mismatch;
    *static_cast<bool*>(b.target) = yes;
    return BindStatus::Found;
  }
  DecimalNumber d;
  if (!parseNumber(text, n, &d)) return BindStatus::Mismatch;
  switch (b.kind) {
    case SoapTarget::Int: return toInteger(d, static_cast<int*>(b.target));
    case SoapTarget::Long: return toInteger(d, static_cast<long*>(b.target));
    case SoapTarget::Float: return d.toFloat(static_cast<float*>(b.target));
    default: return d.toDouble(static_cast<double*>(b.target));
  }
}

bool isScalar(SoapTarget k) {
  return k != SoapTarget::Chars && k != SoapTarget::Text;
}

// The length of `s[0..n)` without a UTF-8 sequence its end cuts.
size_t wholeSequences(const char* s, size_t n) {
  size_t start = n;
  while (start > 0 && (static_cast<unsigned char>(s[start - 1]) & 0xC0) == 0x80) --start;
  if (start == 0) return n;
  const unsigned char lead = static_cast<unsigned char>(s[start - 1]);
  const size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  return n - (start - 1) < need ? start - 1 : n;
}

}  // namespace

void SoapReader::begin(const SoapBinding* bindings, uint8_t count, SoapFault* fault) {
  static const XmlVisitor kVisitor = {onOpen, onText, onClose};
  xml_.reset();
  xml_.setVisitor(&kVisitor, this);
  bindings_ = bindings;
  count_ = count;
  fault_ = fault;
  for (int i = 0; i < count_; ++i) {
    prefix_[0][i] = 1;
    status_[i] = static_cast<uint8_t>(BindStatus::Missing);
    capture_[i] = 0;
  }
  envelope_ = body_ = inFault_ = faultSeen_ = reasonTextRead_ = nodeRead_ = false;
  codeLevel_ = reasonLevel_ = fieldLevel_ = 0;
  field_ = Field::None;
}

void SoapReader::feed(const char* data, size_t length) {
  xml_.feed(data, length);
}

XmlError SoapReader::finish() {
  const XmlError e = xml_.finish();
  if (e != XmlError::Ok) {  // nothing of a broken document counts
    for (int i = 0; i < count_; ++i) {
      const BindStatus s = status(i);
      if (s == BindStatus::Found || s == BindStatus::Truncated)
        status_[i] = static_cast<uint8_t>(BindStatus::Invalid);
    }
    if (fault_) fault_->clear();
  } else if (fault_) {
    fault_->matched = faultSeen_;
  }
  return e;
}

void SoapReader::onOpen(void* self, const char* name, size_t length, size_t local, uint8_t depth) {
  auto* r = static_cast<SoapReader*>(self);
  r->openBindings(name, length, local, depth);
  if (r->fault_) r->openFault(name + local, length - local, depth);
}

void SoapReader::openBindings(const char* name, size_t length, size_t local, uint8_t depth) {
  bool capturing = false;
  for (int i = 0; i < count_; ++i) {
    const SoapBinding& b = bindings_[i];
    if (capture_[i]) {  // the element has children: it has no value of its own
      capture_[i] = 0;
      status_[i] = static_cast<uint8_t>(BindStatus::Mismatch);
      if (b.kind == SoapTarget::Chars) static_cast<char*>(b.target)[0] = '\0';
      if (b.kind == SoapTarget::Text) b.sink->clear(b.target);
    }
    const uint16_t parent = prefix_[depth - 1][i];
    uint16_t here = 1;
    int seg = 0;
    for (const char* s = b.path;; ++seg) {
      const char* dot = strchr(s, '.');
      const size_t n = dot ? static_cast<size_t>(dot - s) : strlen(s);
      if ((parent >> seg & 1) && segmentMatches(s, n, name, length, local))
        here = static_cast<uint16_t>(here | 1u << (seg + 1));
      if (!dot) break;
      s = dot + 1;
    }
    prefix_[depth][i] = here;
    if (!(here >> (seg + 1) & 1)) continue;
    capture_[i] = depth;  // the whole path ends here: read this element's text
    capturing = true;
    if (b.kind == SoapTarget::Chars) {
      written_[i] = 0;
      status_[i] = static_cast<uint8_t>(BindStatus::Missing);  // an earlier cut is not this one's
      static_cast<char*>(b.target)[0] = '\0';
    }
    if (b.kind == SoapTarget::Text) b.sink->clear(b.target);
  }
  if (capturing) {
    scalarUsed_ = 0;
    scalarTooLong_ = false;
  }
}

void SoapReader::openFault(const char* local, size_t n, uint8_t depth) {
  if (depth == 1) envelope_ = named(local, n, "Envelope");
  if (depth == 2) body_ = envelope_ && named(local, n, "Body");
  if (depth == 3) inFault_ = body_ && named(local, n, "Fault");
  if (!inFault_ || depth < 4 || field_ != Field::None) return;
  Field f = Field::None;
  if (depth == 4) {
    if (named(local, n, "faultcode")) f = Field::Code;
    if (named(local, n, "faultstring")) f = Field::String;
    if (named(local, n, "faultactor") || named(local, n, "Node")) f = Field::Actor;
    if (named(local, n, "Role")) f = Field::Role;
    if (named(local, n, "detail")) f = Field::Detail;
    if (named(local, n, "Code")) codeLevel_ = depth;
    if (named(local, n, "Reason")) reasonLevel_ = depth;
  } else if (depth == 5 && codeLevel_ && named(local, n, "Value")) {
    f = Field::Code;
  } else if (depth == 5 && reasonLevel_ && !reasonTextRead_ && named(local, n, "Text")) {
    f = Field::String;
  }
  if (f == Field::Role && nodeRead_) return;  // Node says the actor
  if (f == Field::None) return;
  field_ = f;
  fieldLevel_ = depth;
  fieldUsed_ = 0;
  size_t size = 0;
  fieldText(&size)[0] = '\0';
}

char* SoapReader::fieldText(size_t* size) {
  switch (field_) {
    case Field::Code: *size = sizeof fault_->faultCode.text; return fault_->faultCode.text;
    case Field::String: *size = sizeof fault_->faultString.text; return fault_->faultString.text;
    case Field::Detail: *size = sizeof fault_->detail.text; return fault_->detail.text;
    default: *size = sizeof fault_->faultActor.text; return fault_->faultActor.text;
  }
}

void SoapReader::appendField(const char* data, size_t length) {
  size_t size = 0;
  char* text = fieldText(&size);
  for (size_t k = 0; k < length; ++k) {
    if (fieldUsed_ == 0 && isBlank(data[k])) continue;  // leading blanks trimmed
    if (fieldUsed_ + 1 >= size) {
      fault_->truncated = true;
      break;
    }
    text[fieldUsed_++] = data[k];
  }
  text[fieldUsed_] = '\0';
}

void SoapReader::onText(void* self, const char* data, size_t length) {
  auto* r = static_cast<SoapReader*>(self);
  const uint8_t depth = r->xml_.depth();
  for (int i = 0; i < r->count_; ++i)
    if (r->capture_[i] == depth) r->appendCapture(i, data, length);
  // A field's own text; detail's also its descendants'.
  if (r->field_ != Field::None && (depth == r->fieldLevel_ || r->field_ == Field::Detail))
    r->appendField(data, length);
}

void SoapReader::appendCapture(int i, const char* data, size_t length) {
  const SoapBinding& b = bindings_[i];
  if (b.kind == SoapTarget::Text) return b.sink->append(b.target, data, length);
  if (b.kind == SoapTarget::Chars) {
    char* buf = static_cast<char*>(b.target);
    const size_t room = b.size - 1 - written_[i];
    const size_t n = length < room ? length : room;
    memcpy(buf + written_[i], data, n);
    written_[i] += n;
    buf[written_[i]] = '\0';
    if (n < length) status_[i] = static_cast<uint8_t>(BindStatus::Truncated);
    return;
  }
  // Every capture reads the current element: the scalars share one buffer
  // (filled once per piece, by the first scalar binding reading it).
  for (int k = 0; k < i; ++k)
    if (capture_[k] == capture_[i] && isScalar(bindings_[k].kind)) return;
  for (size_t k = 0; k < length; ++k) {
    if (scalarUsed_ == 0 && isBlank(data[k])) continue;
    if (scalarUsed_ == sizeof scalar_) {
      scalarTooLong_ = true;
      return;
    }
    scalar_[scalarUsed_++] = data[k];
  }
}

void SoapReader::onClose(void* self, uint8_t depth) {
  auto* r = static_cast<SoapReader*>(self);
  for (int i = 0; i < r->count_; ++i) {
    if (r->capture_[i] != depth) continue;
    r->capture_[i] = 0;
    r->closeBinding(i);
  }
  if (r->fault_) r->closeFault(depth);
}

void SoapReader::closeBinding(int i) {
  const SoapBinding& b = bindings_[i];
  BindStatus s = BindStatus::Found;
  if (b.kind == SoapTarget::Chars) {
    char* buf = static_cast<char*>(b.target);
    if (status(i) == BindStatus::Truncated) {
      written_[i] = wholeSequences(buf, written_[i]);
      buf[written_[i]] = '\0';
      s = BindStatus::Truncated;
    }
  } else if (isScalar(b.kind)) {
    s = scalarTooLong_ ? BindStatus::Mismatch : convert(b, scalar_, scalarUsed_);
  }
  status_[i] = static_cast<uint8_t>(s);
}

void SoapReader::closeFault(uint8_t depth) {
  if (field_ != Field::None && depth == fieldLevel_) {
    size_t size = 0;
    char* text = fieldText(&size);
    while (fieldUsed_ && isBlank(text[fieldUsed_ - 1])) --fieldUsed_;
    fieldUsed_ = wholeSequences(text, fieldUsed_);
    text[fieldUsed_] = '\0';
    if (field_ == Field::String) reasonTextRead_ = reasonLevel_ != 0;
    if (field_ == Field::Actor) nodeRead_ = true;
    field_ = Field::None;
  }
  if (depth == codeLevel_) codeLevel_ = 0;
  if (depth == reasonLevel_) reasonLevel_ = 0;
  if (depth == 3 && inFault_) {
    faultSeen_ = true;
    inFault_ = false;
  }
}

EHC_END_NAMESPACE
