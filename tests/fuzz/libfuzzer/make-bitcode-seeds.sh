#!/usr/bin/env bash
# Regenerates the seeds of fuzz_bitcode (tests/fuzz/corpus/bitcode): the
# smaller LLVM IR kernels of tests/kernels as bitcode (llvm-as-19), and the
# mutated file of tests/runner-inputs/hostile/abort (LLVM's reader aborts
# on it: the harness must reject it, not die).
#   tests/fuzz/libfuzzer/make-bitcode-seeds.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
OUT=tests/fuzz/corpus/bitcode
mkdir -p "$OUT"
for k in f_fatptr_atomic_oob f_fpmode_f64_to_f16_tiny f_fp_const_bits f_call_result_lanes f_branch_shared_blocks \
         f_fatptr_args f_loop_exit_temporal f_i1_memory f_loop_escape f_call_inreg; do
  llvm-as-19 "tests/kernels/$k.ll" -o "$OUT/$k.bc"
done
llvm-as-19 tests/runner-inputs/good/add.ll -o "$OUT/add.bc"
cp tests/runner-inputs/hostile/abort/mutated.bc "$OUT/llvm-reader-aborts.bc"
# llvm-reader-leaks-fwdref.bc (a finding of 2026-11-28, fuzz_bitcode.supp) is kept as it is.
