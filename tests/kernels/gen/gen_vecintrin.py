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


LL_IR = r'''
define amdgpu_kernel void @k_ll(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %o32,
                                ptr addrspace(1) %o64, ptr addrspace(1) %of) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = zext i32 %tid to i64
  %pa = getelementptr <4 x i32>, ptr addrspace(1) %a, i64 %t
  %x = load <4 x i32>, ptr addrspace(1) %pa, align 16
  %pb = getelementptr <4 x i32>, ptr addrspace(1) %b, i64 %t
  %y = load <4 x i32>, ptr addrspace(1) %pb, align 16
  %r0 = call <4 x i32> @llvm.ctlz.v4i32(<4 x i32> %x, i1 false)
  %r1 = call <4 x i32> @llvm.cttz.v4i32(<4 x i32> %x, i1 false)
  %r2 = call <4 x i32> @llvm.abs.v4i32(<4 x i32> %x, i1 false)
  %r3 = call <4 x i32> @llvm.fshr.v4i32(<4 x i32> %x, <4 x i32> %y, <4 x i32> %y)
  %r4 = call <4 x i32> @llvm.usub.sat.v4i32(<4 x i32> %x, <4 x i32> %y)
  %so = call {<4 x i32>, <4 x i1>} @llvm.sadd.with.overflow.v4i32(<4 x i32> %x, <4 x i32> %y)
  %sum = extractvalue {<4 x i32>, <4 x i1>} %so, 0
  %ov = extractvalue {<4 x i32>, <4 x i1>} %so, 1
  %ovm = sext <4 x i1> %ov to <4 x i32>
  %r5 = xor <4 x i32> %sum, %ovm
  %X = bitcast <4 x i32> %x to <2 x i64>
  %Y = bitcast <4 x i32> %y to <2 x i64>
  %q0 = call <2 x i64> @llvm.ctlz.v2i64(<2 x i64> %X, i1 false)
  %q1 = call <2 x i64> @llvm.cttz.v2i64(<2 x i64> %X, i1 false)
  %q2 = call <2 x i64> @llvm.smin.v2i64(<2 x i64> %X, <2 x i64> %Y)
  %q3 = call <2 x i64> @llvm.fshl.v2i64(<2 x i64> %X, <2 x i64> %Y, <2 x i64> %Y)
  %q4 = call <2 x i64> @llvm.uadd.sat.v2i64(<2 x i64> %X, <2 x i64> %Y)
  %q5 = call <2 x i64> @llvm.bswap.v2i64(<2 x i64> %X)
  %xs = ashr <4 x i32> %x, <i32 8, i32 8, i32 8, i32 8>
  %f = sitofp <4 x i32> %xs to <4 x float>
  %y15 = and <4 x i32> %y, <i32 15, i32 15, i32 15, i32 15>
  %e = sub <4 x i32> %y15, <i32 8, i32 8, i32 8, i32 8>
  %g0 = call <4 x float> @llvm.ldexp.v4f32.v4i32(<4 x float> %f, <4 x i32> %e)
  %fq = fmul <4 x float> %f, <float 0.25, float 0.25, float 0.25, float 0.25>
  %g1 = call <4 x float> @llvm.round.v4f32(<4 x float> %fq)
  %yf = bitcast <4 x i32> %y to <4 x float>
  %g2 = call <4 x float> @llvm.copysign.v4f32(<4 x float> %f, <4 x float> %yf)
  %b32 = mul i64 %t, 6
  %b64 = mul i64 %t, 6
  %bf = mul i64 %t, 3
STORES
  ret void
}
'''


def ll_ir():
    st = []
    for k, (v, ty, base, bname) in enumerate(
            [('r%d' % j, '<4 x i32>', 'o32', 'b32') for j in range(6)] +
            [('q%d' % j, '<2 x i64>', 'o64', 'b64') for j in range(6)] +
            [('g%d' % j, '<4 x float>', 'of', 'bf') for j in range(3)]):
        j = int(v[1:])
        st.append('  %%i%d = add i64 %%%s, %d' % (k, bname, j))
        st.append('  %%p%d = getelementptr %s, ptr addrspace(1) %%%s, i64 %%i%d' % (k, ty, base, k))
        st.append('  store %s %%%s, ptr addrspace(1) %%p%d, align 16' % (ty, v, k))
    return LL_IR.replace('STORES', '\n'.join(st))


def ll_test(rng):
    M, M64 = 2 ** 32 - 1, 2 ** 64 - 1
    n = 64
    A, B = [], []
    for k in range(4 * n):
        x, y = rng.bits(32), rng.bits(32)
        if rng.range(0, 3) == 0:
            x >>= rng.range(0, 31)
        if rng.range(0, 7) == 0:
            x = rng.pick([0, 1, 0x80000000, M])
        A.append(x), B.append(y)
    o32, o64, of = [], [], []
    for i in range(n):
        xs, ys = A[4 * i:4 * i + 4], B[4 * i:4 * i + 4]
        s = lambda v: wrap(v, 'int')
        def sadd(x, y):
            r = s(x) + s(y)
            return (r & M) ^ (M if not tmin('int') <= r <= tmax('int') else 0)
        rows = [[32 - x.bit_length() for x in xs], [32 if x == 0 else (x & -x).bit_length() - 1 for x in xs],
                [abs(s(x)) & M for x in xs], [(((x << 32) | y) >> (y % 32)) & M for x, y in zip(xs, ys)],
                [max(0, x - y) for x, y in zip(xs, ys)], [sadd(x, y) for x, y in zip(xs, ys)]]
        for r in rows:
            o32 += r
        X = [xs[0] | xs[1] << 32, xs[2] | xs[3] << 32]
        Y = [ys[0] | ys[1] << 32, ys[2] | ys[3] << 32]
        rows = [[64 - v.bit_length() for v in X], [64 if v == 0 else (v & -v).bit_length() - 1 for v in X],
                [min(wrap(p, 'long'), wrap(q, 'long')) & M64 for p, q in zip(X, Y)],
                [(((p << 64) | q) << (q % 64) >> 64) & M64 for p, q in zip(X, Y)],
                [min(M64, p + q) for p, q in zip(X, Y)],
                [int.from_bytes(p.to_bytes(8, 'little'), 'big') for p in X]]
        for r in rows:
            o64 += r
        f = [float(s(x) >> 8) for x in xs]
        e = [(y & 15) - 8 for y in ys]
        of += [v * 2.0 ** k for v, k in zip(f, e)]
        of += [math.copysign(float(math.floor(abs(Fraction(v) / 4) + Fraction(1, 2))), v) for v in f]
        of += [math.copysign(v, -1.0 if y >> 31 else 1.0) for v, y in zip(f, ys)]
    te = Test('vector intrinsics in LLVM IR', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'uint4', n, A).inp(1, 'uint4', n, B)
    te.out(2, 'uint4', 6 * n, o32).out(3, 'ulong2', 6 * n, o64).out(4, 'float4', 3 * n, of)
    head = ['# GENERATED by tests/kernels/gen/gen_vecintrin.py -- do not edit; see gen/README.md.',
            '# LLVM IR the OpenCL front end does not produce: ctlz/cttz/abs with their i1',
            '# operand, sadd.with.overflow returning a struct of vectors, i64 vectors,',
            '# ldexp with an exponent vector. llc-19 and wavecc run it (PoCL takes no IR).',
            '[config]', 'name: vector intrinsics (LLVM IR)', 'kernel_name: k_ll', 'dimensions: 1', '']
    lines = head + te.text().split('\n')
    text = ''.join('; ' + ln + '\n' if ln else ';\n' for ln in lines)
    text += ';\ntarget triple = "amdgcn-amd-amdhsa"\n' + ll_ir()
    with open(os.path.join(KDIR, 'f_vec_intrinsics.ll'), 'w') as fh:
        fh.write(text)


def main():
    ll_test(Rng(8002))
    rng = Rng(8001)
    src = SRC_HEAD + ''.join('INTK(%s)\n' % type_of(t, n) for t, n in INT_TYPES) + FLOAT_SRC
    tests = int_tests(rng) + float_tests(rng)
    write('f_vec_intrinsics.cl', 'vec_intrinsics', src, tests)


main()
