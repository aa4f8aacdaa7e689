#!/usr/bin/env python3
"""Emulation-time cost of each wavecc-run --check on the bench kernels.

Runs every bench/kernels file once per setting (no check, each check alone,
all) with --stats and sums the emulator's "emulated in X ms" over every
dispatch, so compile time is left out. Prints one line per setting: the
summed time and the slowdown against no check.

usage: scripts/check-slowdown.py BUILD_DIR [--compiler=wavecc|llc] [FILES...]
"""
import glob, os, re, subprocess, sys

def run(build, compiler, files, check):
    cmd = [os.path.join(build, 'tools', 'wavecc-run'), '--stats', '--compiler=' + compiler, '--timeout=600']
    if check:
        cmd.append('--check=' + check)
    total, failed = 0.0, 0
    for f in files:
        out = subprocess.run(cmd + [f], capture_output=True, text=True, timeout=3600).stdout
        total += sum(float(m) for m in re.findall(r'emulated in ([0-9.]+) ms', out))
        failed += len(re.findall(r'^(?:error|fail) ', out, re.M))
    return total, failed

def main():
    build = sys.argv[1]
    compiler = 'wavecc'
    files = []
    for a in sys.argv[2:]:
        if a.startswith('--compiler='):
            compiler = a.split('=', 1)[1]
        else:
            files.append(a)
    if not files:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'bench', 'kernels')
        files = sorted(glob.glob(os.path.join(root, '*.cl')))
    base, bf = run(build, compiler, files, None)
    print(f'{"none":8s} {base:10.1f} ms  1.00x  ({bf} failed)')
    for check in ['poison', 'race', 'barrier', 'bounds', 'div', 'align', 'uninit', 'all']:
        t, nf = run(build, compiler, files, check)
        print(f'{check:8s} {t:10.1f} ms  {t / base:.2f}x  ({nf} failed)', flush=True)

if __name__ == '__main__':
    main()
