#include "client_settings.h"

#include <string.h>

EHC_BEGIN_NAMESPACE

bool ClientSettings::setBaseUrl(const char* text) {
  const size_t n = text ? strlen(text) : 0;
  urlError = EHC_ERROR_BAD_URL;
  urlCause = RequestError::BadBaseUrl;
  if (n > EHC_MAX_URL_LENGTH) {
    urlError = EHC_ERROR_CAPACITY;
    urlCause = RequestError::BaseUrlTooLong;
  }
  if (n == 0 || n > EHC_MAX_URL_LENGTH) return false;
  if (text != baseUrl) memmove(baseUrl, text, n + 1);
  if (parseUrl(baseUrl, n, &url, portOverride) != HttpError::Ok) return false;
  if (url.hostLength > EHC_MAX_HOST_LENGTH) {
    urlError = EHC_ERROR_CAPACITY;
    urlCause = RequestError::HostTooLong;
    return false;
  }
  urlError = EHC_OK;
  return true;
}

EHC_END_NAMESPACE
