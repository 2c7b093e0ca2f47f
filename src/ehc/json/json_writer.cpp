#include "json_writer.h"

#include <string.h>

#include "../core/error_text.h"
#include "../core/number_format.h"
#include "utf8.h"

EHC_BEGIN_NAMESPACE

namespace {

// In the order of the enum.
constexpr ErrorText kWriteTexts[] = {
    {"ok", "no error"},
    {"overflow", "the output did not fit the buffer"},
    {"not_finite", "NaN or infinity has no JSON form"},
    {"invalid_utf8", "a string is not valid UTF-8"},
    {"misuse", "a call out of JSON's grammar (a value without a key, an unbalanced end)"},
    {"too_deep", "nesting deeper than the writer allows"},
    {"sink_failed", "the sink did not take the output"},
};
static_assert(sizeof kWriteTexts / sizeof kWriteTexts[0] ==
                  static_cast<size_t>(WriteError::SinkFailed) + 1,
              "one text per error");

}  // namespace

const char* writeErrorName(WriteError e) {
  return errorTextName<kWriteTexts>(static_cast<size_t>(e));
}
const char* writeErrorMessage(WriteError e) {
  return errorTextMessage<kWriteTexts>(static_cast<size_t>(e));
}

JsonWriter::JsonWriter(char* buffer, size_t size) : buffer_(buffer), size_(size) {
  if (buffer_ && size_) buffer_[0] = '\0';
  if (!buffer_ || !size_) error_ = WriteError::Overflow;
}

JsonWriter::JsonWriter(Sink sink, void* user) : sink_(sink), user_(user) {
  if (!sink_) error_ = WriteError::SinkFailed;
}

void JsonWriter::put(const char* s, size_t n) {
  if (error_ != WriteError::Ok || n == 0) return;
  if (sink_) {
    if (sink_(user_, s, n))
      length_ += n;
    else
      fail(WriteError::SinkFailed);
    return;
  }
  const size_t room = size_ - 1 - length_;
  const size_t k = n < room ? n : room;
  memcpy(buffer_ + length_, s, k);
  length_ += k;
  buffer_[length_] = '\0';
  if (k < n) {
    trimPartialUtf8(buffer_, &length_);  // never end the cut inside a character
    fail(WriteError::Overflow);
  }
}

bool JsonWriter::beforeValue() {
  if (error_ != WriteError::Ok) return false;
  if (done_ || (inObject() && !keyPending_)) {
    fail(WriteError::Misuse);
    return false;
  }
  if (!inObject() && depth_ && ((nonEmpty_ >> (depth_ - 1)) & 1u)) putChar(',');
  return true;
}

void JsonWriter::afterValue() {
  keyPending_ = false;
  if (depth_ == 0)
    done_ = true;
  else
    nonEmpty_ |= 1u << (depth_ - 1);
}

JsonWriter& JsonWriter::open(char bracket, bool object) {
  if (!beforeValue()) return *this;
  if (depth_ >= kMaxDepth) {
    fail(WriteError::TooDeep);
    return *this;
  }
  putChar(bracket);
  keyPending_ = false;
  const uint32_t bit = 1u << depth_;
  objects_ = object ? objects_ | bit : objects_ & ~bit;
  nonEmpty_ &= ~bit;
  ++depth_;
  return *this;
}

JsonWriter& JsonWriter::close(char bracket, bool object) {
  if (error_ != WriteError::Ok) return *this;
  if (depth_ == 0 || inObject() != object || keyPending_) {
    fail(WriteError::Misuse);
    return *this;
  }
  putChar(bracket);
  --depth_;
  afterValue();
  return *this;
}

JsonWriter& JsonWriter::key(const char* name) {
  return key(name, name ? strlen(name) : 0);
}

JsonWriter& JsonWriter::keyText(const char* name, size_t length, bool pathEscapes) {
  if (error_ != WriteError::Ok) return *this;
  if (!inObject() || keyPending_ || !name) {
    fail(WriteError::Misuse);
    return *this;
  }
  if (!isValidUtf8(name, length)) {  // checked before the comma: nothing is written
    fail(WriteError::InvalidUtf8);
    return *this;
  }
  if ((nonEmpty_ >> (depth_ - 1)) & 1u) putChar(',');
  putString(name, length, pathEscapes);
  putChar(':');
  keyPending_ = true;
  return *this;
}

void JsonWriter::putString(const char* s, size_t n, bool pathEscapes) {
  putChar('"');
  size_t run = 0;  // start of the bytes that need no escape
  for (size_t i = 0; i < n; ++i) {
    uint8_t c = static_cast<uint8_t>(s[i]);
    if (pathEscapes && c == '\\' && i + 1 < n) {  // drop it, keep the next byte as it is
      put(s + run, i - run);
      run = ++i;
      c = static_cast<uint8_t>(s[i]);
    }
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    put(s + run, i - run);
    char esc[6] = {'\\', 0, 0, 0, 0, 0};
    size_t len = 2;
    switch (c) {
      case '"': esc[1] = '"'; break;
      case '\\': esc[1] = '\\'; break;
      case '\b': esc[1] = 'b'; break;
      case '\f': esc[1] = 'f'; break;
      case '\n': esc[1] = 'n'; break;
      case '\r': esc[1] = 'r'; break;
      case '\t': esc[1] = 't'; break;
      default: {
        static const char kHex[] = "0123456789abcdef";
        esc[1] = 'u';
        esc[2] = '0';
        esc[3] = '0';
        esc[4] = kHex[c >> 4];
        esc[5] = kHex[c & 15];
        len = 6;
      }
    }
    put(esc, len);
    run = i + 1;
  }
  put(s + run, n - run);
  putChar('"');
}

JsonWriter& JsonWriter::number(const char* text, size_t n) {
  if (!beforeValue()) return *this;
  put(text, n);
  afterValue();
  return *this;
}

JsonWriter& JsonWriter::signedValue(int64_t v) {
  char buf[kMaxNumberText];
  return number(buf, formatInt64(v, buf));
}

JsonWriter& JsonWriter::unsignedValue(uint64_t v) {
  char buf[kMaxNumberText];
  return number(buf, formatUint64(v, buf));
}

JsonWriter& JsonWriter::value(double v) {
  char buf[kMaxNumberText];
  return finiteNumber(buf, formatDouble(v, buf));
}

JsonWriter& JsonWriter::value(float v) {
  char buf[kMaxNumberText];
  return finiteNumber(buf, formatFloat(v, buf));
}

JsonWriter& JsonWriter::finiteNumber(const char* text, size_t n) {
  if (n == 0) {
    fail(WriteError::NotFinite);
    return *this;
  }
  return number(text, n);
}

JsonWriter& JsonWriter::value(decltype(nullptr)) {
  return number("null", 4);
}
JsonWriter& JsonWriter::value(bool v) {
  return v ? number("true", 4) : number("false", 5);
}

JsonWriter& JsonWriter::value(const char* s) {
  if (!s) return value(nullptr);
  return value(s, strlen(s));
}

JsonWriter& JsonWriter::value(const char* s, size_t length) {
  if (error_ == WriteError::Ok && !isValidUtf8(s, length)) {  // before the comma
    fail(WriteError::InvalidUtf8);
    return *this;
  }
  if (!beforeValue()) return *this;
  putString(s, length);
  afterValue();
  return *this;
}

JsonWriter& JsonWriter::raw(const char* json) {
  return raw(json, json ? strlen(json) : 0);
}
JsonWriter& JsonWriter::raw(const char* json, size_t length) {
  if (!json || length == 0) {  // would leave "[,1]" or {"a":}
    fail(WriteError::Misuse);
    return *this;
  }
  return number(json, length);
}

EHC_END_NAMESPACE
