#!/usr/bin/env bash
# What one more kept-alive request costs the client (issue 20):
# bench/request_cost.cpp against nginx on loopback, HTTP and HTTPS, users.json
# with 15 fields bound, instructions per request counted by callgrind, beside
# a bare socket + HTTP loop's. EHC_CALLGRIND_KEEP=DIR keeps the callgrind
# files (callgrind_annotate them to see where a request's instructions go).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh bench
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD/..}
cmake -S . -B build/bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DEHC_BUILD_BENCH=ON -DEHC_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench --target request_cost >/dev/null
build/bench/bench/request_cost "$@"
