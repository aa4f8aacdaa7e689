#!/usr/bin/env bash
# Builds the Debian package (cmake/package.cmake: `make package` in the
# build tree, i.e. cpack -G DEB), installs it with dpkg (as root, or with
# sudo when `sudo -n true` works), runs its commands as a user of the
# package would (wavecc --version, the man page, pkg-config, compiling a
# corpus kernel with the installed wavecc and running it with the
# installed wavecc-run, which also compiles it in-process), and removes
# it again. Usage: scripts/test-deb.sh [BUILD_DIR] (default build: a
# Release tree, configured if missing). It installs into the machine's
# /usr for the duration. 22 s after a Release build, 47 s on the ASan
# check tree (2026-11-28, loaded 2-core machine); .ci/run runs it on the
# check tree after make check (that package needs the sanitizer runtimes,
# which gcc brings: a test of the packaging, not a package to ship).
set -euo pipefail
cd "$(dirname "$0")/.."
# One install at a time on this machine: two CI runs at once (a developer's
# and the project's) would install, test and purge the same package under
# each other (session 18's CI died silently that way in its dpkg/clinfo
# steps; reproduced 2026-11-29 with two runs 8 s apart: the second stopped
# after its llc-cmdline check, exit 1). flock(1) is util-linux's, on every
# Debian machine. A fixed path, opened read-only, so root's and a user's
# runs share it whoever created it.
lock=/tmp/wavecc-test-deb.lock
[ -e "$lock" ] || : > "$lock"
exec 9<"$lock"
flock -w 1200 9 || { echo "test-deb: another test-deb run held the lock for 20 min" >&2; exit 1; }
build=${1:-build}
kernel=tests/kernels/app_reduce.cl
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  sudo -n true 2>/dev/null || { echo "test-deb: needs root or password-less sudo to run dpkg" >&2; exit 1; }
  SUDO="sudo -n"
fi
if dpkg-query -W -f='${Status}' wavecc 2>/dev/null | grep -q "install ok installed"; then
  echo "test-deb: a wavecc package is installed already; remove it first (dpkg -r wavecc)" >&2
  exit 1
fi

[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls -t "$build"/wavecc_*.deb | head -1)
echo "test-deb: built $deb"
dpkg-deb --info "$deb" | grep -E '^ (Package|Version|Depends):'

tmp=$(mktemp -d)
cleanup() {
  $SUDO dpkg -P wavecc >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
# The code-object cache of the commands below: a fresh one, not the
# user's ~/.cache/wavecc (src/driver/cache.c).
export WAVECC_CACHE_DIR="$tmp/cache"
$SUDO dpkg -i "$deb" >/dev/null
status=0
check() { if "$@" >"$tmp/out" 2>&1; then echo "test-deb: ok: $*"; else echo "test-deb: FAIL: $*" >&2; cat "$tmp/out" >&2; status=1; fi; }
check /usr/bin/wavecc --version
check /usr/bin/wavecc-run --help
check test -x /usr/bin/wavecc-opt
check man -w wavecc wavecc-run
check pkg-config --exists wavecc
check /usr/bin/wavecc -mcpu=gfx900 "$kernel" -o "$tmp/k.hsaco"
check /usr/bin/wavecc-run --code-object="$tmp/k.hsaco" "$kernel"
check /usr/bin/wavecc-run --compiler=wavecc "$kernel"
check /usr/bin/wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj tests/passes/llc-cmdline.ll -o "$tmp/k.o"
# The OpenCL platform as installed (/etc/OpenCL/vendors/wavecc.icd, no
# OCL_ICD_VENDORS): clinfo lists it and an unmodified public benchmark,
# Debian's clpeak, runs its kernel-latency test on it. A sanitizer build's
# ICD needs its runtimes loaded first in these uninstrumented programs.
pre=""
if ldd /usr/lib/libwavecc_icd.so 2>/dev/null | grep -q libasan; then
  pre="LD_PRELOAD=$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so) ASAN_OPTIONS=detect_leaks=0"
fi
# clinfo's own failure is reported like any other check (under set -e and
# pipefail it used to end the script with no message).
idx=""
if env $pre clinfo -l >"$tmp/clinfo" 2>&1; then
  idx=$(sed -n 's/^Platform #\([0-9]*\): wavecc$/\1/p' "$tmp/clinfo" | head -1)
else
  echo "test-deb: FAIL: clinfo -l (exit $?)" >&2; cat "$tmp/clinfo" >&2; status=1
fi
check test -n "$idx"
check sh -c "env $pre clpeak -p ${idx:-0} -d 0 --kernel-latency | grep -q 'Device: gfx900'"
check $SUDO dpkg -P wavecc
if [ -e /usr/bin/wavecc ] || [ -e /usr/lib/libwavecc.so.0 ] || dpkg-query -W wavecc >/dev/null 2>&1; then
  echo "test-deb: FAIL: wavecc still installed after dpkg -r" >&2
  status=1
else
  echo "test-deb: ok: removed"
fi
[ $status -eq 0 ] && echo "test-deb: all ok"
exit $status
