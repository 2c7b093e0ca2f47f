// The reason phrase of an HTTP status as text that outlives the response (a
// result's message() returns it): the standard phrase of the common
// ones, else the status's class ("client error").
#pragma once

#include "../config.h"

EHC_BEGIN_NAMESPACE

const char* reasonPhrase(int status);

EHC_END_NAMESPACE
