#include "upload_body.h"

#include <stdio.h>

EHC_BEGIN_NAMESPACE

namespace {

// The source's bytes per read: a stack buffer, small for the board's stack
// (the writer's own buffer gathers them into full segments).
constexpr size_t kPiece = 256;

HttpError writeChunk(RequestWriter& w, const uint8_t* data, size_t n) {
  char size[20];
  const int length = snprintf(size, sizeof size, "%zx\r\n", n);
  w.body(size, static_cast<size_t>(length));
  w.body(reinterpret_cast<const char*>(data), n);
  return w.body("\r\n", 2);
}

}  // namespace

HttpError writeUploadHead(RequestWriter& w, const UploadOptions& upload) {
  if (upload.expectContinue) w.header("Expect", "100-continue");
  if (upload.length < 0) w.header("Transfer-Encoding", "chunked");
  return w.endHeaders(upload.length);
}

HttpError writeUploadBody(RequestWriter& w, const UploadOptions& upload) {
  uint8_t piece[kPiece];
  const bool sized = upload.length >= 0;
  uint64_t sent = 0;
  for (;;) {
    size_t room = sizeof piece;
    if (sized && static_cast<uint64_t>(upload.length) - sent < room)
      room = static_cast<size_t>(static_cast<uint64_t>(upload.length) - sent);
    if (sized && room == 0) break;  // the length is reached: the source's rest is not read
    const long got = upload.read(piece, room);
    if (got < 0 || static_cast<size_t>(got) > room) return HttpError::BodySourceFailed;
    if (got == 0) {
      if (sized) return HttpError::BodySourceFailed;  // short of its Content-Length
      break;
    }
    const size_t n = static_cast<size_t>(got);
    const HttpError e =
        sized ? w.body(reinterpret_cast<const char*>(piece), n) : writeChunk(w, piece, n);
    if (e != HttpError::Ok) return e;
    sent += n;
    if (upload.progress) upload.progress(sent, upload.length);
  }
  return sized ? w.error() : w.body("0\r\n\r\n", 5);
}

EHC_END_NAMESPACE
