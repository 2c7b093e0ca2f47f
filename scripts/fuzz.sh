#!/usr/bin/env bash
# The open-ended fuzz campaign (the test command's fuzz runs are short and
# fixed: fuzz/fixed_run.sh). Each libFuzzer target in turn fuzzes for
# SECONDS with a random seed, from its checked-in corpus, seeds and shared
# test data; then
#   * every crash, timeout or out-of-memory input is minimised and added to
#     fuzz/corpus/<target>/ as crash-<sha1> (the test command fails on it
#     from then on: commit it with the fix),
#   * the inputs that reach new coverage are merged into fuzz/corpus/<target>/
#     (libFuzzer -merge=1),
# and what was found is printed. Commit the grown corpus.
#   scripts/fuzz.sh [SECONDS [TARGET...]]   default 300 s each, every target
# Exit status: 0 when nothing crashed, 1 when something did, 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
shift || true
[[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || {
  echo "usage: scripts/fuzz.sh [SECONDS [TARGET...]]" >&2
  exit 2
}
scripts/deps.sh test

build=build/asan
echo "== build (clang, ASan + UBSan, fuzzers) in $build"
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DEHC_SANITIZE=ON -DEHC_FUZZ=ON >/dev/null
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  for f in "$build"/fuzz/*.inputs; do targets+=("$(basename "$f" .inputs)"); done
fi
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:dedup_token_length=3
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
summary=()
found=0
for target in "${targets[@]}"; do
  fuzzer=$build/fuzz/$target
  inputs=$build/fuzz/$target.inputs
  [[ -x $fuzzer && -f $inputs ]] || { echo "fuzz.sh: no fuzz target $target" >&2; exit 2; }
  mapfile -t dirs < <(grep -v '^$' "$inputs")
  corpus=${dirs[0]}  # the checked-in corpus comes first
  work=$build/fuzz-campaign/$target
  rm -rf "$work"
  mkdir -p "$work/new" "$work/artifacts" "$work/minimised" "$corpus"
  before=$(find "$corpus" -type f | wc -l)
  echo "== $target: $seconds s from $before corpus inputs and ${dirs[*]:1}"
  # Fork mode goes on after a crash; the seed is random (printed by libFuzzer).
  "$fuzzer" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -max_len=8192 -timeout=10 -artifact_prefix="$work/artifacts/" \
    "$work/new" "${dirs[@]}" >"$work/fuzz.log" 2>&1 || true
  grep -m1 'Seed:' "$work/fuzz.log" || true
  grep -E '^#[0-9]+:' "$work/fuzz.log" | tail -1 || true

  # One bug tends to be hit again and again: the first few are minimised.
  crashes=0 tried=0 artifacts=0
  for artifact in "$work"/artifacts/*; do
    [[ -e $artifact ]] || continue
    artifacts=$((artifacts + 1))
    [[ $tried -lt 5 ]] || continue
    tried=$((tried + 1))
    out=$work/minimised/$(basename "$artifact")
    "$fuzzer" -minimize_crash=1 -max_total_time=30 -exact_artifact_path="$out" \
      -artifact_prefix="$work/minimised/" "$artifact" >"$out.log" 2>&1 || true
    [[ -s $out ]] || cp "$artifact" "$out"  # a timeout or OOM is not minimised
    name=crash-$(sha1sum "$out" | cut -c1-40)
    if [[ ! -e $corpus/$name ]]; then
      cp "$out" "$corpus/$name"
      crashes=$((crashes + 1))
      why=$("$fuzzer" -artifact_prefix="$work/minimised/" "$out" 2>&1 |
        grep -m1 -E 'ERROR|runtime error|depends|differ|abort' || true)
      summary+=("$target: NEW FINDING $corpus/$name (${why:-see $out.log})")
    fi
  done

  # New coverage into the checked-in corpus: what the corpus, seeds and test
  # data do not reach already (they are the merge's base; inputs that crash
  # are left out).
  base=$work/base
  mkdir -p "$base"
  n=0
  for dir in "${dirs[@]}"; do
    while IFS= read -r -d '' f; do
      n=$((n + 1))
      cp "$f" "$base/known-$n"
    done < <(find "$dir" -type f -size +0 -print0)
  done
  if "$fuzzer" -merge=1 -max_len=8192 -timeout=10 -artifact_prefix="$work/merge-" "$base" \
    "$work/new" >"$work/merge.log" 2>&1; then
    find "$base" -type f ! -name 'known-*' -exec cp {} "$corpus/" \;
  else
    tail -5 "$work/merge.log"
    echo "fuzz.sh: merging into $corpus failed (log: $work/merge.log)" >&2
  fi
  after=$(find "$corpus" -type f | wc -l)
  summary+=("$target: corpus $before -> $after inputs, $artifacts crash inputs, $crashes new findings ($tried minimised; all in $work/artifacts)")
  [[ $crashes -eq 0 ]] || found=1
done

echo "== what the campaign found"
printf '%s\n' "${summary[@]}"
if [[ $found -ne 0 ]]; then
  echo "Findings are in fuzz/corpus/ now: the test command fails on them until they are fixed."
  echo "Replay one: $build/fuzz/<target> fuzz/corpus/<target>/crash-<sha1>"
fi
exit "$found"
