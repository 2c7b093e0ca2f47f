#!/usr/bin/env bash
# Where the instructions of one rv32 benchmark workload go, per function and
# per source line: builds rv32/bench.cpp for that workload alone, runs it in
# QEMU with an execution trace (-d in_asm,exec,nochain) and counts executed
# instructions between the two ehc_profile_mark() calls around the work (each
# translated block's instructions times its executions). They cover the two
# measured runs, and agree with twice rv32-bench.sh's count to within 0.1 %
# (the marks, the counter reads, blocks left early).
#   scripts/rv32-profile.sh users-el9 [LINES]    (workload names: rv32/bench.cpp,
#                                                 bench/http_workloads.h,
#                                                 bench/client_workloads.h: client-*)
set -euo pipefail
cd "$(dirname "$0")/.."
workload=${1:?usage: scripts/rv32-profile.sh WORKLOAD [LINES]}
lines=${2:-30}
program=ehc_bench
[[ $workload == client-* ]] && program=ehc_client_bench
scripts/deps.sh rv32
build=build/rv32-profile
log=$build/trace.log
cmake -S rv32 -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/riscv32-toolchain.cmake" \
  -DEHC_RV32_ARCH=rv32imc -DEHC_PROFILE_WORKLOAD="$workload" >/dev/null
cmake --build "$build" --target $program >/dev/null
qemu-system-riscv32 -machine virt -cpu lowrisc-ibex -m 128M -bios none -icount shift=0 \
  -display none -serial none -monitor none -chardev stdio,id=c0 \
  -semihosting-config enable=on,target=native,chardev=c0 -kernel "$build/$program" \
  -d in_asm,exec,nochain -D "$log" </dev/null
status=0
python3 scripts/rv32_profile.py "$build/$program" "$log" "$lines" || status=$?
rm -f "$log"  # (hundreds of MB for the large documents)
exit $status
