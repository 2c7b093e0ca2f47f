#!/usr/bin/env bash
# The HTTP layer's own cost on the host: bench/http_bench.cpp's workloads
# (bench/http_workloads.h, the same as scripts/rv32-bench.sh's http-* lines),
# each counted by callgrind. Prints "host WORKLOAD BYTES INSTRUCTIONS IR_PER_BYTE".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh bench
cmake -S . -B build/bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DEHC_BUILD_BENCH=ON -DEHC_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench --target http_bench >/dev/null
build/bench/bench/http_bench "$@"
