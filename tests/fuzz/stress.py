#!/usr/bin/python3
"""Differential fuzzing of wavecc against llc-19 with llvm-stress-19 kernels.

For each seed, llvm-stress-19 writes a random LLVM IR function; this driver
makes it an amdgpu_kernel for amdgcn-amd-amdhsa, gives it a [test] block with
random inputs (every pointer argument a buffer of random bytes, every
scalar argument a random value; one wave of 64 work-items), and runs
`wavecc-run --differential` on the lot: both compilers' code runs on the
emulator with the same inputs and every buffer is compared byte for byte.

The method is Csmith's and CLsmith's (Lidbury et al., "Many-core compiler
fuzzing", PLDI 2015), with llvm-stress as the program generator. llvm-stress
programs read uninitialised allocas and may compute poison, so a difference
is a lead to triage, not proof of a miscompile: reduce it, decide which
compiler is right from the IR's semantics, and turn real miscompiles into
corpus tests.

Usage:
  stress.py [--seeds 1-200] [--size 60] [--jobs 2] [--wavecc-run PATH]
            [--max-steps 200000] [--keep DIR] [--expect-clean] [--raw]

Prints one line per seed that is not identical and a summary table:
seeds, llc-19 compiles, wavecc compiles, both compile, identical,
differences, wavecc-only faults, llc-only faults, both fault, crashes.
--expect-clean: exit status 1 when any difference or crash is found (CI).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'kernels', 'gen'))
from kt import Rng  # noqa: E402  (splitmix64: the inputs of a seed never change)


# scalar argument types of llvm-stress functions -> program-tester types
SCALAR = {'i8': ('char', 8), 'i16': ('short', 16), 'i32': ('int', 32), 'i64': ('long', 64),
          'float': ('float', 32), 'double': ('double', 64)}
BUFFER_BYTES = 4096
# branches a kernel may take before it returns (llvm-stress loops rarely end)
BRANCH_BUDGET = 500
# clang-19's data layout for amdgcn-amd-amdhsa (allocas in address space 5)
LAYOUT = ('e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-'
          'p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-'
          'v2048:2048-n32:64-S32-A5-G1-ni:7:8:9')


def signed(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


# ------------------------------------------------------------ sanitizer
# llvm-stress programs are full of undefined behaviour (out-of-range vector
# indices and shift amounts, division by zero, out-of-range float-to-int
# conversions, reads of uninitialised or too small allocas, i1 memory with
# unspecified padding bits), where two correct compilers may differ. The
# sanitizer rewrites each such instruction into a defined one, line by line
# on llvm-stress's own output shapes, so that a difference is a real lead.
# Most llvm-stress loops never end; with `bound`, every branch first counts
# itself in a private counter and the kernel returns once BRANCH_BUDGET
# branches have been taken, the same way under both compilers.

def split_top(s):
    """Splits on commas outside <> [] () {}."""
    out, depth, cur = [], 0, ''
    for ch in s:
        if ch in '<[({':
            depth += 1
        elif ch in '>])}':
            depth -= 1
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    out.append(cur.strip())
    return out


def vec_info(ty):
    m = re.match(r'^<(\d+) x (\w+)>$', ty)
    return (int(m.group(1)), m.group(2)) if m else (None, ty)


def splat(ty, val):
    n, elt = vec_info(ty)
    return '<%s>' % ', '.join(['%s %s' % (elt, val)] * n) if n else str(val)


def int_bits(ty):
    return int(vec_info(ty)[1][1:])


FTYPES = {'half': 'f16', 'float': 'f32', 'double': 'f64'}


def mangle(ty):
    n, elt = vec_info(ty)
    e = FTYPES.get(elt, elt)
    return 'v%d%s' % (n, e) if n else e


def sanitize(ir, bound=True):
    out, decls, k = [], set(), [0]

    def tmp(name):
        k[0] += 1
        return '%s.san%d' % (name, k[0])

    for ln in ir.split('\n'):
        ind = ln[:len(ln) - len(ln.lstrip())]
        m = re.match(r'^\s+(%\S+) = (udiv|sdiv|urem|srem|shl|lshr|ashr) (<[^>]*>|\S+) (.*)$', ln)
        if m:
            d, op, ty, rest = m.groups()
            a, b = split_top(rest)
            bits = int_bits(ty)
            if op in ('shl', 'lshr', 'ashr'):
                t = tmp(d)
                out.append('%s%s = and %s %s, %s' % (ind, t, ty, b, splat(ty, bits - 1)))
            else:  # a positive, odd divisor: never 0, never -1
                t0, t = tmp(d), tmp(d)
                out.append('%s%s = and %s %s, %s' % (ind, t0, ty, b, splat(ty, (1 << (bits - 1)) - 1 if bits > 1 else 1)))
                out.append('%s%s = or %s %s, %s' % (ind, t, ty, t0, splat(ty, 1)))
            out.append('%s%s = %s %s %s, %s' % (ind, d, op, ty, a, t))
            continue
        m = re.match(r'^\s+(%\S+) = (extractelement|insertelement) (<[^>]*>) (.*)$', ln)
        if m:
            d, op, ty, rest = m.groups()
            parts = split_top(rest)
            n = vec_info(ty)[0]
            ity, idx = parts[-1].split(' ', 1)
            if re.match(r'^-?\d+$', idx):
                idx = str((int(idx) % (1 << int(ity[1:]))) % n)
            else:
                t = tmp(d)
                out.append('%s%s = urem %s %s, %d' % (ind, t, ity, idx, n))
                idx = t
            parts[-1] = '%s %s' % (ity, idx)
            out.append('%s%s = %s %s %s' % (ind, d, op, ty, ', '.join(parts)))
            continue
        m = re.match(r'^\s+(%\S+) = (fptosi|fptoui) (<[^>]*>|\S+) (\S+) to (<[^>]*>|\S+)$', ln)
        if m:
            d, op, fty, x, ity = m.groups()
            fn = '@llvm.%s.sat.%s.%s' % (op, mangle(ity), mangle(fty))
            decls.add('declare %s %s(%s)' % (ity, fn, fty))
            out.append('%s%s = call %s %s(%s %s)' % (ind, d, ity, fn, fty, x))
            continue
        m = re.match(r'^\s+(%\S+) = load (i1|<\d+ x i1>), ptr (%\S+), align \d+$', ln)
        if m:
            d, ty, p = m.groups()
            n = vec_info(ty)[0] or 1
            nb = (n + 7) // 8 * 8
            t0, t1 = tmp(d), tmp(d)
            out.append('%s%s = load i%d, ptr %s, align 1' % (ind, t0, nb, p))
            if ty == 'i1':
                out.append('%s%s = trunc i%d %s to i1' % (ind, d, nb, t0))
            elif n == nb:  # a whole number of bytes: no trunc (trunc i16 to i16 is invalid IR)
                out.append('%s%s = bitcast i%d %s to %s' % (ind, d, n, t0, ty))
            else:
                out.append('%s%s = trunc i%d %s to i%d' % (ind, t1, nb, t0, n))
                out.append('%s%s = bitcast i%d %s to %s' % (ind, d, n, t1, ty))
            continue
        m = re.match(r'^\s+store (i1|<\d+ x i1>) (.*)$', ln)
        if m:
            ty, rest = m.groups()
            v, p, _ = split_top(rest)
            n = vec_info(ty)[0] or 1
            nb = (n + 7) // 8 * 8
            t0, t1 = tmp('%st'), tmp('%st')
            if ty == 'i1':
                out.append('%s%s = zext i1 %s to i%d' % (ind, t1, v, nb))
            elif n == nb:  # a whole number of bytes: no zext
                out.append('%s%s = bitcast %s %s to i%d' % (ind, t1, ty, v, n))
            else:
                out.append('%s%s = bitcast %s %s to i%d' % (ind, t0, ty, v, n))
                out.append('%s%s = zext i%d %s to i%d' % (ind, t1, n, t0, nb))
            out.append('%sstore i%d %s, %s, align 1' % (ind, nb, t1, p))
            continue
        m = re.match(r'^\s+(%\S+) = alloca .*$', ln)
        if m:
            d = m.group(1)
            out.append('%s%s.p5 = alloca [256 x i8], align 64, addrspace(5)' % (ind, d))
            out.append('%scall void @llvm.memset.p5.i32(ptr addrspace(5) %s.p5, i8 0, i32 256, i1 false)' % (ind, d))
            out.append('%s%s = addrspacecast ptr addrspace(5) %s.p5 to ptr' % (ind, d, d))
            decls.add('declare void @llvm.memset.p5.i32(ptr addrspace(5), i8, i32, i1)')
            continue
        m = re.match(r'^(\s+)br (.*)$', ln)
        if m and bound:  # every branch pays into a budget; at its end the kernel returns
            k[0] += 1
            n = k[0]
            out.append('%s%%bc%d = load i32, ptr addrspace(5) %%bcount, align 4' % (ind, n))
            out.append('%s%%bc%d.n = add i32 %%bc%d, 1' % (ind, n, n))
            out.append('%sstore i32 %%bc%d.n, ptr addrspace(5) %%bcount, align 4' % (ind, n))
            out.append('%s%%bc%d.ok = icmp ult i32 %%bc%d, %d' % (ind, n, n, BRANCH_BUDGET))
            out.append('%sbr i1 %%bc%d.ok, label %%bc%d.go, label %%bc.exit' % (ind, n, n))
            out.append('bc%d.go:' % n)
            ln = ln.replace('poison', 'false').replace('undef', 'false')
            out.append(ln)
            continue
        if ln == 'BB:' and bound:
            out.append(ln)
            out.append('  %bcount = alloca i32, align 4, addrspace(5)')
            out.append('  store i32 0, ptr addrspace(5) %bcount, align 4')
            continue
        if ln == '}' and bound:
            out.append('bc.exit:')
            out.append('  ret void')
            out.append(ln)
            continue
        if 'shufflevector' in ln:
            ln = re.sub(r'i32 (poison|undef)', 'i32 0', ln)
        ln = re.sub(r'\b(poison|undef)\b', 'zeroinitializer', ln)
        out.append(ln)
    return '\n'.join(out) + '\n' + '\n'.join(sorted(decls)) + '\n'


def make_kernel(ir, seed, sanitize_on=True):
    """The llvm-stress module as a kernel test file, or None if its
    signature has an argument type the test format cannot give."""
    m = re.search(r'^define void @(autogen_SD\d+)\((.*)\) \{$', ir, re.M)
    if not m:
        return None
    name, params = m.group(1), m.group(2)
    rng = Rng(seed * 7919 + 17)
    args = []
    for i, p in enumerate(x.strip() for x in params.split(',')):
        ty = p.split()[0]
        if ty == 'ptr':
            vals = ' '.join(str(rng.u64() & 0xff) for _ in range(BUFFER_BYTES))
            args.append('; arg_in: %d buffer uchar[%d] %s' % (i, BUFFER_BYTES, vals))
        elif ty in SCALAR:
            t, bits = SCALAR[ty]
            if t == 'float':
                v = '%r' % (((rng.u64() % 2000001) - 1000000) / 1024.0)
            elif t == 'double':
                v = '%r' % (((rng.u64() % 2000001) - 1000000) / 4096.0)
            else:
                v = str(signed(rng.u64(), bits))
            args.append('; arg_in: %d %s %s' % (i, t, v))
        else:
            return None
    head = ['; [config]', '; name: stress seed %d' % seed, '; kernel_name: ' + name, '; dimensions: 1',
            '; global_size: 64 0 0', '; local_size: 64 0 0', ';', '; [test]', '; name: seed%d' % seed] + args
    body = ir.replace('define void @' + name, 'define amdgpu_kernel void @' + name, 1)
    if sanitize_on:
        body = sanitize(body)
    return '\n'.join(head) + '\n\ntarget datalayout = "%s"\ntarget triple = "amdgcn-amd-amdhsa"\n' % LAYOUT + body


def run_runner(runner, files, jobs, max_steps, checks, target=()):
    """wavecc-run --differential on files with --check=CHECKS and the
    target options TARGET (--mcpu, --mattr): {path: (word, message)}, or
    None when the runner died (a crash inside it)."""
    cmd = [runner, '--differential', '--no-progress', '-j', str(jobs), '--max-steps=%d' % max_steps, '--timeout=30',
           '--check=' + checks] + list(target) + files
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode not in (0, 1) or not re.search(r'^\d+ passed, \d+ failed, \d+ skipped$', p.stdout, re.M):
        return None
    res = {}
    for ln in p.stdout.splitlines():
        m = re.match(r'^(pass|fail|skip|error)\s+(\S+?): (.*)$', ln)
        if m:
            res[m.group(2)] = (m.group(1), m.group(3))
    return res


def classify(word, msg):
    if word == 'pass':
        return 'identical'
    if word == 'skip':
        if 'neither compiles' in msg:
            return 'neither compiles'
        if 'wavecc cannot compile' in msg:
            return 'only llc-19 compiles'
        if 'llc-19 cannot compile' in msg:
            return 'only wavecc compiles'
        if 'both fault' in msg:
            return 'both fault'
        return 'skip'
    if "wavecc's code faults" in msg:
        return 'wavecc-only fault'
    if "llc-19's code faults" in msg:
        return 'llc-only fault'
    return 'difference'


def run_all(runner, paths, jobs, batch, max_steps, checks, target=()):
    """{path: (class, message)} for test files run through --differential in
    batches; a batch that takes the runner down is rerun file by file so
    that the file that crashes it is named (shared with clsmith.py).
    checks: wavecc-run's --check list (stress.py: none, clsmith.py: poison);
    target: wavecc-run's target options (target_args)."""
    out = {}
    for i in range(0, len(paths), batch):
        part = paths[i:i + batch]
        res = run_runner(runner, part, jobs, max_steps, checks, target)
        if res is None:  # find the file that takes the runner down
            res = {}
            for p in part:
                r = run_runner(runner, [p], 1, max_steps, checks, target)
                res[p] = r[p] if r and p in r else ('crash', 'wavecc-run died on this file')
        for p in part:
            word, msg = res.get(p, ('crash', 'no result line'))
            out[p] = ('crash' if word == 'crash' else classify(word, msg), msg)
    return out


def add_common_args(ap, batch, max_steps):
    """The options of the campaign drivers (shared with clsmith.py)."""
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--batch', type=int, default=batch)
    ap.add_argument('--max-steps', type=int, default=max_steps,
                    help='instructions per wave before the watchdog ends a kernel (endless loops)')
    ap.add_argument('--wavecc-run', default=os.path.join(ROOT, 'build', 'tools', 'wavecc-run'))
    ap.add_argument('--keep', help='write the kernel files here and keep them')
    ap.add_argument('--expect-clean', action='store_true')
    ap.add_argument('--mcpu', help="the GPU both compilers target (wavecc-run's --mcpu; default gfx900)")
    ap.add_argument('--mattr', help="target features, e.g. +wavefrontsize64 (wavecc-run's --mattr)")
    ap.add_argument('--wavecc-opt', action='append', default=[], metavar='OPTION',
                    help="an option for wavecc only (wavecc-run's -Xwavecc; repeatable), e.g. -O0; "
                         "llc-19 keeps its default -O2")


def target_args(a):
    """wavecc-run's target options for the --mcpu/--mattr/--wavecc-opt of add_common_args."""
    return ((['--mcpu=' + a.mcpu] if a.mcpu else []) + (['--mattr=' + a.mattr] if a.mattr else [])
            + [x for o in a.wavecc_opt for x in ('-Xwavecc', o)])


def seeds_and_dir(a, prefix):
    """The --seeds range (LO-HI or one seed) and the directory for the
    files (--keep, else a new temporary one)."""
    lo, _, hi = a.seeds.partition('-')
    tmp = a.keep or tempfile.mkdtemp(prefix=prefix)
    os.makedirs(tmp, exist_ok=True)
    return range(int(lo), int(hi or lo) + 1), tmp


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seeds', default='1-200')
    ap.add_argument('--size', type=int, default=60)
    add_common_args(ap, 100, 200000)
    ap.add_argument('--llvm-stress', default='llvm-stress-19')
    ap.add_argument('--raw', action='store_true', help='do not sanitize the programs (undefined behaviour stays)')
    a = ap.parse_args()
    seeds, tmp = seeds_and_dir(a, 'wavecc-stress-')
    files = {}
    for s in seeds:
        ir = subprocess.run([a.llvm_stress, '-seed=%d' % s, '-size=%d' % a.size], stdout=subprocess.PIPE,
                            text=True, check=True).stdout
        k = make_kernel(ir, s, not a.raw)
        if k is None:
            print('seed %d: signature not representable, skipped' % s)
            continue
        path = os.path.join(tmp, 'stress_%05d.ll' % s)
        with open(path, 'w') as f:
            f.write(k)
        files[path] = s
    counts = {}
    lines = []
    # The poison check (wavecc-run's default) on sanitized programs: the
    # sanitizer gives every read of an uninitialised alloca a defined value,
    # and seeds 1-230 raise no poison report with either compiler's code
    # (2026-11-28), so it stays on and guards both against false alarms. A
    # report in both compilers' code would make the file "both fault", not
    # compared; --raw programs read undefined values by design (undef
    # operands, never-stored allocas) and branch or store on them, so they
    # run with --check=none and are compared on the emulator's zeros.
    checks = 'none' if a.raw else 'poison'
    for p, (c, msg) in sorted(run_all(a.wavecc_run, sorted(files), a.jobs, a.batch, a.max_steps, checks,
                                      target_args(a)).items()):
        counts[c] = counts.get(c, 0) + 1
        if c not in ('identical', 'neither compiles', 'only wavecc compiles', 'both fault'):
            lines.append('seed %d: %s: %s' % (files[p], c, msg))
    for ln in lines:
        print(ln)
    n = len(files)
    llc = sum(counts.get(k, 0) for k in ('identical', 'difference', 'wavecc-only fault', 'llc-only fault',
                                          'both fault', 'only llc-19 compiles'))
    wcc = sum(counts.get(k, 0) for k in ('identical', 'difference', 'wavecc-only fault', 'llc-only fault',
                                          'both fault', 'only wavecc compiles'))
    print('seeds %d (size %d): llc-19 compiles %d, wavecc compiles %d; of those both compile: identical %d, '
          'differences %d, wavecc-only faults %d, llc-only faults %d, both fault %d; crashes %d' % (
              n, a.size, llc, wcc, counts.get('identical', 0), counts.get('difference', 0),
              counts.get('wavecc-only fault', 0), counts.get('llc-only fault', 0), counts.get('both fault', 0),
              counts.get('crash', 0)))
    if not a.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    bad = counts.get('difference', 0) + counts.get('crash', 0) + counts.get('wavecc-only fault', 0)
    return 1 if a.expect_clean and bad else 0


if __name__ == '__main__':
    sys.exit(main())
