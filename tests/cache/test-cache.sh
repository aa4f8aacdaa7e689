#!/bin/bash
# The code-object cache (src/driver/cache.c), end to end, in a fresh
# directory: a first compile stores one entry, a second one reads it
# (same bytes out, and no entry added), other options or another source
# make another entry, --no-cache and WAVECC_NO_CACHE neither read nor
# write, a corrupt entry is a miss (and gets rewritten), a program that
# #includes a file is never stored, the size limit removes the least
# recently used entries (also under concurrent stores), and wavecc-run
# passes with a cold and with a warm cache.
# usage: test-cache.sh WAVECC WAVECC_RUN FILE.cl
set -eu
wavecc=$1 run=$2 src=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export WAVECC_CACHE_DIR=$dir/cache
unset WAVECC_NO_CACHE
fail() { echo "FAIL: $*"; exit 1; }
entries() { find "$WAVECC_CACHE_DIR" -type f -not -path "*/pch/*" -not -path "*/libclc/*" 2>/dev/null | wc -l; }

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
f=$(find "$WAVECC_CACHE_DIR" -type f -not -path "*/pch/*" -not -path "*/libclc/*" | head -1)
head -c 40 "$f" > "$f.cut" && mv "$f.cut" "$f"
"$wavecc" "$src" -o "$dir/e.o"
"$wavecc" -S "$src" -o "$dir/e.s"
cmp "$dir/a.o" "$dir/e.o" && cmp "$dir/a.s" "$dir/e.s" || fail "output after a corrupt entry differs"
[ "$(find "$WAVECC_CACHE_DIR" -type f -not -path "*/pch/*" -not -path "*/libclc/*" -size -100c | wc -l)" = 0 ] || fail "the corrupt entry was not rewritten"

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

# Eviction: WAVECC_CACHE_MAX_SIZE caps the entries' total size, least
# recently used first (a hit makes its entry the most recent).
rm -rf "$WAVECC_CACHE_DIR"
newest() { find "$WAVECC_CACHE_DIR" -type f -not -path "*/pch/*" -not -path "*/libclc/*" -printf '%T@ %p\n' | sort -n | tail -1 | cut -d' ' -f2; }
for i in 1 2 3 4 5 6; do printf '%*s' $i '' > "$dir/v$i.cl"; cat "$src" >> "$dir/v$i.cl"; done
"$wavecc" "$dir/v1.cl" -o "$dir/v.o"
size=$(find "$WAVECC_CACHE_DIR" -type f -not -path "*/pch/*" -not -path "*/libclc/*" -printf '%s')
export WAVECC_CACHE_MAX_SIZE=$((3 * size + size / 2))
e1=$(newest); sleep 0.05
"$wavecc" "$dir/v2.cl" -o "$dir/v.o"; e2=$(newest); sleep 0.05
"$wavecc" "$dir/v3.cl" -o "$dir/v.o"; e3=$(newest); sleep 0.05
[ "$(entries)" = 3 ] || fail "3 entries under the limit: $(entries) kept"
"$wavecc" "$dir/v1.cl" -o "$dir/v.o"; sleep 0.05   # a hit: v1 is now the most recent
[ "$(newest)" = "$e1" ] || fail "a hit did not make its entry the most recently used"
"$wavecc" "$dir/v4.cl" -o "$dir/v.o"; e4=$(newest)
[ "$(entries)" = 3 ] || fail "the limit kept $(entries) entries, expected 3"
[ ! -e "$e2" ] || fail "the least recently used entry (v2) was not the one removed"
[ -e "$e1" ] && [ -e "$e3" ] && [ -e "$e4" ] || fail "a more recently used entry was removed"
# Concurrent stores under the limit: every compile succeeds with the same
# code, no temporary file is left, the total stays within the limit.
pids=()
for i in 3 4 5 6; do "$wavecc" "$dir/v$i.cl" -o "$dir/p$i.o" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p" || fail "a concurrent compile failed"; done
for i in 4 5 6; do cmp "$dir/p3.o" "$dir/p$i.o" || fail "concurrent compiles gave different code"; done
[ "$(find "$WAVECC_CACHE_DIR" -type f -not -path "*/pch/*" -not -path "*/libclc/*" -name '*.*' | wc -l)" = 0 ] || fail "a temporary file was left"
total=$(find "$WAVECC_CACHE_DIR" -type f -not -path "*/pch/*" -not -path "*/libclc/*" -printf '%s\n' | awk '{t += $1} END {print t + 0}')
[ "$total" -le "$WAVECC_CACHE_MAX_SIZE" ] || fail "concurrent stores left $total bytes, above the limit"
WAVECC_CACHE_MAX_SIZE=0 "$wavecc" "$dir/v1.cl" -o "$dir/v.o"
WAVECC_CACHE_MAX_SIZE=0 "$wavecc" "$dir/v2.cl" -o "$dir/v.o"
[ "$(entries)" -ge 4 ] || fail "WAVECC_CACHE_MAX_SIZE=0 (no limit) removed entries"
# A large cache (256 entries or more) just under the limit, the store's
# subdirectory fuller than the average (its estimate above the limit):
# the scan trims it to 3/4 of the limit, so that the next stores do not
# list every entry again (before: no trim, and most stores scanned).
rm -rf "$WAVECC_CACHE_DIR"
"$wavecc" "$dir/v1.cl" -o "$dir/v.o"
e=$(newest); esize=$(stat -c %s "$e"); esub=$(basename "$(dirname "$e")"); rm -f "$e"
for i in $(seq 1 300); do
  sub=$(printf '%02x' $((i % 256))); [ $i -le 20 ] && sub=$esub
  [ $i -gt 20 ] && [ "$sub" = "$esub" ] && sub=$(printf '%02x' $(((i + 1) % 256)))
  mkdir -p "$WAVECC_CACHE_DIR/$sub"
  head -c 1000 /dev/zero > "$WAVECC_CACHE_DIR/$sub/$(printf '%062x' $i)"
done
find "$WAVECC_CACHE_DIR" -type f -not -path "*/pch/*" -not -path "*/libclc/*" -exec touch -d '1 hour ago' {} +
export WAVECC_CACHE_MAX_SIZE=$((300 * 1000 + esize + 1000))
"$wavecc" "$dir/v1.cl" -o "$dir/v.o"
[ -e "$e" ] || fail "the entry just stored was removed"
total=$(find "$WAVECC_CACHE_DIR" -type f -not -path "*/pch/*" -not -path "*/libclc/*" -printf '%s\n' | awk '{t += $1} END {print t + 0}')
[ "$total" -le $((WAVECC_CACHE_MAX_SIZE * 3 / 4 + 1)) ] ||
  fail "a large cache just under the limit was scanned and left at $total bytes (limit $WAVECC_CACHE_MAX_SIZE)"
unset WAVECC_CACHE_MAX_SIZE

# wavecc-run: cold, then warm, same verdict.
rm -rf "$WAVECC_CACHE_DIR"
"$run" "$src" > "$dir/run1.txt" || fail "wavecc-run (cold cache): $(cat "$dir/run1.txt")"
[ "$(entries)" -ge 1 ] || fail "wavecc-run stored nothing"
"$run" "$src" > "$dir/run2.txt" || fail "wavecc-run (warm cache): $(cat "$dir/run2.txt")"
cmp "$dir/run1.txt" "$dir/run2.txt" || fail "wavecc-run's report differs with a warm cache"
echo "cache: all checks passed"
