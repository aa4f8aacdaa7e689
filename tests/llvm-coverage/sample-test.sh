#!/usr/bin/env bash
# ctest llvm-coverage.sample: synth-args.py on sample/sample.ll (an input in
# the style of LLVM's test/CodeGen/AMDGPU files) and wavecc-run
# --differential on the result: every kernel must run under both compilers
# with identical buffers (no skip, no difference).
# usage: sample-test.sh WAVECC_RUN
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
read -r k s < <(python3 "$here/synth-args.py" "$here/sample/sample.ll" "$tmp/sample.ll")
if [ "$k" != 3 ] || [ "$s" != 0 ]; then echo "synth-args.py: $k kernels, $s left out (expected 3, 0)"; exit 1; fi
grep -q '^define.*amdgpu_ps' "$tmp/sample.ll" && { echo "synth-args.py kept the amdgpu_ps shader"; exit 1; }
"$1" --differential --threads=1 "$tmp/sample.ll" | tee "$tmp/out.txt"
tail -n 1 "$tmp/out.txt" | grep -qx '9 passed, 0 failed, 0 skipped'
