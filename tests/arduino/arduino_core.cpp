#include <stdarg.h>
#include <time.h>
#include <unistd.h>

#include <string>

#include "Arduino.h"
#include "WiFi.h"

HardwareSerial Serial;
WiFiClass WiFi;

namespace {
uint64_t nowMicros() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000u + static_cast<uint64_t>(ts.tv_nsec) / 1000u;
}
const uint64_t kStart = nowMicros();

std::string formatInteger(unsigned long long v, int base, bool negative) {
  if (base < 2 || base > 36) base = 10;
  std::string digits;
  do {
    const unsigned d = static_cast<unsigned>(v % static_cast<unsigned>(base));
    digits.insert(digits.begin(), static_cast<char>(d < 10 ? '0' + d : 'A' + d - 10));
    v /= static_cast<unsigned>(base);
  } while (v);
  if (negative) digits.insert(digits.begin(), '-');
  return digits;
}
std::string formatDouble(double v, int digits) {
  if (isnan(v)) return "nan";
  if (isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  snprintf(buf, sizeof buf, "%.*f", digits < 0 ? 0 : digits, v);
  return buf;
}
}  // namespace

unsigned long millis() {
  return static_cast<unsigned long>((nowMicros() - kStart) / 1000u);
}
unsigned long micros() {
  return static_cast<unsigned long>(nowMicros() - kStart);
}
namespace {
uint8_t pinLevels[64];
}  // namespace

void pinMode(uint8_t, uint8_t) {}
void digitalWrite(uint8_t pin, uint8_t level) {
  pinLevels[pin % 64] = level;
}
int digitalRead(uint8_t pin) {
  return pinLevels[pin % 64];
}

void delay(unsigned long ms) {
  usleep(static_cast<useconds_t>(ms) * 1000u);
}
void yield() {
  usleep(0);
}

// --- Print -----------------------------------------------------------------------
size_t Print::print(const String& s) {
  return write(s.c_str(), s.length());
}
size_t Print::print(long long v, int base) {
  const bool neg = v < 0 && base == 10;
  const unsigned long long mag =
      neg ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
  const std::string s = formatInteger(mag, base, neg);
  return write(s.data(), s.size());
}
size_t Print::print(unsigned long long v, int base) {
  const std::string s = formatInteger(v, base, false);
  return write(s.data(), s.size());
}
size_t Print::print(double v, int digits) {
  const std::string s = formatDouble(v, digits);
  return write(s.data(), s.size());
}
size_t Print::printf(const char* format, ...) {
  char small[256];
  va_list ap;
  va_start(ap, format);
  const int n = vsnprintf(small, sizeof small, format, ap);
  va_end(ap);
  if (n < 0) return 0;
  if (static_cast<size_t>(n) < sizeof small) return write(small, static_cast<size_t>(n));
  std::string big(static_cast<size_t>(n) + 1, '\0');
  va_start(ap, format);
  vsnprintf(&big[0], big.size(), format, ap);
  va_end(ap);
  return write(big.data(), static_cast<size_t>(n));
}

// --- Serial ----------------------------------------------------------------------
size_t HardwareSerial::write(uint8_t c) {
  return fwrite(&c, 1, 1, stdout);
}
size_t HardwareSerial::write(const uint8_t* buf, size_t size) {
  return fwrite(buf, 1, size, stdout);
}
void HardwareSerial::flush() {
  fflush(stdout);
}

// --- Stream ----------------------------------------------------------------------
int Stream::timedRead() {
  const unsigned long start = millis();
  do {
    const int c = read();
    if (c >= 0) return c;
    yield();
  } while (millis() - start < timeout_);
  return -1;
}
size_t Stream::readBytes(char* buffer, size_t length) {
  size_t n = 0;
  while (n < length) {
    const int c = timedRead();
    if (c < 0) break;
    buffer[n++] = static_cast<char>(c);
  }
  return n;
}
String Stream::readString() {
  String s;
  for (int c; (c = timedRead()) >= 0;) s += static_cast<char>(c);
  return s;
}
String Stream::readStringUntil(char terminator) {
  String s;
  for (int c; (c = timedRead()) >= 0 && c != terminator;) s += static_cast<char>(c);
  return s;
}

// --- String ----------------------------------------------------------------------
String::String(long v, unsigned char base)
    : s_(formatInteger(v < 0 && base == 10 ? 0ull - static_cast<unsigned long long>(v)
                                           : static_cast<unsigned long long>(v),
                       base, v < 0 && base == 10)) {}
String::String(unsigned long v, unsigned char base) : s_(formatInteger(v, base, false)) {}
String::String(long long v, unsigned char base)
    : s_(formatInteger(v < 0 && base == 10 ? 0ull - static_cast<unsigned long long>(v)
                                           : static_cast<unsigned long long>(v),
                       base, v < 0 && base == 10)) {}
String::String(unsigned long long v, unsigned char base) : s_(formatInteger(v, base, false)) {}
String::String(double v, unsigned int decimals) : s_(formatDouble(v, static_cast<int>(decimals))) {}

bool String::equalsIgnoreCase(const String& o) const {
  if (s_.size() != o.s_.size()) return false;
  for (size_t i = 0; i < s_.size(); ++i)
    if (tolower(static_cast<unsigned char>(s_[i])) != tolower(static_cast<unsigned char>(o.s_[i])))
      return false;
  return true;
}
String String::substring(unsigned int from, unsigned int to) const {
  if (from > to) {
    const unsigned int t = from;
    from = to;
    to = t;
  }
  if (from >= s_.size()) return String();
  if (to > s_.size()) to = static_cast<unsigned int>(s_.size());
  return String(s_.substr(from, to - from).c_str());
}
void String::replace(const String& find, const String& with) {
  if (find.s_.empty()) return;
  for (size_t p = 0; (p = s_.find(find.s_, p)) != std::string::npos; p += with.s_.size())
    s_.replace(p, find.s_.size(), with.s_);
}
void String::replace(char find, char with) {
  for (char& c : s_)
    if (c == find) c = with;
}
void String::remove(unsigned int index, unsigned int count) {
  if (index < s_.size()) s_.erase(index, count);
}
void String::toLowerCase() {
  for (char& c : s_) c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
}
void String::toUpperCase() {
  for (char& c : s_) c = static_cast<char>(toupper(static_cast<unsigned char>(c)));
}
void String::trim() {
  const size_t b = s_.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) {
    s_.clear();
    return;
  }
  s_ = s_.substr(b, s_.find_last_not_of(" \t\r\n") - b + 1);
}
long String::toInt() const {
  return strtol(s_.c_str(), nullptr, 10);
}
double String::toDouble() const {
  return strtod(s_.c_str(), nullptr);
}

// --- IPAddress -------------------------------------------------------------------
bool IPAddress::fromString(const char* s) {
  unsigned a, b, c, d;
  char tail;
  if (sscanf(s, "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4 || a > 255 || b > 255 || c > 255 ||
      d > 255)
    return false;
  *this = IPAddress(static_cast<uint8_t>(a), static_cast<uint8_t>(b), static_cast<uint8_t>(c),
                    static_cast<uint8_t>(d));
  return true;
}
size_t IPAddress::printTo(Print& p) const {
  return p.printf("%u.%u.%u.%u", bytes_[0], bytes_[1], bytes_[2], bytes_[3]);
}

String IPAddress::toString() const {
  char buf[16];
  snprintf(buf, sizeof buf, "%u.%u.%u.%u", bytes_[0], bytes_[1], bytes_[2], bytes_[3]);
  return String(buf);
}

EspClass ESP;
