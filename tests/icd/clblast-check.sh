#!/bin/sh
# Runs CLBlast's own test programs (Debian clblast-tests, CLBlast 1.5.3,
# unmodified: each routine's OpenCL kernels built from source by the
# platform at run time, results checked against the reference CBLAS) on
# the wavecc platform, as a real application's kernels.
#   Usage: clblast-check.sh ROUTINE ...   (e.g. xgemm xdot)
# Each program tests every precision. The half-precision routines (named
# H... and iH...) are run but not counted: CLBlast 1.5.3's own half tests
# are wrong on any device (iHAMAX writes a 32-bit index into a buffer of
# halves and then checks the half past it; the batched routines read
# their float alphas from a buffer of halves, which wavecc's strict
# emulator reports as an s_load outside every allocation).
# OCL_ICD_VENDORS must name only wavecc's vendors directory (ctest sets
# it), so platform 0 is wavecc's. Fails on a failed case, on a routine
# that passed no case, on another device, or when clblast-tests is not
# installed (scripts/setup.sh installs it).
status=0
for routine in "$@"; do
  prog=/usr/bin/clblast_test_$routine
  if [ ! -x "$prog" ]; then
    echo "clblast-check: $prog missing (Debian clblast-tests; run scripts/setup.sh)"
    exit 1
  fi
  out=$("$prog" -platform 0 -device 0 2>&1 | sed 's/\x1b\[[0-9;]*m//g')
  # one line per routine section: NAME PASSED FAILED DEVICE
  sums=$(echo "$out" | awk '
    /^\* Running on OpenCL device/ { dev = $0; sub(/.*device .\047?/, "", dev); sub(/\047.*/, "", dev) }
    /^\* Starting tests for the/ { if (name != "") print name, p, f, dev; name = $6; gsub(/\047/, "", name); p = 0; f = 0 }
    /^ +[0-9]+ test\(s\) passed/ { p += $1 }
    /^ +[0-9]+ test\(s\) failed/ { f += $1 }
    END { if (name != "") print name, p, f, dev }')
  if [ -z "$sums" ]; then
    echo "clblast-check: FAIL $routine: no routine ran"
    echo "$out" | tail -n 20
    status=1
    continue
  fi
  while read -r name p f dev; do
    case $name in
      H*|iH*) echo "clblast-check: not counted $name (CLBlast's half tests): $p passed, $f failed"; continue ;;
    esac
    if [ "$f" -ne 0 ] || [ "$p" -eq 0 ] || [ "$dev" != gfx900 ]; then
      echo "clblast-check: FAIL $name on '$dev': $p passed, $f failed"
      status=1
    else
      echo "clblast-check: ok $name: $p passed"
    fi
  done <<SUMS
$sums
SUMS
  [ $status -ne 0 ] && echo "$out" | grep -E 'Error|wavecc' | head -n 20
done
exit $status
