# Sourced by the tool tests: check NAME EXPECTED_EXIT EXPECTED_OUTPUT -- command...
# runs the command and compares its exit status and standard output.
fails=0
check() {
  local name=$1 want_rc=$2 want=$3; shift 4
  local got rc
  got=$("$@" 2>/dev/null); rc=$?
  if [[ $rc -ne $want_rc || "$got" != "$want" ]]; then
    printf 'FAIL %s (exit %s, want %s)\n--- want\n%s\n--- got\n%s\n' "$name" "$rc" "$want_rc" "$want" "$got"
    fails=$((fails + 1))
  else
    echo "ok   $name"
  fi
}
# finish TOOL: the summary line and the exit status.
finish() {
  if [[ $fails -eq 0 ]]; then echo "$1: all checks passed"; else echo "$1: $fails failed"; exit 1; fi
}
