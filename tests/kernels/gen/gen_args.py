#!/usr/bin/python3
"""Kernel argument tests: f_args_*.cl (by-value scalars and vectors of every
type, and mixed lists whose alignment padding matters)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

SC_SRC = r'''
/* Every scalar type by value; each item adds its id so all items work. */
kernel void k_scalars(char c, uchar uc, short s, ushort us, int i, uint u, long l, ulong ul,
                      global long *out, global ulong *uout)
{
    long g = (long)get_global_id(0);
    global long *o = out + 7 * g;
    o[0] = c + g;
    o[1] = uc + g;
    o[2] = s + g;
    o[3] = us + g;
    o[4] = i + g;
    o[5] = u + g;
    o[6] = (long)((ulong)l + (ulong)g);
    uout[g] = ul + (ulong)g;
}
kernel void k_float(float f, global float *out, global uint *bits)
{
    size_t g = get_global_id(0);
    out[g] = f * (float)(g + 1);
    bits[g] = as_uint(f) ^ (uint)g;
}
kernel void k_bytes(char a, char b, short c, char d, int e, char f, long g2, char h, global int *out)
{
    size_t g = get_global_id(0);
    out[8 * g + 0] = a;
    out[8 * g + 1] = b;
    out[8 * g + 2] = c;
    out[8 * g + 3] = d;
    out[8 * g + 4] = e;
    out[8 * g + 5] = f;
    out[8 * g + 6] = (int)(g2 >> 32) ^ (int)g2;
    out[8 * g + 7] = h + (int)g;
}
'''


def scalars():
    tests = []
    cases = [
        ('zeros', 0, 0, 0, 0, 0, 0, 0, 0),
        ('mins', -128, 0, -32768, 0, -2 ** 31, 0, -2 ** 63, 0),
        ('maxs', 127, 255, 32767, 65535, 2 ** 31 - 1, 2 ** 32 - 1, 2 ** 63 - 1, 2 ** 64 - 1),
        ('mixed', -5, 200, -1234, 54321, -123456789, 3000000000, -0x123456789abcdef, 0xfedcba9876543210),
    ]
    for k, (name, c, uc, s, us, i, u, l, ul) in enumerate(cases):
        n = 64
        o, uo = [], []
        for g in range(n):
            o += [c + g, uc + g, s + g, us + g, i + g, u + g, wrap(l + g, 'long')]
            uo.append(wrap(ul + g, 'ulong'))
        te = Test('scalars_' + name, kernel_name='k_scalars', global_size=sizes(n), local_size=sizes([64, 32, 16, 1][k]))
        te.val(0, 'char', c).val(1, 'uchar', uc).val(2, 'short', s).val(3, 'ushort', us).val(4, 'int', i)
        te.val(5, 'uint', u).val(6, 'long', l).val(7, 'ulong', ul)
        te.out(8, 'long', 7 * n, o).out(9, 'ulong', n, uo)
        tests.append(te)
    for name, f in (('float_pi', f32(3.14159265)), ('float_neg_zero', -0.0), ('float_inf', math.inf),
                    ('float_tiny', 2.0 ** -126), ('float_big', f32(1e38))):
        n = 32
        te = Test(name, kernel_name='k_float', global_size=sizes(n), local_size=sizes(32))
        te.val(0, 'float', f).out(1, 'float', n, [fmul_ref(f, g + 1.0) for g in range(n)])
        te.out(2, 'uint', n, [fbits(f) ^ g for g in range(n)])
        tests.append(te)
    for name, vals in (('bytes_a', (-1, 2, -300, 4, 70000, -6, 0x100000002, 8)),
                       ('bytes_b', (127, -128, 32767, -128, -2 ** 31, 1, -1, -128))):
        n = 16
        a, b, c, d, e, f, g2, h = vals
        o = []
        for g in range(n):
            o += [a, b, c, d, e, f, wrap((g2 >> 32) ^ wrap(g2, 'int'), 'int'), h + g]
        te = Test(name, kernel_name='k_bytes', global_size=sizes(n), local_size=sizes(8))
        for idx, (t, v) in enumerate(zip(('char', 'char', 'short', 'char', 'int', 'char', 'long', 'char'), vals)):
            te.val(idx, t, v)
        te.out(8, 'int', 8 * n, o)
        tests.append(te)
    write('f_args_scalar.cl', 'args_scalar', SC_SRC, tests)


def fmul_ref(a, b):
    if math.isinf(a) or math.isinf(b):
        return a * b
    return f32(a * b)


VEC_SRC = r'''
/* Vector arguments by value. */
kernel void k_vecs(int2 a, float4 b, uchar4 c, long2 d, short8 e, float2 f, ulong u, global int *oi,
                   global float *of, global long *ol)
{
    size_t g = get_global_id(0);
    global int *p = oi + 14 * g;
    p[0] = a.x + (int)g;
    p[1] = a.y;
    p[2] = c.x; p[3] = c.y; p[4] = c.z; p[5] = c.w;
    for (int k = 0; k < 8; k++)
        p[6 + k] = ((short *)&e)[k];
    global float *q = of + 6 * g;
    vstore4(b, 0, q);
    vstore2(f, 0, q + 4);
    ol[3 * g] = d.x;
    ol[3 * g + 1] = d.y + (long)g;
    ol[3 * g + 2] = (long)u;
}
kernel void k_int3(int3 v, float3 w, global int *out, global float *fout)
{
    size_t g = get_global_id(0);
    out[3 * g] = v.x;
    out[3 * g + 1] = v.y;
    out[3 * g + 2] = v.z + (int)g;
    vstore3(w, g, fout);
}
'''


def vectors():
    tests = []
    rng = Rng(7101)
    for k in range(3):
        a = [rng.of('int') >> 1 for _ in range(2)]
        b = [rng.f32(-100, 100) for _ in range(4)]
        if k == 2:
            b = [math.inf, -0.0, math.nan, 2.0 ** -126]
        c = [rng.of('uchar') for _ in range(4)]
        d = [rng.of('long') >> 1 for _ in range(2)]
        e = [rng.of('short') for _ in range(8)]
        f = [rng.f32(-1, 1) for _ in range(2)]
        u = rng.of('ulong')
        n = [64, 100, 7][k]
        oi, of, ol = [], [], []
        for g in range(n):
            oi += [a[0] + g, a[1]] + c + e
            of += b + f
            ol += [d[0], d[1] + g, wrap(u, 'long')]
        te = Test('vectors_%d' % k, kernel_name='k_vecs', global_size=sizes(n), local_size=sizes(n))
        te.val(0, 'int2', *a).val(1, 'float4', *b).val(2, 'uchar4', *c).val(3, 'long2', *d).val(4, 'short8', *e)
        te.val(5, 'float2', *f).val(6, 'ulong', u)
        te.out(7, 'int', 14 * n, oi).out(8, 'float', 6 * n, of).out(9, 'long', 3 * n, ol)
        tests.append(te)
    for k, (v, w) in enumerate((((1, -2, 3), (0.5, -1.5, 1e10)), ((2 ** 31 - 100, 0, -7), (-0.0, 3.0, -4.25)))):
        n = 32
        o, fo = [], []
        for g in range(n):
            o += [v[0], v[1], v[2] + g]
            fo += [f32(x) for x in w]
        te = Test('vec3_by_value_%d' % k, kernel_name='k_int3', global_size=sizes(n), local_size=sizes(16))
        te.val(0, 'int3', *v).val(1, 'float3', *[f32(x) for x in w]).out(2, 'int', 3 * n, o).out(3, 'float', 3 * n, fo)
        tests.append(te)
    write('f_args_vector.cl', 'args_vector', VEC_SRC, tests,
          comment='3-wide by-value vectors occupy 16 bytes, like a 4-wide one')


MIX_SRC = r'''
/* Mixed argument lists: buffers, __local, __constant and by-value scalars
 * and vectors interleaved so that every kind of alignment padding occurs. */
kernel void k_mixed(char c, global int *out, long l, global const float *in, float4 v, local int *tmp,
                    short s, constant int *ct, uint u, float f, uchar b, int2 p)
{
    size_t g = get_global_id(0), li = get_local_id(0);
    tmp[li] = (int)g * c;
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = tmp[get_local_size(0) - 1 - li];
    float y = in[g] * f + v.s2;
    out[6 * g + 0] = x + s;
    out[6 * g + 1] = (int)(l >> 20) ^ (int)u;
    out[6 * g + 2] = ct[g % 8] * b;
    out[6 * g + 3] = (int)y;
    out[6 * g + 4] = p.x - p.y;
    out[6 * g + 5] = as_int(v.s3);
}
kernel void k_many(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9,
                   long b0, long b1, float c0, float c1, global int *out, int a10, int a11)
{
    size_t g = get_global_id(0);
    out[g] = a0 + a1 * 2 + a2 * 3 + a3 * 4 + a4 * 5 + a5 * 6 + a6 * 7 + a7 * 8 + a8 * 9 + a9 * 10
           + (int)(b0 - b1) + (int)(c0 * 4.0f) - (int)c1 + a10 * (int)g - a11;
}
'''


def mixed():
    tests = []
    rng = Rng(7201)
    for k, (n, loc) in enumerate(((128, 64), (96, 32), (33, 33))):
        c = [3, -2, 127][k]
        l = [0x123456789ab, -(1 << 50) - 12345, 2 ** 63 - 1][k]
        v = [1.0, 2.0, f32(0.25 * (k + 1)), [-0.0, 1.5, -3.0][k]]
        s = [-1000, 7, 32767][k]
        ct = [rng.range(-1000, 1000) for _ in range(8)]
        u = rng.of('uint')
        f = [0.5, 2.0, -4.0][k]
        b = [255, 0, 17][k]
        p = [rng.range(-10 ** 6, 10 ** 6) for _ in range(2)]
        A = [rng.range(-4096, 4096) * 0.125 for _ in range(n)]
        o = []
        for g in range(n):
            li = g % loc
            grp = g - li
            x = (grp + loc - 1 - li) * c
            y = f32(f32(A[g] * f) + v[2])
            # (int)(l >> 20) truncates to 32 bits first, then xor with (int)u
            o += [x + s, wrap(wrap(l >> 20, 'int') ^ wrap(u, 'int'), 'int'), ct[g % 8] * b, int(y), p[0] - p[1],
                  wrap(fbits(v[3]), 'int')]
        te = Test('mixed_%d' % k, kernel_name='k_mixed', global_size=sizes(n), local_size=sizes(loc))
        te.val(0, 'char', c).out(1, 'int', 6 * n, o).val(2, 'long', l).inp(3, 'float', n, A)
        te.val(4, 'float4', *v).local(5, 'int', loc).val(6, 'short', s).inp(7, 'int', 8, ct).val(8, 'uint', u)
        te.val(9, 'float', f).val(10, 'uchar', b).val(11, 'int2', *p)
        tests.append(te)
    for k in range(2):
        a = [rng.range(-1000, 1000) for _ in range(12)]
        b0, b1 = rng.range(-10 ** 12, 10 ** 12), rng.range(-10 ** 12, 10 ** 12)
        b1 = b0 - rng.range(-10 ** 6, 10 ** 6)
        c0, c1 = f32(rng.range(-1000, 1000) * 0.25), f32(rng.f32(-100, 100))
        n = 64
        base = sum(a[j] * (j + 1) for j in range(10)) + (b0 - b1) + int(c0 * 4) - int(Fraction(c1))
        o = [base + a[10] * g - a[11] for g in range(n)]
        te = Test('many_args_%d' % k, kernel_name='k_many', global_size=sizes(n), local_size=sizes(32))
        for j in range(10):
            te.val(j, 'int', a[j])
        te.val(10, 'long', b0).val(11, 'long', b1).val(12, 'float', c0).val(13, 'float', c1)
        te.out(14, 'int', n, o).val(15, 'int', a[10]).val(16, 'int', a[11])
        tests.append(te)
    write('f_args_mixed.cl', 'args_mixed', MIX_SRC, tests,
          comment='in[g] * f + v.s2 is exact for these inputs (short mantissas), so contraction is harmless')


TAIL_SRC = r"""
/* Kernels that call no work-item function, so no hidden arguments follow
 * the explicit ones and the kernarg segment ends right after a 4-byte
 * argument. llc-19 loads such trailing arguments with one s_load_dwordx4
 * that reads past the segment's end, which the runtime's kernarg
 * allocation (16-byte aligned, rounded up) allows (issue 8). */
kernel void k_tail3(global int *out, int a, int b, int c) { *out = a * 100 + b * 10 + c; }
kernel void k_tail1(global uint *out, uint a) { *out = a ^ 0x5a5a5a5au; }
kernel void k_tail5(global int *out, int a, int b, int c, int d, short e)
{
    out[0] = a - b;
    out[1] = c - d;
    out[2] = e;
}
"""


def trailing():
    rng = Rng(7401)
    tests = []
    for k in range(2):
        a, b, c = (rng.range(-1000, 1000) for _ in range(3))
        te = Test('tail3_%d' % k, kernel_name='k_tail3', global_size=sizes(1), local_size=sizes(1))
        te.inp(0, 'int', 1, [0]).out(0, 'int', 1, [a * 100 + b * 10 + c]).val(1, 'int', a).val(2, 'int', b).val(3, 'int', c)
        tests.append(te)
    a = rng.of('uint')
    te = Test('tail1', kernel_name='k_tail1', global_size=sizes(1), local_size=sizes(1))
    te.inp(0, 'uint', 1, [0]).out(0, 'uint', 1, [a ^ 0x5a5a5a5a]).val(1, 'uint', a)
    tests.append(te)
    v = [rng.range(-100000, 100000) for _ in range(4)] + [rng.of('short')]
    te = Test('tail5', kernel_name='k_tail5', global_size=sizes(1), local_size=sizes(1))
    te.inp(0, 'int', 3, [0, 0, 0]).out(0, 'int', 3, [v[0] - v[1], v[2] - v[3], v[4]])
    for i, x in enumerate(v):
        te.val(i + 1, 'short' if i == 4 else 'int', x)
    tests.append(te)
    write('f_args_trailing.cl', 'args_trailing', TAIL_SRC, tests)


def main():
    scalars()
    vectors()
    mixed()
    trailing()


if __name__ == '__main__':
    main()
