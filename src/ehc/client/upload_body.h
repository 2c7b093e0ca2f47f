// A request body read from a source as it is sent (upload(), uploadFrom()):
// with Content-Length when its length is known (exactly that many bytes,
// else BodySourceFailed), chunked otherwise. Through a small buffer on the
// stack; nothing is allocated.
#pragma once

#include "../config.h"
#include "../http/request_writer.h"
#include "body_options.h"

EHC_BEGIN_NAMESPACE

// The head's framing fields for the upload (Content-Length or
// Transfer-Encoding, Expect), then the blank line.
HttpError writeUploadHead(RequestWriter& writer, const UploadOptions& upload);
// The body, after writeUploadHead().
HttpError writeUploadBody(RequestWriter& writer, const UploadOptions& upload);

EHC_END_NAMESPACE
