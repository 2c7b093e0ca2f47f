// GET /file: a download of a generated file, with the faults a resumable,
// compressed download meets: a connection dropped at a byte (mid-body,
// mid-chunk, mid-gzip-member), every response cut after so many bytes, a
// truncated or corrupt gzip body, a server that ignores Range.
//
//   /file?bytes=N            N bytes of fileBytes(N), Content-Length, Accept-Ranges
//     &framing=chunked       Transfer-Encoding: chunked (1000-byte chunks)
//     &coding=gzip           Content-Encoding: gzip (zlib's, level 6)
//     &coding=te-gzip        Transfer-Encoding: gzip, chunked instead
//     &corrupt=crc|size      the gzip trailer's CRC-32 or ISIZE off by one bit
//     &truncate=K            the last K bytes of the gzip body missing
//     &drop=K                close once byte K of the body (as sent) went out
//     &every=K               close after K body bytes of each response
//     &drop-conn=C           drop and every apply to connection C only
//     &ranges=ignore         a Range request gets 200 and the whole body
// Range: bytes=S- is answered 206 with Content-Range (416 past the end).
#pragma once

#include <stdint.h>

#include <string>
#include <string_view>

namespace ehc_fault {

// The file's content: the same bytes for the same size, every run.
std::string fileBytes(uint64_t size);

struct FileQuery {
  uint64_t bytes = 1000;
  bool chunked = false;
  bool gzip = false;
  bool transferGzip = false;  // coding=te-gzip
  std::string corrupt;
  uint64_t truncate = 0;
  uint64_t drop = 0;   // 0: none
  uint64_t every = 0;  // 0: no limit
  bool ignoreRanges = false;
};

struct FileReply {
  std::string bytes;   // the head and the body (or the part of it that goes)
  bool close = false;  // the connection closes after it (a drop)
};

// `range`: the request's Range value ("" when none); `head`: a HEAD request.
FileReply fileReply(const FileQuery& query, std::string_view range, bool head);

}  // namespace ehc_fault
