#!/usr/bin/env bash
# Correctness on the ESP32-C3/C6 instruction set: rv32/check.cpp (the json,
# http and core layers on test data compiled in) is built for the host and,
# with cmake/riscv32-toolchain.cmake, for rv32imc and rv32imac; the rv32
# builds run in QEMU. Each prints one canonical listing; they must be
# identical ('#' lines, type sizes, excepted). Fails on any difference, or
# when a program's own checks fail. Listings: build/rv32-check/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh rv32
root=$PWD
out=build/rv32-check
mkdir -p "$out"

build() {  # build dir, cmake options...
  local dir=$1
  shift
  if ! { cmake -S rv32 -B "$dir" -G Ninja "$@" && cmake --build "$dir" --target ehc_check; } \
      >"$out/build-$(basename "$dir").log" 2>&1; then
    tail -30 "$out/build-$(basename "$dir").log" >&2
    echo "rv32-check: build of $dir failed" >&2
    exit 1
  fi
}
build build/rv32-host
for isa in rv32imc rv32imac; do
  build "build/$isa" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/riscv32-toolchain.cmake" -DEHC_RV32_ARCH=$isa
done

status=0
build/rv32-host/ehc_check >"$out/host.txt" || { echo "rv32-check: host checks failed" >&2; status=1; }
for isa in rv32imc rv32imac; do
  timeout 300 rv32/qemu.sh $isa "build/$isa/ehc_check" >"$out/$isa.txt" ||
    { echo "rv32-check: $isa checks failed (see $out/$isa.txt)" >&2; status=1; }
  if ! diff -u --label host --label $isa <(grep -av '^#' "$out/host.txt") \
      <(grep -av '^#' "$out/$isa.txt") >"$out/$isa.diff"; then
    head -60 "$out/$isa.diff" >&2
    echo "rv32-check: $isa differs from the host ($out/$isa.diff)" >&2
    status=1
  fi
done
grep -a '^FAIL' "$out"/*.txt | head -20 >&2 || true
[[ $status -eq 0 ]] || exit 1
echo "rv32-check: host, rv32imc and rv32imac listings identical ($(grep -cav '^#' "$out/host.txt") lines, $(tail -1 "$out/host.txt"))"
grep -ah '^#' "$out/host.txt" "$out/rv32imc.txt" | sed 's/^# /rv32-check: /'
