#!/usr/bin/python3
"""Packed 16-bit vector arithmetic: f_vec_packed16.cl.

short2/short3/short4/short8/ushort8 element-wise operations that wavecc
selects as VOP3P instructions (v_pk_add_u16, v_pk_max_i16, v_pk_sub_i16
clamp, ...; src/isel/isel_packed.c): both operands loaded, one computed
element by element (packed with v_perm_b32), constant and uniform
(broadcast) operands, odd widths, shift amounts at 15, values across a
divergent branch, and a uniform vector computed per work-group.

Also f_subdword_bits.cl: clz and ctz (popcount((x & -x) - 1), which
opt -O2 turns into llvm.cttz) of char,
uchar, short and ushort vectors, 0 and single-bit values included
(wavecc: ffbh/ffbl of the value with a marker bit, no extension)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *


def chunks(v, w):
    return [v[i:i + w] for i in range(0, len(v), w)]


SRC = r'''
/* Element-wise short/ushort vector operations (two elements per VOP3P
 * instruction in wavecc). */
kernel void k_short8(global const short8 *a, global const short8 *b, short s, global short8 *out)
{
    size_t i = get_global_id(0);
    short8 x = a[i], y = b[i];
    out[12 * i + 0] = as_short8(as_ushort8(x) - as_ushort8(y));
    out[12 * i + 1] = as_short8(as_ushort8(x) * as_ushort8(y));
    out[12 * i + 2] = min(x, y);
    out[12 * i + 3] = add_sat(x, y);
    out[12 * i + 4] = x << (y & (short8)15);
    out[12 * i + 5] = x >> (y & (short8)15);
    out[12 * i + 6] = (x & y) | (x ^ (short8)0x5a5a);
    out[12 * i + 7] = max(x, (short8)(-7, 3, 1000, -32768, 0, 9, -1, 32767));
    out[12 * i + 8] = as_short8(as_ushort8(x) + (ushort8)s);
    out[12 * i + 9] = x >> (short8)15;
    /* y with every element computed alone first: packed with v_perm_b32 */
    short8 z = (short8)(y.s0 * 3, y.s1 + 1, y.s2 ^ 7, y.s3 - 5, y.s4 * 5, y.s5 + 9, y.s6 | 1, y.s7 - 2);
    out[12 * i + 10] = max(x, z);
    out[12 * i + 11] = sub_sat(z, x);
}
kernel void k_ushort8(global const ushort8 *a, global const ushort8 *b, global ushort8 *out)
{
    size_t i = get_global_id(0);
    ushort8 x = a[i], y = b[i];
    out[5 * i + 0] = max(x, y);
    out[5 * i + 1] = min(x, y);
    out[5 * i + 2] = add_sat(x, y);
    out[5 * i + 3] = sub_sat(x, y);
    out[5 * i + 4] = x >> (y & (ushort8)15);
}
kernel void k_short_odd(global const short *a, global const short *b, global short *out)
{
    size_t i = get_global_id(0);
    short3 x = vload3(i, a), y = vload3(i, b);
    short2 p = vload2(i, a + 3 * 64), q = vload2(i, b + 3 * 64);
    short4 u = vload4(i, a + 5 * 64), v = vload4(i, b + 5 * 64);
    vstore3(max(x, y) + x, i, out);
    vstore2(sub_sat(p, q), i, out + 3 * 64);
    vstore4(as_short4(as_ushort4(u) * as_ushort4(v)) - min(u, v), i, out + 5 * 64);
}
/* Operands defined before a divergent branch, used inside it; a vector
 * that is the same for the whole work-group. */
kernel void k_short4_branch(global const short4 *a, global const short4 *b, global short4 *out)
{
    size_t i = get_global_id(0);
    short4 x = a[i], y = b[i];
    short4 g = a[get_group_id(0)], h = b[get_group_id(0)];
    short4 r;
    if (x.s0 & 1)
        r = max(x, y) - g;
    else
        r = add_sat(y, x) + h;
    out[2 * i + 0] = r;
    out[2 * i + 1] = min(g, h);
}
'''


def ew(f, x, y):
    return [f(p, q) for p, q in zip(x, y)]


def main():
    rng = Rng(9101)
    edge = [tmin('short'), tmax('short'), -1, 0, 1]
    tests = []
    n = 128
    s = -12345
    A = [rng.pick(edge + [rng.of('short')] * 3) for _ in range(8 * n)]
    B = [rng.pick(edge + [rng.of('short')] * 3) for _ in range(8 * n)]
    K = [-7, 3, 1000, -32768, 0, 9, -1, 32767]
    o = []
    for x, y in zip(chunks(A, 8), chunks(B, 8)):
        z = [wrap(y[0] * 3, 'short'), wrap(y[1] + 1, 'short'), y[2] ^ 7, wrap(y[3] - 5, 'short'),
             wrap(y[4] * 5, 'short'), wrap(y[5] + 9, 'short'), y[6] | 1, wrap(y[7] - 2, 'short')]
        o += ew(lambda p, q: wrap(p - q, 'short'), x, y)
        o += ew(lambda p, q: wrap(p * q, 'short'), x, y)
        o += ew(min, x, y)
        o += ew(lambda p, q: sat(p + q, 'short'), x, y)
        o += ew(lambda p, q: wrap(p << (q & 15), 'short'), x, y)
        o += ew(lambda p, q: p >> (q & 15), x, y)
        o += ew(lambda p, q: (p & q) | (p ^ 0x5a5a), x, y)
        o += ew(max, x, K)
        o += [wrap(p + s, 'short') for p in x]
        o += [p >> 15 for p in x]
        o += ew(max, x, z)
        o += ew(lambda p, q: sat(p - q, 'short'), z, x)
    te = Test('short8', kernel_name='k_short8', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'short8', n, A).inp(1, 'short8', n, B).val(2, 'short', s).out(3, 'short8', 12 * n, o)
    tests.append(te)

    uedge = [0, 1, 0xffff, 0x8000, 0x7fff]
    A = [rng.pick(uedge + [rng.of('ushort')] * 3) for _ in range(8 * n)]
    B = [rng.pick(uedge + [rng.of('ushort')] * 3) for _ in range(8 * n)]
    o = []
    for x, y in zip(chunks(A, 8), chunks(B, 8)):
        o += ew(max, x, y)
        o += ew(min, x, y)
        o += ew(lambda p, q: min(p + q, 0xffff), x, y)
        o += ew(lambda p, q: max(p - q, 0), x, y)
        o += ew(lambda p, q: p >> (q & 15), x, y)
    te = Test('ushort8', kernel_name='k_ushort8', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'ushort8', n, A).inp(1, 'ushort8', n, B).out(2, 'ushort8', 5 * n, o)
    tests.append(te)

    n = 64
    A = [rng.pick(edge + [rng.of('short')] * 3) for _ in range(9 * n)]
    B = [rng.pick(edge + [rng.of('short')] * 3) for _ in range(9 * n)]
    o = [0] * (9 * n)
    for i in range(n):
        x, y = A[3 * i:3 * i + 3], B[3 * i:3 * i + 3]
        o[3 * i:3 * i + 3] = [wrap(max(p, q) + p, 'short') for p, q in zip(x, y)]
        p, q = A[3 * n + 2 * i:3 * n + 2 * i + 2], B[3 * n + 2 * i:3 * n + 2 * i + 2]
        o[3 * n + 2 * i:3 * n + 2 * i + 2] = ew(lambda a, b: sat(a - b, 'short'), p, q)
        u, v = A[5 * n + 4 * i:5 * n + 4 * i + 4], B[5 * n + 4 * i:5 * n + 4 * i + 4]
        o[5 * n + 4 * i:5 * n + 4 * i + 4] = ew(lambda a, b: wrap(a * b - min(a, b), 'short'), u, v)
    te = Test('short_odd', kernel_name='k_short_odd', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'short', 9 * n, A).inp(1, 'short', 9 * n, B).out(2, 'short', 9 * n, o)
    tests.append(te)

    n, loc = 256, 64
    A = [rng.pick(edge + [rng.of('short')] * 3) for _ in range(4 * n)]
    B = [rng.pick(edge + [rng.of('short')] * 3) for _ in range(4 * n)]
    o = []
    for i in range(n):
        x, y = A[4 * i:4 * i + 4], B[4 * i:4 * i + 4]
        grp = i // loc
        g, h = A[4 * grp:4 * grp + 4], B[4 * grp:4 * grp + 4]
        if x[0] & 1:
            r = [wrap(max(p, q) - t, 'short') for p, q, t in zip(x, y, g)]
        else:
            r = [wrap(sat(q + p, 'short') + t, 'short') for p, q, t in zip(x, y, h)]
        o += r + ew(min, g, h)
    te = Test('short4_branch', kernel_name='k_short4_branch', global_size=sizes(n), local_size=sizes(loc))
    te.inp(0, 'short4', n, A).inp(1, 'short4', n, B).out(2, 'short4', 2 * n, o)
    tests.append(te)
    write('f_vec_packed16.cl', 'vec_packed16', SRC, tests)
    bits_file(rng)


BITS_SRC = r'''
/* clz and ctz of 8- and 16-bit elements (upper register bits undefined in
 * wavecc: ffbh of x << (32 - w) with a marker bit, ffbl of x | 1 << w). */
#define K(T) \
kernel void k_##T(global const T##4 *a, global T##4 *out) \
{ \
    size_t i = get_global_id(0); \
    T##4 x = a[i]; \
    out[2 * i + 0] = clz(x); \
    out[2 * i + 1] = popcount((x & -x) - (T##4)1); /* opt -O2: llvm.cttz */ \
}
K(char)
K(uchar)
K(short)
K(ushort)
'''


def ctz(v, t):
    u = v & ((1 << BITS[t]) - 1)
    if u == 0:
        return BITS[t]
    return (u & -u).bit_length() - 1


def bits_file(rng):
    tests = []
    n = 64
    for t in ('char', 'uchar', 'short', 'ushort'):
        w = BITS[t]
        edge = [0, 1, wrap(1 << (w - 1), t), wrap((1 << w) - 1, t), wrap(1 << (w // 2), t)]
        A = [rng.pick(edge + [rng.of(t)] * 2) for _ in range(4 * n)]
        o = []
        for x in chunks(A, 4):
            o += [clz(v, t) for v in x] + [ctz(v, t) for v in x]
        te = Test(t, kernel_name='k_' + t, global_size=sizes(n), local_size=sizes(64))
        te.inp(0, t + '4', n, A).out(1, t + '4', 2 * n, o)
        tests.append(te)
    write('f_subdword_bits.cl', 'subdword_bits', BITS_SRC, tests)


if __name__ == '__main__':
    main()
