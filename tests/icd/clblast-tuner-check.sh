#!/bin/sh
# Runs one of CLBlast 1.5.3's tuners (Debian clblast-utils, unmodified), a
# benchmark application: it builds each kernel configuration from source on
# the platform, times it, and compares its output with a reference
# kernel's ("results match"). Usage: clblast-tuner-check.sh NAME ARGS...
# (e.g. xdot -precision 32 -n 262144). OCL_ICD_VENDORS names wavecc's
# vendors directory only (ctest sets it): platform 0 is wavecc's. Fails on
# any configuration that does not match, compile failures included, or
# when clblast-utils is missing (scripts/setup.sh installs it).
name=$1; shift
prog=/usr/bin/clblast_tuner_$name
[ -x "$prog" ] || { echo "clblast-tuner-check: $prog missing (Debian clblast-utils; run scripts/setup.sh)"; exit 1; }
out=$("$prog" -platform 0 -device 0 -runs 1 "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g')
printf '%s\n' "$out" | grep -v 'skipping' | tail -n 25
rows=$(printf '%s\n' "$out" | grep -cE '^\| +[0-9]+ \|')
match=$(printf '%s\n' "$out" | grep -cE '^\| +[0-9]+ \|.*results match')
printf '%s\n' "$out" | grep -q 'reference OK' || { echo "clblast-tuner-check: the reference kernel did not run"; exit 1; }
printf '%s\n' "$out" | grep -q 'Completed tuning process' || { echo "clblast-tuner-check: the tuner did not complete"; exit 1; }
if [ "$rows" -eq 0 ] || [ "$rows" -ne "$match" ]; then
  echo "clblast-tuner-check: $match of $rows configurations match the reference"
  exit 1
fi
echo "clblast-tuner-check: passed, $match of $rows configurations match the reference"
