#!/usr/bin/python3
"""64-bit atomics: f_atomic64.cl (cl_khr_int64_base_atomics and
cl_khr_int64_extended_atomics, atom_* on long and ulong).

Every test has many work-items (several work-groups, full waves) on the
same few addresses, with and without the returned value. Only results that
do not depend on the order in which the lanes and waves win are checked:
final values of add/sub/and/or/xor/min/max (commutative and associative),
tickets from atom_inc/atom_add (each old value is returned exactly once:
every ticket slot is hit once), the sum of the old values of an xchg that
every lane does with the same value (init + (N - 1) * V), and a
compare-and-swap loop whose final value is init + sum of the addends.
Operands have bits in both 32-bit halves (carries and borrows cross them).
PoCL offers both extensions: the expected values are confirmed there."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M64 = 2 ** 64 - 1

SRC = r'''
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

/* The part both kernels share: s[0..6] add, sub, and, or, xor, min, max
 * (results unused), u[0..1] unsigned min and max, s[7] a compare-and-swap
 * loop adding x. */
#define CONTEND(s, u, x) do {                                               \
    atom_add(&s[0], x);                                                     \
    atom_sub(&s[1], x);                                                     \
    atom_and(&s[2], x | (x << 7));                                          \
    atom_or(&s[3], x & (x >> 5));                                           \
    atom_xor(&s[4], x);                                                     \
    atom_min(&s[5], x);                                                     \
    atom_max(&s[6], x);                                                     \
    atom_min(&u[0], (ulong)x);                                              \
    atom_max(&u[1], (ulong)x);                                              \
    long old = s[7];                                                        \
    for (;;) {                                                              \
        long prev = atom_cmpxchg(&s[7], old, old + x);                      \
        if (prev == old)                                                    \
            break;                                                          \
        old = prev;                                                         \
    }                                                                       \
} while (0)

/* All work-items on the same addresses of global memory: CONTEND, then
 * s[8]: xchg with one value, its old values summed into s[9]; tickets from atom_inc (u[2]) and atom_add by 3
 * (u[3]) mark their slot in seen[]. */
kernel void k_global(volatile global long *s, volatile global ulong *u, global const long *v,
                     global int *seen, ulong base2, ulong base3)
{
    size_t i = get_global_id(0), n = get_global_size(0);
    long x = v[i];
    CONTEND(s, u, x);
    long r = atom_xchg(&s[8], 0x123456789abcdefl);
    atom_add(&s[9], r);
    ulong t2 = atom_inc(&u[2]);
    seen[t2 - base2] += 1;
    ulong t3 = atom_add(&u[3], 3ul);
    seen[n + (t3 - base3) / 3] += 1;
}

/* The same on LDS, per work-group; lane 0 writes the group's values. */
kernel void k_local(global long *out, global const long *init, global const long *v, global int *seen)
{
    local long s[10];
    local ulong u[3];
    size_t i = get_global_id(0), l = get_local_id(0), g = get_group_id(0), n = get_local_size(0);
    if (l < 10)
        s[l] = init[l];
    if (l < 3)
        u[l] = (ulong)init[10 + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    long x = v[i];
    CONTEND(s, u, x);
    long r = atom_xchg(&s[8], -77l);
    atom_add(&s[9], r);
    ulong t = atom_inc(&u[2]);
    seen[g * n + (t - (ulong)init[12])] += 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 10)
        out[13 * g + l] = s[l];
    if (l < 3)
        out[13 * g + 10 + l] = (long)u[l];
}
'''


def s64(v):
    return wrap(v, 'long')


def fold(init, xs, u_init):
    """Final values of s[0..9] and u[0..1] (u[2..] are tickets)."""
    s = list(init)
    s[0] = s64(s[0] + sum(xs))
    s[1] = s64(s[1] - sum(xs))
    for x in xs:
        s[2] = s64(s[2] & (x | (x << 7)))
        s[3] = s64(s[3] | (x & (x >> 5)))
        s[4] = s64(s[4] ^ x)
    s[5] = min([s[5]] + xs)
    s[6] = max([s[6]] + xs)
    s[7] = s64(s[7] + sum(xs))
    u = [min([u_init[0]] + [x & M64 for x in xs]), max([u_init[1]] + [x & M64 for x in xs])]
    return s, u


def values(rng, n):
    xs = []
    for k in range(n):
        x = rng.of('long')
        if k % 5 == 0:
            x >>= rng.range(20, 40)  # small magnitudes too
        xs.append(x)
    return xs


def global_test(rng):
    n, loc = 256, 64
    xs = values(rng, n)
    init = [rng.of('long') for _ in range(10)]
    init[2] = -1  # and: start from all ones
    init[3] = 0
    init[5] = tmax('long')
    init[6] = tmin('long')
    u_init = [M64, 0, 2 ** 32 - 100, 2 ** 32 - 3 * 50]  # tickets cross the 32-bit boundary
    V = 0x123456789abcdef
    s, u = fold(init, xs, u_init)
    s[8] = V
    s[9] = s64(init[9] + init[8] + (n - 1) * V)
    te = Test('global %d work-items in groups of %d' % (n, loc), kernel_name='k_global',
              global_size=sizes(n), local_size=sizes(loc))
    te.inp(0, 'long', 10, init).out(0, 'long', 10, s)
    te.inp(1, 'ulong', 4, u_init).out(1, 'ulong', 4, u + [u_init[2] + n, u_init[3] + 3 * n])
    te.inp(2, 'long', n, xs)
    te.inp(3, 'int', 2 * n, [0] * (2 * n)).out(3, 'int', 2 * n, [1] * (2 * n))
    te.val(4, 'ulong', u_init[2]).val(5, 'ulong', u_init[3])
    return te


def local_test(rng, groups, loc):
    n = groups * loc
    xs = values(rng, n)
    init = [rng.of('long') for _ in range(13)]
    init[2], init[3], init[5], init[6] = -1, 0, tmax('long'), tmin('long')
    init[10], init[11], init[12] = -1, 0, 2 ** 32 - 7
    out = []
    for g in range(groups):
        gx = xs[g * loc:(g + 1) * loc]
        s, u = fold(init[:10], gx, [init[10] & M64, init[11]])
        s[8] = -77
        s[9] = s64(init[9] + init[8] + (loc - 1) * -77)
        out += s + [s64(v) for v in u] + [init[12] + loc]
    te = Test('local %d groups of %d' % (groups, loc), kernel_name='k_local',
              global_size=sizes(n), local_size=sizes(loc))
    te.inp(0, 'long', 13 * groups, [0] * (13 * groups)).out(0, 'long', 13 * groups, out)
    te.inp(1, 'long', 13, init).inp(2, 'long', n, xs)
    te.inp(3, 'int', n, [0] * n).out(3, 'int', n, [1] * n)
    return te


FLAT_SRC = r'''
/* Generic pointers (OpenCL C 2.0): odd work-items reach global memory,
 * even ones LDS, through the same pointer, so the atomics are
 * flat_atomic_*_x2 on both apertures. clang's __atomic builtins give
 * atomicrmw / cmpxchg on the generic pointer directly (libclc 19 has no
 * OpenCL 2.0 atomics). p[0]: add, p[1]: signed max, p[2]: compare-and-swap
 * loop adding x (its first read is an atomic or with 0). */
void contend(long *p, long x)
{
    __atomic_fetch_add(p, x, __ATOMIC_SEQ_CST);
    __atomic_fetch_max(p + 1, x, __ATOMIC_SEQ_CST);
    long e = __atomic_fetch_or(p + 2, 0l, __ATOMIC_SEQ_CST);
    while (!__atomic_compare_exchange_n(p + 2, &e, e + x, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        ;
}

kernel void k_flat(global long *g, global const long *v, global long *out)
{
    local long l[3];
    size_t i = get_global_id(0), li = get_local_id(0), grp = get_group_id(0);
    if (li < 3)
        l[li] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    long *p = (i & 1) ? (long *)g : (long *)l;
    contend(p, v[i]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (li < 3)
        out[3 * grp + li] = l[li];
}
'''


def flat_test(rng):
    groups, loc = 3, 64
    n = groups * loc
    xs = values(rng, n)
    init = [rng.of('long'), tmin('long'), rng.of('long')]
    odd = xs[1::2]
    g = [s64(init[0] + sum(odd)), max([init[1]] + odd), s64(init[2] + sum(odd))]
    out = []
    for k in range(groups):
        even = xs[k * loc:(k + 1) * loc:2]
        out += [s64(sum(even)), max([0] + even), s64(sum(even))]
    te = Test('flat %d groups of %d' % (groups, loc), kernel_name='k_flat', global_size=sizes(n),
              local_size=sizes(loc))
    te.inp(0, 'long', 3, init).out(0, 'long', 3, g).inp(1, 'long', n, xs)
    te.inp(2, 'long', 3 * groups, [0] * (3 * groups)).out(2, 'long', 3 * groups, out)
    return te


def main():
    rng = Rng(6401)
    tests = [global_test(rng), local_test(rng, 3, 64), local_test(rng, 2, 128)]
    write('f_atomic64.cl', 'atomic64', SRC, tests,
          extensions='cl_khr_int64_base_atomics cl_khr_int64_extended_atomics')
    write('f_atomic64_generic.cl', 'atomic64 through generic pointers', FLAT_SRC, [flat_test(rng)],
          clc_version_min=20, build_options='-cl-std=CL2.0', extensions='cl_khr_int64_base_atomics',
          comment='needs OpenCL C 2.0 (generic address space): PoCL skips it (no CL 2.0), so the\n'
                  'expected values come from the host reference alone; llc-19 and wavecc run it.')


main()
