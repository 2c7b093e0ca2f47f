#!/usr/bin/env bash
# Installs the build tree into a scratch prefix, then builds and runs a tiny
# project that finds it with find_package(ESP32HTTPClient).
set -eu
build=$1 project=$2 work=$3 cxx=$4 flags=${5:-}
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$project" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" >/dev/null
cmake --build "$work/build" >/dev/null
"$work/build/consumer"
