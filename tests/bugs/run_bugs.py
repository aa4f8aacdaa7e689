#!/usr/bin/env python3
"""Runs the buggy kernels of tests/bugs under wavecc-run --check and asserts
that each is reported with the right check and source line.

Each kernel marks its bug with a comment "// BUG: CLASS" on the line the
report must name; CLASS is a wavecc-run --check name. "// BUG: CLASS
(wavecc)" marks a bug only wavecc's code objects let the emulator find
(per-object private bounds need its .wavecc.checks): skipped for llc. The file runs with
-g --check=all (plus CLASS when "all" does not hold it, as for align) and
must fail with "check CLASS:" in its first report; with --lines the report
must also name FILE:LINE of the marker.

usage: run_bugs.py WAVECC_RUN --compiler=wavecc|llc [--lines] FILE|DIR...
"""
import os, re, subprocess, sys

ALL = {'poison', 'race', 'barrier', 'bounds', 'div'}

def marker(path):
    for n, line in enumerate(open(path, encoding='utf-8'), 1):
        m = re.search(r'//\s*BUG:\s*([a-z]+)(?:\s*\(([a-z]+)\))?', line)
        if m:
            return m.group(1), n, m.group(2)
    return None, None, None

def main():
    run, args = sys.argv[1], sys.argv[2:]
    compiler, lines, files = 'wavecc', False, []
    for a in args:
        if a.startswith('--compiler='):
            compiler = a.split('=', 1)[1]
        elif a == '--lines':
            lines = True
        elif os.path.isdir(a):
            files += sorted(os.path.join(a, f) for f in os.listdir(a) if f.endswith('.cl'))
        else:
            files.append(a)
    bad = skipped = 0
    for f in files:
        cls, line, only = marker(f)
        if only and only != compiler:
            print(f'skip {f} ({compiler}): the bug is found in {only}\'s code only')
            skipped += 1
            continue
        if not cls:
            print(f'FAIL {f}: no "// BUG: CLASS" marker')
            bad += 1
            continue
        checks = 'all' if cls in ALL else 'all,' + cls
        cmd = [run, '-g', '--compiler=' + compiler, '--timeout=120', '--check=' + checks, f]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        out = p.stdout + p.stderr
        m = re.search(r'check ([a-z]+): pc 0x[0-9a-f]+(?: at (\S+?):(\d+)(?::\d+)?)?: ', out)
        why = None
        if p.returncode == 0 or not m:
            why = 'no check report'
        elif m.group(1) != cls:
            why = f'reported as {m.group(1)}, expected {cls}'
        elif lines and not m.group(2):
            why = 'the report names no source line'
        elif lines and (int(m.group(3)) != line or os.path.basename(m.group(2)) != os.path.basename(f)):
            why = f'the report names {m.group(2)}:{m.group(3)}, expected line {line}'
        if why:
            bad += 1
            first = next((l for l in out.splitlines() if 'check ' in l or 'error' in l), out.strip()[:300])
            print(f'FAIL {f} ({compiler}): {why}\n     {first[:400]}')
        else:
            print(f'ok   {f} ({compiler}): check {cls}' + (f' at line {line}' if lines else ''))
    print(f'{len(files) - skipped - bad} of {len(files) - skipped} buggy kernels reported as expected'
          + (f' ({skipped} skipped)' if skipped else ''))
    return 1 if bad else 0

if __name__ == '__main__':
    sys.exit(main())
