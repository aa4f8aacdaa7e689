#!/usr/bin/env bash
# Regenerates the code-object seeds of fuzz_codeobj (tests/fuzz/corpus/codeobj):
# a few corpus kernels (LDS, divergent loops, atomics, scalar and vector
# arguments, a reduction with barriers) compiled by wavecc and by llc-19.
#   tests/fuzz/libfuzzer/make-codeobj-seeds.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/../../.."
B=${1:-build}
OUT=tests/fuzz/corpus/codeobj
mkdir -p "$OUT"
for k in f_lds_neighbor f_loop_divergent app_reduce f_atomic_global f_args_mixed f_vec_float; do
  "$B/tools/wavecc" "tests/kernels/$k.cl" -o "$OUT/$k.wavecc.hsaco"
  tmp=$("$B/tools/wavecc-run" --compiler=llc --keep-temps -v "tests/kernels/$k.cl" 2>&1 |
        sed -n 's/.*temporaries kept in //p' | head -1)
  cp "$tmp/kernel.hsaco" "$OUT/$k.llc.hsaco"
  chmod -x "$OUT/$k.llc.hsaco"
  rm -rf "$tmp"
done
