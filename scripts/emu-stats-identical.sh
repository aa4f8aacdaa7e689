#!/bin/bash
# Runs every corpus and bench kernel test with two builds' wavecc-run
# --stats (and the given extra options, e.g. --compiler=llc) and compares
# the results and dynamic statistics line by line, ignoring the host time
# ("emulated in ..."). With IGNORE_CYCLES=1 the "~N cycles" estimate is
# ignored too (for a change to the emulator's cost model only).
#
# usage: scripts/emu-stats-identical.sh BASE_BUILD NEW_BUILD [wavecc-run options]
set -u
if [ $# -lt 2 ]; then echo "usage: $0 BASE_BUILD NEW_BUILD [options]" >&2; exit 2; fi
base=$(cd "$1" && pwd)/tools/wavecc-run
new=$(cd "$2" && pwd)/tools/wavecc-run
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
norm() {
  sed -E 's/, emulated in [0-9.]+ ms( \([0-9.]+ ms CPU\))?//; s/0x[0-9a-f]{8,}/PTR/g; s/wavecc-[A-Za-z0-9]{6}/TMP/g' |
    if [ "${IGNORE_CYCLES:-0}" = 1 ]; then sed -E 's/~[0-9]+ cycles/~N cycles/'; else cat; fi
}
cd "$root" || exit 2
for side in base new; do
  eval bin=\$$side
  timeout 3600 "$bin" --stats -j 2 "$@" tests/kernels bench/kernels 2>&1 | norm | sort >"$out/$side"
done
if diff "$out/base" "$out/new" >"$out/diff"; then
  echo "emu-stats-identical: $(wc -l <"$out/new") lines identical"
else
  cat "$out/diff"
  echo "emu-stats-identical: $(grep -c '^>' "$out/diff") lines differ"
  exit 1
fi
