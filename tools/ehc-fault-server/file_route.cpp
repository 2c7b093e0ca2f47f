#include "file_route.h"

#include <algorithm>
#include <optional>

#include "../common/deflate_text.h"

namespace ehc_fault {

namespace {

constexpr size_t kChunk = 1000;

std::string hexOf(size_t n) {
  char buf[20];
  snprintf(buf, sizeof buf, "%zx", n);
  return buf;
}

// "bytes=S-" -> S; anything else is not a range this server serves.
std::optional<uint64_t> rangeStart(std::string_view range) {
  constexpr std::string_view kUnit = "bytes=";
  if (range.substr(0, kUnit.size()) != kUnit || range.empty() || range.back() != '-')
    return std::nullopt;
  const std::string_view digits = range.substr(kUnit.size(), range.size() - kUnit.size() - 1);
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  uint64_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return v;
}

// The body as sent: the file, compressed and damaged as asked.
std::string representation(const FileQuery& q) {
  std::string body = fileBytes(q.bytes, q.version);
  if (!q.gzip && !q.transferGzip) return body;
  body = ehc_tools::compressed(body);
  if (q.corrupt == "crc" && body.size() >= 8) body[body.size() - 8] ^= 1;
  if (q.corrupt == "size" && body.size() >= 4) body[body.size() - 4] ^= 1;
  body.resize(body.size() - std::min<uint64_t>(q.truncate, body.size()));
  return body;
}

// `body` chunked, cut after `sent` of its bytes (mid-chunk: the chunk's
// size line promised more).
std::string chunkedUpTo(std::string_view body, size_t sent, bool whole) {
  std::string out;
  for (size_t at = 0; at < body.size(); at += kChunk) {
    const std::string_view chunk = body.substr(at, kChunk);
    out += hexOf(chunk.size()) + "\r\n";
    if (at + chunk.size() > sent) return out.append(chunk.substr(0, sent - at));
    out.append(chunk).append("\r\n");
  }
  return whole ? out + "0\r\n\r\n" : out;
}

// The validator field of the file's version, and what If-Range must say to
// match it ("" : nothing matches: no validator, or a weak one).
struct Validator {
  std::string field;
  std::string matching;
};

Validator validatorOf(const FileQuery& q) {
  const std::string tag = "\"v" + std::to_string(q.version) + "-" + std::to_string(q.bytes) + "\"";
  if (q.validator == "etag") return {"ETag: " + tag + "\r\n", tag};
  if (q.validator == "weak") return {"ETag: W/" + tag + "\r\n", ""};
  if (q.validator == "date") {
    const std::string modified =
        q.version == 1 ? "Sun, 06 Nov 1994 08:49:37 GMT" : "Mon, 07 Nov 1994 08:49:37 GMT";
    return {"Last-Modified: " + modified + "\r\nDate: Tue, 08 Nov 1994 08:49:37 GMT\r\n", modified};
  }
  return {"", ""};
}

}  // namespace

std::string fileBytes(uint64_t size, int version) {
  std::string s(size, '\0');
  uint32_t x = version == 1 ? 2463534242u : 88675123u;
  for (uint64_t i = 0; i < size; ++i) {  // xorshift32, one byte from each step
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    s[i] = static_cast<char>('a' + (x >> 24) % 26);  // letters: gzip has work to do
  }
  return s;
}

FileReply fileReply(const FileQuery& q, std::string_view range, std::string_view ifRange,
                    bool head) {
  const std::string body = representation(q);
  const uint64_t length = body.size();
  uint64_t start = 0;
  std::string status = "200 OK", contentRange;
  const Validator validator = validatorOf(q);
  // RFC 9110 13.1.5: a Range under an If-Range that does not match is ignored.
  const bool rangeAllowed =
      ifRange.empty() || (!validator.matching.empty() && ifRange == validator.matching);
  const std::optional<uint64_t> from =
      q.ignoreRanges || q.chunked || q.transferGzip || !rangeAllowed ? std::nullopt
                                                                     : rangeStart(range);
  if (from && *from >= length) {
    return {"HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */" +
                std::to_string(length) + "\r\nContent-Length: 0\r\n\r\n",
            false};
  }
  if (from) {
    start = *from;
    status = "206 Partial Content";
    contentRange = "Content-Range: bytes " + std::to_string(start) + "-" +
                   std::to_string(length - 1) + "/" + std::to_string(length) + "\r\n";
  }
  const std::string_view part = std::string_view(body).substr(start);
  size_t sent = part.size();
  bool close = false;
  if (q.drop > start && q.drop < length) {
    sent = static_cast<size_t>(q.drop - start);
    close = true;
  }
  if (q.every && q.every < sent) {
    sent = static_cast<size_t>(q.every);
    close = true;
  }
  std::string out = "HTTP/1.1 " + status + "\r\nContent-Type: application/octet-stream\r\n" +
                    "Accept-Ranges: bytes\r\n" + validator.field + contentRange;
  if (q.gzip) out += "Content-Encoding: gzip\r\n";
  if (q.transferGzip)
    out += "Transfer-Encoding: gzip, chunked\r\n";
  else if (q.chunked)
    out += "Transfer-Encoding: chunked\r\n";
  else
    out += "Content-Length: " + std::to_string(part.size()) + "\r\n";
  out += "\r\n";
  if (head) return {out, false};
  if (q.chunked || q.transferGzip)
    out += chunkedUpTo(part, sent, !close);
  else
    out.append(part.substr(0, sent));
  return {out, close};
}

}  // namespace ehc_fault
