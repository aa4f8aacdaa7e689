#!/bin/sh
# clinfo (Debian's) lists the wavecc platform and its devices with the
# values the ICD reports (issue 30). OCL_ICD_VENDORS is set by ctest.
out=$(timeout 120 clinfo) || { echo "clinfo failed"; exit 1; }
fail=0
for want in "Platform Name *wavecc" "Platform Version *OpenCL 1.2 wavecc" "Device Name *gfx900" \
            "Device OpenCL C Version *OpenCL C 1.2" "Local memory size *65536" "Image support *No" \
            "Device Extensions.*cl_khr_fp64" "Max work group size *1024"; do
  if ! printf '%s\n' "$out" | grep -q "$want"; then
    echo "clinfo-check: no line matching '$want'"
    fail=1
  fi
done
[ $fail -eq 0 ] && echo "clinfo-check: passed"
exit $fail
