#!/bin/bash
# Compares the assembly two wavecc builds write for every corpus and bench
# kernel (tests/kernels/*.cl *.ll, bench/kernels/*.cl *.ll) at the default
# budget and at --max-vgprs=8 --max-sgprs=24 (plus any budgets given in
# ASM_BUDGETS, ';'-separated). Exit status and stdout/stderr are compared
# too, so a file both builds reject counts as identical only if the
# diagnostics agree. With ASM_OBJ=1 the code objects (default output,
# the built-in encoder and ELF writer) are compared as well.
#
# usage: scripts/asm-identical.sh BASE_BUILD NEW_BUILD [JOBS]
#   BASE_BUILD, NEW_BUILD  cmake build dirs (holding tools/wavecc)
# Prints one line per difference and a summary; exits 1 on any difference.
set -u
if [ $# -lt 2 ]; then echo "usage: $0 BASE_BUILD NEW_BUILD [JOBS]" >&2; exit 2; fi
base=$(cd "$1" && pwd)/tools/wavecc
new=$(cd "$2" && pwd)/tools/wavecc
jobs=${3:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
for b in "$base" "$new"; do [ -x "$b" ] || { echo "$0: no wavecc at $b" >&2; exit 2; }; done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
budgets=${ASM_BUDGETS:-"default;--max-vgprs=8 --max-sgprs=24"}

one() { # FILE BUDGET-INDEX BUDGET
  f=$1; i=$2; flags=$3; [ "$flags" = default ] && flags=
  key=$(echo "$f" | tr / _).$i
  for side in base new; do
    eval bin=\$$side
    # shellcheck disable=SC2086
    timeout 120 "$bin" -S $flags -o "$out/$key.$side.s" "$root/$f" >"$out/$key.$side.log" 2>&1
    echo "rc $?" >>"$out/$key.$side.log"
    sed "s|$out/$key.$side.s|OUT|g" "$out/$key.$side.log" >"$out/$key.$side.msg"
    if [ "${ASM_OBJ:-0}" = 1 ]; then
      # shellcheck disable=SC2086
      timeout 120 "$bin" $flags -o "$out/$key.$side.o" "$root/$f" >/dev/null 2>&1
    fi
  done
  if [ "${ASM_OBJ:-0}" = 1 ] && { [ -f "$out/$key.base.o" ] || [ -f "$out/$key.new.o" ]; }; then
    cmp -s "$out/$key.base.o" "$out/$key.new.o" || echo "DIFF (code object) $f [$flags]"
  fi
  if ! cmp -s "$out/$key.base.msg" "$out/$key.new.msg"; then echo "DIFF (exit/messages) $f [$flags]"
  elif [ -f "$out/$key.base.s" ] || [ -f "$out/$key.new.s" ]; then
    cmp -s "$out/$key.base.s" "$out/$key.new.s" || echo "DIFF (assembly) $f [$flags]"
  fi
  echo "$f" >>"$out/done"
}
export base new out root
export -f one

list=$(cd "$root" && ls tests/kernels/*.cl tests/kernels/*.ll bench/kernels/*.cl bench/kernels/*.ll 2>/dev/null)
n=0
diffs=$(
  i=0
  # the budgets split on ';' only, the file list on newlines (a file list
  # split on ';' was one word: every file but the last ran at the default
  # budget whatever ASM_BUDGETS said)
  IFS=';' read -r -a buds <<<"$budgets"
  for bud in "${buds[@]}"; do
    i=$((i + 1))
    for f in $list; do printf '%s\t%s\t%s\n' "$f" "$i" "$bud"; done
  done | while IFS="$(printf '\t')" read -r f i bud; do
    # simple job pool
    one "$f" "$i" "$bud" &
    while [ "$(jobs -p | wc -l)" -ge "$jobs" ]; do sleep 0.05; done
  done
  wait
)
total=$(wc -l <"$out/done" 2>/dev/null || echo 0)
[ -n "$diffs" ] && echo "$diffs"
ndiff=$(printf '%s' "$diffs" | grep -c DIFF)
echo "asm-identical: $total compiles, $ndiff differ"
[ "$ndiff" -eq 0 ]
