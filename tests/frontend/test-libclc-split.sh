#!/bin/bash
# libclc pre-split (src/driver/libclc_split.h, issue 28): a compile reads
# the build's split file and never libclc's 10 MB bitcode, and writes the
# same assembly as with libclc read whole (WAVECC_LIBCLC_SPLIT= turns the
# split off); a damaged split file, or one made from another libclc, is
# ignored (libclc read whole, same assembly).
# usage: test-libclc-split.sh WAVECC LIBCLC-SPLIT-TOOL LIBCLC FILE.cl...
set -eu
wavecc=$1 tool=$2 libclc=$3
shift 3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export WAVECC_NO_CACHE=1
unset WAVECC_LIBCLC_SPLIT

# Which of libclc and a split file the compile opened (strace), if strace runs.
opened() { # OUT-PREFIX FILE.cl
  if command -v strace >/dev/null; then
    ASAN_OPTIONS=detect_leaks=0 strace -f -qq -e trace=open,openat -o "$1.trace" "$wavecc" -S "$2" -o "$1.s"
    if grep -q "\"$libclc\"" "$1.trace"; then echo -n "libclc "; fi
    if grep -q '\.split"' "$1.trace"; then echo -n "split"; fi
  else
    "$wavecc" -S "$2" -o "$1.s"
  fi
}

have_strace=0
command -v strace >/dev/null && have_strace=1
for f in "$@"; do
  b=$dir/$(basename "$f" .cl)
  used=$(opened "$b.split" "$f")
  [ $have_strace = 0 ] || [ "$used" = split ] || fail "$f: with the split the compile opened: '$used'"
  used=$(WAVECC_LIBCLC_SPLIT= opened "$b.whole" "$f")
  [ $have_strace = 0 ] || [ "$used" = "libclc " ] || fail "$f: without the split the compile opened: '$used'"
  cmp -s "$b.split.s" "$b.whole.s" || fail "$f: assembly differs with the split: $(diff "$b.split.s" "$b.whole.s" | head -5)"
done

f=$1
b=$dir/$(basename "$f" .cl)
# Damaged: garbage, and a split cut short (its tables point past the end).
head -c 4096 /dev/urandom > "$dir/garbage.split"
split=$(dirname "$(dirname "$wavecc")")/lib/wavecc-libclc.split
[ -f "$split" ] || fail "no split file at $split"
head -c 100000 "$split" > "$dir/short.split"
# Made from another libclc: a copy (its modification time differs).
cp "$libclc" "$dir/libclc-copy.bc"
touch -d '2001-01-01' "$dir/libclc-copy.bc"
"$tool" "$dir/libclc-copy.bc" "$dir/other.split" || fail "libclc-split failed on a copy of libclc"
for s in garbage short other; do
  used=$(WAVECC_LIBCLC_SPLIT="$dir/$s.split" opened "$b.$s" "$f")
  [ $have_strace = 0 ] || [ "$used" = "libclc split" ] || fail "$s.split: the compile opened: '$used'"
  cmp -s "$b.$s.s" "$b.whole.s" || fail "$s.split: assembly differs"
done
"$tool" /nonexistent.bc "$dir/x.split" 2>"$dir/err" && fail "libclc-split accepted a missing file"
grep -q "cannot read /nonexistent.bc" "$dir/err" || fail "no error for a missing libclc: $(cat "$dir/err")"
echo "libclc-split: all checks passed"
