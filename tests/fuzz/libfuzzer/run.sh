#!/usr/bin/env bash
# Builds and runs the libFuzzer harnesses (README.md next to this file).
#
#   run.sh build FUZZ_BUILD_DIR
#       configures FUZZ_BUILD_DIR with clang-19 and -DWAVECC_FUZZ=ON, builds
#       fuzz_testfile, fuzz_codeobj, fuzz_mir, fuzz_bitcode and fuzz_capi
#   run.sh run FUZZ_BUILD_DIR HARNESS [libFuzzer options...]
#       runs HARNESS on its seed corpus (below) with a fresh scratch corpus
#       in FUZZ_BUILD_DIR/corpus-HARNESS (libFuzzer writes new inputs into
#       its first directory: never the source tree); findings are written
#       to FUZZ_BUILD_DIR/findings/. Exit status non-zero on a finding.
#   run.sh seeds HARNESS
#       prints the seed directories of HARNESS
#
# ctest runs each harness for a fixed number of inputs with -seed=1
# (fuzz.libfuzzer.*); a long campaign is `run.sh run DIR HARNESS
# -max_total_time=600` (or -jobs/-workers as the machine allows).
set -euo pipefail
SRC=$(cd "$(dirname "$0")/../../.." && pwd)

# Per-harness defaults: test files beyond 64 KiB (some corpus files carry
# large inline data) only slow the search down.
defaults() {
  case "$1" in
    fuzz_testfile) echo "-max_len=65536" ;;
  esac
}

seeds() {
  case "$1" in
    fuzz_testfile) echo "$SRC/tests/kernels $SRC/tests/runner-inputs $SRC/tests/libclc-edges" ;;
    fuzz_codeobj)  echo "$SRC/tests/fuzz/corpus/codeobj $SRC/tests/fuzz/corpus/fuzz_codeobj-regressions" ;;
    fuzz_mir)      echo "$SRC/tests/passes" ;;
    fuzz_bitcode)  echo "$SRC/tests/fuzz/corpus/bitcode" ;;
    fuzz_capi)     echo "$SRC/tests/fuzz/corpus/capi" ;;
    *) echo "run.sh: unknown harness $1" >&2; exit 2 ;;
  esac
}

case "${1:-}" in
  build)
    B=$2
    CC=${WAVECC_FUZZ_CC:-clang-19} CXX=${WAVECC_FUZZ_CXX:-clang++-19} \
      cmake -S "$SRC" -B "$B" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWAVECC_FUZZ=ON >/dev/null
    cmake --build "$B" -j "${JOBS:-2}" --target fuzz_testfile fuzz_codeobj fuzz_mir fuzz_bitcode fuzz_capi
    ;;
  run)
    B=$2 H=$3
    shift 3
    exe="$B/tests/fuzz/libfuzzer/$H"
    work="$B/corpus-$H"
    rm -rf "$work"
    mkdir -p "$work" "$B/findings"
    # LLVM's own reader leaks on some bitcode (fuzz_bitcode.supp says which).
    # The suppressions name the reader's frames, which the default fast
    # unwinder loses in LLVM's library (no frame pointers): unwind fully.
    if [ "$H" = fuzz_bitcode ]; then
      export ASAN_OPTIONS="fast_unwind_on_malloc=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
      export LSAN_OPTIONS="suppressions=$SRC/tests/fuzz/libfuzzer/fuzz_bitcode.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    fi
    # shellcheck disable=SC2046
    exec "$exe" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$B/findings/$H-" $(defaults "$H") "$@" "$work" $(seeds "$H")
    ;;
  seeds) seeds "$2" ;;
  *) sed -n '2,17p' "$0" >&2; exit 2 ;;
esac
