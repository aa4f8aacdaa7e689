#!/usr/bin/env bash
# Measures how many of LLVM 19's own AMDGPU code-generation test inputs
# wavecc compiles for gfx900, against the files llc-19 compiles (issue 26).
# Not part of CI: the LLVM source package is large.
#
# The inputs are test/CodeGen/AMDGPU/*.ll of Debian's llvm-toolchain-19 source
# package (the same 19.1.7 build as the installed llc-19), fetched with
# `apt-get source` into $LLVM_SRC (default /tmp/llvm-toolchain-19-tests).
# The selection (tests/llvm-coverage/files.txt) is: top-level .ll files that
# define an amdgpu_kernel, have a RUN line running llc for amdgcn that is not
# GlobalISel-only nor expected to fail, and that llc-19 compiles with
#   llc-19 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj
# `--select` rebuilds that list; without it the committed list is used so the
# numbers are reproducible.
#
# usage: scripts/llvm-tests-coverage.sh [--select] [--all] [BUILD_DIR]
#   --all: also run wavecc (-mtriple=amdgcn-amd-amdhsa, with and without
#          -mcpu=gfx900) on every .ll file of the directory (2,449 with
#          subfolders) and report crashes and hangs (exit status >= 128 or
#          timeout) only.
# Output: one line per failing file in $OUT/fail.txt ("FILE: first error"),
# the top first errors, and one summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
select=0; all=0
while [ $# -gt 0 ]; do
  case "$1" in
    --select) select=1; shift ;;
    --all) all=1; shift ;;
    *) break ;;
  esac
done
build=${1:-build}
root=$PWD
wavecc="$root/$build/tools/wavecc"
list="$root/tests/llvm-coverage/files.txt"
src=${LLVM_SRC:-/tmp/llvm-toolchain-19-tests}
out=${OUT:-/tmp/llvm-coverage-out}
jobs=${JOBS:-2}
tmo=${TIMEOUT:-20}
mkdir -p "$out"

dir=$(ls -d "$src"/llvm-toolchain-19*/llvm/test/CodeGen/AMDGPU 2>/dev/null | head -n 1 || true)
if [ -z "$dir" ]; then
  echo "llvm-tests-coverage: fetching llvm-toolchain-19 sources into $src" >&2
  mkdir -p "$src/lists/partial" && cd "$src"
  # A private sources list and lists folder: the machine's own apt
  # configuration (binary packages only) is left alone.
  printf 'deb-src http://deb.debian.org/debian bookworm main\n' > src.list
  opts=(-o Dir::Etc::sourcelist="$src/src.list" -o Dir::Etc::sourceparts=- -o Dir::State::Lists="$src/lists")
  apt-get "${opts[@]}" update >/dev/null
  ver=$(dpkg-query -W -f='${source:Version}' llvm-19 2>/dev/null || true)
  apt-get "${opts[@]}" --download-only source "llvm-toolchain-19${ver:+=$ver}" >/dev/null
  tar xf "$src"/llvm-toolchain-19_*.orig.tar.xz --wildcards '*/llvm/test/CodeGen/AMDGPU/*'
  cd "$root"
  dir=$(ls -d "$src"/llvm-toolchain-19*/llvm/test/CodeGen/AMDGPU | head -n 1)
fi

if [ $select = 1 ]; then
  cand="$out/candidates.txt"
  : > "$cand"
  for f in "$dir"/*.ll; do
    grep -q 'define[^(]*amdgpu_kernel' "$f" || continue
    grep -q 'XFAIL:' "$f" && continue
    # A RUN line with llc for amdgcn, not GlobalISel-only and not `not llc`.
    grep -E 'RUN:.*llc' "$f" | grep -E 'amdgcn|-march=amdgcn|-mtriple=amdgcn' \
      | grep -vE 'global-isel(=1|=true)?( |$)|not llc|not --crash' | grep -q . || continue
    echo "${f#$dir/}" >> "$cand"
  done
  sel() {
    if timeout 120 llc-19 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj \
         "$1/$2" -o /dev/null >/dev/null 2>&1; then echo "$2"; fi
  }
  export -f sel
  xargs -P "$jobs" -I{} bash -c 'sel "$0" "$1"' "$dir" {} < "$cand" 2>/dev/null | sort > "$list"
  echo "llvm-tests-coverage: $(wc -l < "$cand") candidates, llc-19 compiles $(wc -l < "$list")" >&2
fi

run1() {
  # prints "ok FILE" or "fail FILE: first error line" or "crash FILE: status"
  local f=$1 rc=0 err
  err=$(timeout "$TMO" "$WAVECC" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 "$DIR/$f" -o /dev/null 2>&1 >/dev/null) || rc=$?
  if [ $rc = 0 ]; then echo "ok $f"
  elif [ $rc = 124 ]; then echo "crash $f: timeout"
  elif [ $rc -ge 128 ]; then echo "crash $f: status $rc"
  else echo "fail $f: $(printf '%s\n' "$err" | grep -m1 -E 'error|unsupported' || printf '%s\n' "$err" | head -n 1)"
  fi
}
export -f run1
export WAVECC="$wavecc" DIR="$dir" TMO="$tmo"
xargs -P "$jobs" -I{} bash -c 'run1 "$1"' _ {} < "$list" | sort > "$out/results.txt"
grep -v '^ok ' "$out/results.txt" | sed 's/^[a-z]* //' > "$out/fail.txt" || true
n=$(wc -l < "$list"); ok=$(grep -c '^ok ' "$out/results.txt" || true)
crash=$(grep -c '^crash ' "$out/results.txt" || true)
echo "top first errors (by files):"
perl -pe 's/^[^:]*: //; s/^[^ ]*: [^ ]*: (error: )?//; s/\b\d+\b/N/g; s/%[\w.]+/%X/g; s/\@(?!llvm\.)[\w.]+/\@X/g; s/(\@llvm\.[\w.]+?)(\.[vp]\d+\w*|\.[if]\d+|\.f16)+\b/$1/g' "$out/fail.txt" \
  | cut -c1-110 | sort | uniq -c | sort -rn | head -n 40 || true # (head closes the pipe early: pipefail)
grep '^crash ' "$out/results.txt" || true

if [ $all = 1 ]; then
  allcrash() {
    local f=$1 rc
    # with llc's -mtriple (most inputs have no triple: without it wavecc
    # stops at once), with and without -mcpu=gfx900
    for m in -mcpu=gfx900 ""; do
      rc=0; timeout "$TMO" "$WAVECC" -mtriple=amdgcn-amd-amdhsa $m "$f" -o /dev/null >/dev/null 2>&1 || rc=$?
      if [ $rc = 124 ] || [ $rc -ge 128 ]; then echo "crash ${f#$DIR/} ${m:-(no -mcpu)}: status $rc"; fi
    done
  }
  export -f allcrash
  find "$dir" -name '*.ll' | sort | xargs -P "$jobs" -I{} bash -c 'allcrash "$1"' _ {} > "$out/all-crashes.txt"
  echo "all .ll files: $(find "$dir" -name '*.ll' | wc -l), crashes or hangs: $(wc -l < "$out/all-crashes.txt")"
  cat "$out/all-crashes.txt"
fi
echo "llvm-tests-coverage: wavecc compiles $ok of $n files llc-19 compiles for gfx900 ($(awk "BEGIN{printf \"%.1f\", 100*$ok/$n}") %), $crash crash or hang"
