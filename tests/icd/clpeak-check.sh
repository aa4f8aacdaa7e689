#!/bin/sh
# clpeak (Debian's build of clpeak 1.1.2, a public OpenCL benchmark,
# unmodified) on the wavecc platform: its kernel-launch-latency test
# builds clpeak's OpenCL C source with wavecc, runs the kernel on the
# emulator and times it with profiling events. The compute and bandwidth
# tests size their grids for real GPUs (half a million work-items, 30
# repetitions): minutes to hours on an emulator, so not in CI (README,
# "OpenCL platform"). OCL_ICD_VENDORS is set by ctest, so platform 0 is
# wavecc's. Fails when clpeak is missing (scripts/setup.sh installs it).
command -v clpeak >/dev/null || { echo "clpeak-check: clpeak missing (run scripts/setup.sh)"; exit 1; }
out=$(timeout 300 clpeak -p 0 -d 0 --kernel-latency 2>&1)
rc=$?
printf '%s\n' "$out"
[ $rc -eq 0 ] || { echo "clpeak-check: clpeak exited with $rc"; exit 1; }
for want in "Platform: wavecc" "Device: gfx900" "Kernel launch latency : [0-9.]* us"; do
  printf '%s\n' "$out" | grep -q "$want" || { echo "clpeak-check: no line matching '$want'"; exit 1; }
done
echo "clpeak-check: passed"
