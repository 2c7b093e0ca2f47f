#!/usr/bin/env bash
# The main job: the headline benchmark. 100 HTTPS GETs of /users (the
# JSONPlaceholder users from ../shared), the 15 fields of the first user,
# three ways (ours on a kept-alive connection; the standard Arduino way: a
# new TLS connection, the body in a String, a DOM; libcurl + RapidJSON),
# through the project's network emulator in two scenarios (wifi, device),
# then a scaling run from 5 KB to 5 MB over HTTPS and HTTP (ours also with a
# 16 KB read buffer). nginx and the emulator are started
# and stopped by the run; certificates are made now.
#
#   scripts/demo.sh            the full run (prints the tables, draws the charts)
#   scripts/demo.sh --quick    20 requests, no scaling run: fails unless ours
#                              beats standard on time and heap with every value right
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh demo
shared=${EHC_SHARED_DIR:-$(cd .. && pwd)/shared}
[[ -f $shared/testdata/jsonplaceholder/users.json ]] ||
  { echo "demo: $shared/testdata not found (../shared beside the checkout)" >&2; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Quiet unless something fails: then the build's own words.
{ cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release -DEHC_BUILD_TESTS=OFF \
    -DEHC_BUILD_DEMO=ON -DEHC_SHARED_DIR="$shared" &&
  cmake --build build/demo --target headline_bench ehc-netem; } >"$log" 2>&1 ||
  { cat "$log" >&2; echo "demo: the build failed" >&2; exit 1; }
out=build/demo/headline
build/demo/bench/headline/headline_bench --out "$out" "$@"
if [[ " $* " != *" --quick "* ]] && command -v gnuplot >/dev/null; then
  gnuplot -e "data='$out'" bench/headline/charts.gp && echo "charts: $out/time-per-request.png $out/peak-heap.png"
fi
