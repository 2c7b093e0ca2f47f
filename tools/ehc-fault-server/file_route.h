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
//     &validator=etag|weak|date  ETag "vV-N" (strong), W/"vV-N", or Last-Modified
//                            (with a Date a day later); none by default
//     &change-conn=C         from connection C on, the file is version 2: other
//                            bytes of the same length, another validator
// Range: bytes=S- is answered 206 with Content-Range (416 past the end);
// with If-Range, only when it is the file's validator (a strong ETag, or
// the Last-Modified date, compared exactly), else 200 and the whole file.
#pragma once

#include <stdint.h>

#include <string>
#include <string_view>

namespace ehc_fault {

// The file's content: the same bytes for the same size and version, every run.
std::string fileBytes(uint64_t size, int version = 1);

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
  std::string validator;  // "etag", "weak", "date" or "" (none)
  int version = 1;        // 2 once the file changed (change-conn)
};

struct FileReply {
  std::string bytes;   // the head and the body (or the part of it that goes)
  bool close = false;  // the connection closes after it (a drop)
};

// `range`, `ifRange`: the request's Range and If-Range values ("" when
// none); `head`: a HEAD request.
FileReply fileReply(const FileQuery& query, std::string_view range, std::string_view ifRange,
                    bool head);

}  // namespace ehc_fault
