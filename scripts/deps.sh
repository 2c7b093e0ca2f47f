#!/usr/bin/env bash
# Installs the Debian packages a job needs, quietly, and only those missing.
#   scripts/deps.sh test|demo|bench|rv32
# Fails with a clear message when it cannot install them.
set -euo pipefail

case "${1:-test}" in
  test)  want=(cmake ninja-build g++ clang libgtest-dev clang-format gcc-arm-none-eabi
               libstdc++-arm-none-eabi-newlib libmbedtls-dev openssl nginx-light zlib1g-dev) ;;
  demo)  want=(cmake ninja-build g++ libmbedtls-dev openssl nginx-light libcurl4-openssl-dev
               libcjson-dev rapidjson-dev gnuplot-nox) ;;
  bench) want=(cmake ninja-build g++ libmbedtls-dev valgrind rapidjson-dev libcjson-dev
               libsimdjson-dev nlohmann-json3-dev nginx-light openssl) ;;
  # rv32: scripts/rv32-check.sh and rv32-bench.sh (RISC-V cross compiler,
  # picolibc, QEMU; C++ headers from the ARM package; arm-none-eabi for the
  # Cortex-M4 sizes of scripts/cross-check.sh).
  rv32)  want=(cmake ninja-build g++ gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf
               picolibc-riscv64-unknown-elf qemu-system-misc libstdc++-arm-none-eabi-dev
               gcc-arm-none-eabi) ;;
  *) echo "deps.sh: unknown job '$1' (test, demo, bench, rv32)" >&2; exit 2 ;;
esac

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "deps.sh: installing ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
  echo "deps.sh: need root to install: apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/tmp/ehc-apt.log 2>&1; then
  tail -20 /tmp/ehc-apt.log >&2
  echo "deps.sh: apt-get could not install: ${missing[*]} (log: /tmp/ehc-apt.log)" >&2
  exit 1
fi
