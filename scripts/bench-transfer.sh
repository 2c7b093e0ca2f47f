#!/usr/bin/env bash
# The 50 MB transfer benchmark (issue 18): a download through the library to
# a file on loopback from nginx, identity, chunked and gzip (a stored .gz,
# gzip_static), and an upload (PUT, Content-Length) to the fault server's
# /upload; each also done by curl writing/reading the same file. Prints the
# instructions per byte (callgrind, the client process only: the servers run
# apart) and the library's peak heap during the request.
#
#   scripts/bench-transfer.sh [MB]     (default 50)
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-50}
build=build/release
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD/..}
cmake --build "$build" --target transfer_bench transfer_bench_ra0 ehc-fault-server >/dev/null
bench=$build/bench/transfer/transfer_bench
bench_ra0=$build/bench/transfer/transfer_bench_ra0  # EHC_SOCKET_READAHEAD=0
fault=$build/tools/ehc-fault-server/ehc-fault-server

work=$(mktemp -d "${TMPDIR:-/tmp}/ehc-transfer.XXXXXX")
serve_pid= fault_pid=
cleanup() {
  # Closing the hold lets `serve` return and stop its nginx (a kill would
  # leave nginx running); killed only if it has not ended in 10 s.
  exec 3>&-
  if [ -n "$serve_pid" ]; then
    for _ in $(seq 1 100); do kill -0 "$serve_pid" 2>/dev/null || break; sleep 0.1; done
    kill "$serve_pid" 2>/dev/null || true
    wait "$serve_pid" 2>/dev/null || true
  fi
  [ -n "$fault_pid" ] && kill "$fault_pid" 2>/dev/null && wait "$fault_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# The file: decimal lines (compressible about 4:1), the same every run.
(seq 1 100000000 || true) | head -c $((mb * 1024 * 1024)) >"$work/big.bin"
gzip -6 -n -k "$work/big.bin"
bytes=$(stat -c %s "$work/big.bin")

mkfifo "$work/hold"
"$bench" serve "$work" <"$work/hold" >"$work/serve.out" 2>&1 &
serve_pid=$!
exec 3>"$work/hold"  # nginx serves while this is open
for _ in $(seq 1 100); do grep -q '^port ' "$work/serve.out" && break; sleep 0.1; done
port=$(sed -n 's/^port //p' "$work/serve.out")
[ -n "$port" ] || { cat "$work/serve.out" >&2; exit 1; }
timeout 600 "$fault" --port 0 --seconds 600 >"$work/fault.out" 2>&1 &
fault_pid=$!
for _ in $(seq 1 100); do grep -qs '^listening' "$work/fault.out" && break; sleep 0.1; done
fport=$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$work/fault.out")

# instructions of a command run under callgrind
ir() {
  local out=$work/cg.out
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >"$work/run.out" 2>"$work/cg.err" ||
    { cat "$work/run.out" "$work/cg.err" >&2; return 1; }
  sed -n 's/^summary: //p' "$out"
}
perbyte() { awk -v i="$1" -v b="$bytes" 'BEGIN { printf "%.2f", i / b }'; }

printf 'file: %s bytes (%s MB); gzip: %s bytes\n' "$bytes" "$mb" "$(stat -c %s "$work/big.bin.gz")"
printf '%-10s %14s %14s %10s %12s\n' "case" "ours Ir/byte" "curl Ir/byte" "ratio" "peak heap"
for case in identity chunked gzip; do
  case $case in
    identity) path=/big.bin; flag=; cflag= ;;
    chunked) path=/chunked/big.bin; flag=; cflag= ;;
    gzip) path=/gzip-static/big.bin; flag=gzip; cflag=--compressed ;;
  esac
  url=http://127.0.0.1:$port$path
  ours=$(ir "$bench" get "$url" "$work/out.bin" $flag)
  heap=$(sed -n 's/.*peak_heap \([0-9]*\).*/\1/p' "$work/run.out")
  cmp -s "$work/out.bin" "$work/big.bin" || { echo "$case: the file differs" >&2; exit 1; }
  theirs=$(ir curl -s $cflag -o "$work/out.bin" "$url")
  cmp -s "$work/out.bin" "$work/big.bin" || { echo "$case: curl's file differs" >&2; exit 1; }
  printf '%-10s %14s %14s %10s %12s\n' "$case" "$(perbyte "$ours")" "$(perbyte "$theirs")" \
    "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')" "$heap B"
done
url=http://127.0.0.1:$fport/upload
ours=$(ir "$bench" put "$url" "$work/big.bin")
heap=$(sed -n 's/.*peak_heap \([0-9]*\).*/\1/p' "$work/run.out")
theirs=$(ir curl -s -T "$work/big.bin" -o /dev/null "$url")
printf '%-10s %14s %14s %10s %12s\n' "upload" "$(perbyte "$ours")" "$(perbyte "$theirs")" \
  "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')" "$heap B"

# Time: the identity download, ours (the 512-byte read buffer, the socket
# read 16 KB at a time by the read-ahead and each slice of it written to the
# file at once), ours without the read-ahead (EHC_SOCKET_READAHEAD=0: a
# recv() and a write() per 512 bytes) and curl (16 KB), wall and CPU
# (user + sys) milliseconds, each the median of 5 (apart: on a shared
# machine the CPU time is the steadier).
TIMEFORMAT='%R %U %S'
timed() {  # "wall cpu", the median of 5 runs of the command each
  local runs
  runs=$(for _ in 1 2 3 4 5; do
    { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.1f %.1f\n", $1 * 1000, ($2 + $3) * 1000 }'
  done)
  echo "$(cut -d' ' -f1 <<<"$runs" | sort -n | sed -n 3p) $(cut -d' ' -f2 <<<"$runs" | sort -n | sed -n 3p)"
}
url=http://127.0.0.1:$port/big.bin
read -r ours_wall ours_cpu < <(timed "$bench" get "$url" "$work/out.bin")
cmp -s "$work/out.bin" "$work/big.bin" || { echo "timed: the file differs" >&2; exit 1; }
read -r ra0_wall ra0_cpu < <(timed "$bench_ra0" get "$url" "$work/out.bin")
cmp -s "$work/out.bin" "$work/big.bin" || { echo "timed (ra0): the file differs" >&2; exit 1; }
read -r curl_wall curl_cpu < <(timed curl -s -o "$work/out.bin" "$url")
printf '\nidentity download, ms (median of 5): ours %s wall / %s cpu, ours-ra0 %s wall / %s cpu, curl %s wall / %s cpu\n' \
  "$ours_wall" "$ours_cpu" "$ra0_wall" "$ra0_cpu" "$curl_wall" "$curl_cpu"
