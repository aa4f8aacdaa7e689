#!/usr/bin/python3
"""Vector tests: f_vec_*.cl (int2/int4/float4/uchar4/3-wide arithmetic,
swizzles, shuffles, vload/vstore)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *


def chunks(v, w):
    return [v[i:i + w] for i in range(0, len(v), w)]


def main():
    vec_int()
    vec_float()
    vec_uchar()
    vec_swizzle()
    vec_shuffle()
    vec_vload()
    vec3()
    vec_wide()


VINT_SRC = r'''
/* int2 / int4 element-wise arithmetic, including scalar broadcast.
 * Signed overflow is avoided: products use values below 2^15. */
kernel void k_int4(global const int4 *a, global const int4 *b, int s, global int4 *out)
{
    size_t i = get_global_id(0);
    int4 x = a[i], y = b[i];
    int4 ys = y | 1;
    out[8 * i + 0] = x + y;
    out[8 * i + 1] = x - y * s;
    out[8 * i + 2] = (x & 0x7fff) * (y >> 17);
    out[8 * i + 3] = x / ys;
    out[8 * i + 4] = x % ys;
    out[8 * i + 5] = (x ^ y) | (x & ~y);
    out[8 * i + 6] = as_int4(as_uint4(x) << as_uint4(y & 31)) ^ (x >> 3);
    out[8 * i + 7] = -x + s;
}
kernel void k_int2(global const int2 *a, global const int2 *b, global int2 *out)
{
    size_t i = get_global_id(0);
    int2 x = a[i], y = b[i];
    out[3 * i + 0] = x + y;
    out[3 * i + 1] = min(x, y) - max(x, y);
    out[3 * i + 2] = x - y > 0 ? x - y : y - x;
}
'''


def vec_int():
    rng = Rng(3001)
    tests = []
    for name, n, loc, s in (('int4_a', 128, 64, 3), ('int4_b', 256, 256, -7)):
        A = [rng.of('int') >> rng.range(4, 16) for _ in range(4 * n)]
        B = [rng.of('int') >> rng.range(4, 16) for _ in range(4 * n)]
        o = []
        for x, y in zip(chunks(A, 4), chunks(B, 4)):
            ys = [v | 1 for v in y]
            rows = [[p + q for p, q in zip(x, y)],
                    [p - q * s for p, q in zip(x, y)],
                    [(p & 0x7fff) * (q >> 17) for p, q in zip(x, y)],
                    [cdiv(p, q) for p, q in zip(x, ys)],
                    [crem(p, q) for p, q in zip(x, ys)],
                    [(p ^ q) | (p & ~q) for p, q in zip(x, y)],
                    [wrap(p << (q & 31), 'int') ^ (p >> 3) for p, q in zip(x, y)],
                    [-p + s for p in x]]
            for r in rows:
                o += [wrap(v, 'int') for v in r]
        te = Test(name, kernel_name='k_int4', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int4', n, A).inp(1, 'int4', n, B).val(2, 'int', s).out(3, 'int4', 8 * n, o)
        tests.append(te)
    # operands below 2^30: x + y and min - max cannot overflow
    n = 200
    A = [rng.of('int') >> rng.range(1, 30) for _ in range(2 * n)]
    B = [rng.of('int') >> rng.range(1, 30) for _ in range(2 * n)]
    o = []
    for x, y in zip(chunks(A, 2), chunks(B, 2)):
        o += [p + q for p, q in zip(x, y)]
        o += [min(p, q) - max(p, q) for p, q in zip(x, y)]
        o += [abs(p - q) for p, q in zip(x, y)]
    te = Test('int2', kernel_name='k_int2', global_size=sizes(n), local_size=sizes(100))
    te.inp(0, 'int2', n, A).inp(1, 'int2', n, B).out(2, 'int2', 3 * n, o)
    tests.append(te)
    write('f_vec_int.cl', 'vec_int', VINT_SRC, tests)


VFLOAT_SRC = r'''
/* float4 / float2 element-wise arithmetic (each op correctly rounded). */
kernel void k_float4(global const float4 *a, global const float4 *b, float s, global float4 *out)
{
    size_t i = get_global_id(0);
    float4 x = a[i], y = b[i];
    out[5 * i + 0] = x + y;
    out[5 * i + 1] = x - y;
    out[5 * i + 2] = x * y;
    out[5 * i + 3] = x * s;
    out[5 * i + 4] = fabs(x) + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
}
kernel void k_float2(global const float2 *a, global const float2 *b, global float2 *out)
{
    size_t i = get_global_id(0);
    float2 x = a[i], y = b[i];
    out[2 * i] = fmax(x, y) - fmin(x, y);
    out[2 * i + 1] = -x;
}
'''


def vec_float():
    rng = Rng(3101)
    tests = []
    for name, n, loc, s in (('float4_a', 128, 64, 1.5), ('float4_b', 96, 32, -0.1)):
        s = f32(s)
        A = [rng.f32(-1000, 1000) for _ in range(4 * n)]
        B = [rng.f32(-1000, 1000) for _ in range(4 * n)]
        o = []
        for x, y in zip(chunks(A, 4), chunks(B, 4)):
            o += [f32(p + q) for p, q in zip(x, y)]
            o += [f32(p - q) for p, q in zip(x, y)]
            o += [f32(p * q) for p, q in zip(x, y)]
            o += [f32(p * s) for p in x]
            o += [f32(abs(p) + c) for p, c in zip(x, (1.0, 2.0, 3.0, 4.0))]
        te = Test(name, kernel_name='k_float4', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'float4', n, A).inp(1, 'float4', n, B).val(2, 'float', s).out(3, 'float4', 5 * n, o)
        tests.append(te)
    n = 128
    A = [rng.f32(-10, 10) for _ in range(2 * n)]
    B = [rng.f32(-10, 10) for _ in range(2 * n)]
    o = []
    for x, y in zip(chunks(A, 2), chunks(B, 2)):
        o += [f32(max(p, q) - min(p, q)) for p, q in zip(x, y)]
        o += [-p for p in x]
    te = Test('float2', kernel_name='k_float2', global_size=sizes(n), local_size=sizes(128))
    te.inp(0, 'float2', n, A).inp(1, 'float2', n, B).out(2, 'float2', 2 * n, o)
    tests.append(te)
    write('f_vec_float.cl', 'vec_float', VFLOAT_SRC, tests)


VUCHAR_SRC = r'''
/* uchar4 / char4 arithmetic wraps at 8 bits; compares give -1/0 per lane;
 * any() / all() look at the sign bits. */
kernel void k_uchar4(global const uchar4 *a, global const uchar4 *b, global uchar4 *out, global int *flags)
{
    size_t i = get_global_id(0);
    uchar4 x = a[i], y = b[i];
    out[6 * i + 0] = x + y;
    out[6 * i + 1] = x - y;
    out[6 * i + 2] = x * y;
    out[6 * i + 3] = add_sat(x, y);
    out[6 * i + 4] = hadd(x, y);
    out[6 * i + 5] = as_uchar4(x > y);
    char4 c = as_char4(x);
    flags[i] = any(c) | all(c) << 1 | any(x > y) << 2 | all(x >= y) << 3;
}
'''


def vec_uchar():
    rng = Rng(3201)
    tests = []
    for name, n, loc in (('uchar4_a', 256, 64), ('uchar4_b', 100, 100)):
        A = [rng.of('uchar') for _ in range(4 * n)]
        B = [rng.pick([0, 255, 1, 128, rng.of('uchar')]) for _ in range(4 * n)]
        if name == 'uchar4_b':
            B = [min(v, a) if k % 3 == 0 else v for k, (v, a) in enumerate(zip(B, A))]
        o, fl = [], []
        for x, y in zip(chunks(A, 4), chunks(B, 4)):
            o += [wrap(p + q, 'uchar') for p, q in zip(x, y)]
            o += [wrap(p - q, 'uchar') for p, q in zip(x, y)]
            o += [wrap(p * q, 'uchar') for p, q in zip(x, y)]
            o += [min(255, p + q) for p, q in zip(x, y)]
            o += [(p + q) >> 1 for p, q in zip(x, y)]
            o += [255 if p > q else 0 for p, q in zip(x, y)]
            anyc = any(p >= 128 for p in x)
            allc = all(p >= 128 for p in x)
            fl.append(int(anyc) | int(allc) << 1 | int(any(p > q for p, q in zip(x, y))) << 2 |
                      int(all(p >= q for p, q in zip(x, y))) << 3)
        te = Test(name, kernel_name='k_uchar4', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uchar4', n, A).inp(1, 'uchar4', n, B).out(2, 'uchar4', 6 * n, o).out(3, 'int', n, fl)
        tests.append(te)
    write('f_vec_uchar.cl', 'vec_uchar', VUCHAR_SRC, tests)


SWZ_SRC = r'''
/* Swizzles as rvalues (.wzyx, .s3120, .lo/.hi/.even/.odd, repeated lanes)
 * and as lvalues (assignment to .yx, .s31, .hi). */
kernel void k_swz(global const int8 *a, global int8 *out)
{
    size_t i = get_global_id(0);
    int8 v = a[i];
    int4 l = v.lo, h = v.hi;
    int8 r;
    r.lo = h.wzyx;
    r.hi = l.s3120;
    out[4 * i + 0] = r;
    out[4 * i + 1] = (int8)(v.even, v.odd);
    out[4 * i + 2] = (int8)(v.s7, v.s77, v.s000, v.s5, v.s6);
    int8 w = v;
    w.s31 = v.s02;
    w.hi.yx = l.zw;
    w.s7 = w.s0 + w.s1;
    out[4 * i + 3] = w;
}
kernel void k_swz4(global const float4 *a, global float4 *out, global float2 *o2)
{
    size_t i = get_global_id(0);
    float4 v = a[i];
    out[i] = v.zxwy * (float4)(1.0f, -1.0f, 2.0f, 0.5f);
    o2[i] = v.xy + v.zw;
}
'''


def vec_swizzle():
    rng = Rng(3301)
    tests = []
    for name, n, loc in (('swizzle_int8_a', 64, 64), ('swizzle_int8_b', 96, 48)):
        A = [rng.range(-1000, 1000) for _ in range(8 * n)]
        o = []
        for v in chunks(A, 8):
            l, h = v[:4], v[4:]
            o += [h[3], h[2], h[1], h[0], l[3], l[1], l[2], l[0]]
            o += v[0::2] + v[1::2]
            o += [v[7], v[7], v[7], v[0], v[0], v[0], v[5], v[6]]
            w = list(v)
            w[3], w[1] = v[0], v[2]
            w[5], w[4] = l[2], l[3]
            w[7] = w[0] + w[1]
            o += w
        te = Test(name, kernel_name='k_swz', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int8', n, A).out(1, 'int8', 4 * n, o)
        tests.append(te)
    n = 64
    F = [rng.f32(-100, 100) for _ in range(4 * n)]
    o, o2 = [], []
    for v in chunks(F, 4):
        z = [v[2], v[0], v[3], v[1]]
        o += [f32(p * c) for p, c in zip(z, (1.0, -1.0, 2.0, 0.5))]
        o2 += [f32(v[0] + v[2]), f32(v[1] + v[3])]
    te = Test('swizzle_float4', kernel_name='k_swz4', global_size=sizes(n), local_size=sizes(16))
    te.inp(0, 'float4', n, F).out(1, 'float4', n, o).out(2, 'float2', n, o2)
    tests.append(te)
    write('f_vec_swizzle.cl', 'vec_swizzle', SWZ_SRC, tests)


SHUF_SRC = r'''
/* shuffle / shuffle2 with masks from memory: only the low log2(2N) bits of
 * each mask element are used. */
kernel void k_shuffle(global const int4 *a, global const int4 *b, global const uint4 *m, global int4 *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = shuffle(a[i], m[i]);
    out[2 * i + 1] = shuffle2(a[i], b[i], m[i]);
}
kernel void k_shuffle8(global const uchar8 *a, global const uchar16 *b, global const uchar8 *m, global uchar8 *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = shuffle(a[i], m[i]);
    out[2 * i + 1] = shuffle(b[i], m[i]);
}
'''


def vec_shuffle():
    rng = Rng(3401)
    tests = []
    for name, n, loc in (('shuffle_int4_a', 128, 64), ('shuffle_int4_b', 65, 65)):
        A = [rng.of('int') for _ in range(4 * n)]
        B = [rng.of('int') for _ in range(4 * n)]
        M = [rng.range(0, 7) + 8 * rng.range(0, 3) * (name[-1] == 'b') for _ in range(4 * n)]
        o = []
        for x, y, m in zip(chunks(A, 4), chunks(B, 4), chunks(M, 4)):
            o += [x[k & 3] for k in m]
            o += [(x + y)[k & 7] for k in m]
        te = Test(name, kernel_name='k_shuffle', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int4', n, A).inp(1, 'int4', n, B).inp(2, 'uint4', n, M).out(3, 'int4', 2 * n, o)
        tests.append(te)
    n = 64
    A = [rng.of('uchar') for _ in range(8 * n)]
    B = [rng.of('uchar') for _ in range(16 * n)]
    M = [rng.range(0, 255) for _ in range(8 * n)]
    o = []
    for x, y, m in zip(chunks(A, 8), chunks(B, 16), chunks(M, 8)):
        o += [x[k & 7] for k in m]
        o += [y[k & 15] for k in m]
    te = Test('shuffle_uchar', kernel_name='k_shuffle8', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'uchar8', n, A).inp(1, 'uchar16', n, B).inp(2, 'uchar8', n, M).out(3, 'uchar8', 2 * n, o)
    tests.append(te)
    write('f_vec_shuffle.cl', 'vec_shuffle', SHUF_SRC, tests)


VLOAD_SRC = r'''
/* vloadN / vstoreN from element-aligned (not vector-aligned) addresses:
 * item i reads N elements at offset i*step + off. */
kernel void k_vload(global const int *a, global int *o2, global int *o4, global int *o8, global float *of,
                    uint off, uint step)
{
    size_t i = get_global_id(0);
    size_t base = i * step + off;
    int2 v2 = vload2(0, a + base);
    int4 v4 = vload4(0, a + base + 1);
    int8 v8 = vload8(1, a + base);            /* elements base+8 .. base+15 */
    vstore2(v2.yx, i, o2);
    vstore4(v4 + 1, i, o4);
    vstore8(v8 ^ (int8)(1, 2, 3, 4, 5, 6, 7, 8), 0, o8 + 8 * i);
    float4 f = vload4(0, (global const float *)a + base + 3);
    vstore4(f, 0, of + 4 * i);
}
/* Same through local memory and a private array. */
kernel void k_vload_local(global const float *a, global float *out, local float *tmp)
{
    size_t l = get_local_id(0), n = get_local_size(0), g = get_group_id(0);
    vstore4(vload4(0, a + 4 * get_global_id(0)), l, tmp);
    barrier(CLK_LOCAL_MEM_FENCE);
    float p[8];
    vstore4(vload4(n - 1 - l, tmp), 0, p);
    vstore4(vload4(0, tmp + 4 * l) * 2.0f, 1, p);
    vstore8(vload8(0, p), get_global_id(0), out);
}
'''


def vec_vload():
    rng = Rng(3501)
    tests = []
    for name, n, loc, off, step in (('vload_step5', 64, 32, 1, 5), ('vload_step3', 128, 64, 2, 3)):
        size = n * step + off + 20
        A = [rng.range(0, 2 ** 30) for _ in range(size)]
        o2, o4, o8, of = [], [], [], []
        for i in range(n):
            b = i * step + off
            o2 += [A[b + 1], A[b]]
            o4 += [A[b + 1 + k] + 1 for k in range(4)]
            o8 += [A[b + 8 + k] ^ (k + 1) for k in range(8)]
            of += [bitsf(A[b + 3 + k]) for k in range(4)]
        te = Test(name, kernel_name='k_vload', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', size, A).out(1, 'int', 2 * n, o2).out(2, 'int', 4 * n, o4).out(3, 'int', 8 * n, o8)
        te.out(4, 'float', 4 * n, of).val(5, 'uint', off).val(6, 'uint', step)
        tests.append(te)
    for name, n, loc in (('vload_local_64', 128, 64), ('vload_local_7', 70, 7)):
        A = [rng.f32(-50, 50) for _ in range(4 * n)]
        o = []
        for i in range(n):
            g, l = divmod(i, loc)
            src = g * loc + (loc - 1 - l)
            o += A[4 * src:4 * src + 4] + [f32(2 * v) for v in A[4 * i:4 * i + 4]]
        te = Test(name, kernel_name='k_vload_local', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'float', 4 * n, A).out(1, 'float', 8 * n, o).local(2, 'float', 4 * loc)
        tests.append(te)
    write('f_vec_vload_vstore.cl', 'vec_vload_vstore', VLOAD_SRC, tests)


V3_SRC = r'''
/* 3-wide vectors (x*x is exact for these inputs, so contraction to fma
 * cannot change the result): int3/float3 buffers use a 4-element stride; vload3 and
 * vstore3 use a packed 3-element stride. */
kernel void k_int3(global const int3 *a, global const int3 *b, global int3 *out)
{
    size_t i = get_global_id(0);
    int3 x = a[i], y = b[i];
    out[2 * i] = x * 3 - y;
    out[2 * i + 1] = x.zxy + y.yyz;
}
kernel void k_float3(global const float3 *a, global float3 *out, global float *dots)
{
    size_t i = get_global_id(0);
    float3 x = a[i];
    out[i] = x * x + (float3)(1.0f, 2.0f, 3.0f);
    dots[i] = x.x + x.y + x.z;
}
kernel void k_vload3(global const int *a, global int *out)
{
    size_t i = get_global_id(0);
    int3 v = vload3(i, a);
    vstore3(v.zyx + (int3)((int)i), i, out);
}
'''


def vec3():
    rng = Rng(3601)
    tests = []
    n = 128
    A = [rng.range(-100000, 100000) for _ in range(3 * n)]
    B = [rng.range(-100000, 100000) for _ in range(3 * n)]
    o = []
    for x, y in zip(chunks(A, 3), chunks(B, 3)):
        o += [p * 3 - q for p, q in zip(x, y)]
        o += [x[2] + y[1], x[0] + y[1], x[1] + y[2]]
    te = Test('int3', kernel_name='k_int3', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'int3', n, A).inp(1, 'int3', n, B).out(2, 'int3', 2 * n, o)
    tests.append(te)
    n = 100
    F = [rng.range(-2047, 2047) * 2.0 ** -rng.range(0, 6) for _ in range(3 * n)]
    o, d = [], []
    for x in chunks(F, 3):
        o += [f32(f32(p * p) + c) for p, c in zip(x, (1.0, 2.0, 3.0))]
        d.append(f32(f32(x[0] + x[1]) + x[2]))
    te = Test('float3', kernel_name='k_float3', global_size=sizes(n), local_size=sizes(25))
    te.inp(0, 'float3', n, F).out(1, 'float3', n, o).out(2, 'float', n, d)
    tests.append(te)
    for name, n, loc in (('vload3_a', 96, 32), ('vload3_b', 33, 33)):
        A = [rng.of('int') >> 2 for _ in range(3 * n)]
        o = []
        for i, x in enumerate(chunks(A, 3)):
            o += [x[2] + i, x[1] + i, x[0] + i]
        te = Test(name, kernel_name='k_vload3', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', 3 * n, A).out(1, 'int', 3 * n, o)
        tests.append(te)
    write('f_vec3.cl', 'vec3', V3_SRC, tests)


WIDE_SRC = r'''
/* long2 / ulong2 / short8 / int16 element-wise operations. */
kernel void k_long2(global const long2 *a, global const long2 *b, global long2 *out)
{
    size_t i = get_global_id(0);
    long2 x = a[i], y = b[i];
    out[4 * i + 0] = as_long2(as_ulong2(x) + as_ulong2(y));
    out[4 * i + 1] = as_long2(as_ulong2(x) * as_ulong2(y));
    out[4 * i + 2] = x >> (y & 63);
    out[4 * i + 3] = x < y;
}
kernel void k_short8(global const short8 *a, global const short8 *b, global short8 *out)
{
    size_t i = get_global_id(0);
    short8 x = a[i], y = b[i];
    out[3 * i + 0] = as_short8(as_ushort8(x) + as_ushort8(y));
    out[3 * i + 1] = max(x, y);
    out[3 * i + 2] = sub_sat(x, y);
}
kernel void k_int16(global const int16 *a, global int *out)
{
    size_t i = get_global_id(0);
    int16 x = a[i];
    int8 s8 = x.lo + x.hi;
    int4 s4 = s8.lo + s8.hi;
    int2 s2 = s4.lo + s4.hi;
    out[i] = s2.x + s2.y;
}
'''


def vec_wide():
    rng = Rng(3701)
    tests = []
    n = 128
    A = [rng.of('long') for _ in range(2 * n)]
    B = [rng.of('long') for _ in range(2 * n)]
    o = []
    for x, y in zip(chunks(A, 2), chunks(B, 2)):
        o += [wrap(p + q, 'long') for p, q in zip(x, y)]
        o += [wrap(p * q, 'long') for p, q in zip(x, y)]
        o += [p >> (q & 63) for p, q in zip(x, y)]
        o += [-int(p < q) for p, q in zip(x, y)]
    te = Test('long2', kernel_name='k_long2', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'long2', n, A).inp(1, 'long2', n, B).out(2, 'long2', 4 * n, o)
    tests.append(te)
    n = 64
    A = [rng.of('short') for _ in range(8 * n)]
    B = [rng.pick([tmin('short'), tmax('short'), -1, rng.of('short')]) for _ in range(8 * n)]
    o = []
    for x, y in zip(chunks(A, 8), chunks(B, 8)):
        o += [wrap(p + q, 'short') for p, q in zip(x, y)]
        o += [max(p, q) for p, q in zip(x, y)]
        o += [sat(p - q, 'short') for p, q in zip(x, y)]
    te = Test('short8', kernel_name='k_short8', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'short8', n, A).inp(1, 'short8', n, B).out(2, 'short8', 3 * n, o)
    tests.append(te)
    n = 64
    A = [rng.range(-1000000, 1000000) for _ in range(16 * n)]
    te = Test('int16_reduce', kernel_name='k_int16', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'int16', n, A).out(1, 'int', n, [sum(x) for x in chunks(A, 16)])
    tests.append(te)
    write('f_vec_wide.cl', 'vec_wide', WIDE_SRC, tests)


if __name__ == '__main__':
    main()
