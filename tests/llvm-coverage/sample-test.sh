#!/usr/bin/env bash
# ctest llvm-coverage.sample: synth-args.py on sample/sample.ll (an input in
# the style of LLVM's test/CodeGen/AMDGPU files) and wavecc-run
# --differential on the result: every kernel must run under both compilers
# with identical buffers (no skip, no difference), also in the variants
# the triage runs and with one kernel split out.
# usage: sample-test.sh WAVECC_RUN
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
read -r k s < <(python3 "$here/synth-args.py" "$here/sample/sample.ll" "$tmp/sample.ll")
if [ "$k" != 4 ] || [ "$s" != 0 ]; then echo "synth-args.py: $k kernels, $s left out (expected 4, 0)"; exit 1; fi
grep -q '^define.*amdgpu_ps' "$tmp/sample.ll" && { echo "synth-args.py kept the amdgpu_ps shader"; exit 1; }
"$1" --differential --threads=1 "$tmp/sample.ll" | tee "$tmp/out.txt"
tail -n 1 "$tmp/out.txt" | grep -qx '12 passed, 0 failed, 0 skipped'
# the triage variants give files both compilers take: another seed, undef
# and poison defined, one work-item; and one kernel alone
for v in "--seed 1" --undef-zero --single; do
  # shellcheck disable=SC2086
  python3 "$here/synth-args.py" $v "$here/sample/sample.ll" "$tmp/variant.ll" > /dev/null
  "$1" --differential --threads=1 --check=none "$tmp/variant.ll" | tail -n 1 | grep -qx '12 passed, 0 failed, 0 skipped' || { echo "variant $v differs"; exit 1; }
done
mkdir "$tmp/split"
echo sample.ll@resource_3d | python3 "$here/synth-args.py" --batch "$here/sample" "$tmp/split" > /dev/null
[ "$(grep -c '^define amdgpu_kernel' "$tmp/split/sample.ll@resource_3d.ll")" = 1 ] || { echo "split kept other kernels"; exit 1; }
"$1" --differential --threads=1 "$tmp/split/sample.ll@resource_3d.ll" | tail -n 1 | grep -qx '3 passed, 0 failed, 0 skipped'
