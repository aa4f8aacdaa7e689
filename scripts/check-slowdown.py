#!/usr/bin/env python3
"""Cost of each wavecc-run --check on the bench kernels.

Runs every bench/kernels file per setting (no check: --check=none; each
check alone: --check=none,NAME; all: --check=all, which holds the default
poison) with --stats and --threads=1 (checks other than race run
work-groups on parallel workers, none runs them on one, so that CPU times
compare), REPEAT times (settings interleaved), takes each dispatch's
least emulation CPU time ("emulated in X ms (Y ms CPU)": the host
process's CPU time during the dispatch, which load from other processes
disturbs far less than wall-clock time; compile time is not in it) and
sums them. Prints one line per setting: the sum and the slowdown against
no check.

usage: scripts/check-slowdown.py BUILD_DIR [--compiler=wavecc|llc] [--repeat=N] [FILES...]
"""
import glob, os, re, subprocess, sys

SETTINGS = [None, 'poison', 'race', 'barrier', 'bounds', 'div', 'align', 'uninit', 'all']
# wavecc-run's default is poison: "none" turns it off, "none,X" runs X alone

def run(build, compiler, files, setting):
    cmd = [os.path.join(build, 'tools', 'wavecc-run'), '--stats', '--threads=1', '--compiler=' + compiler, '--timeout=900']
    cmd.append('--check=' + ('none' if not setting else setting if setting == 'all' else 'none,' + setting))
    times, failed = [], 0
    for f in files:
        out = subprocess.run(cmd + [f], capture_output=True, text=True, timeout=3600).stdout
        times += [float(m) for m in re.findall(r'emulated in [0-9.]+ ms \((?:CPU )?([0-9.]+) ms(?: CPU)?\)', out)]
        failed += len(re.findall(r'^(?:error|fail) ', out, re.M))
    return times, failed

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
        print(f'{s or "none":8s} {t:9.1f} ms CPU  {t / base:.2f}x  ({fails[s]} failed)', flush=True)

if __name__ == '__main__':
    main()
