// A request body read from a source (upload(), uploadFrom()) as it is sent:
// with Content-Length when its length is known (exactly that many bytes,
// else BodySourceFailed), chunked otherwise. The source is read straight
// into the writer's buffer (a chunk is framed there), and an UploadCursor
// says how far it got, so a write the transport cut goes on at the next
// write step without reading any source byte twice: the bytes not yet sent
// stay in the buffer (Connection). Nothing is allocated.
#pragma once

#include "../config.h"
#include "../http/request_writer.h"
#include "body_options.h"

EHC_BEGIN_NAMESPACE

// The head's framing fields for the upload (Content-Length or
// Transfer-Encoding, Expect), then the blank line.
HttpError writeUploadHead(RequestWriter& writer, const UploadOptions& upload);
// The body, after writeUploadHead(), from where `cursor` is (zero: the
// start; the writer skips what it made before).
HttpError writeUploadBody(RequestWriter& writer, const UploadOptions& upload, UploadCursor& cursor);

EHC_END_NAMESPACE
