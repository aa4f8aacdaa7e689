#!/usr/bin/python3
"""Vector forms of scalar intrinsics: f_vec_intrinsics.cl.

OpenCL's vector built-ins become vector intrinsics after opt -O2
(popcount(int4) -> llvm.ctpop.v4i32, rotate(ulong2) -> llvm.fshl.v2i64,
min(long2) -> llvm.smin.v2i64, sub_sat(ushort8) -> llvm.usub.sat.v8i16,
ldexp(float4, int4) -> llvm.ldexp.v4f32.v4i32, round(float4) ->
llvm.round.v4f32, the shift-and-or byte swap -> llvm.bswap.v4i32,
popcount((x & -x) - 1) -> llvm.cttz). wavecc scalarises them in one IR pass
(src/llvm/scalarize_vector_intrinsics.c); these tests check every element
against the host reference (C semantics, exact float arithmetic)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

INT_TYPES = [('char', 16), ('uchar', 8), ('short', 8), ('ushort', 4), ('int', 4), ('uint', 2),
             ('long', 2), ('ulong', 4), ('int', 3)]

SRC_HEAD = r'''
/* Integer built-ins on vectors, one kernel per vector type: each work-item
 * writes 10 results of its type. abs() returns the unsigned type: stored
 * through __builtin_astype. ctz is written as popcount((x & -x) - 1), which
 * opt -O2 turns into llvm.cttz (ctz itself needs OpenCL C 2.0). */
#define INTK(T)                                                             \
kernel void k_##T(global const T *a, global const T *b, global T *o)        \
{                                                                           \
    size_t i = get_global_id(0);                                            \
    T x = a[i], y = b[i];                                                   \
    o[10 * i + 0] = popcount(x);                                            \
    o[10 * i + 1] = clz(x);                                                 \
    o[10 * i + 2] = rotate(x, y);                                           \
    o[10 * i + 3] = min(x, y);                                              \
    o[10 * i + 4] = max(x, y);                                              \
    o[10 * i + 5] = add_sat(x, y);                                          \
    o[10 * i + 6] = sub_sat(x, y);                                          \
    o[10 * i + 7] = __builtin_astype(abs(x), T);                            \
    o[10 * i + 8] = popcount((x & -x) - (T)1);                              \
    o[10 * i + 9] = rotate(x, (T)3);                                        \
}
'''

FLOAT_SRC = r'''
/* float4 built-ins that become vector intrinsics: ldexp with a vector and
 * a scalar exponent, round (half away from zero), fabs, copysign, floor,
 * ceil, trunc, rint. All results are exact. */
kernel void k_float4(global const float4 *a, global const float4 *b, global const int4 *n, int s,
                     global float4 *o)
{
    size_t i = get_global_id(0);
    float4 x = a[i], y = b[i];
    o[8 * i + 0] = ldexp(x, n[i]);
    o[8 * i + 1] = ldexp(x, s);
    o[8 * i + 2] = round(x);
    o[8 * i + 3] = fabs(x);
    o[8 * i + 4] = copysign(x, y);
    o[8 * i + 5] = floor(x) + ceil(y);
    o[8 * i + 6] = trunc(x);
    o[8 * i + 7] = rint(x);
}

/* Byte swaps written with shifts: opt -O2 recognises llvm.bswap.v*. */
kernel void k_bswap(global const uint4 *a, global const ulong2 *b, global const ushort8 *c,
                    global uint4 *oa, global ulong2 *ob, global ushort8 *oc)
{
    size_t i = get_global_id(0);
    uint4 x = a[i];
    oa[i] = (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
    ulong2 y = b[i];
    ulong2 r = 0;
    for (int k = 0; k < 8; k++)
        r |= ((y >> (8 * k)) & 0xff) << (56 - 8 * k);
    ob[i] = r;
    ushort8 z = c[i];
    oc[i] = (z >> 8) | (z << 8);
}
'''


def type_of(base, n):
    return '%s%d' % (base, n)


def int_ref(t, x, y):
    bits = BITS[t]
    m = (1 << bits) - 1
    ux = x & m
    return [popcount(x, t), clz(x, t), rotate(x, y, t), min(x, y), max(x, y),
            sat(x + y, t), sat(x - y, t), wrap(abs(x), t),
            popcount((ux & (-ux & m)) - 1, t), rotate(x, 3, t)]


def int_tests(rng):
    tests = []
    for t, n in INT_TYPES:
        vt = type_of(t, n)
        items = 64
        bw = n  # value lists give 3 per 3-wide element; the runner pads
        A, B = [], []
        for _ in range(items * bw):
            x = rng.of(t)
            y = rng.of(t)
            # bias some inputs to small magnitudes and to the edges
            if rng.range(0, 3) == 0:
                x >>= rng.range(0, BITS[t] - 1)
            if rng.range(0, 7) == 0:
                x = rng.pick([0, tmin(t), tmax(t), 1, -1 if signed(t) else tmax(t)])
            if rng.range(0, 7) == 0:
                y = rng.pick([0, tmin(t), tmax(t), 1])
            # libclc 19's sub_sat(int/long) is wrong for 0 - MIN (kt.py):
            # keep that input out, f_libclc_edges tests it
            if libclc19_sub_sat(x, y, t) != sat(x - y, t):
                y += 1
            A.append(x)
            B.append(y)
        out = []
        for w in range(items):
            rows = [int_ref(t, A[w * bw + e], B[w * bw + e]) for e in range(bw)]
            for k in range(10):
                out += [rows[e][k] for e in range(bw)]
        te = Test(vt, kernel_name='k_' + vt, global_size=sizes(items), local_size=sizes(64))
        te.inp(0, vt, items, A).inp(1, vt, items, B)
        te.out(2, vt, 10 * items, out)
        tests.append(te)
    return tests


def fround(x):
    """round(): half away from zero, exact."""
    if math.isinf(x) or math.isnan(x):
        return x
    a = Fraction(abs(x))
    r = float(math.floor(a + Fraction(1, 2)))
    return math.copysign(r, x)


def float_tests(rng):
    items = 64
    A, B, N = [], [], []
    specials = [0.5, -0.5, 1.5, -2.5, 2.5, 0.49999997, -0.49999997, 8388607.5, -0.0, 0.0, 3.0, -7.25]
    for k in range(items * 4):
        x = rng.f32(-1000.0, 1000.0) if k >= len(specials) else specials[k]
        if rng.range(0, 3) == 0 and k >= len(specials):
            x = f32(math.floor(x) + rng.pick([0.5, 0.25, 0.75]))
        A.append(x)
        B.append(rng.f32(-10.0, 10.0))
        N.append(rng.range(-30, 30))
    s = -5
    out = []
    for w in range(items):
        xs, ys, ns = A[4 * w:4 * w + 4], B[4 * w:4 * w + 4], N[4 * w:4 * w + 4]
        rows = [[x * 2.0 ** e for x, e in zip(xs, ns)],
                [x * 2.0 ** s for x in xs],
                [fround(x) for x in xs],
                [abs(x) for x in xs],
                [math.copysign(x, y) for x, y in zip(xs, ys)],
                [f32(math.floor(x) + math.ceil(y)) for x, y in zip(xs, ys)],
                [math.copysign(float(math.trunc(x)), x) for x in xs],
                [math.copysign(rint_even(x), x) for x in xs]]
        for r in rows:
            out += r
    te = Test('float4', kernel_name='k_float4', global_size=sizes(items), local_size=sizes(64))
    te.inp(0, 'float4', items, A).inp(1, 'float4', items, B).inp(2, 'int4', items, N).val(3, 'int', s)
    te.out(4, 'float4', 8 * items, out)
    tests = [te]

    a = [rng.of('uint') for _ in range(items * 4)]
    b = [rng.of('ulong') for _ in range(items * 2)]
    c = [rng.of('ushort') for _ in range(items * 8)]

    def bswap(v, nbytes):
        return int.from_bytes(v.to_bytes(nbytes, 'little'), 'big')

    te = Test('bswap', kernel_name='k_bswap', global_size=sizes(items), local_size=sizes(64))
    te.inp(0, 'uint4', items, a).inp(1, 'ulong2', items, b).inp(2, 'ushort8', items, c)
    te.out(3, 'uint4', items, [bswap(v, 4) for v in a])
    te.out(4, 'ulong2', items, [bswap(v, 8) for v in b])
    te.out(5, 'ushort8', items, [bswap(v, 2) for v in c])
    tests.append(te)
    return tests


def main():
    rng = Rng(8001)
    src = SRC_HEAD + ''.join('INTK(%s)\n' % type_of(t, n) for t, n in INT_TYPES) + FLOAT_SRC
    tests = int_tests(rng) + float_tests(rng)
    write('f_vec_intrinsics.cl', 'vec_intrinsics', src, tests)


main()
