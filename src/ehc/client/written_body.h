// A JSON request body that is written when the request is sent, not stored:
// write(writer, object) runs twice, once into a counting writer (for
// Content-Length) and once into the connection. GraphQLRequest writes its
// {"query","operationName","variables"} object this way (and could any
// other request kind built on RestRequest, e.g. a JSON-RPC call), so the
// body needs no buffer of its own. `object` must stay where it is until the
// request is sent; write must produce the same text both times.
#pragma once

#include "../config.h"
#include "../json/json_writer.h"

EHC_BEGIN_NAMESPACE

struct WrittenJsonBody {
  WriteError (*write)(JsonWriter& writer, const void* object) = nullptr;
  const void* object = nullptr;
};

EHC_END_NAMESPACE
