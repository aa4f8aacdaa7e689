#!/usr/bin/env python3
"""Emulation-time cost of each wavecc-run --check on the bench kernels.

Runs every bench/kernels file per setting (no check, each check alone, all)
with --stats, REPEAT times (default 3, settings interleaved so that load
from other processes hits them alike), takes each dispatch's fastest
"emulated in X ms" and sums them, so compile time and most noise are left
out. Prints one line per setting: the summed time and the slowdown against
no check.

usage: scripts/check-slowdown.py BUILD_DIR [--compiler=wavecc|llc] [--repeat=N] [FILES...]
"""
import glob, os, re, subprocess, sys

def run(build, compiler, files, check):
    cmd = [os.path.join(build, 'tools', 'wavecc-run'), '--stats', '--compiler=' + compiler, '--timeout=600']
    if check:
        cmd.append('--check=' + check)
    times, failed = [], 0
    for f in files:
        out = subprocess.run(cmd + [f], capture_output=True, text=True, timeout=3600).stdout
        times += [float(m) for m in re.findall(r'emulated in ([0-9.]+) ms', out)]
        failed += len(re.findall(r'^(?:error|fail) ', out, re.M))
    return times, failed

SETTINGS = [None, 'poison', 'race', 'barrier', 'bounds', 'div', 'align', 'uninit', 'all']

def main():
    build = sys.argv[1]
    compiler, repeat = 'wavecc', 3
    files = []
    for a in sys.argv[2:]:
        if a.startswith('--compiler='):
            compiler = a.split('=', 1)[1]
        elif a.startswith('--repeat='):
            repeat = int(a.split('=', 1)[1])
        else:
            files.append(a)
    if not files:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'bench', 'kernels')
        files = sorted(glob.glob(os.path.join(root, '*.cl')))
    best, fails = {}, {}
    for _ in range(repeat):
        for s in SETTINGS:
            t, nf = run(build, compiler, files, s)
            prev = best.get(s)
            best[s] = t if prev is None or len(prev) != len(t) else [min(a, b) for a, b in zip(prev, t)]
            fails[s] = max(fails.get(s, 0), nf)
    base = sum(best[None])
    for s in SETTINGS:
        t = sum(best[s])
        print(f'{s or "none":8s} {t:10.1f} ms  {t / base:.2f}x  ({fails[s]} failed)', flush=True)

if __name__ == '__main__':
    main()
