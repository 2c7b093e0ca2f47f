// What a client keeps between its requests, as the request in flight uses
// it: the settings (read only), the kept-alive connection, the binder its
// getBody() bindings are in, and the cookie jar.
#pragma once

#include "../config.h"
#include "../json/json_binder.h"
#include "client_settings.h"
#include "connection.h"
#include "cookie_jar.h"

EHC_BEGIN_NAMESPACE

struct ClientParts {
  ClientParts(Transport* plain, Transport* secure) : connection(plain, secure) {}

  ClientSettings settings;
  Connection connection;
  StaticJsonBinder<EHC_MAX_BINDINGS, EHC_PATH_ARENA> binder;
  CookieJar cookies;
};

EHC_END_NAMESPACE
