#!/usr/bin/env bash
# Compiles the platform-free layers for a Cortex-M4 (arm-none-eabi-g++, -Os,
# no exceptions, no RTTI) into static libraries and prints their section
# sizes, then links a bare-metal program (newlib, --gc-sections) that makes a
# request through the client over an in-memory transport
# (tests/cross/cortex_m4_link.cpp) and prints its size: proof that core,
# json, http and the client (over the Transport interface) need nothing from
# an OS but the clock a port supplies, down to the last symbol.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/cross-m4
rm -rf "$out" && mkdir -p "$out"
flags=(-std=c++17 -Os -mcpu=cortex-m4 -mthumb -fno-exceptions -fno-rtti -ffunction-sections
       -fdata-sections -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror -Isrc)
for layer in core json http codec client; do
  srcs=(src/ehc/$layer/*.cpp)
  [[ -e ${srcs[0]} ]] || continue
  objs=()
  for s in "${srcs[@]}"; do
    o=$out/$layer-$(basename "${s%.cpp}").o
    arm-none-eabi-g++ "${flags[@]}" -c "$s" -o "$o"
    objs+=("$o")
  done
  arm-none-eabi-ar rcs "$out/libehc_$layer.a" "${objs[@]}"
  read -r text data bss _ < <(arm-none-eabi-size -t "$out/libehc_$layer.a" | tail -1)
  echo "cross-check cortex-m4 $layer: text=$text data=$data bss=$bss (arm-none-eabi-g++ -Os)"
done

# The link: every layer's objects (and net's platform-free error texts), the
# program, newlib without syscalls. An unresolved symbol fails here.
mkdir -p "$out/link"
link=(-mcpu=cortex-m4 -mthumb -Os -Wl,--gc-sections --specs=nano.specs --specs=nosys.specs)
for s in src/ehc/net/net_error.cpp tests/cross/cortex_m4_link.cpp; do
  arm-none-eabi-g++ "${flags[@]}" -c "$s" -o "$out/link/$(basename "${s%.cpp}").o"
done
arm-none-eabi-g++ "${link[@]}" "$out"/link/*.o "$out"/*.o -o "$out/link/request.elf"
read -r text data bss _ < <(arm-none-eabi-size "$out/link/request.elf" | tail -1)
echo "cross-check cortex-m4 linked (a request: client, json, http, core; newlib): text=$text data=$data bss=$bss"
