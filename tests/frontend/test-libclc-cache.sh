#!/bin/bash
# libclc subsets kept (issue 28, libclc_split.cpp "the subset cache"): the
# first compile of a program writes its libclc subset as one bitcode file
# in the cache directory's libclc/, also under --no-cache; the next
# compile reaching the same builtins reads that file instead of the split
# file's pieces; assembly and code objects are those of a compile without
# it (WAVECC_NO_LIBCLC_CACHE=1, which writes nothing). A damaged file is
# no error: it is built again and replaced.
# usage: test-libclc-cache.sh WAVECC FILE.cl...
set -eu
wavecc=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export WAVECC_CACHE_DIR=$dir/cache WAVECC_NO_CACHE=1
unset WAVECC_LIBCLC_SPLIT
have_strace=0
command -v strace >/dev/null && have_strace=1
# What a compile opened of the split file and the subset cache (strace).
opened() { # OUT-PREFIX FILE.cl
  if [ $have_strace = 1 ]; then
    ASAN_OPTIONS=detect_leaks=0 strace -f -qq -e trace=open,openat -o "$1.trace" "$wavecc" -S "$2" -o "$1.s"
    ! grep -v ENOENT "$1.trace" | grep -q '\.split"' || echo -n "split "
    ! grep -v ENOENT "$1.trace" | grep -q '/libclc/[0-9a-f]*\.bc"' || echo -n "subset"
  else
    "$wavecc" -S "$2" -o "$1.s"
  fi
}
count() { ls "$dir/cache/libclc" 2>/dev/null | grep -c '\.bc$' || true; }
for src in "$@"; do
  b=$dir/$(basename "$src" .cl)
  before=$(count)
  WAVECC_NO_LIBCLC_CACHE=1 "$wavecc" -S "$src" -o "$b.plain.s"
  WAVECC_NO_LIBCLC_CACHE=1 "$wavecc" "$src" -o "$b.plain.o"
  [ "$(count)" = "$before" ] || fail "WAVECC_NO_LIBCLC_CACHE=1 wrote a subset"
  used=$(opened "$b.build" "$src")
  [ $have_strace = 0 ] || [ "$used" = "split " ] || fail "$src: the first compile opened '$used' (expected the split file)"
  [ "$(count)" -gt "$before" ] || fail "$src: no subset written to $dir/cache/libclc"
  used=$(opened "$b.use" "$src")
  [ $have_strace = 0 ] || [ "$used" = "split subset" ] || fail "$src: the second compile opened '$used' (expected the subset)"
  "$wavecc" "$src" -o "$b.use.o"
  for r in build use; do
    cmp -s "$b.plain.s" "$b.$r.s" || fail "$src ($r): assembly differs: $(diff "$b.plain.s" "$b.$r.s" | head -5)"
  done
  cmp -s "$b.plain.o" "$b.use.o" || fail "$src: code objects differ with the subset read back"
done
n=$(ls "$dir/cache/libclc" | grep -c '\.bc$' || true)
[ "$n" = $# ] || fail "expected $# subsets (one per program) in $dir/cache/libclc, found $n"
# Damaged: every subset file replaced by garbage; the compile is the same
# and the file is made again.
for f in "$dir"/cache/libclc/*.bc; do echo "not bitcode" > "$f"; done
b=$dir/$(basename "$1" .cl)
"$wavecc" -S "$1" -o "$b.damaged.s"
cmp -s "$b.plain.s" "$b.damaged.s" || fail "with a damaged subset the assembly differs"
! grep -qx "not bitcode" $(ls -t "$dir"/cache/libclc/*.bc | head -1) || fail "the damaged subset was not replaced"
echo "libclc-cache: one subset per program, same assembly and code objects as without it ($# files), damaged file replaced"
