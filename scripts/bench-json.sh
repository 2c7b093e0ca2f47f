#!/usr/bin/env bash
# The JSON benchmark: our binder against RapidJSON, cJSON, simdjson and
# nlohmann-json (Debian packages), timed and counted with callgrind in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh bench
cmake -S . -B build/bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DEHC_BUILD_BENCH=ON -DEHC_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench --target json_bench >/dev/null
build/bench/bench/json_bench "$@"
