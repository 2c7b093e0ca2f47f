#!/usr/bin/env bash
# The soak run (not part of the test command: it takes a minute or more):
# 100 000 requests over HTTP and 100 000 over HTTPS through the fluent client
# against nginx on loopback, nginx closing each connection after its 100th
# response; every 10 000 requests it prints the descriptors open, the heap in
# use (the allocation counter's live bytes and glibc's mallinfo2), the RSS
# and the allocations made, and it fails when descriptors or heap grow.
#   scripts/soak.sh [ehc-soak options: --requests N --sample N --keepalive N
#                    --seconds S --scheme http|https|both]
# Bounded: --seconds (default 900) for the whole run, each request by its
# timeout. Loopback only. Figures in docs/net.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/release -j "$(nproc)" --target ehc-soak
# No per-thread cache: mallinfo2 counts the chunks in it as in use.
start=$(date +%s)
status=0
GLIBC_TUNABLES=glibc.malloc.tcache_count=0 build/release/tests/ehc-soak "$@" || status=$?
echo "soak.sh: $(($(date +%s) - start)) s, exit $status"
exit "$status"
