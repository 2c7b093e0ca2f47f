#!/usr/bin/env bash
# Fails when a file of a layer includes a layer it must not know
# (ESP32-HTTP-Client's layering: dependencies point down only):
#
#   core      core
#   json      json core                  (no http, net, client, platform)
#   http      http core                  (no json, net, client, platform)
#   codec     codec core
#   platform  platform core              (the OS and board seam)
#   net       net platform core          (no json, http, client)
#   client    client json http codec net core
#
# plus, for json, http, codec and core: no OS, board or TLS header
# (<sys/...>, <unistd.h>, <mbedtls/...>, <Arduino.h>, <esp_...>, lwIP,
# FreeRTOS ...): they are freestanding. The platform wiring
# (platform/esp32_http_client.h: the client with the platform's
# transports) may include client and net, and client/esp32_http_client.h,
# kept as a forwarder to it, the platform. Every #include "..." and
# #include <ehc/...> of src/ehc is resolved to the file it names.
#
#   scripts/layer-check.sh [SRC_DIR]     (default: src)
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:-src}
[[ -d $src/ehc ]] || { echo "layer-check: no $src/ehc" >&2; exit 2; }

allowed() {  # layer -> the layers it may include
  case $1 in
    core) echo "core" ;;
    json) echo "json core" ;;
    http) echo "http core" ;;
    codec) echo "codec core" ;;
    platform) echo "platform core" ;;
    net) echo "net platform core" ;;
    client) echo "client json http codec net core" ;;
    *) echo "" ;;
  esac
}
# Files with more than their layer: "path:layers".
exceptions=("ehc/platform/esp32_http_client.h:client net" "ehc/client/esp32_http_client.h:platform")
freestanding="json http codec core"
os_headers='^(sys/|unistd\.h|netdb\.h|netinet/|arpa/|poll\.h|fcntl\.h|pthread\.h|mbedtls/|psa/|Arduino\.h|WiFi|Wi[Ff]iClient|esp_|freertos/|lwip/)'

# Both set $result (no process per include): "a/b/../c/./d" -> "a/c/d";
# ehc/json/x.h -> json, ehc/config.h -> config.
normalize() {
  local part out=() parts
  IFS=/ read -ra parts <<<"$1"
  for part in "${parts[@]}"; do
    case $part in
      '' | .) ;;
      ..) [[ ${#out[@]} -gt 0 ]] && unset 'out[${#out[@]}-1]' ;;
      *) out+=("$part") ;;
    esac
  done
  local IFS=/
  result="${out[*]}"
}
layerOf() {
  local rest=${1#ehc/}
  if [[ $rest == */* ]]; then result=${rest%%/*}; else result=config; fi
}

failures=0
current=""
# One grep for the include lines of every file ("path:line:text"), read once:
# a shell loop over every line of every file took minutes on a busy machine.
while IFS= read -r hit; do
  file=${hit%%:*} rest=${hit#*:}
  lineno=${rest%%:*} line=${rest#*:}
  if [[ $file != "$current" ]]; then
    current=$file
    rel=${file#"$src"/}        # ehc/json/json_binder.cpp
    layerOf "$rel"
    layer=$result
    may="$(allowed "$layer") config"
    for e in "${exceptions[@]}"; do
      [[ ${e%%:*} == "$rel" ]] && may="$may ${e#*:}"
    done
    dir=${rel%/*}
  fi
  [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*([\"\<])([^\"\>]+)[\"\>] ]] || continue
  kind=${BASH_REMATCH[1]} name=${BASH_REMATCH[2]}
  if [[ $kind == '<' && ! $name == ehc/* ]]; then
    if [[ " $freestanding " == *" $layer "* && $name =~ $os_headers ]]; then
      echo "layer-check: $src/$rel:$lineno: the $layer layer is freestanding, it includes <$name>"
      failures=$((failures + 1))
    fi
    continue
  fi
  # The file it names, as a path under src ("../http/url.h" from ehc/json).
  if [[ $kind == "<" ]]; then
    target=$name
  else
    normalize "$dir/$name"
    target=$result
  fi
  [[ $target == ehc/* ]] || continue  # not a file of src/ehc
  layerOf "$target"
  to=$result
  if [[ " $may " != *" $to "* ]]; then
    echo "layer-check: $src/$rel:$lineno: the $layer layer includes $to ($name); it may include: $may"
    failures=$((failures + 1))
  fi
done < <(grep -rn --include='*.h' --include='*.cpp' --include='*.inl' \
  '^[[:space:]]*#[[:space:]]*include' "$src/ehc" | LC_ALL=C sort -t: -k1,1 -k2,2n)

if [[ $failures -ne 0 ]]; then
  echo "layer-check: $failures include(s) against the layering" >&2
  exit 1
fi
echo "layer-check: every include of $src/ehc points down"
