#!/usr/bin/env bash
# Crash/hang sweep of issue 26: wavecc on every .ll file of LLVM 19's
# test/CodeGen/AMDGPU (2,449 files with the subfolders), with llc's
# -mtriple=amdgcn-amd-amdhsa, once with -mcpu=gfx900 and once without
# -mcpu. A clean error (exit 1) is fine; a signal, an exit status >= 128 or a
# timeout is a bug.
#
# usage: tests/llvm-coverage/crash-sweep.sh [BUILD_DIR]
#   env: LLVM_SRC (where scripts/llvm-tests-coverage.sh fetched the sources,
#        default /tmp/llvm-toolchain-19-tests), OUT (default
#        /tmp/llvm-crash-sweep), JOBS (2), TIMEOUT (seconds per compile, 30).
# Writes $OUT/results.txt: "STATUS MODE FILE" per compile, STATUS one of
# ok, error (exit 1), crash:N (exit status N), timeout; prints the crashes
# and hangs and one summary line. Exit status 1 when any crash or hang.
# The files that compile under both modes are in $OUT/ok-both.txt (the
# input of differential.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
wavecc="$PWD/$build/tools/wavecc"
src=${LLVM_SRC:-/tmp/llvm-toolchain-19-tests}
out=${OUT:-/tmp/llvm-crash-sweep}
jobs=${JOBS:-2}
tmo=${TIMEOUT:-30}
dir=$(ls -d "$src"/llvm-toolchain-19*/llvm/test/CodeGen/AMDGPU 2>/dev/null | head -n 1 || true)
if [ -z "$dir" ]; then
  echo "crash-sweep: no LLVM sources under $src: run scripts/llvm-tests-coverage.sh once to fetch them" >&2
  exit 2
fi
mkdir -p "$out"
one() {
  local f=$1 m rc st
  for m in gfx900 none; do
    rc=0
    if [ $m = gfx900 ]; then
      timeout -k 5 "$TMO" "$WAVECC" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 "$DIR/$f" -o /dev/null >/dev/null 2>&1 || rc=$?
    else
      timeout -k 5 "$TMO" "$WAVECC" -mtriple=amdgcn-amd-amdhsa "$DIR/$f" -o /dev/null >/dev/null 2>&1 || rc=$?
    fi
    case $rc in
      0) st=ok ;; 1) st=error ;; 124|137) st=timeout ;; *) st=crash:$rc ;;
    esac
    echo "$st $m $f"
  done
}
export -f one
export WAVECC="$wavecc" DIR="$dir" TMO="$tmo"
start=$(date -u +%FT%TZ)
(cd "$dir" && find . -name '*.ll' | sed 's|^\./||' | sort) > "$out/files.txt"
xargs -P "$jobs" -I{} bash -c 'one "$1"' _ {} < "$out/files.txt" | sort -k3 > "$out/results.txt"
awk '$1=="ok"{n[$3]++} END{for(f in n) if(n[f]==2) print f}' "$out/results.txt" | sort > "$out/ok-both.txt"
bad=$(grep -cvE '^(ok|error) ' "$out/results.txt" || true)
grep -vE '^(ok|error) ' "$out/results.txt" || true
for m in gfx900 none; do
  echo "  -mcpu=$m: $(awk -v m=$m '$2==m' "$out/results.txt" | wc -l) compiles, ok $(awk -v m=$m '$2==m && $1=="ok"' "$out/results.txt" | wc -l), clean error $(awk -v m=$m '$2==m && $1=="error"' "$out/results.txt" | wc -l)"
done
echo "crash-sweep ($start .. $(date -u +%FT%TZ), $(git rev-parse --short HEAD)): $(wc -l < "$out/files.txt") files, $(wc -l < "$out/results.txt") compiles, $bad crashes or hangs"
[ "$bad" = 0 ]
