// One GraphQL operation as it is sent: the document, its operationName and
// its variables, in fixed storage inside the request (nothing on the heap).
// The variables are kept as the JSON object they will be sent as, each
// variable(name, value) appending a member; the POST body
// {"query":...,"operationName":...,"variables":{...}} is written from these
// when the request goes out (RestRequest::jsonBody), a GET sends the same three as
// query parameters.
//
// Capacities (compile-time settings of ehc/config.h, with their defaults):
//   EHC_GRAPHQL_DOCUMENT_SIZE   bytes of the document, with its NUL (384)
//   EHC_GRAPHQL_NAME_SIZE       bytes of the operationName, with its NUL (32)
//   EHC_GRAPHQL_VARIABLES_SIZE  bytes of the variables' JSON object (256)
// A text beyond them fails the request (EHC_ERROR_CAPACITY), never cut.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../config.h"
#include "../json/json_writer.h"
#include "graphql_types.h"
#include "request_error.h"

static_assert(EHC_GRAPHQL_DOCUMENT_SIZE >= 2 && EHC_GRAPHQL_NAME_SIZE >= 2 &&
                  EHC_GRAPHQL_VARIABLES_SIZE >= 3 && EHC_GRAPHQL_VARIABLES_SIZE <= 65535,
              "GraphQL capacities too small");

EHC_BEGIN_NAMESPACE

class GraphQLOperation {
 public:
  using ValueWriter = void (*)(JsonWriter& writer, const void* value);

  GraphQLOperation();

  // Each returns Ok, or why the operation cannot be sent.
  RequestError setDocument(const char* text);
  RequestError setOperationName(const char* name);
  // Appends "name": value to the variables (value written by write(w, value)).
  RequestError addVariable(const char* name, ValueWriter writeValue, const void* value);
  // "name": json, json as it is (checked to be one JSON value).
  RequestError addRawVariable(const char* name, const char* json);
  // The whole variables object, as it is (checked to be a JSON object).
  RequestError setRawVariables(const char* json);

  const char* document() const { return document_; }
  const char* operationName() const { return name_; }   // "" when none
  const char* variables() const { return variables_; }  // "{}" when none
  bool hasVariables() const { return used_ > 2; }

  // The operation as its JSON object (the POST body, a batch element).
  WriteError write(JsonWriter& writer) const;
  static WriteError writeBody(JsonWriter& writer, const void* operation) {
    return static_cast<const GraphQLOperation*>(operation)->write(writer);
  }

  GraphQLErrors errors;  // the answer's, once it came

 private:
  RequestError appendMember(const char* name, ValueWriter writeValue, const void* value);

  char document_[EHC_GRAPHQL_DOCUMENT_SIZE];
  char name_[EHC_GRAPHQL_NAME_SIZE];
  char variables_[EHC_GRAPHQL_VARIABLES_SIZE];
  uint16_t used_;  // bytes of variables_ taken, without the NUL
};

// Is `name` a GraphQL Name (/[_A-Za-z][_0-9A-Za-z]*/)?
bool isGraphQLName(const char* name);

EHC_END_NAMESPACE
