#!/bin/bash
# The code-object cache (src/driver/cache.c), end to end, in a fresh
# directory: a first compile stores one entry, a second one reads it
# (same bytes out, and no entry added), other options or another source
# make another entry, --no-cache and WAVECC_NO_CACHE neither read nor
# write, a corrupt entry is a miss (and gets rewritten), a program that
# #includes a file is never stored, and wavecc-run passes with a cold and
# with a warm cache.
# usage: test-cache.sh WAVECC WAVECC_RUN FILE.cl
set -eu
wavecc=$1 run=$2 src=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export WAVECC_CACHE_DIR=$dir/cache
unset WAVECC_NO_CACHE
fail() { echo "FAIL: $*"; exit 1; }
entries() { find "$WAVECC_CACHE_DIR" -type f 2>/dev/null | wc -l; }

"$wavecc" "$src" -o "$dir/a.o"
[ "$(entries)" = 1 ] || fail "first compile stored $(entries) entries, expected 1"
"$wavecc" "$src" -o "$dir/b.o"
cmp "$dir/a.o" "$dir/b.o" || fail "cached code object differs"
[ "$(entries)" = 1 ] || fail "a hit stored another entry"
WAVECC_NO_CACHE=1 "$wavecc" "$src" -o "$dir/c.o"
cmp "$dir/a.o" "$dir/c.o" || fail "uncached code object differs from the cached one"
"$wavecc" -S "$src" -o "$dir/a.s"
[ "$(entries)" = 2 ] || fail "assembly output shares the code object's entry"
"$wavecc" -S "$src" -o "$dir/b.s"
cmp "$dir/a.s" "$dir/b.s" || fail "cached assembly differs"
"$wavecc" --no-cache -DUNUSED_MACRO "$src" -o "$dir/d.o"
WAVECC_NO_CACHE=1 "$wavecc" -DUNUSED_MACRO2 "$src" -o "$dir/d.o"
[ "$(entries)" = 2 ] || fail "--no-cache or WAVECC_NO_CACHE wrote an entry"

# A corrupt (truncated) entry is a miss, and the compile rewrites it.
f=$(find "$WAVECC_CACHE_DIR" -type f | head -1)
head -c 40 "$f" > "$f.cut" && mv "$f.cut" "$f"
"$wavecc" "$src" -o "$dir/e.o"
"$wavecc" -S "$src" -o "$dir/e.s"
cmp "$dir/a.o" "$dir/e.o" && cmp "$dir/a.s" "$dir/e.s" || fail "output after a corrupt entry differs"
[ "$(find "$WAVECC_CACHE_DIR" -type f -size -100c | wc -l)" = 0 ] || fail "the corrupt entry was not rewritten"

# A changed source is another entry; so is a warning-free vs. warning source.
sed 's/^/ /' "$src" > "$dir/other.cl"
"$wavecc" "$dir/other.cl" -o "$dir/f.o"
[ "$(entries)" = 3 ] || fail "another source did not make another entry"

# Every option that changes the code is in the key: each of these is a new
# entry (a missing one would hand back code compiled under other options).
n=3
for opt in --no-llc-ir-passes --max-vgprs=32 --max-sgprs=48 --spill-sgprs-to-scratch -O1 -mcpu=gfx1030 -mattr=-xnack; do
  "$wavecc" $opt "$src" -o "$dir/opt.o"
  n=$((n + 1))
  [ "$(entries)" = $n ] || fail "$opt shares another compile's cache entry"
done

# #include: never stored (the header's content is not in the key).
printf '#define SCALE 2\n' > "$dir/h.h"
printf '#include "h.h"\n__kernel void k(__global int *a) { a[0] = SCALE; }\n' > "$dir/inc.cl"
"$wavecc" -I "$dir" "$dir/inc.cl" -o "$dir/g.o"
[ "$(entries)" = $n ] || fail "a program with an #include was stored"

# wavecc-run: cold, then warm, same verdict.
rm -rf "$WAVECC_CACHE_DIR"
"$run" "$src" > "$dir/run1.txt" || fail "wavecc-run (cold cache): $(cat "$dir/run1.txt")"
[ "$(entries)" -ge 1 ] || fail "wavecc-run stored nothing"
"$run" "$src" > "$dir/run2.txt" || fail "wavecc-run (warm cache): $(cat "$dir/run2.txt")"
cmp "$dir/run1.txt" "$dir/run2.txt" || fail "wavecc-run's report differs with a warm cache"
echo "cache: all checks passed"
