#!/usr/bin/python3
"""More memory operations in flight than the s_waitcnt counters hold
(issue 21): f_waitcnt_capacity.cl, and in CI the same kernels at several
sizes (--out DIR --sizes A,B,..., one file per size, run by ctest on the
emulator's strict waitcnt model).

gfx9's lgkmcnt field holds 15 events and vmcnt 63. The kernels put S LDS
operations (S around and above 15), 4*S vector memory operations (around
and above 63) and SMEM loads (out of order in lgkmcnt) in flight before
the values are used, in straight-line code and across loop back edges,
with every access width: SMEM dword..dwordx16 (uniform loads of int..int16,
long16/double16 as two x16), LDS b8/b16/b32/b64/b128, global ubyte..dwordx4
loads and stores, and FLAT loads through a generic pointer
(f_waitcnt_capacity_flat.cl, OpenCL C 2.0: FLAT counts in both counters,
out of order in lgkmcnt). wavecc dropped the pending SMEM load once 15 LDS events
followed it (the model took them as returning in order): the emulator
stopped the vstore16-to-local reproducer with "reads s4 before an s_waitcnt
covers the load". Exports (expcnt) do not occur in compute kernels and are
not covered.

Every expected value is computed here: integers wrap at their width, the
per-lane accumulator is ulong acc = acc * 31 + (ulong)(long)value in the
order the kernel states, half results are the binary16 bits of values
that are exact in half."""
import argparse
import os
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kt
from kt import Rng, Test, hbits, sizes, wrap

M64 = (1 << 64) - 1
LANES = 64
# Stride between an array's slots in elements: above the 255 a ds_write2 /
# ds_read2 offset holds, so every slot stays its own LDS instruction.
STRIDE = 260
# LDS element types, cycled: (type, components, component type)
LTYPES = [('char', 1, 'char'), ('short', 1, 'short'), ('int', 1, 'int'), ('long', 1, 'long'),
          ('int2', 2, 'int'), ('int4', 4, 'int')]
# Global element types, cycled (loads: ubyte, sshort, dword, dwordx2, dwordx2, dwordx4).
GTYPES = [('uchar', 1, 'uchar'), ('short', 1, 'short'), ('uint', 1, 'uint'), ('long', 1, 'long'),
          ('int2', 2, 'int'), ('uint4', 4, 'uint')]
# SMEM widths: uniform loads of int .. int16.
STYPES = [('int', 1), ('int2', 2), ('int4', 4), ('int8', 8), ('int16', 16)]
COMP = ['.s0', '.s1', '.s2', '.s3', '.s4', '.s5', '.s6', '.s7', '.s8', '.s9', '.sa', '.sb', '.sc', '.sd', '.se',
        '.sf']


def acc_step(acc, v, t):
    return (acc * 31 + (wrap(v, t) & M64)) & M64


def comps(name, n):
    return [name] if n == 1 else [name + COMP[k] for k in range(n)]


def acc_code(name, n):
    return ''.join('    acc = acc * 31 + (ulong)(long)%s;\n' % c for c in comps(name, n))


# ------------------------------------------------------------ vstore to LDS
VSTORE_TYPES = ['float', 'int', 'uint', 'long', 'ulong', 'double']


def k_vstore(s, t, w, fn):
    """The reproducer, generalized: a uniform t<w> (SMEM), s LDS stores
    zeroing the LDS array, vstore<w> (vstore_half<w>, vstorea_half<w>: of a
    float<w>, into half elements) of it at element `at`, the array copied
    out. The half forms store values exact in half: the rounding mode
    does not matter."""
    half = fn != 'vstore'
    at = w if fn == 'vstorea_half' else 1
    m = max(s, at + w)
    name = 'vst_%s%d_%s_%d' % (t, w, fn, s)
    et = 'ushort' if half else t  # element type of the LDS array and the output
    src = 'kernel void %s(global %s *out, global %s%d *in)\n{\n' % (name, et, t, w)
    src += '    %s%d tmp = in[0];\n' % (t, w)
    src += '    volatile local %s loc[%d] __attribute__((aligned(64)));\n' % (et, m)
    src += ''.join('    loc[%d] = 0;\n' % i for i in range(m))
    if fn == 'vstore':
        src += '    vstore%d(tmp, 0, (local %s *)loc + 1);\n' % (w, t)
    elif fn == 'vstore_half':
        src += '    vstore_half%d(tmp, 0, (local half *)loc + 1);\n' % w
    else:
        src += '    vstorea_half%d(tmp, 1, (local half *)loc);\n' % w
    src += '    for (int i = 0; i < %d; ++i) out[i] = loc[i];\n}\n' % m
    fl = t in ('float', 'double')
    vals = [float(i + 1) if fl else i + 1 for i in range(w)]
    exp = [0.0 if fl and not half else 0] * m
    for i in range(w):
        exp[at + i] = hbits(vals[i]) if half else vals[i]
    te = Test(name, kernel_name=name, global_size=sizes(1), local_size=sizes(1))
    te.out(0, et, m, exp).inp(1, '%s%d' % (t, w), 1, vals)
    return src, te


# --------------------------------------------- LDS + SMEM + VMEM, straight
def k_mixed(s, rng):
    """Per lane: s LDS writes of cycling widths, SMEM loads of every width
    (uniform), s LDS reads, 4*s global loads of cycling widths with a store
    of a constant after every third (vmcnt counts stores too), then every
    value folded into one ulong, the last loaded first."""
    nv = 4 * s
    name = 'mixed_%d' % s
    src = 'kernel void %s(global ulong *out, global const int16 *uni, global ulong *stores' % name
    for j, (t, _, _) in enumerate(GTYPES):
        src += ', global volatile %s *g%d' % (t, j)
    src += ')\n{\n    size_t l = get_local_id(0), g = get_global_id(0);\n'
    per = [0] * len(LTYPES)
    for i in range(s):
        per[i % len(LTYPES)] += 1
    for j, (t, _, _) in enumerate(LTYPES):
        if per[j]:
            src += '    volatile local %s lds%d[%d];\n' % (t, j, (per[j] - 1) * STRIDE + LANES)
    uvals = [wrap(rng.u64(), 'int') for _ in range(16 * len(STYPES))]
    lwrites = []
    for i in range(s):
        j = i % len(LTYPES)
        t, n, ct = LTYPES[j]
        slot = i // len(LTYPES)
        k = 1000 + 7 * i
        vals = ['(%s)(l * %d + %d)' % (ct, 3 + i, k + c) for c in range(n)]
        lit = vals[0] if n == 1 else '(%s)(%s)' % (t, ', '.join(vals))
        src += '    lds%d[%d + l] = %s;\n' % (j, slot * STRIDE, lit)
        lwrites.append((j, slot, n, ct, 3 + i, k))
    # SMEM loads issued after the LDS writes, in flight with the reads.
    for j, (t, n) in enumerate(STYPES):
        src += '    %s u%d = ((global const %s *)uni)[%d];\n' % (t, j, t, j * 16 // n)
    for i in range(s):
        j = i % len(LTYPES)
        src += '    %s r%d = lds%d[%d + l];\n' % (LTYPES[j][0], i, j, i // len(LTYPES) * STRIDE)
    gin = [[] for _ in GTYPES]
    cnt = [0] * len(GTYPES)
    loads = []
    for i in range(nv):
        j = i % len(GTYPES)
        t, n, ct = GTYPES[j]
        src += '    %s v%d = g%d[%d * 64 + g];\n' % (t, i, j, cnt[j])
        if i % 3 == 0:  # a store in flight among the loads (vmcnt counts it too)
            src += '    stores[%d * 64 + g] = g * %d + %d;\n' % (i // 3, i + 1, i)
        loads.append((j, cnt[j], n, ct))
        cnt[j] += 1
    for j, (t, n, ct) in enumerate(GTYPES):
        gin[j] = [rng.of(ct) for _ in range(cnt[j] * LANES * n)]
    src += '    ulong acc = 0;\n'
    for i in reversed(range(nv)):
        src += acc_code('v%d' % i, GTYPES[i % len(GTYPES)][1])
    for i in reversed(range(s)):
        src += acc_code('r%d' % i, LTYPES[i % len(LTYPES)][1])
    for j, (t, n) in enumerate(STYPES):
        src += acc_code('u%d' % j, n)
    src += '    out[g] = acc;\n}\n'
    exp = []
    st_exp = [0] * ((nv + 2) // 3 * LANES)
    for g in range(LANES):
        l = g
        acc = 0
        for i in reversed(range(nv)):
            j, slot, n, ct = loads[i]
            for c in range(n):
                acc = acc_step(acc, gin[j][(slot * LANES + g) * n + c], ct)
        for i in range(0, nv, 3):
            st_exp[i // 3 * LANES + g] = g * (i + 1) + i
        for i in reversed(range(s)):
            j, slot, n, ct, mul, k = lwrites[i]
            for c in range(n):
                acc = acc_step(acc, l * mul + k + c, ct)
        for j, (t, n) in enumerate(STYPES):
            base = j * 16 // n * n
            for c in range(n):
                acc = acc_step(acc, uvals[base + c], 'int')
        exp.append(acc)
    te = Test(name, kernel_name=name, global_size=sizes(LANES), local_size=sizes(LANES))
    te.out(0, 'ulong', LANES, exp).inp(1, 'int16', len(STYPES), uvals)
    te.inp(2, 'ulong', len(st_exp), [0] * len(st_exp)).out(2, 'ulong', len(st_exp), st_exp)
    for j, (t, n, ct) in enumerate(GTYPES):
        te.inp(3 + j, t, cnt[j] * LANES, gin[j])
    return src, te


# ----------------------------------------------------------------- loops
def k_loop(s, rng):
    """An SMEM load (int4) and a global load before a loop of a constant trip
    count whose body issues s LDS stores and s global stores; the values
    loaded before the loop are used after it, so they stay in flight
    across the back edge."""
    name = 'loop_%d' % s
    iters = 3
    src = 'kernel void %s(global ulong *out, global const int4 *uni, global volatile int *gin, ' \
          'global volatile int *gout)\n{\n' % name
    src += '    size_t l = get_local_id(0), g = get_global_id(0);\n'
    src += '    int pre = gin[g];\n    int4 u = uni[0];\n'
    src += '    volatile local int lds[%d];\n' % ((s - 1) * STRIDE + LANES)
    src += '    __attribute__((opencl_unroll_hint(1)))\n    for (int it = 0; it < %d; ++it) {\n' % iters
    for i in range(s):
        src += '        lds[%d + l] = it * %d + (int)l;\n' % (i * STRIDE, i + 1)
        src += '        gout[%d * 64 + g] = it + %d;\n' % (i, i)
    src += '    }\n    ulong acc = 0;\n'
    src += acc_code('pre', 1) + acc_code('u', 4)
    src += '    for (int i = 0; i < %d; ++i) acc = acc * 31 + (ulong)(long)lds[i * %d + l];\n' % (s, STRIDE)
    src += '    out[g] = acc;\n}\n'
    u = [rng.of('int') for _ in range(4)]
    gin = [rng.of('int') for _ in range(LANES)]
    exp = []
    for g in range(LANES):
        acc = acc_step(0, gin[g], 'int')
        for x in u:
            acc = acc_step(acc, x, 'int')
        for i in range(s):
            acc = acc_step(acc, (iters - 1) * (i + 1) + g, 'int')
        exp.append(acc)
    gexp = [iters - 1 + i for i in range(s) for _ in range(LANES)]
    te = Test(name, kernel_name=name, global_size=sizes(LANES), local_size=sizes(LANES))
    te.out(0, 'ulong', LANES, exp).inp(1, 'int4', 1, u).inp(2, 'int', LANES, gin)
    te.inp(3, 'int', s * LANES, [0] * (s * LANES)).out(3, 'int', s * LANES, gexp)
    return src, te


def k_flat(s, rng):
    """OpenCL C 2.0: FLAT loads through a generic pointer (global at run
    time, LDS as far as the compiler knows) in flight while s LDS stores
    issue; FLAT counts in vmcnt and, out of order, in lgkmcnt."""
    name = 'flat_%d' % s
    src = 'kernel void %s(global ulong *out, global int *gin, int sel)\n{\n' % name
    src += '    volatile local int lds[%d];\n' % ((s - 1) * STRIDE + LANES)
    src += '    size_t l = get_local_id(0), g = get_global_id(0);\n'
    src += '    volatile int *q = sel ? (volatile int *)gin : (volatile int *)lds;\n'
    src += '    int pre0 = q[g], pre1 = q[g + 64];\n'
    for i in range(s):
        src += '    lds[%d + l] = (int)l * %d + %d;\n' % (i * STRIDE, i + 1, i)
    src += '    ulong acc = 0;\n' + acc_code('pre1', 1) + acc_code('pre0', 1)
    src += '    for (int i = 0; i < %d; ++i) acc = acc * 31 + (ulong)(long)lds[i * %d + l];\n' % (s, STRIDE)
    src += '    out[g] = acc;\n}\n'
    gin = [rng.of('int') for _ in range(2 * LANES)]
    exp = []
    for g in range(LANES):
        acc = acc_step(acc_step(0, gin[g + 64], 'int'), gin[g], 'int')
        for i in range(s):
            acc = acc_step(acc, g * (i + 1) + i, 'int')
        exp.append(acc)
    te = Test(name, kernel_name=name, global_size=sizes(LANES), local_size=sizes(LANES))
    te.out(0, 'ulong', LANES, exp).inp(1, 'int', 2 * LANES, gin).val(2, 'int', 1)
    return src, te


def write_flat(s, fname):
    src, te = k_flat(s, Rng(2200 + s))
    kt.write(fname, 'waitcnt_capacity_flat_%d' % s, src, [te], clc_version_min=20, build_options='-cl-std=CL2.0',
             comment='FLAT (generic pointer) loads in flight with S = %d LDS stores (issue 21);\n'
                     'needs OpenCL C 2.0 (generic address space); skipped where unsupported' % s)


REPRO = r'''
kernel void k(global float *out, global float16 *in) {
    float16 tmp = in[0];
    volatile local float loc[17];
    for (int i = 0; i < 17; ++i) loc[i] = 0.0f;
    vstore16(tmp, 0, (local float *)loc + 1);
    for (int i = 0; i < 17; ++i) out[i] = loc[i];
}
'''


def build(s, with_repro):
    rng = Rng(2100 + s)
    srcs, tests = [], []
    if with_repro:
        te = Test('issue21_reproducer', kernel_name='k', global_size=sizes(1), local_size=sizes(1))
        te.out(0, 'float', 17, [0.0] + [float(i + 1) for i in range(16)])
        te.inp(1, 'float16', 1, [float(i + 1) for i in range(16)])
        srcs.append(REPRO.strip('\n') + '\n')
        tests.append(te)
    for t in VSTORE_TYPES:
        for w in (8, 16):
            src, te = k_vstore(s, t, w, 'vstore')
            srcs.append(src)
            tests.append(te)
    for fn in ('vstore_half', 'vstorea_half'):
        for w in (8, 16):
            src, te = k_vstore(s, 'float', w, fn)
            srcs.append(src)
            tests.append(te)
    for f in (k_mixed, k_loop):
        src, te = f(s, rng)
        srcs.append(src)
        tests.append(te)
    return '#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n\n' + '\n'.join(srcs), tests


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', help='write f_waitcnt_capacity_<size>.cl here (default: the corpus file)')
    ap.add_argument('--sizes', default='17', help='comma-separated S: S LDS, 4*S VMEM operations in flight')
    a = ap.parse_args()
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        kt.KDIR = a.out
        for s in (int(x) for x in a.sizes.split(',')):
            src, tests = build(s, False)
            kt.write('f_waitcnt_capacity_%d.cl' % s, 'waitcnt_capacity_%d' % s, src, tests,
                     extensions='cl_khr_fp64', comment='counter capacity at S = %d (issue 21)' % s)
            write_flat(s, 'f_waitcnt_capacity_flat_%d.cl' % s)
        return
    src, tests = build(17, True)
    kt.write('f_waitcnt_capacity.cl', 'waitcnt_capacity', src, tests, extensions='cl_khr_fp64',
             comment='more operations in flight than lgkmcnt (15) / vmcnt (63) hold, SMEM among them (issue 21);\n'
                     'the first test is the issue\'s vstore16-to-local reproducer')
    write_flat(17, 'f_waitcnt_capacity_flat.cl')


if __name__ == '__main__':
    main()
