#!/bin/bash
# wavecc-run's heap (tools/wavecc-run.c, tune_malloc; issue 28): its 64 MiB
# pad is advised for transparent huge pages at start, so the forked worker's
# fresh heap takes a handful of 2 MiB page faults instead of ~900 4 KiB
# ones; WAVECC_MALLOC_DEFAULTS=1 keeps glibc's defaults and advises nothing.
# The run's results are the same either way.
# usage: test-heap-thp.sh WAVECC-RUN FILE
set -eu
run=$1 file=$2
command -v strace >/dev/null || { echo "heap-thp: no strace, skipped"; exit 0; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
strace -f -qq -e trace=madvise -o "$dir/on.trace" "$run" --compiler=wavecc --no-cache "$file" > "$dir/on.out"
WAVECC_MALLOC_DEFAULTS=1 strace -f -qq -e trace=madvise -o "$dir/off.trace" "$run" --compiler=wavecc --no-cache "$file" > "$dir/off.out"
tail -1 "$dir/on.out" | grep -q " 0 failed" || fail "the run failed: $(tail -3 "$dir/on.out")"
cmp -s "$dir/on.out" "$dir/off.out" || fail "the output differs with glibc's defaults"
grep -q "MADV_HUGEPAGE" "$dir/off.trace" && fail "WAVECC_MALLOC_DEFAULTS=1 advised huge pages"
line=$(grep "MADV_HUGEPAGE" "$dir/on.trace" | head -1 || true)
[ -n "$line" ] || fail "the heap was not advised for huge pages"
# The kernel's answer: 0, or EINVAL without transparent huge pages.
[ -d /sys/kernel/mm/transparent_hugepage ] && { echo "$line" | grep -q "= 0$" || fail "madvise failed: $line"; }
# The advised range: whole 2 MiB pages of at least 32 MiB.
len=$(echo "$line" | sed -E 's/.*madvise\(0x([0-9a-f]+), ([0-9]+), MADV_HUGEPAGE.*/\1 \2/')
set -- $len
[ $((0x$1 % 2097152)) = 0 ] && [ $(($2 % 2097152)) = 0 ] && [ "$2" -ge 33554432 ] || fail "advised range: $line"
echo "heap-thp: heap advised for huge pages ($2 bytes), none with WAVECC_MALLOC_DEFAULTS=1, same results"
