#!/usr/bin/env bash
# The compile check that stands for the board (ESP32-C3: RISC-V rv32imc).
#
# All of src/ and examples/idf compiled as ESP-IDF 5.x builds a component
# (ESP_PLATFORM, -Werror, -fno-exceptions -fno-rtti, gnu++17 and gnu++2b),
# and all of src/ plus every example sketch as Arduino-ESP32 3.x builds a
# sketch (ARDUINO + ESP_PLATFORM, exceptions on), with riscv64-unknown-elf-gcc
# and Debian's newlib headers (ESP-IDF's C library), against the project's
# stand-in of the ESP-IDF API (tests/board/idf-standin: declarations written
# from Espressif's documentation) and Debian's mbedTLS headers.
#
# Then linked: the ESP-IDF example (from app_main) and the QuickStart sketch
# (from setup/loop) with --gc-sections; every symbol left undefined must be
# one the board provides (ESP-IDF, FreeRTOS, lwIP, mbedTLS, newlib, libgcc,
# the Arduino core): a call to something the board lacks (nanosleep, say)
# fails here. Prints the QuickStart sketch's library code size (client +
# json + http + net, without the Arduino core, lwIP or mbedTLS) and its peak
# stack from GCC's call graph (scripts/board_stack.py).
#
# What it cannot catch: what the real SDK declares differently from its
# documentation, and the real mbedTLS 3.x configuration (docs/portability.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh rv32 >/dev/null

out=build/board
rm -rf "$out" && mkdir -p "$out/mbedtls-inc"
# Debian's mbedTLS headers only (not /usr/include: that is glibc's).
ln -s /usr/include/mbedtls "$out/mbedtls-inc/mbedtls"
ln -s /usr/include/psa "$out/mbedtls-inc/psa"

cxx_headers=/usr/include/newlib/c++/12.2.1
arch=(-march=rv32imc_zicsr_zifencei -mabi=ilp32)
common=("${arch[@]}" -Os -ffunction-sections -fdata-sections -Wall -Wextra -Werror
        -isystem tests/board/idf-standin/include -isystem tests/board/idf-standin/lwip
        -isystem "$out/mbedtls-inc" -isystem /usr/include/newlib
        -isystem "$cxx_headers" -isystem "$cxx_headers/arm-none-eabi" -Isrc
        -DESP_PLATFORM -DIDF_VER='"v5.x-standin"' -fno-threadsafe-statics)
idf=(-fno-exceptions -fno-rtti)
arduino=(-fexceptions -fno-rtti -DARDUINO=10819 -DARDUINO_ARCH_ESP32 -DCONFIG_FREERTOS_HZ=1000
         -Itests/arduino)

mapfile -t sources < <(find src -name '*.cpp' | sort)

# The ESP-IDF component names every source, no more, no less.
listed=$(grep -o 'src/[^ )]*\.cpp' cmake/EhcSources.cmake | sort)
if [[ $listed != "$(printf '%s\n' "${sources[@]}")" ]]; then
  echo "board-check: cmake/EhcSources.cmake's lists differ from src/'s .cpp files:" >&2
  diff <(echo "$listed") <(printf '%s\n' "${sources[@]}") >&2 || true
  exit 1
fi
# Every setting of config.h is in Kconfig (same default) and mapped from CONFIG_EHC_*.
python3 - <<'PY'
import re, sys
config = open("src/ehc/config.h").read()
mapping = open("src/ehc/config_kconfig.h").read()
kconfig = open("Kconfig").read()
settings = re.findall(r"#ifndef (EHC_[A-Z0-9_]+)\n#define \1 (\S+)", config)
bad = []
for name, default in settings:
    if f"#define {name} CONFIG_{name}" not in mapping:
        bad.append(f"{name}: not mapped in src/ehc/config_kconfig.h")
    m = re.search(rf"config {name}\n(?:\s+.*\n)*?\s+default (\S+)", kconfig)
    if not m:
        bad.append(f"{name}: not in Kconfig")
    elif m.group(1) != default:
        bad.append(f"{name}: Kconfig default {m.group(1)}, config.h {default}")
if bad:
    sys.exit("board-check: " + "\n  ".join(["Kconfig and config.h disagree:"] + bad))
print(f"board-check: Kconfig maps all {len(settings)} settings of config.h, same defaults")
PY
# A menuconfig value reaches the code (sdkconfig.h as ESP-IDF generates it).
mkdir -p "$out/kconfig"
printf '#define CONFIG_EHC_READ_BUFFER 1024\n#define CONFIG_EHC_MAX_URL_LENGTH 300\n' >"$out/kconfig/sdkconfig.h"
printf '#include "ehc/config.h"\nstatic_assert(EHC_READ_BUFFER == 1024 && EHC_MAX_URL_LENGTH == 300, "Kconfig");\n' >"$out/kconfig/check.cpp"
riscv64-unknown-elf-g++ -I"$out/kconfig" "${common[@]}" "${idf[@]}" -std=gnu++17 -c "$out/kconfig/check.cpp" \
  -o "$out/kconfig/check.o"
echo "board-check: CONFIG_EHC_* from sdkconfig.h sets the compile-time settings"

# compile FLAVOUR STD EXTRA-FLAGS... -- FILES: one object per file in $out/FLAVOUR-STD/.
compile() {
  local dir=$out/$1-$2 std=$2
  shift 2
  local flags=()
  while [[ $1 != -- ]]; do flags+=("$1"); shift; done
  shift
  mkdir -p "$dir"
  for s in "$@"; do
    local o="$dir/$(echo "${s%.*}" | tr / _).o"
    riscv64-unknown-elf-g++ "${common[@]}" "${flags[@]}" "-std=$std" -x c++ \
      -fcallgraph-info=su -c "$s" -o "$o"
  done
}

for std in gnu++17 gnu++2b; do
  compile idf $std "${idf[@]}" -- "${sources[@]}" examples/idf/main/main.cpp
  echo "board-check: ESP-IDF flavour, $std: ${#sources[@]} sources + examples/idf compiled (-Werror)"
  sketches=(examples/*/*.ino)
  compile arduino $std "${arduino[@]}" -include Arduino.h -- "${sources[@]}" "${sketches[@]}"
  echo "board-check: Arduino-ESP32 flavour, $std: ${#sources[@]} sources + ${#sketches[@]} sketches compiled (-Werror, exceptions on)"
done

# The mbedTLS 3.x branches (ESP-IDF 5.x ships 3.2 to 3.6): every source that
# includes mbedTLS, compiled against the project's declarations of mbedTLS
# 3.6's API (tests/board/mbedtls36-standin) instead of Debian's 2.28.
tls_sources=($(grep -l "mbedtls" "${sources[@]}"))
common36=("${common[@]/$out\/mbedtls-inc/tests/board/mbedtls36-standin}")
for std in gnu++17 gnu++2b; do
  for s in "${tls_sources[@]}"; do
    riscv64-unknown-elf-g++ "${common36[@]}" "${idf[@]}" "-std=$std" -c "$s" -o "$out/tls36.o"
  done
done
echo "board-check: ${tls_sources[*]} compiled against mbedTLS 3.6's API (TLS 1.2 + 1.3), gnu++17 and gnu++2b"

# What a board provides to a link: everything else left undefined is an error.
provided='^(mbedtls_|psa_|esp_|heap_caps_|nvs_flash_|vTask|xTask|uxTask|xEventGroup|lwip_|WIFI_EVENT$|IP_EVENT$|socket$|connect$|send$|recv$|getsockopt$|setsockopt$|getaddrinfo$|freeaddrinfo$|poll$|inet_pton$|inet_ntop$|close$|fcntl$|stat$|__errno$|_impure_ptr$|mem(cpy|move|set|cmp|chr)$|str(len|cmp|ncmp|chr|rchr|ncpy|nlen|tol|toul|tod|tof|spn|cspn)$|(v)?snprintf$|printf$|puts$|abort$|malloc$|free$|calloc$|realloc$|__(mul|div|udiv|mod|umod|ashl|ashr|lshr|clz|ctz|ffs|popcount)(si|di)[23]$|__(add|sub|mul|div|eq|ne|lt|le|gt|ge|unord|fix|fixuns|float|floatun|extend|trunc)[a-z0-9]*$|_Znwj|_Znaj|_ZdlPv|_ZdaPv|_ZSt7nothrow$|__cxa_pure_virtual$|__dso_handle$|__cxa_atexit$|__gxx_personality_v0$|_Unwind_Resume$|__cxa_(begin|end)_catch$|_ZSt9terminatev$|__stack_chk_(guard|fail)$|_ZSt[0-9]+__throw_[a-z_]+|_ZNSt7__cxx1112basic_string.*|_ZNKSt7__cxx1112basic_string.*)'
# Plus the Arduino core, for the sketch.
provided_arduino='^(_Z.*(Print|String|HardwareSerial|WiFi|Client|IPAddress|Stream)|Serial$|WiFi$|_Z5delay|_Z6millis|_Z5yield|_Z6micros|_ZTV.*(Print|Client|Stream))'

# link NAME ENTRY... -- OBJECTS: a partial link from the entries, checked and kept as $out/NAME.o.
link() {
  local name=$1
  shift
  local entries=()
  while [[ $1 != -- ]]; do entries+=("-Wl,-u,$1"); shift; done
  shift
  riscv64-unknown-elf-g++ "${arch[@]}" -nostdlib -r -Wl,--gc-sections "${entries[@]}" \
    "-Wl,-e,${entries[0]#-Wl,-u,}" -Wl,-Map,"$out/$name.map" "$@" -o "$out/$name.o"
  local bad
  bad=$(riscv64-unknown-elf-nm -u "$out/$name.o" | awk '{print $2}' |
        grep -Ev "$provided" | { [[ $name == quickstart* ]] && grep -Ev "$provided_arduino" || cat; } || true)
  if [[ -n $bad ]]; then
    echo "board-check: $name needs symbols no board provides:" >&2
    echo "$bad" | riscv64-unknown-elf-c++filt | sed 's/^/  /' >&2
    exit 1
  fi
}

idf_objs=("$out"/idf-gnu++2b/src_*.o "$out/idf-gnu++2b/examples_idf_main_main.o")
link idf-example app_main -- "${idf_objs[@]}"
echo "board-check: examples/idf linked from app_main (gnu++2b): every undefined symbol is ESP-IDF's, lwIP's, mbedTLS's or newlib's"

qs_objs=("$out"/arduino-gnu++17/src_*.o "$out/arduino-gnu++17/examples_QuickStart_QuickStart.o")
link quickstart _Z5setupv _Z4loopv -- "${qs_objs[@]}"
# Sizes from a full link (a partial link keeps sections that nothing uses):
# the board's symbols left unresolved, every unused function dropped.
riscv64-unknown-elf-g++ "${arch[@]}" -nostdlib -Wl,--gc-sections -Wl,-e,_Z5setupv -Wl,-u,_Z4loopv \
  -Wl,--unresolved-symbols=ignore-all -Wl,--defsym=__dso_handle=0 -Wl,-Map,"$out/quickstart-full.map" \
  "${qs_objs[@]}" -o "$out/quickstart.elf"
section() { riscv64-unknown-elf-size -A "$out/quickstart.elf" | awk -v s="$1" '$1 == s {print $2}'; }
echo "board-check: QuickStart sketch linked (rv32imc -Os, --gc-sections), with the sketch's own code and without the Arduino core, lwIP, mbedTLS, newlib: .text=$(section .text) .rodata=$(section .rodata) bytes, .eh_frame=$(section .eh_frame) (unwind tables: exceptions are on in the Arduino core), .bss=$(section .bss) (the sketch's global ESP32HTTPClient)"
python3 scripts/board_sizes.py "$out/quickstart-full.map"
python3 scripts/board_stack.py "$out"/arduino-gnu++17/src_*.ci "$out/arduino-gnu++17/examples_QuickStart_QuickStart.ci"
