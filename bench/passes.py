#!/usr/bin/python3
"""Where a wavecc compile spends its CPU time, on bitcode files prepared by
`bench/compare --keep` (its work directory holds one FILE.bc per kernel
file next to FILE.clang.bc and FILE.linked.bc, which are skipped).

For each file, RUNS runs of `wavecc --time-passes --stats FILE.bc`; per
file the median, then: output instructions per second of wavecc's own
passes (sum of medians; `import` is LLVM's bitcode reading, verifier and IR
passes, not ours), the per-pass sums, and the CPU time of a whole compile
(process start measured as `wavecc --version`) as geometric means over the
files. Peak memory through GNU time (`/usr/bin/time -f %M`): ru_maxrss of
a child of this script would not fall below the script's own size.

usage: bench/passes.py [--wavecc PATH] [--runs N] DIR
"""
import argparse
import glob
import os
import re
import statistics
import subprocess
import tempfile

NOT_OWN = {"import", "assemble-link", "check-assembler", "total"}


def cpu_run(argv):
    """(CPU seconds of the child, its stdout+stderr)."""
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.read().decode(errors="replace")
    _, _, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime, out


def peak_kb(argv, tmp):
    path = os.path.join(tmp, "peak.txt")
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", path] + argv, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(path) as f:
        return int(f.read().split()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--wavecc", default="build/tools/wavecc")
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    files = sorted(f for f in glob.glob(os.path.join(a.dir, "*.bc"))
                   if not f.endswith((".clang.bc", ".linked.bc")))
    tmp = tempfile.mkdtemp()
    out_file = os.path.join(tmp, "x.hsaco")
    start = statistics.median(cpu_run([a.wavecc, "--version"])[0] for _ in range(20))
    own_sum, insts, per_pass, cpu, imp, own, peaks = 0.0, 0, {}, [], [], [], []
    for f in files:
        runs = []
        for _ in range(a.runs):
            c, out = cpu_run([a.wavecc, "--time-passes", "--stats", f, "-o", out_file])
            passes = {m.group(2): float(m.group(1))
                      for m in re.finditer(r"^\s*([\d.]+) s\s+[\d.]+%\s+(\S+)\s*$", out, re.M)}
            runs.append((c, passes, out))
        med = lambda xs: statistics.median(xs)
        o = [sum(v for k, v in r[1].items() if k not in NOT_OWN) for r in runs]
        m = med(o)
        for k, v in runs[o.index(m)][1].items():
            if k not in NOT_OWN:
                per_pass[k] = per_pass.get(k, 0.0) + v
        own_sum += m
        insts += sum(int(x) for x in re.findall(r"instructions (\d+)", runs[0][2]))
        cpu.append(med([r[0] for r in runs]))
        imp.append(med([r[1].get("import", 0.0) for r in runs]))
        own.append(max(m, 1e-7))
        peaks.append(peak_kb([a.wavecc, f, "-o", out_file], tmp))
    gm = statistics.geometric_mean
    print("%d files, %d output instructions" % (len(files), insts))
    print("own passes: %.1f ms (sum of per-file medians), %.3g output instructions/s" %
          (own_sum * 1e3, insts / own_sum if own_sum else 0))
    for k, v in sorted(per_pass.items(), key=lambda kv: -kv[1]):
        print("  %-16s %7.1f ms" % (k, v * 1e3))
    print("CPU per compile (geometric mean of per-file medians): %.2f ms; process start (wavecc --version) "
          "%.2f ms, import %.2f ms, own passes %.2f ms" % (gm(cpu) * 1e3, start * 1e3, gm(imp) * 1e3, gm(own) * 1e3))
    print("peak memory (GNU time): median %.1f MB, max %.1f MB" %
          (statistics.median(peaks) / 1024, max(peaks) / 1024))


if __name__ == "__main__":
    main()
