// What the client itself found wrong with a request: the builder's refusals
// (a capacity, a bad argument), the base URL, a redirect it cannot follow.
// Beside the compatible code (EHC_ERROR_CAPACITY, ...) it says which limit
// or which argument, in the result's cause.
#pragma once

#include <stdint.h>

#include "../config.h"

EHC_BEGIN_NAMESPACE

enum class RequestError : uint8_t {
  Ok = 0,
  AlreadySent,
  StorageFull,
  TooManyBindings,
  BadBodyPath,
  BadBodyTarget,
  PathArenaFull,
  TooManyEachCallbacks,
  TooManyQueryParams,
  TooManyPathParams,
  FieldWithRawBody,
  BadBodyKey,
  BodyValueNotJson,
  TooManyBodyFields,
  StructWithOtherBody,
  StructNotJson,
  StructTooLarge,
  RawWithOtherBody,
  RawRefWithOtherBody,
  HeaderNameNotToken,
  HeaderValueNull,
  HeaderValueControl,
  HeaderReserved,
  HeaderCookie,
  TooManyHeaders,
  BadHeaderTarget,
  TooManyHeaderTargets,
  BadBaseUrl,
  BaseUrlTooLong,
  HostTooLong,
  DeadlineBetweenHops,
  LocationTooLong,
  NoLocation,
  BadLocation,
  UrlTooLongToResolve,
  ResolvedLocationTooLong,
  RedirectScheme,
  // the response body's consumers (issue 18)
  CodingUnsupported,
  ResumeNotRestartable,
  DigestMismatch,
  DigestBadExpected,
  DigestFailed,
  UploadWithOtherBody,
  // JsonRpcRequest's own checks
  RpcParamsMixed,
  RpcParamNotJson,
  RpcParamsNotStructured,
  RpcStorageFull,
  TooManyRpcParams,
  RpcIdTooLong,
  RpcBadResultPath,
  // GraphQLRequest (graphql_operation.h)
  GraphQLDocumentTooLong,
  GraphQLVariablesFull,
  GraphQLBadVariable,
  GraphQLBatchFull,
  // SoapRequest (soap_request.h)
  SoapStorageFull,
  TooManySoapBindings,
  BadSoapPath,
  BadSoapAction,
};

// A short identifier ("too_many_query_params") and a sentence for people.
const char* requestErrorName(RequestError e);
const char* requestErrorMessage(RequestError e);

EHC_END_NAMESPACE
