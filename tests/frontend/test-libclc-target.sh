#!/bin/bash
# With WAVECC_LIBCLC_PROGRAM_TARGET=1 libclc's always-inlined functions get
# the program's target-cpu and target-features before `-O2`
# (clang_frontend.cpp give_program_target: one GCNSubtarget instead of
# two): the linked module shows them (WAVECC_PRINT_LINKED), without it
# libclc keeps its own (none), and the assembly and code objects are the
# same both ways at gfx900 and gfx1100, default budget and 8/24 (not at
# gfx90a/gfx942: see the function's comment). Needs the linked-in front
# end (not a sanitizer build, which uses libwavecc-clang.so: the same code).
# usage: test-libclc-target.sh WAVECC FILE.cl...
set -eu
wavecc=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export WAVECC_NO_CACHE=1
for src in "$@"; do
  for mcpu in gfx900 gfx1100; do
    WAVECC_LIBCLC_PROGRAM_TARGET=1 WAVECC_PRINT_LINKED=$dir/linked.ll "$wavecc" --mcpu=$mcpu -S "$src" -o "$dir/a.s"
    [ -s "$dir/linked.ll" ] || { echo "FAIL: $src: WAVECC_PRINT_LINKED wrote nothing"; exit 1; }
    # Every internal always-inlined function's attribute group names the CPU.
    python3 - "$dir/linked.ll" "$mcpu" "$src" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
groups = {m.group(1): m.group(2) for m in re.finditer(r'^attributes #(\d+) = \{(.*)\}$', text, re.M)}
n = 0
for m in re.finditer(r'^define internal [^\n]*\) #(\d+) ', text, re.M):
    attrs = groups[m.group(1)]
    if 'alwaysinline' not in attrs:
        continue
    n += 1
    if '"target-cpu"="%s"' % sys.argv[2] not in attrs or '"target-features"=' not in attrs:
        sys.exit("FAIL: %s: an always-inlined libclc function without the program's target: %s" % (sys.argv[3], attrs))
if n == 0:
    sys.exit("FAIL: %s: no always-inlined libclc function in the linked module" % sys.argv[3])
PY
    WAVECC_PRINT_LINKED=$dir/own.ll "$wavecc" --mcpu=$mcpu -S "$src" -o "$dir/b.s" >/dev/null
    if grep -q '^attributes .*alwaysinline.*"target-cpu"' "$dir/own.ll"; then
      echo "FAIL: $src: without WAVECC_LIBCLC_PROGRAM_TARGET=1 libclc got libclc a target-cpu"; exit 1
    fi
    for flags in "" "--max-vgprs=8 --max-sgprs=24"; do
      for own in 0 1; do
        env=()
        [ $own = 1 ] && env=(WAVECC_LIBCLC_PROGRAM_TARGET=1)
        # shellcheck disable=SC2086
        env "${env[@]}" "$wavecc" --mcpu=$mcpu -S $flags "$src" -o "$dir/$own.s"
        # shellcheck disable=SC2086
        env "${env[@]}" "$wavecc" --mcpu=$mcpu $flags "$src" -o "$dir/$own.o"
      done
      cmp -s "$dir/0.s" "$dir/1.s" || { echo "FAIL: $src $mcpu [$flags]: assembly differs"; diff "$dir/0.s" "$dir/1.s" | head; exit 1; }
      cmp -s "$dir/0.o" "$dir/1.o" || { echo "FAIL: $src $mcpu [$flags]: code objects differ"; exit 1; }
    done
  done
done
echo "libclc-target: with WAVECC_LIBCLC_PROGRAM_TARGET=1 libclc has the program's target; same assembly and code objects as with its own ($# files)"
