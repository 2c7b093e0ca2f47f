#!/usr/bin/env bash
# scripts/layer-check.sh against the real tree (it must pass) and against
# copies with one deliberate wrong include each (it must fail, naming the
# file, the line and the layers), and with includes the layering allows.
#   layer_check_test.sh REPO_ROOT
set -uo pipefail
root=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0

expect() {  # expect pass|fail NAME [FILE LINE [MESSAGE]]
  local want=$1 name=$2 file=${3:-} line=${4:-} message=${5:-}
  rm -rf "$work/src" && cp -r "$root/src" "$work/src"
  if [[ -n $file ]]; then
    mkdir -p "$(dirname "$work/src/$file")"
    printf '%s\n' "$line" >>"$work/src/$file"
  fi
  local out rc
  out=$("$root/scripts/layer-check.sh" "$work/src" 2>&1)
  rc=$?
  if [[ $want == pass && $rc -eq 0 ]] ||
     [[ $want == fail && $rc -ne 0 && $out == *"$file"* && $out == *"$message"* ]]; then
    echo "ok   $name"
  else
    printf 'FAIL %s (exit %s, want %s)\n%s\n' "$name" "$rc" "$want" "$out"
    fails=$((fails + 1))
  fi
}

expect pass "the tree as it is"
expect fail "json -> http" ehc/json/json_error.h '#include "../http/url.h"' \
  "the json layer includes http"
expect fail "http -> json" ehc/http/url.h '#include "../json/json_binder.h"' \
  "the http layer includes json"
expect fail "core -> net" ehc/core/bits.h '#include "../net/transport.h"' \
  "the core layer includes net"
expect fail "json -> client" ehc/json/json_path.cpp '#include "../client/rest_client.h"' \
  "the json layer includes client"
expect fail "http -> net" ehc/http/text.cpp '#include "../net/deadline.h"' \
  "the http layer includes net"
expect fail "net -> client" ehc/net/transport.h '#include "../client/connection.h"' \
  "the net layer includes client"
expect fail "net -> http" ehc/net/net_error.cpp '#include "../http/http_error.h"' \
  "the net layer includes http"
expect fail "platform -> client" ehc/platform/clock.h '#include "../client/rest_client.h"' \
  "the platform layer includes client"
expect fail "the <ehc/...> form" ehc/http/text.h '#include <ehc/client/rest_result.h>' \
  "the http layer includes client"
expect fail "a detour through ./" ehc/json/utf8.h '#include "./../http/./url.h"' \
  "the json layer includes http"
expect fail "an OS header in json" ehc/json/utf8.cpp '#include <sys/socket.h>' \
  "the json layer is freestanding"
expect fail "mbedTLS in http" ehc/http/url.cpp '#include <mbedtls/ssl.h>' \
  "the http layer is freestanding"
expect fail "Arduino in core" ehc/core/bits.h '#include <Arduino.h>' \
  "the core layer is freestanding"
expect pass "client -> json, http, net" ehc/client/callback.h '#include "../net/transport.h"'
expect pass "net -> platform" ehc/net/transport.h '#include "../platform/clock.h"'
expect pass "the platform wiring -> client" ehc/platform/esp32_http_client.h \
  '#include "../client/rest_client.h"'
expect pass "OS headers in net" ehc/net/deadline.h '#include <sys/socket.h>'

if [[ $fails -ne 0 ]]; then
  echo "layer_check_test: $fails failed"
  exit 1
fi
echo "layer_check_test: all checks passed"
