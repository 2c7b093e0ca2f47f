#!/usr/bin/env bash
# Fails when a C++ file is not formatted as .clang-format says.
# Fix with: scripts/format-check.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.h' '*.inl' '*.cpp' '*.ino' 2>/dev/null || find src tests tools bench fuzz examples -name '*.h' -o -name '*.inl' -o -name '*.cpp' -o -name '*.ino')
if [[ "${1:-}" == "--fix" ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run --Werror "${files[@]}" 2>/tmp/ehc-format.log; then
  grep -m 20 'error:' /tmp/ehc-format.log >&2 || true
  echo "format-check: files need formatting; run scripts/format-check.sh --fix" >&2
  exit 1
fi
echo "format-check: ${#files[@]} files formatted"
