#!/usr/bin/env bash
# The TLS idle-cost benchmark (bench/tls/tls_idle_bench.cpp): its table (heap
# held connected, after idle release, and the next request's handshake, per
# kind of session), then the instructions of one full and one resumed
# handshake counted by callgrind (the client's side only: nginx runs outside
# valgrind), as docs/net.md quotes them.
#   scripts/bench-tls.sh [BUILD_DIR]   (default build/release; configured if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test >/dev/null
scripts/deps.sh bench >/dev/null
build=${1:-build/release}
[[ -f $build/build.ninja ]] || cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target tls_idle_bench >/dev/null
bench=$build/bench/tls/tls_idle_bench
"$bench"
echo
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for version in tls12 tls13; do
  for kind in full resumed; do
    run=$out/$version-$kind
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredConnect*' \
      --callgrind-out-file="$run.out" "$bench" --handshake "$kind" ${version/tls12/} >"$run.txt" 2>"$run.err"
    if grep -q "no TLS 1.3" "$run.txt"; then
      echo "callgrind: TLS 1.3: this mbedTLS has none"
      break
    fi
    ir=$(awk '/^summary:/ {print $2}' "$run.out")
    printf 'callgrind: %-8s handshake (%s): %s instructions\n' "$kind" "$(tail -1 "$run.txt" | cut -d: -f2- | sed 's/^ //')" "$ir"
  done
done
