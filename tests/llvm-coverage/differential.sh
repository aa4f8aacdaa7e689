#!/usr/bin/env bash
# Differential of issue 26: every amdgpu_kernel of LLVM 19's
# test/CodeGen/AMDGPU .ll files run with wavecc's and with llc-19's code on
# the emulator, on synthesised arguments (synth-args.py: seeded random
# buffers, small scalars, 2 work-groups of 64), every global buffer compared
# byte for byte (wavecc-run --differential).
#
# usage: tests/llvm-coverage/differential.sh [BUILD_DIR] [LIST]
#   LIST: file names relative to the AMDGPU directory (default: every .ll
#         file, subfolders included)
#   env: LLVM_SRC (default /tmp/llvm-toolchain-19-tests), OUT (default
#        /tmp/llvm-differential), JOBS (2), TIMEOUT (emulator seconds per
#        test, 10; a wave stops after 2 M instructions: infinite loops
#        end as "both fault"), MAX_STEPS (instructions per wave before
#        that fault, 2000000), WRUN_OPTS (more wavecc-run options for every run, e.g.
#        --mcpu=gfx1030), VARIANTS (1: the triage runs synth-args.py's
#        variants over the files with differences, see below; 0: not),
#        SPLIT (1: files that do not compile whole run again one kernel
#        per file, see below; 0: not)
# The emulator's checks are off in the compared runs (--check=none: its
# default poison check faults on undefined data that both codes store, e.g.
# never-written LDS); the triage reruns the differing files with
# --check=race,poison.
# Writes $OUT/gen/ (the files with test blocks), $OUT/synth-skipped.txt
# (kernels the test format cannot express), $OUT/results.txt (wavecc-run's
# lines) and prints: files, kernels, identical, different (the fail lines,
# also in $OUT/differences.txt), skipped by reason, with the date and commit.
# Triage a difference by hand: tests/llvm-coverage/README.md says how and
# lists those classified so far (known-differences.txt: "FILE KERNEL class").
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
build=${1:-build}
src=${LLVM_SRC:-/tmp/llvm-toolchain-19-tests}
out=${OUT:-/tmp/llvm-differential}
jobs=${JOBS:-2}
tmo=${TIMEOUT:-10}
steps=${MAX_STEPS:-2000000}
dir=$(ls -d "$src"/llvm-toolchain-19*/llvm/test/CodeGen/AMDGPU 2>/dev/null | head -n 1 || true)
if [ -z "$dir" ]; then
  echo "differential: no LLVM sources under $src: run scripts/llvm-tests-coverage.sh once to fetch them" >&2
  exit 2
fi
mkdir -p "$out/gen"
rm -f "$out"/gen/*.ll
if [ $# -ge 2 ]; then list=$2; else list="$out/files.txt"; (cd "$dir" && find . -name '*.ll' | sed 's|^\./||' | sort) > "$list"; fi
start=$(date -u +%FT%TZ)
python3 "$root/tests/llvm-coverage/synth-args.py" --batch "$dir" "$out/gen" < "$list" \
  > "$out/synth.txt" 2> "$out/synth-skipped.txt"
nk=$(awk '{ n += $2 } END { print n + 0 }' "$out/synth.txt")
nf=$(ls "$out/gen" | wc -l)
# -j: files in parallel; one emulator thread each (the machine is shared)
"$root/$build/tools/wavecc-run" --differential -j "$jobs" --threads=1 --timeout="$tmo" --max-steps="$steps" --no-progress --check=none ${WRUN_OPTS:-} "$out/gen" \
  > "$out/results.txt" 2>&1 || true
# A file wavecc (or llc-19) cannot compile whole (wavecc stops at its first
# error) again as one file per kernel, NAME@KERNEL.ll with the other kernels
# removed (synth-args.py), so that the kernels it can compile are compared
# too; their results replace the file's skips (SPLIT=0: not).
: > "$out/split-synth.txt"
if [ "${SPLIT:-1}" = 1 ]; then
  mkdir -p "$out/split/gen"
  rm -f "$out"/split/gen/*.ll
  grep -E '^skip .*: (wavecc cannot compile|llc-19 cannot compile|neither compiles)' "$out/results.txt" \
    | awk '{ f = $2; sub(/:$/, "", f); n = split(f, a, "/"); t = $3; sub(/:$/, "", t); sub(/\.[^.]*$/, "", t); print a[n], t }' \
    | sort -u > "$out/split-kernels.txt" || true # none to split: grep finds nothing
  awk 'NR == FNR { g[$1] = g[$1] " " $2; next } { n = $1; gsub("/", "__", n); if (n in g) { m = split(substr(g[n], 2), k, " "); for (i = 1; i <= m; i++) print $1 "@" k[i] } }' \
    "$out/split-kernels.txt" "$out/synth.txt" > "$out/split-names.txt"
  python3 "$root/tests/llvm-coverage/synth-args.py" --batch "$dir" "$out/split/gen" < "$out/split-names.txt" > "$out/split-synth.txt" 2> /dev/null
  if [ -s "$out/split-names.txt" ]; then
    "$root/$build/tools/wavecc-run" --differential -j "$jobs" --threads=1 --timeout="$tmo" --max-steps="$steps" --no-progress --check=none ${WRUN_OPTS:-} "$out/split/gen" \
      > "$out/split/results.txt" 2>&1 || true
    awk '{ print $1 }' "$out/split-kernels.txt" | sort -u | sed "s|^|$out/gen/|; s|\$|:|" > "$out/split/whole.txt"
    grep -v -F -f "$out/split/whole.txt" "$out/results.txt" > "$out/results.whole.txt" || true
    sed "s|$out/split/gen/|$out/gen/|" "$out/split/results.txt" | grep -E '^(pass|fail|skip|error) ' >> "$out/results.whole.txt" || true
    mv "$out/results.whole.txt" "$out/results.txt"
    mv "$out"/split/gen/*.ll "$out/gen/" 2> /dev/null || true
  fi
fi
grep '^fail' "$out/results.txt" > "$out/differences.txt" || true
pass=$(grep -c '^pass' "$out/results.txt" || true)
fail=$(wc -l < "$out/differences.txt")
echo "skipped, by reason:"
grep '^skip' "$out/results.txt" | sed -E 's/^skip +[^:]*: [^:]*: //; s/(cannot compile[^:]*):.*/\1/; s/^(both fault).*/\1/' | sort | uniq -c | sort -rn || true
echo "differences (also in $out/differences.txt):"
cat "$out/differences.txt"
# Triage: the files with differences again under the emulator's race and
# poison checks (too strict for the main run: reads of never-written LDS
# fault in both codes), then triage.py's classes (see there).
if [ "$fail" != 0 ]; then
  mkdir -p "$out/checked/gen"
  rm -f "$out"/checked/gen/*.ll
  awk '{ f = $2; sub(/:$/, "", f); print f }' "$out/differences.txt" | sort -u | xargs -I{} cp {} "$out/checked/gen/"
  "$root/$build/tools/wavecc-run" --differential -j "$jobs" --threads=1 --timeout="$tmo" --max-steps="$steps" --no-progress \
    --check=race,poison ${WRUN_OPTS:-} "$out/checked/gen" > "$out/checked/results.txt" 2>&1 || true
  # synth-args.py's variants of the same files (names as in $list):
  # another seed, undef/poison replaced by zeroinitializer, one work-item;
  # triage.py decides with them (a difference that disappears when the
  # undef is 0 is the undef's, one that stays is read)
  if [ "${VARIANTS:-1}" = 1 ]; then
    awk '{ f = $2; sub(/:$/, "", f); n = split(f, a, "/"); print a[n] }' "$out/differences.txt" | sort -u > "$out/diff-gen.txt"
    awk 'NR == FNR { g[$1] = 1; next } { n = $1; gsub("/", "__", n); if (n ~ /@/) n = n ".ll"; if (n in g) print $1 }' \
      "$out/diff-gen.txt" "$out/synth.txt" "$out/split-synth.txt" > "$out/diff-names.txt"
    for v in seed1 undef0 single; do
      case $v in seed1) vo="--seed 1";; undef0) vo="--undef-zero";; single) vo="--single";; esac
      mkdir -p "$out/$v/gen"
      rm -f "$out/$v"/gen/*.ll
      # shellcheck disable=SC2086
      python3 "$root/tests/llvm-coverage/synth-args.py" $vo --batch "$dir" "$out/$v/gen" < "$out/diff-names.txt" > /dev/null 2>&1
      "$root/$build/tools/wavecc-run" --differential -j "$jobs" --threads=1 --timeout="$tmo" --max-steps="$steps" --no-progress --check=none ${WRUN_OPTS:-} \
        "$out/$v/gen" > "$out/$v/results.txt" 2>&1 || true
    done
  fi
  cpu=$(printf '%s\n' ${WRUN_OPTS:-} | sed -n 's/^--mcpu=//p' | tail -n 1)
  python3 "$root/tests/llvm-coverage/triage.py" "$out" "$out/checked" ${cpu:+"$cpu"} > "$out/triage.txt"
  echo "triage (also in $out/triage.txt): the kernels with no shown verdict (read them)"
  grep -E ' (unclassified|undef-stays|race-stays) ' "$out/triage.txt" || true
fi
unk=0; cls=""
if [ -f "$out/triage.txt" ] && [ "$fail" != 0 ]; then
  unk=$(grep -cE ' (unclassified|undef-stays|race-stays) ' "$out/triage.txt" || true)
  cls="; $(tail -n 1 "$out/triage.txt")"
fi
echo "differential ($start .. $(date -u +%FT%TZ), $(git rev-parse --short HEAD)): $nf files with kernels to run, $nk kernels ($(grep -c ': skipped' "$out/synth-skipped.txt" || true) left out by synth-args.py), $pass identical, $fail different tests, $unk kernels without a verdict$cls, $(grep -c '^skip' "$out/results.txt" || true) skipped"
