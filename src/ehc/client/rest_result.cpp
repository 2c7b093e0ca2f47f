#include "rest_result.h"

#include "reason_phrase.h"

EHC_BEGIN_NAMESPACE

const char* RestResult::message() const {
  if (const char* m = causeMessage(cause)) return m;
  if (error == EHC_OK && statusCode > 0) return reasonPhrase(statusCode);
  return errorToString(error);
}

EHC_END_NAMESPACE
