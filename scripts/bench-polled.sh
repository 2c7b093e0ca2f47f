#!/usr/bin/env bash
# The polled API's benchmark (bench/polled): N = 1, 4, 16 requests to a
# loopback server answering after 200 ms, polled from one thread vs blocking
# in sequence; 8 transfers of 1 MB polled at once. Arguments go to the
# benchmark (--budget-ms MS, --budget-bytes B).
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${EHC_SHARED_DIR:-$(cd .. && pwd)/shared}
cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release -DEHC_BUILD_TESTS=OFF \
  -DEHC_BUILD_DEMO=ON -DEHC_SHARED_DIR="$shared" >/dev/null
cmake --build build/demo --target polled_bench >/dev/null
build/demo/bench/polled/polled_bench "$@"
