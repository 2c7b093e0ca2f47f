#!/usr/bin/env bash
# Measurement on the ESP32-C3 instruction set: builds rv32/bench.cpp with
# cmake/riscv32-toolchain.cmake (-march=rv32imc -Os, picolibc), runs it in
# QEMU with -icount shift=0 and prints, one per line:
#   rv32imc WORKLOAD BYTES INSTRUCTIONS IR_PER_BYTE   minstret around the work only
#   size ISA LAYER text=N data=N bss=N                 each LAYER with core, which it needs
#   stack rv32imc bind15 BYTES                         painted stack, high-water mark
#   rv32imc inflate-FORMAT-FILE OUT_BYTES INSTRUCTIONS IR_PER_OUT_BYTE  (ehc_inflate_bench)
#   rv32imc client-*  BODY_BYTES INSTRUCTIONS IR_PER_BYTE  (ehc_client_bench: the client's
#                     body path and the transport's copy, bench/client_workloads.h)
# Sizes are the layers' object files summed (as scripts/cross-check.sh does
# for cortex-m4, which is run for those); "json+http(linked)" is what the
# benchmark program actually links of them (--gc-sections), "+float" the same
# program with a double bound as well (ehc_bench_float, linked only).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh rv32
root=$PWD
mkdir -p build
log=build/rv32-bench.log
: >"$log"

for isa in rv32imc rv32imac; do
  if ! { cmake -S rv32 -B "build/$isa" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$root/cmake/riscv32-toolchain.cmake" \
         -DEHC_RV32_ARCH=$isa && cmake --build "build/$isa"; } >>"$log" 2>&1; then
    tail -30 "$log" >&2
    echo "rv32-bench: build for $isa failed (log: $log)" >&2
    exit 1
  fi
done

run() {  # program
  timeout 300 rv32/qemu.sh rv32imc "build/rv32imc/$1" || {
    echo "rv32-bench: $1 failed in QEMU" >&2
    return 1
  }
}
result=$(run ehc_bench) || { echo "$result" >&2; exit 1; }
inflate=$(run ehc_inflate_bench) || { echo "$inflate" >&2; exit 1; }
client=$(run ehc_client_bench) || { echo "$client" >&2; exit 1; }
grep -v '^stack\|^#' <<<"$result"
echo "$client"
grep -v '^stack\|^#' <<<"$inflate"

# size ISA LAYER text=N data=N bss=N, from `size -t` totals.
sizeLine() {  # isa layer size-tool files...
  local isa=$1 layer=$2 tool=$3
  shift 3
  read -r text data bss _ < <("$tool" -t "$@" | tail -1)
  echo "size $isa $layer text=$text data=$data bss=$bss"
}
for isa in rv32imc rv32imac; do
  lib=build/$isa
  sizeLine $isa json riscv64-unknown-elf-size "$lib/libehc_core.a" "$lib/libehc_json.a"
  sizeLine $isa http riscv64-unknown-elf-size "$lib/libehc_core.a" "$lib/libehc_http.a"
  sizeLine $isa json+http riscv64-unknown-elf-size "$lib/libehc_core.a" "$lib/libehc_json.a" \
    "$lib/libehc_http.a"
  sizeLine $isa codec riscv64-unknown-elf-size "$lib/libehc_core.a" "$lib/libehc_codec.a"
done
# What a program links of the layers: their input sections in its linker
# map, code and read-only data.
linkedSize() {  # map layer-regex
  local linked=0 size
  while read -r size; do
    linked=$((linked + size))
  done < <(awk -v layers="$2" '/^Linker script and memory map/ { m = 1 }
    m && /^ \.(text|rodata|srodata)/ {
      if (NF == 1) { getline; addr = $1; size = $2; obj = $3 } else { addr = $2; size = $3; obj = $4 }
      if (obj ~ ("libehc_(" layers ")\\.a") && addr !~ /^0x0+$/) print size
    }' "$1" | while read -r hex; do echo $((hex)); done)
  echo "$linked"
}
# The benchmark (binder: integers and strings; response parser); the
# inflater (gzip, raw deflate) with the CRC-32.
echo "size rv32imc json+http(linked) text=$(linkedSize build/rv32imc/ehc_bench.map 'core|json|http') data=0 bss=0"
echo "size rv32imc json+http+float(linked) text=$(linkedSize build/rv32imc/ehc_bench_float.map 'core|json|http') data=0 bss=0"
for layer in core json http; do  # the same, each layer's part
  echo "size rv32imc $layer(linked) text=$(linkedSize build/rv32imc/ehc_bench.map $layer) data=0 bss=0"
  echo "size rv32imc $layer+float(linked) text=$(linkedSize build/rv32imc/ehc_bench_float.map $layer) data=0 bss=0"
done
echo "size rv32imc inflate(linked) text=$(linkedSize build/rv32imc/ehc_inflate_bench.map 'core|codec') data=0 bss=0"

# Cortex-M4: scripts/cross-check.sh's per-layer figures, summed the same way.
m4=$(scripts/cross-check.sh)
m4size() {  # layers...
  local text=0 data=0 bss=0 t d b
  for layer in "$@"; do
    read -r t d b < <(sed -n "s/^cross-check cortex-m4 $layer: text=\([0-9]*\) data=\([0-9]*\) bss=\([0-9]*\).*/\1 \2 \3/p" <<<"$m4")
    text=$((text + t)) data=$((data + d)) bss=$((bss + b))
  done
  echo "text=$text data=$data bss=$bss"
}
echo "size cortex-m4 json $(m4size core json)"
echo "size cortex-m4 http $(m4size core http)"
echo "size cortex-m4 json+http $(m4size core json http)"

grep '^stack\|^#' <<<"$result"
grep '^stack\|^#' <<<"$inflate"
