// Text compressed by zlib, the reference: the fault server's gzip bodies and
// the tests' expected bytes come from this one function.
#pragma once

#include <zlib.h>

#include <string>

namespace ehc_tools {

// windowBits as deflateInit2 takes them: 15 + 16 gzip, 15 zlib, -15 raw.
inline std::string compressed(const std::string& text, int windowBits = 31, int level = 6) {
  z_stream z{};
  deflateInit2(&z, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, text.size()) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(&out[0]);
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

}  // namespace ehc_tools
