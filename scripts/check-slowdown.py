#!/usr/bin/env python3
"""Cost of each wavecc-run --check on the bench kernels.

For every setting (no check, each check alone, all) runs each bench/kernels
file with wavecc-run and measures the CPU time (user + system) of the run
and its children, which heavy load from other processes disturbs far less
than wall-clock time. The same run with --max-steps=1 (compile, then the
dispatch stops at once) gives the compile cost, subtracted to leave the
emulation. Each setting runs REPEAT times, interleaved; the fastest counts.
Prints one line per setting: emulation CPU seconds and the slowdown
against no check.

usage: scripts/check-slowdown.py BUILD_DIR [--compiler=wavecc|llc] [--repeat=N] [FILES...]
"""
import glob, os, resource, subprocess, sys

SETTINGS = ['compile', None, 'poison', 'race', 'barrier', 'bounds', 'div', 'align', 'uninit', 'all']

def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

def run(build, compiler, files, setting):
    cmd = [os.path.join(build, 'tools', 'wavecc-run'), '--compiler=' + compiler, '--timeout=900']
    if setting == 'compile':
        cmd.append('--max-steps=1')
    elif setting:
        cmd.append('--check=' + setting)
    t0 = cpu()
    failed = 0
    for f in files:
        p = subprocess.run(cmd + [f], capture_output=True, text=True, timeout=3600)
        failed += p.stdout.count('\nerror ') + p.stdout.startswith('error ') + p.stdout.count('\nfail ')
    return cpu() - t0, failed

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
            best[s] = min(best.get(s, t), t)
            fails[s] = max(fails.get(s, 0), nf)
    comp = best['compile']
    base = best[None] - comp
    print(f'compile  {comp:8.2f} s CPU (subtracted)')
    for s in SETTINGS[1:]:
        t = best[s] - comp
        print(f'{s or "none":8s} {t:8.2f} s CPU  {t / base:.2f}x  ({fails[s]} failed)', flush=True)

if __name__ == '__main__':
    main()
