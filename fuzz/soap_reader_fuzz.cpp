// Fuzzes SoapRequest's answer reader (client/soap_reader.h) over the XML
// scanner: the input read whole and at input-chosen split points must give
// the same statuses, the same values in every target and the same fault;
// a char target is always NUL-terminated within its buffer and never ends
// inside a UTF-8 sequence it cut; a Found value needs a well-formed
// document; sanitizers catch the rest.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <string>

#include "ehc/client/soap_reader.h"
#include "ehc/json/json_text_targets.h"
#include "fuzz_split.h"

namespace {

struct Seen {
  int i;
  long l;
  double d;
  float f;
  bool b;
  char text[8];
  std::string grown;
  uint8_t status[7];
  int error;
  ehc::SoapFault fault;
};

void run(const uint8_t* data, size_t size, const uint8_t* splits, size_t nsplits, Seen* s) {
  s->i = 0, s->l = 0, s->d = 0, s->f = 0, s->b = false;
  memset(s->text, 0x55, sizeof s->text);
  s->grown.clear();
  const ehc::SoapBinding bindings[] = {
      {"Result", &s->i, 0, nullptr, ehc::SoapTarget::Int},
      {"Body.L", &s->l, 0, nullptr, ehc::SoapTarget::Long},
      {"m:D", &s->d, 0, nullptr, ehc::SoapTarget::Double},
      {"Envelope.Body.F", &s->f, 0, nullptr, ehc::SoapTarget::Float},
      {"b", &s->b, 0, nullptr, ehc::SoapTarget::Bool},
      {"t", s->text, sizeof s->text, nullptr, ehc::SoapTarget::Chars},
      {"t", &s->grown, 0, ehc::stdStringSink(), ehc::SoapTarget::Text},
  };
  ehc::SoapReader r;
  r.begin(bindings, 7, &s->fault);
  fuzz_split::feedInPieces(data, size, splits, nsplits, [&](const uint8_t* d, size_t n) {
    r.feed(reinterpret_cast<const char*>(d), n);
    return true;
  });
  s->error = static_cast<int>(r.finish());
  for (int b = 0; b < 7; ++b) {
    s->status[b] = static_cast<uint8_t>(r.status(b));
    const bool found =
        r.status(b) == ehc::BindStatus::Found || r.status(b) == ehc::BindStatus::Truncated;
    if (found && s->error != 0) abort();
  }
  if (memchr(s->text, '\0', sizeof s->text) == nullptr && static_cast<uint8_t>(s->text[0]) != 0x55)
    abort();
  if (s->error != 0 && s->fault.matched) abort();
}

bool same(const Seen& a, const Seen& b) {
  const size_t text = strnlen(a.text, sizeof a.text);
  return a.i == b.i && a.l == b.l && memcmp(&a.d, &b.d, sizeof a.d) == 0 &&
         memcmp(&a.f, &b.f, sizeof a.f) == 0 && a.b == b.b &&
         memcmp(a.text, b.text, text < sizeof a.text ? text + 1 : text) == 0 &&
         a.grown == b.grown && memcmp(a.status, b.status, sizeof a.status) == 0 &&
         a.error == b.error && a.fault.matched == b.fault.matched &&
         a.fault.truncated == b.fault.truncated && a.fault.faultCode == b.fault.faultCode.c_str() &&
         a.fault.faultString == b.fault.faultString.c_str() &&
         a.fault.faultActor == b.fault.faultActor.c_str() &&
         a.fault.detail == b.fault.detail.c_str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fuzz_split::Pieces pieces = fuzz_split::takeHeader(data, size);
  static Seen whole, split;
  run(data, size, nullptr, 0, &whole);
  run(data, size, pieces.sizes, sizeof pieces.sizes, &split);
  if (!same(whole, split)) {
    fprintf(stderr, "whole/split differ: error %d/%d\n", whole.error, split.error);
    abort();
  }
  return 0;
}
