// The inflater against Debian's zlib: data compressed by zlib at every
// level and strategy, in the three formats, must come out as it went in,
// fed whole, byte by byte and at many splits; streams zlib refuses must be
// refused (with the outcome zlib has up to the error), with a clear error.
#include "ehc/codec/inflate.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <stdint.h>
#include <string.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "ehc/codec/checksum.h"
#include "split_feed.h"
#include "zlib_reference.h"

using ehc::InflateError;
using std::string_literals::operator""s;
using ehc::InflateFormat;
using ehc_test::compress;
using ehc_test::Compression;
using ehc_test::feedPieces;
using ehc_test::splitPatterns;
using ehc_test::zlibInflate;

namespace {

struct Outcome {
  InflateError error = InflateError::Ok;
  uint64_t errorOffset = 0;
  std::string out;
  uint32_t members = 0;
  size_t largestPiece = 0;  // not compared: it depends on the split
  bool operator==(const Outcome& o) const {
    return error == o.error && errorOffset == o.errorOffset && out == o.out && members == o.members;
  }
};

struct Options {
  size_t window = 32768;
  size_t stopAfter = SIZE_MAX;  // the sink refuses the piece that passes this many bytes
};

struct Sink {
  Outcome* outcome;
  size_t stopAfter;
};

Outcome inflateOnce(const std::string& in, InflateFormat format, const std::vector<size_t>& pieces,
                    const Options& o = {}) {
  std::vector<uint8_t> window(o.window);
  ehc::Inflater inflater(window.data(), window.size());
  Outcome r;
  Sink sink{&r, o.stopAfter};
  inflater.begin(format, {[](void* u, const uint8_t* d, size_t n) {
                            auto* s = static_cast<Sink*>(u);
                            EXPECT_GT(n, 0u);
                            s->outcome->out.append(reinterpret_cast<const char*>(d), n);
                            s->outcome->largestPiece = std::max(s->outcome->largestPiece, n);
                            return s->outcome->out.size() <= s->stopAfter;
                          },
                          &sink});
  feedPieces(in, pieces, [&](const char* d, size_t n) { return inflater.feed(d, n); });
  r.error = inflater.finish();
  r.errorOffset = inflater.errorOffset();
  r.members = inflater.gzipMembers();
  EXPECT_LE(r.largestPiece, o.window);
  if (r.error == InflateError::Ok) EXPECT_EQ(inflater.bytesIn(), in.size());
  return r;
}

// Every split must give the outcome of the whole input.
Outcome inflateAllWays(const std::string& in, InflateFormat format, const Options& o = {},
                       int randomRounds = 6) {
  const Outcome whole = inflateOnce(in, format, {}, o);
  for (const auto& pattern : splitPatterns(in.size(), randomRounds)) {
    const Outcome split = inflateOnce(in, format, pattern.pieces, o);
    EXPECT_TRUE(split == whole) << "split " << pattern.name << ": "
                                << ehc::inflateErrorName(split.error) << " vs "
                                << ehc::inflateErrorName(whole.error) << ", " << split.out.size()
                                << " vs " << whole.out.size() << " bytes";
    if (!(split == whole)) break;
  }
  return whole;
}

// For the big matrices: whole and three splits (small pieces and single
// bytes among them).
Outcome inflateFewWays(const std::string& in, InflateFormat format, const Options& o = {}) {
  const Outcome whole = inflateOnce(in, format, {}, o);
  for (const std::vector<size_t>& pieces : {std::vector<size_t>{7}, {1460}, {3, 1, 200}})
    EXPECT_TRUE(inflateOnce(in, format, pieces, o) == whole) << "split " << pieces[0];
  return whole;
}

int zlibWindowBits(InflateFormat f) {
  switch (f) {
    case InflateFormat::Raw: return -15;
    case InflateFormat::Zlib: return 15;
    case InflateFormat::Gzip: return 31;
    case InflateFormat::ZlibOrRaw: break;
  }
  return 15;
}

const InflateFormat kFormats[] = {InflateFormat::Raw, InflateFormat::Zlib, InflateFormat::Gzip};

std::string readFile(const std::string& path) {
  FILE* f = fopen(path.c_str(), "rb");
  std::string s;
  if (!f) return s;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
  fclose(f);
  return s;
}

std::vector<std::string> corpusFiles() {
  std::vector<std::string> out;
  for (const char* dir :
       {"/testdata/corpus", "/testdata/corpus/small", "/testdata/jsonplaceholder"}) {
    const std::string path = std::string(EHC_SHARED_DIR) + dir;
    DIR* d = opendir(path.c_str());
    if (!d) continue;
    while (dirent* e = readdir(d))
      if (e->d_type == DT_REG) out.push_back(path + "/" + e->d_name);
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Text, random bytes, runs and far repeats: every kind of block and match.
std::string mixedData(size_t size, unsigned seed) {
  std::mt19937 rng(seed);
  const std::string text = readFile(std::string(EHC_SHARED_DIR) + "/testdata/corpus/twitter.json");
  std::string s;
  while (s.size() < size) {
    switch (rng() % 5) {
      case 0: s += text.substr(rng() % (text.size() - 4096), 1 + rng() % 4096); break;
      case 1:
        for (unsigned n = 1 + rng() % 2000; n; --n) s += static_cast<char>(rng());
        break;
      case 2: s.append(1 + rng() % 600, static_cast<char>(rng())); break;
      case 3:  // something from up to 32 KB back
        if (s.size() > 300) {
          const size_t back = 1 + rng() % std::min<size_t>(s.size() - 1, 32768);
          s += s.substr(s.size() - back, std::min<size_t>(back, 3 + rng() % 255));
        }
        break;
      default: s += "abcabcabcabd"; break;
    }
  }
  s.resize(size);
  return s;
}

TEST(Inflate, EveryLevelStrategyAndFormatOfZlib) {
  const std::string data = mixedData(70000, 1);  // more than a window
  const int strategies[] = {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED};
  for (InflateFormat format : kFormats) {
    for (int level = 0; level <= 9; ++level) {
      for (int strategy : strategies) {
        Compression c;
        c.level = level;
        c.strategy = strategy;
        c.windowBits = zlibWindowBits(format);
        const std::string z = compress(data, c);
        SCOPED_TRACE("format " + std::to_string(static_cast<int>(format)) + " level " +
                     std::to_string(level) + " strategy " + std::to_string(strategy));
        const Outcome r = inflateFewWays(z, format);
        EXPECT_EQ(r.error, InflateError::Ok) << ehc::inflateErrorName(r.error);
        EXPECT_TRUE(r.out == data);
      }
    }
  }
}

TEST(Inflate, RealDataAtEveryLevel) {
  const auto files = corpusFiles();
  ASSERT_GE(files.size(), 20u) << "no test data under " << EHC_SHARED_DIR;
  for (const auto& path : files) {
    const std::string data = readFile(path);
    const bool big = data.size() > 1000000;  // (zlib at level 9 on them would take long)
    for (int level : {1, 6, 9}) {
      if (big && level != 6) continue;
      Compression c;
      c.level = level;
      c.windowBits = 31;
      const std::string z = compress(data, c);
      SCOPED_TRACE(path + " level " + std::to_string(level));
      for (const std::vector<size_t>& pieces : {std::vector<size_t>{}, {1460}, {7, 512, 3}}) {
        if (big && pieces.size() > 1) continue;
        const Outcome r = inflateOnce(z, InflateFormat::Gzip, pieces);
        EXPECT_EQ(r.error, InflateError::Ok) << ehc::inflateErrorName(r.error);
        EXPECT_TRUE(r.out == data);
      }
    }
  }
}

TEST(Inflate, EmptyTinyAndLongOutputs) {
  for (const std::string data : {std::string(), std::string("x"), std::string(3000000, 'z')}) {
    for (InflateFormat format : kFormats) {
      Compression c;
      c.windowBits = zlibWindowBits(format);
      const Outcome r = inflateAllWays(compress(data, c), format, {}, 1);
      EXPECT_EQ(r.error, InflateError::Ok);
      EXPECT_TRUE(r.out == data) << data.size();
    }
  }
}

TEST(Inflate, FlushesInsideTheStream) {
  // Sync and full flushes end a block with an empty stored one, a partial
  // flush with empty fixed blocks, Z_BLOCK at odd bit positions.
  const std::string data = mixedData(60000, 2);
  for (int mode : {Z_SYNC_FLUSH, Z_FULL_FLUSH, Z_PARTIAL_FLUSH, Z_BLOCK}) {
    for (size_t every : {1u, 100u, 5000u}) {
      Compression c;
      c.windowBits = 31;
      c.flushMode = mode;
      c.flushEvery = every;
      const Outcome r = inflateFewWays(compress(data, c), InflateFormat::Gzip);
      EXPECT_EQ(r.error, InflateError::Ok) << mode << " every " << every;
      EXPECT_TRUE(r.out == data) << mode << " every " << every;
    }
  }
}

TEST(Inflate, SmallerWindows) {
  const std::string data = mixedData(80000, 3);
  for (int bits = 9; bits <= 15; ++bits) {
    Compression c;
    c.windowBits = bits;
    const std::string z = compress(data, c);
    for (size_t window = 256; window <= 32768; window *= 2) {
      const Outcome r = inflateFewWays(z, InflateFormat::Zlib, {window});
      // zlib's distances reach 262 bytes less than its window; the data has
      // repeats everywhere up to 32 KB back, so a smaller window meets them
      // (except 256 for 512, which no distance passes).
      if (window >= (size_t{1} << bits) - 262) {
        EXPECT_EQ(r.error, InflateError::Ok) << bits << " " << window;
        EXPECT_TRUE(r.out == data);
      } else {
        EXPECT_EQ(r.error, InflateError::WindowTooSmall) << bits << " " << window;
        EXPECT_TRUE(data.compare(0, r.out.size(), r.out) == 0) << "only correct bytes come out";
      }
    }
  }
  for (size_t bad : {0u, 100u, 1000u, 65536u}) {
    std::vector<uint8_t> window(bad + 1);
    ehc::Inflater inflater(window.data(), bad);
    inflater.begin(InflateFormat::Raw, {});
    EXPECT_TRUE(inflater.failed());
    EXPECT_FALSE(inflater.feed("\x03\x00", 2));
    EXPECT_EQ(inflater.finish(), InflateError::BadWindowSize);
  }
}

TEST(Inflate, GzipHeaderFieldsAndMembers) {
  const std::string one = mixedData(40000, 4), two = "second member";
  std::string extra =
                  "AB\x04\x00"
                  "data"s,
              name = "file.json", comment = "a comment";
  gz_header h{};
  h.extra = reinterpret_cast<Bytef*>(&extra[0]);
  h.extra_len = static_cast<uInt>(extra.size());
  h.name = reinterpret_cast<Bytef*>(&name[0]);
  h.comment = reinterpret_cast<Bytef*>(&comment[0]);
  h.hcrc = 1;
  Compression c;
  c.windowBits = 31;
  c.header = &h;
  const std::string first = compress(one, c);
  EXPECT_EQ(static_cast<uint8_t>(first[3]), 2 | 4 | 8 | 16);  // every optional field
  Compression plain;
  plain.windowBits = 31;
  const std::string stream = first + compress(two, plain) + compress("", plain);
  const Outcome r = inflateAllWays(stream, InflateFormat::Gzip);
  EXPECT_EQ(r.error, InflateError::Ok);
  EXPECT_TRUE(r.out == one + two);
  EXPECT_EQ(r.members, 3u);
  EXPECT_TRUE(zlibInflate(stream, 31).out == r.out);

  std::string badCrc = first;
  const size_t hcrc = 10 + 2 + extra.size() + name.size() + 1 + comment.size() + 1;
  badCrc[hcrc] = static_cast<char>(badCrc[hcrc] ^ 1);
  const Outcome bad = inflateAllWays(badCrc, InflateFormat::Gzip);
  EXPECT_EQ(bad.error, InflateError::HeaderCrcMismatch);
  EXPECT_EQ(bad.errorOffset, hcrc + 2);
  EXPECT_FALSE(zlibInflate(badCrc, 31).ok);
}

TEST(Inflate, ChecksumsAndSizesAreChecked) {
  const std::string data = mixedData(20000, 5);
  Compression gz;
  gz.windowBits = 31;
  const std::string g = compress(data, gz);
  auto flipped = [](std::string s, size_t at) {
    s[at] = static_cast<char>(s[at] ^ 0x10);
    return s;
  };
  struct Case {
    std::string in;
    InflateFormat format;
    InflateError error;
  } cases[] = {
      {flipped(g, g.size() - 8), InflateFormat::Gzip, InflateError::CrcMismatch},
      {flipped(g, g.size() - 1), InflateFormat::Gzip, InflateError::SizeMismatch},
      {flipped(g, g.size() - 4), InflateFormat::Gzip, InflateError::SizeMismatch},
      {flipped(compress(data), compress(data).size() - 1), InflateFormat::Zlib,
       InflateError::AdlerMismatch},
  };
  for (const auto& c : cases) {
    const Outcome r = inflateAllWays(c.in, c.format);
    EXPECT_EQ(r.error, c.error) << ehc::inflateErrorName(r.error);
    EXPECT_EQ(r.errorOffset, c.in.size());
    EXPECT_TRUE(r.out == data) << "the data came out before the check";
    EXPECT_FALSE(zlibInflate(c.in, zlibWindowBits(c.format)).ok);
  }
}

TEST(Inflate, EveryProperPrefixIsTruncated) {
  for (InflateFormat format : kFormats) {
    Compression c;
    c.windowBits = zlibWindowBits(format);
    const std::string z = compress(mixedData(3000, 6), c);
    for (size_t n = 0; n < z.size(); ++n) {
      const Outcome r = inflateOnce(z.substr(0, n), format, {});
      ASSERT_EQ(r.error, InflateError::Truncated) << n << " of " << z.size();
      EXPECT_EQ(r.errorOffset, n);
      EXPECT_TRUE(r.out == inflateOnce(z.substr(0, n), format, {1}).out);
    }
  }
}

TEST(Inflate, TrailingBytes) {
  Compression gz;
  gz.windowBits = 31;
  const std::string g = compress("hello", gz), z = compress("hello");
  Compression raw;
  raw.windowBits = -15;
  const std::string r = compress("hello", raw);
  struct Case {
    std::string in;
    InflateFormat format;
    InflateError error;
    uint64_t offset;
    std::string out = "hello";
  } cases[] = {
      {z + "x", InflateFormat::Zlib, InflateError::TrailingGarbage, z.size()},
      {r + "\0"s, InflateFormat::Raw, InflateError::TrailingGarbage, r.size()},
      // After a gzip member: taken as far as it fails to be another one.
      {g + "garbage", InflateFormat::Gzip, InflateError::TrailingGarbage, g.size() + 1},
      {g + "\x1f\x8c", InflateFormat::Gzip, InflateError::TrailingGarbage, g.size() + 2},
      {g + "\0\0\0\0"s, InflateFormat::Gzip, InflateError::TrailingGarbage, g.size() + 1},
      {g + "\x1f", InflateFormat::Gzip, InflateError::Truncated, g.size() + 1},
      // A cut second member: what it had decoded came out.
      {g + g.substr(0, 12), InflateFormat::Gzip, InflateError::Truncated, g.size() + 12, "helloh"},
  };
  for (const auto& c : cases) {
    const Outcome o = inflateAllWays(c.in, c.format);
    EXPECT_EQ(o.error, c.error) << ehc::inflateErrorName(o.error);
    EXPECT_EQ(o.errorOffset, c.offset);
    EXPECT_EQ(o.out, c.out);
    EXPECT_FALSE(zlibInflate(c.in, zlibWindowBits(c.format)).ok);
  }
}

TEST(Inflate, HttpDeflateIsZlibOrRaw) {
  const std::string data = mixedData(30000, 7);
  Compression raw;
  raw.windowBits = -15;
  for (const std::string& z : {compress(data), compress(data, raw)}) {
    const Outcome r = inflateAllWays(z, InflateFormat::ZlibOrRaw);
    EXPECT_EQ(r.error, InflateError::Ok);
    EXPECT_TRUE(r.out == data);
  }
  // A zlib header is checked as one (its Adler-32 too).
  std::string z = compress(data);
  z.back() = static_cast<char>(z.back() ^ 1);
  EXPECT_EQ(inflateAllWays(z, InflateFormat::ZlibOrRaw).error, InflateError::AdlerMismatch);
}

TEST(Inflate, TheSinkCanStopIt) {
  const std::string data = mixedData(100000, 8);
  const std::string z = compress(data);
  Options o;
  o.stopAfter = 50000;
  const Outcome r = inflateOnce(z, InflateFormat::Zlib, {}, o);
  EXPECT_EQ(r.error, InflateError::Stopped);
  EXPECT_GT(r.out.size(), 50000u);
  EXPECT_TRUE(data.compare(0, r.out.size(), r.out) == 0);
  std::vector<uint8_t> window(32768);
  ehc::Inflater inflater(window.data(), window.size());
  inflater.begin(InflateFormat::Zlib,
                 {[](void*, const uint8_t*, size_t) { return false; }, nullptr});
  EXPECT_FALSE(inflater.feed(z.data(), z.size()));
  EXPECT_FALSE(inflater.feed(z.data(), z.size()));
  EXPECT_EQ(inflater.finish(), InflateError::Stopped);
}

// --- hand-made streams for each decoding error -----------------------------------

// Bits as deflate packs them: fields lowest bit first, Huffman codes first
// bit (most significant) first.
struct BitWriter {
  std::string out;
  uint32_t acc = 0;
  int n = 0;
  BitWriter& bits(uint32_t value, int count) {
    for (int i = 0; i < count; ++i) {
      acc |= ((value >> i) & 1u) << n;
      if (++n == 8) {
        out += static_cast<char>(acc);
        acc = 0;
        n = 0;
      }
    }
    return *this;
  }
  BitWriter& code(uint32_t value, int length) {
    for (int i = length - 1; i >= 0; --i) bits(value >> i, 1);
    return *this;
  }
  // The fixed code of a literal/length symbol (RFC 1951 3.2.6).
  BitWriter& fixed(unsigned symbol) {
    if (symbol < 144) return code(0x30 + symbol, 8);
    if (symbol < 256) return code(0x190 + symbol - 144, 9);
    if (symbol < 280) return code(symbol - 256, 7);
    return code(0xC0 + symbol - 280, 8);
  }
  std::string done() {
    std::string s = out;
    if (n) s += static_cast<char>(acc);
    return s;
  }
};

// Canonical codes for the lengths (RFC 1951 3.2.2).
std::vector<uint32_t> canonical(const std::vector<int>& lengths) {
  int count[16] = {};
  for (int l : lengths) ++count[l];
  count[0] = 0;
  uint32_t next[16] = {}, code = 0;
  for (int l = 1; l < 16; ++l) next[l] = code = (code + count[l - 1]) << 1;
  std::vector<uint32_t> out(lengths.size());
  for (size_t s = 0; s < lengths.size(); ++s)
    if (lengths[s]) out[s] = next[lengths[s]]++;
  return out;
}

// A dynamic block header: HLIT, HDIST, the code length code (lengths by
// symbol, all 19 sent), then `tokens` (code length symbols, with the
// repeat's extra value after 16, 17 and 18) in that code.
BitWriter dynamicHeader(bool final, unsigned hlit, unsigned hdist, const std::vector<int>& cl,
                        const std::vector<unsigned>& tokens) {
  static const int kOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  BitWriter w;
  w.bits(final, 1).bits(2, 2).bits(hlit - 257, 5).bits(hdist - 1, 5).bits(19 - 4, 4);
  for (int s : kOrder) w.bits(static_cast<uint32_t>(cl[static_cast<size_t>(s)]), 3);
  const auto codes = canonical(cl);
  for (size_t i = 0; i < tokens.size(); ++i) {
    const unsigned t = tokens[i];
    w.code(codes[t], cl[t]);
    if (t >= 16) w.bits(tokens[++i], t == 16 ? 2 : t == 17 ? 3 : 7);
  }
  return w;
}

// A complete code length code with every symbol: 0-12 in 4 bits, 13-18 in 5.
const std::vector<int> kAllCodeLengths = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5};

// Tokens giving `lengths` (zero runs as 18/17 repeats).
std::vector<unsigned> lengthTokens(const std::vector<int>& lengths) {
  std::vector<unsigned> t;
  for (size_t i = 0; i < lengths.size();) {
    size_t run = 0;
    while (i + run < lengths.size() && lengths[i + run] == 0 && run < 138) ++run;
    if (run >= 11) {
      t.insert(t.end(), {18, static_cast<unsigned>(run - 11)});
    } else if (run >= 3) {
      t.insert(t.end(), {17, static_cast<unsigned>(run - 3)});
    } else {
      t.push_back(static_cast<unsigned>(lengths[i]));
      run = 1;
    }
    i += run;
  }
  return t;
}

// A final dynamic block whose literal/length code gives `lit` (by symbol)
// and distance code `dist`; `body` writes the data in those codes.
std::string dynamicBlock(std::vector<int> lit, std::vector<int> dist,
                         void (*body)(BitWriter&, const std::vector<uint32_t>&) = nullptr) {
  std::vector<int> all = lit;
  all.insert(all.end(), dist.begin(), dist.end());
  BitWriter w =
      dynamicHeader(true, static_cast<unsigned>(lit.size()), static_cast<unsigned>(dist.size()),
                    kAllCodeLengths, lengthTokens(all));
  if (body) body(w, canonical(lit));
  return w.done();
}

std::vector<int> lengthsWith(size_t n, std::initializer_list<std::pair<size_t, int>> set) {
  std::vector<int> l(n, 0);
  for (const auto& p : set) l[p.first] = p.second;
  return l;
}

struct Crafted {
  const char* what;
  std::string raw;
  InflateError error;  // Ok: valid
  std::string out;
};

std::vector<Crafted> craftedStreams() {
  std::vector<Crafted> c;
  c.push_back(
      {"block type 3", BitWriter().bits(1, 1).bits(3, 2).done(), InflateError::BadBlockType, ""});
  c.push_back({"stored LEN/NLEN",
               BitWriter().bits(1, 1).bits(0, 2).bits(0, 5).bits(5, 16).bits(0, 16).done(),
               InflateError::BadStoredLength, ""});
  c.push_back({"empty stored",
               BitWriter().bits(1, 1).bits(0, 2).bits(0, 5).bits(0, 16).bits(0xFFFF, 16).done(),
               InflateError::Ok, ""});
  c.push_back({"fixed symbol 286", BitWriter().bits(1, 1).bits(1, 2).fixed('a').fixed(286).done(),
               InflateError::BadSymbol, "a"});
  c.push_back({"fixed symbol 287", BitWriter().bits(1, 1).bits(1, 2).fixed(287).done(),
               InflateError::BadSymbol, ""});
  c.push_back({"fixed distance 30",
               BitWriter().bits(1, 1).bits(1, 2).fixed('a').fixed(257).code(30, 5).done(),
               InflateError::BadDistanceSymbol, "a"});
  c.push_back({"distance before the start",
               BitWriter().bits(1, 1).bits(1, 2).fixed('a').fixed(257).code(1, 5).fixed(256).done(),
               InflateError::DistanceTooFar, "a"});
  c.push_back({"distance 1, length 258",
               BitWriter().bits(1, 1).bits(1, 2).fixed('a').fixed(285).code(0, 5).fixed(256).done(),
               InflateError::Ok, std::string(259, 'a')});
  c.push_back({"too many literal codes", dynamicHeader(true, 287, 1, kAllCodeLengths, {}).done(),
               InflateError::TooManyCodes, ""});
  c.push_back({"too many distance codes", dynamicHeader(true, 257, 31, kAllCodeLengths, {}).done(),
               InflateError::TooManyCodes, ""});
  c.push_back({"incomplete code length code",
               dynamicHeader(true, 257, 1, lengthsWith(19, {{0, 1}}), {}).done(),
               InflateError::BadCodeLengthCode, ""});
  c.push_back({"over-subscribed code length code",
               dynamicHeader(true, 257, 1, lengthsWith(19, {{0, 1}, {1, 1}, {2, 1}}), {}).done(),
               InflateError::BadCodeLengthCode, ""});
  c.push_back({"repeat with nothing before",
               dynamicHeader(true, 257, 1, kAllCodeLengths, {16, 0}).done(),
               InflateError::BadLengthRepeat, ""});
  c.push_back({"repeat past the end",
               dynamicHeader(true, 257, 1, kAllCodeLengths, {18, 127, 18, 127, 18, 0}).done(),
               InflateError::BadLengthRepeat, ""});
  c.push_back({"no end of block", dynamicBlock(lengthsWith(257, {{'a', 1}, {'b', 1}}), {0}),
               InflateError::NoEndOfBlock, ""});
  c.push_back({"over-subscribed literals",
               dynamicBlock(lengthsWith(257, {{'a', 1}, {'b', 1}, {256, 1}}), {0}),
               InflateError::BadLiteralCode, ""});
  c.push_back({"incomplete literals", dynamicBlock(lengthsWith(257, {{'a', 1}, {256, 2}}), {0}),
               InflateError::BadLiteralCode, ""});
  c.push_back({"over-subscribed distances",
               dynamicBlock(lengthsWith(257, {{'a', 1}, {256, 1}}), {1, 1, 1}),
               InflateError::BadDistanceCode, ""});
  c.push_back({"incomplete distances", dynamicBlock(lengthsWith(257, {{'a', 1}, {256, 1}}), {1, 2}),
               InflateError::BadDistanceCode, ""});
  // zlib's exceptions to completeness: one code of one bit, or no distances.
  c.push_back(
      {"only end of block",
       dynamicBlock(lengthsWith(257, {{256, 1}}), {0},
                    [](BitWriter& w, const std::vector<uint32_t>& code) { w.code(code[256], 1); }),
       InflateError::Ok, ""});
  c.push_back({"an unused code of the one-bit code",
               dynamicBlock(lengthsWith(257, {{256, 1}}), {0},
                            [](BitWriter& w, const std::vector<uint32_t>&) { w.code(1, 1); }),
               InflateError::BadSymbol, ""});
  c.push_back({"literals and no distances",
               dynamicBlock(lengthsWith(257, {{'a', 1}, {256, 1}}), {0},
                            [](BitWriter& w, const std::vector<uint32_t>& code) {
                              w.code(code['a'], 1).code(code['a'], 1).code(code[256], 1);
                            }),
               InflateError::Ok, "aa"});
  c.push_back({"a length with no distance code",
               dynamicBlock(lengthsWith(258, {{'a', 1}, {256, 2}, {257, 2}}), {0},
                            [](BitWriter& w, const std::vector<uint32_t>& code) {
                              w.code(code['a'], 1).code(code[257], 2).bits(0, 8);
                            }),
               InflateError::BadDistanceSymbol, "a"});
  c.push_back({"one distance code of one bit",
               dynamicBlock(lengthsWith(258, {{'a', 1}, {256, 2}, {257, 2}}), {1},
                            [](BitWriter& w, const std::vector<uint32_t>& code) {
                              w.code(code['a'], 1).code(code[257], 2).code(0, 1).code(code[256], 2);
                            }),
               InflateError::Ok, "aaaa"});
  // A long code (15 bits) takes the slow path of the table.
  std::vector<int> deep = lengthsWith(257, {});
  for (int i = 0; i < 14; ++i) deep[static_cast<size_t>('a' + i)] = i + 1;
  deep['a' + 14] = 15;
  deep[256] = 15;
  c.push_back({"codes of every length up to 15",
               dynamicBlock(deep, {0},
                            [](BitWriter& w, const std::vector<uint32_t>& code) {
                              for (int i = 14; i >= 0; --i)
                                w.code(code['a' + i], std::min(i + 1, 15));
                              w.code(code[256], 15);
                            }),
               InflateError::Ok, "onmlkjihgfedcba"});
  return c;
}

TEST(Inflate, HandMadeStreamsAgreeWithZlib) {
  for (const Crafted& c : craftedStreams()) {
    SCOPED_TRACE(c.what);
    const Outcome r = inflateAllWays(c.raw, InflateFormat::Raw);
    EXPECT_EQ(r.error, c.error) << ehc::inflateErrorName(r.error);
    EXPECT_EQ(r.out, c.out);
    const auto z = zlibInflate(c.raw, -15);
    EXPECT_EQ(z.ok, c.error == InflateError::Ok);
    EXPECT_EQ(z.out, r.out);
  }
}

TEST(Inflate, DistanceBeyondASmallWindow) {
  BitWriter w;
  w.bits(1, 1).bits(1, 2);
  for (int i = 0; i < 300; ++i) w.fixed(static_cast<unsigned>('a' + i % 26));
  w.fixed(257).code(16, 5).bits(300 - 257, 7).fixed(256);  // 3 bytes from 300 back
  const std::string raw = w.done();
  Options small;
  small.window = 256;
  const Outcome r = inflateAllWays(raw, InflateFormat::Raw, small);
  EXPECT_EQ(r.error, InflateError::WindowTooSmall);
  EXPECT_EQ(r.out.size(), 300u);
  small.window = 512;
  EXPECT_EQ(inflateAllWays(raw, InflateFormat::Raw, small).error, InflateError::Ok);
}

TEST(Inflate, WrapperHeaderErrors) {
  std::string z = compress("x");
  Compression gz;
  gz.windowBits = 31;
  const std::string g = compress("x", gz);
  const std::string dictionary = "a preset dictionary";
  Compression withDictionary;
  withDictionary.dictionary = &dictionary;
  struct Case {
    std::string in;
    InflateFormat format;
    InflateError error;
  } cases[] = {
      {"\x78\x9d" + z.substr(2), InflateFormat::Zlib, InflateError::NotZlib},
      {"\x79\x18" + z.substr(2), InflateFormat::Zlib, InflateError::BadMethod},
      {"\x88\x98" + z.substr(2), InflateFormat::Zlib, InflateError::BadZlibWindow},
      {compress("x", withDictionary), InflateFormat::Zlib, InflateError::PresetDictionary},
      {"\x1f\x8c" + g.substr(2), InflateFormat::Gzip, InflateError::NotGzip},
      {g.substr(0, 2) + "\x07" + g.substr(3), InflateFormat::Gzip, InflateError::BadMethod},
      {g.substr(0, 3) + "\x20" + g.substr(4), InflateFormat::Gzip, InflateError::ReservedGzipFlags},
      {z, InflateFormat::Gzip, InflateError::NotGzip},
      {g, InflateFormat::Zlib, InflateError::NotZlib},
  };
  for (const auto& c : cases) {
    const Outcome r = inflateAllWays(c.in, c.format);
    EXPECT_EQ(r.error, c.error) << ehc::inflateErrorName(r.error);
    EXPECT_FALSE(zlibInflate(c.in, zlibWindowBits(c.format)).ok);
  }
}

// Corrupt streams: wherever a bit is flipped, the inflater and zlib agree
// on valid or not and on the bytes that came out.
TEST(Inflate, CorruptStreamsAgreeWithZlib) {
  std::mt19937 rng(9);
  for (int level : {1, 6, 9}) {
    for (int strategy : {Z_DEFAULT_STRATEGY, Z_FIXED, Z_HUFFMAN_ONLY}) {
      Compression c;
      c.level = level;
      c.strategy = strategy;
      c.windowBits = -15;
      const std::string z =
          compress(mixedData(6000, static_cast<unsigned>(level * 10 + strategy)), c);
      for (int round = 0; round < 150; ++round) {
        std::string bad = z;
        const size_t at = rng() % bad.size();
        bad[at] = static_cast<char>(bad[at] ^ (1 << (rng() % 8)));
        const Outcome r = inflateOnce(bad, InflateFormat::Raw, {});
        const auto ref = zlibInflate(bad, -15);
        EXPECT_EQ(r.error == InflateError::Ok, ref.ok)
            << "level " << level << " byte " << at << ": " << ehc::inflateErrorName(r.error);
        EXPECT_TRUE(r.out == ref.out) << "level " << level << " byte " << at << ": " << r.out.size()
                                      << " vs " << ref.out.size();
        EXPECT_TRUE(inflateOnce(bad, InflateFormat::Raw, {1}) == r);
      }
    }
  }
}

TEST(Inflate, FixedMemory) {
  EXPECT_LE(sizeof(ehc::Inflater), 3000u);
  EXPECT_EQ(sizeof(ehc::StaticInflater<1024>), sizeof(ehc::Inflater) + 1024);
}

TEST(Checksums, AsZlibComputesThem) {
  const std::string data = mixedData(100000, 10);
  const auto* p = reinterpret_cast<const uint8_t*>(data.data());
  EXPECT_EQ(ehc::crc32Update(0, p, data.size()),
            crc32(0, reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(data.size())));
  EXPECT_EQ(
      ehc::adler32Update(1, p, data.size()),
      adler32(1, reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(data.size())));
  // Piece by piece as whole.
  uint32_t crc = 0, adler = 1;
  for (size_t off = 0; off < data.size(); off += 777) {
    const size_t n = std::min<size_t>(777, data.size() - off);
    crc = ehc::crc32Update(crc, p + off, n);
    adler = ehc::adler32Update(adler, p + off, n);
  }
  EXPECT_EQ(crc, ehc::crc32Update(0, p, data.size()));
  EXPECT_EQ(adler, ehc::adler32Update(1, p, data.size()));
  const std::string ff(20000, '\xff');  // the largest sums before the modulo
  EXPECT_EQ(ehc::adler32Update(1, reinterpret_cast<const uint8_t*>(ff.data()), ff.size()),
            adler32(1, reinterpret_cast<const Bytef*>(ff.data()), static_cast<uInt>(ff.size())));
}

TEST(InflateErrors, EveryErrorHasItsOwnNameAndAMessage) {
  std::vector<std::string> names;
  for (int i = 0; i <= static_cast<int>(InflateError::TrailingGarbage); ++i) {
    const auto e = static_cast<InflateError>(i);
    EXPECT_EQ(std::count(names.begin(), names.end(), ehc::inflateErrorName(e)), 0) << i;
    names.push_back(ehc::inflateErrorName(e));
    EXPECT_GT(strlen(ehc::inflateErrorMessage(e)), 5u) << i;
  }
  EXPECT_EQ(names.size(), 27u);
  EXPECT_STREQ(ehc::inflateErrorName(InflateError::CrcMismatch), "crc_mismatch");
  EXPECT_STREQ(ehc::inflateErrorName(static_cast<InflateError>(200)), "unknown");
}

}  // namespace
