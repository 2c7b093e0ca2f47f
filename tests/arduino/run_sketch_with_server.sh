#!/usr/bin/env bash
# Runs an example sketch (built against the Arduino stand-in) on the host,
# against the project's fault server and its JSONPlaceholder-like API, and
# compares what it prints with the expected text.
#
#   run_sketch_with_server.sh FAULT_SERVER DATA_DIR SKETCH EXPECTED
#
# The server listens on a free loopback port; EHC_STANDIN_HOSTS sends the
# hosts the sketches name (jsonplaceholder.typicode.com, api.example.com,
# timeapi.io, httpbin.org, countries.trevorblades.com, 192.168.1.100, and the
# SOAP sketches' www.dataaccess.com and example.com) to it, whatever port they
# ask for.
# Line endings are normalised as in run_sketch.cmake (Serial.println writes
# CR LF like the real core). Every step is bounded by `timeout`; the server
# is stopped on every way out.
set -u

if [ $# -ne 4 ]; then
  echo "usage: $0 FAULT_SERVER DATA_DIR SKETCH EXPECTED" >&2
  exit 2
fi
server=$1 data=$2 sketch=$3 expected=$4

work=$(mktemp -d "${TMPDIR:-/tmp}/ehc-sketch.XXXXXX") || exit 1
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT

timeout 70 "$server" --port 0 --data "$data" --seconds 60 >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
port=
for _ in $(seq 1 200); do  # up to 10 s
  port=$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' "$work/server.out")
  [ -n "$port" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.05
done
if [ -z "$port" ]; then
  echo "the fault server did not start:" >&2
  cat "$work/server.out" "$work/server.err" >&2
  exit 1
fi

hosts=
for name in jsonplaceholder.typicode.com api.example.com timeapi.io httpbin.org \
            countries.trevorblades.com 192.168.1.100 www.dataaccess.com example.com; do
  hosts="$hosts${hosts:+,}$name=127.0.0.1:$port"
done
export EHC_STANDIN_HOSTS="$hosts"
timeout 50 "$sketch" >"$work/raw.txt" 2>"$work/stderr.txt"
rc=$?
sed 's/\r$//' "$work/raw.txt" >"$work/out.txt"
# Figures that vary from run to run (times): host_output.mask beside the
# expected text is a sed -E script that rewrites them before the comparison.
mask="${expected%.txt}.mask"
if [ -f "$mask" ]; then
  sed -E -f "$mask" "$work/out.txt" >"$work/masked.txt" && mv "$work/masked.txt" "$work/out.txt"
fi
if [ $rc -ne 0 ]; then
  echo "sketch exited with $rc (124: timed out):" >&2
  cat "$work/out.txt" "$work/stderr.txt" >&2
  exit 1
fi
if ! cmp -s "$expected" "$work/out.txt"; then
  echo "sketch output differs."
  echo "--- expected"
  cat "$expected"
  echo "--- got"
  cat "$work/out.txt"
  echo "--- diff"
  diff -u "$expected" "$work/out.txt"
  [ -s "$work/stderr.txt" ] && { echo "--- stderr"; cat "$work/stderr.txt"; }
  exit 1
fi

# The server must have served well, too (a sanitizer build reports here).
kill "$server_pid" 2>/dev/null
wait "$server_pid"
server_rc=$?
server_pid=
if [ $server_rc -ne 0 ] || [ -s "$work/server.err" ]; then
  echo "the fault server exited with $server_rc:" >&2
  cat "$work/server.err" >&2
  exit 1
fi
exit 0
