#!/bin/bash
# The linked-in front end hands its optimised module to the backend in
# memory (issue 28, wavecc_clang_compile_module): the assembly and the
# code object must be the same as through the bitcode round trip
# (WAVECC_FRONTEND_BITCODE=1), at the default budget and at 8/24. In a
# build whose front end is not linked in (sanitizers) both take the
# round trip and the test only checks that.
# usage: test-handoff.sh WAVECC FILE.cl...
set -eu
wavecc=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export WAVECC_NO_CACHE=1
for src in "$@"; do
  for flags in "" "--max-vgprs=8 --max-sgprs=24"; do
    for mode in 0 1; do
      # shellcheck disable=SC2086
      WAVECC_FRONTEND_BITCODE=$mode "$wavecc" -S $flags "$src" -o "$dir/$mode.s"
      # shellcheck disable=SC2086
      WAVECC_FRONTEND_BITCODE=$mode "$wavecc" $flags "$src" -o "$dir/$mode.o"
    done
    cmp -s "$dir/0.s" "$dir/1.s" || { echo "FAIL: $src [$flags]: assembly differs"; diff "$dir/0.s" "$dir/1.s" | head; exit 1; }
    cmp -s "$dir/0.o" "$dir/1.o" || { echo "FAIL: $src [$flags]: code objects differ"; exit 1; }
  done
done
echo "handoff: same assembly and code objects as through bitcode ($# files)"
