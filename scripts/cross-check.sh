#!/usr/bin/env bash
# Compiles the platform-free layers for a Cortex-M4 (arm-none-eabi-g++, -Os,
# no exceptions, no RTTI) into a static library and prints its section sizes:
# proof that core, json, http and the client (over the Transport interface)
# need nothing from an OS.
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
