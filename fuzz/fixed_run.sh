#!/usr/bin/env bash
# One deterministic libFuzzer run, as the test command runs it: the same
# commit gives the same inputs, coverage and answer on any machine, loaded
# or not.
#   fuzz/fixed_run.sh FUZZER SEED RUNS INPUTS WORKDIR
# FUZZER   a libFuzzer binary
# SEED     libFuzzer's -seed (fixed, never 0: 0 means a random one)
# RUNS     -runs: the run ends after this many executions, not after a time
# INPUTS   a file naming the input folders, one a line (the checked-in corpus,
#          seeds, shared test data); every regular file below them is an input
# WORKDIR  emptied first; gets the corpus the run grows, crash-* artifacts
#          and the list of inputs
# What makes it repeatable: the inputs reach libFuzzer in a fixed order
# (-seed_inputs; libFuzzer reads a folder in readdir order, which differs
# between file systems, and the order decides what it keeps); the corpus
# folder starts empty; no periodic reload (-reload works by wall time); no
# mutations from compared values (-use_cmp=0: the values include pointers,
# and where code, data, stack and heap lie differs between builds from
# different checkouts, whose sanitizer data holds the source paths); and the
# process starts alike: address randomisation off, the same environment,
# the same arguments, inputs copied under fixed names. The campaign
# (scripts/fuzz.sh) keeps compared values: it is there to find, not to repeat.
set -euo pipefail
fuzzer=$(realpath "$1") seed=$2 runs=$3 inputs=$(realpath "$4") work=$5
[[ $seed -ne 0 ]] || { echo "fixed_run.sh: seed 0 is a random seed" >&2; exit 2; }

rm -rf "$work"
mkdir -p "$work/corpus" "$work/in"
cd "$work"
ln -s "$fuzzer" fuzzer
n=0
while IFS= read -r dir; do
  [[ -n $dir ]] || continue
  [[ -d $dir ]] || { echo "fixed_run.sh: no input folder $dir" >&2; exit 2; }
  while IFS= read -r f; do
    n=$((n + 1))
    name=$(printf 'in/%06d' "$n")
    cp "$dir/$f" "$name"
    echo "$name $dir/$f" >>names.txt
  done < <(cd "$dir" && find . -type f -size +0 | LC_ALL=C sort)
done <"$inputs"
[[ $n -gt 0 ]] || { echo "fixed_run.sh: no inputs in $inputs" >&2; exit 2; }
cut -d' ' -f1 names.txt | paste -sd, >inputs.txt
echo "fixed_run.sh: $n inputs (in/ of $work, named in names.txt), seed $seed, $runs runs"

norandom=()
if setarch "$(uname -m)" -R true 2>/dev/null; then
  norandom=(setarch "$(uname -m)" -R)
else
  echo "fixed_run.sh: cannot turn address randomisation off (setarch -R): may not repeat" >&2
fi
status=0
env -i PATH=/usr/bin:/bin ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "${norandom[@]}" ./fuzzer -seed="$seed" \
  -runs="$runs" -seed_inputs=@inputs.txt -reload=0 -use_cmp=0 -max_len=8192 -timeout=60 \
  -print_final_stats=1 -artifact_prefix=./ corpus || status=$?
if [[ $status -ne 0 ]]; then
  for a in crash-* timeout-* oom-* leak-*; do
    [[ -e $a ]] || continue
    echo "fixed_run.sh: finding $work/$a: replay it with '$fuzzer $work/$a'; add it"
    echo "  to the target's fuzz/corpus/ folder with its fix, so it is replayed for good"
  done
fi
exit "$status"
