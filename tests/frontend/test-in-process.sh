#!/bin/bash
# The OpenCL C front end runs in process (issue 28): compiling a .cl file
# starts no other program (strace: the only execve is wavecc's own), and
# clang's messages keep their file:line:col form under the user's file
# name, as the clang-19 child process of earlier versions printed them.
# usage: test-in-process.sh WAVECC FILE.cl
set -eu
wavecc=$1 src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export WAVECC_NO_CACHE=1

if command -v strace >/dev/null; then
  # LeakSanitizer cannot run under ptrace (sanitizer builds)
  ASAN_OPTIONS=detect_leaks=0 strace -f -qq -e trace=execve -o "$dir/trace" "$wavecc" "$src" -o "$dir/a.o"
  n=$(grep -c 'execve(' "$dir/trace")
  [ "$n" = 1 ] || fail "compiling $src ran $((n - 1)) other program(s): $(grep 'execve(' "$dir/trace" | tail -n +2 | head -3)"
else
  echo "strace not installed: the no-child-process check is skipped"
fi

printf '__kernel void k(__global int *a) {\n  int x = y;\n  a[0] = x;\n}\n' > "$dir/bad.cl"
if "$wavecc" "$dir/bad.cl" -o "$dir/b.o" 2> "$dir/err"; then fail "bad.cl compiled"; fi
grep -q "^$dir/bad.cl:2:11: error: use of undeclared identifier 'y'" "$dir/err" || fail "no file:line:col error: $(cat "$dir/err")"
grep -q "^1 error generated.$" "$dir/err" || fail "no error count: $(cat "$dir/err")"

printf '__kernel void k(__global int *a) { a[0] = mad_hi(a[1], a[2], a[3]); }\n' > "$dir/undef.cl"
if "$wavecc" "$dir/undef.cl" -o "$dir/c.o" 2> "$dir/err"; then fail "undef.cl compiled"; fi
grep -q "undefined function 'mad_hi(int, int, int)' (not defined in the program or in libclc)" "$dir/err" ||
  fail "no undefined-function error: $(cat "$dir/err")"

if "$wavecc" -cl-bogus "$src" -o "$dir/d.o" 2> "$dir/err"; then fail "-cl-bogus accepted"; fi
grep -q "clang: error: unknown argument: '-cl-bogus'" "$dir/err" || fail "no driver error: $(cat "$dir/err")"
echo "frontend: all checks passed"
