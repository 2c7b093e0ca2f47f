#include "upload_body.h"

#include <stdio.h>
#include <string.h>

EHC_BEGIN_NAMESPACE

namespace {

// The source's bytes per read (each one chunk when chunked): the writer's
// buffer is sent first when less is left in it for one, framed.
constexpr size_t kPiece = 256;
const char kLastChunk[] = "0\r\n\r\n";

// The size line's room for a chunk of at most `room` bytes: its hex digits, CRLF.
size_t sizeLineRoom(size_t room) {
  size_t digits = 1;
  while (room >>= 4) ++digits;
  return digits + 2;
}

// A chunk around the n bytes read at at + lineRoom: its size line moves up to
// them, CRLF after; its length.
size_t frameChunk(char* at, size_t lineRoom, size_t n) {
  char line[20];
  const size_t length = static_cast<size_t>(snprintf(line, sizeof line, "%zx\r\n", n));
  memmove(at + length, at + lineRoom, n);
  memcpy(at, line, length);
  memcpy(at + length + n, "\r\n", 2);
  return length + n + 2;
}

// One read of the source into the writer's buffer, framed; Ok with
// cursor.sourceEnded at its end.
HttpError readPiece(RequestWriter& w, const UploadOptions& upload, UploadCursor& at) {
  const bool sized = upload.length >= 0;
  if (sized && at.read == static_cast<uint64_t>(upload.length)) {
    at.sourceEnded = true;  // the length is reached: the source's rest is not read
    return HttpError::Ok;
  }
  const size_t lineRoom = sized ? 0 : sizeLineRoom(kPiece);
  const size_t frame = sized ? 0 : lineRoom + 2;
  size_t room = 0;
  char* to = w.room(kPiece + frame, &room);
  if (!to) return w.error();
  if (room <= frame) return HttpError::RequestTooLarge;  // a buffer too small to frame
  size_t want = room - frame < kPiece ? room - frame : kPiece;
  if (sized && static_cast<uint64_t>(upload.length) - at.read < want)
    want = static_cast<size_t>(static_cast<uint64_t>(upload.length) - at.read);
  const long got = upload.read(reinterpret_cast<uint8_t*>(to + lineRoom), want);
  if (got < 0 || static_cast<size_t>(got) > want) return HttpError::BodySourceFailed;
  if (got == 0) {
    if (sized) return HttpError::BodySourceFailed;  // short of its Content-Length
    at.sourceEnded = true;
    return HttpError::Ok;
  }
  const size_t n = static_cast<size_t>(got);
  const size_t made = sized ? n : frameChunk(to, lineRoom, n);
  w.commit(made);
  at.read += n;
  at.made += made;
  if (upload.progress) upload.progress(at.read, upload.length);
  return HttpError::Ok;
}

}  // namespace

HttpError writeUploadHead(RequestWriter& w, const UploadOptions& upload) {
  if (upload.expectContinue) w.header("Expect", "100-continue");
  if (upload.length < 0) w.header("Transfer-Encoding", "chunked");
  return w.endHeaders(upload.length);
}

HttpError writeUploadBody(RequestWriter& w, const UploadOptions& upload, UploadCursor& at) {
  w.produced(at.made);  // sent in an earlier step, or still in the buffer
  while (!at.sourceEnded && w.error() == HttpError::Ok) {
    const HttpError e = readPiece(w, upload, at);
    if (e != HttpError::Ok) return e;
  }
  if (upload.length < 0 && !at.done) {  // the last chunk, made in place too
    size_t room = 0;
    char* to = w.room(sizeof kLastChunk - 1, &room);
    if (!to) return w.error();  // (the buffer has room for it: at least 8 bytes)
    memcpy(to, kLastChunk, sizeof kLastChunk - 1);
    w.commit(sizeof kLastChunk - 1);
    at.made += sizeof kLastChunk - 1;
  }
  at.done = true;
  return w.error();
}

EHC_END_NAMESPACE
