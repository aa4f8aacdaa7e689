#!/usr/bin/python3
"""Conversion tests: f_conv_*.cl.

Implicit / cast conversions between integer types wrap (truncate) or extend;
int->float rounds to nearest even; float->int truncates and is only used on
in-range values (out of range is undefined).  convert_<T>_sat is defined
everywhere (NaN -> 0, saturation at the bounds), so it gets the large, inf
and NaN inputs.
"""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

TYPES = ['char', 'uchar', 'short', 'ushort', 'int', 'uint', 'long', 'ulong']
INF, NAN = math.inf, math.nan


def main():
    int_cast_file()
    int_sat_file()
    int_float_file()
    float_sat_file()
    rounding_file()
    astype_file()


def int_cast_file():
    src = ['/* Casts between all integer types: sign extension, zero extension and',
           ' * truncation.  Every result is widened to long (or ulong bits) for output. */',
           '#define K(T) \\',
           'kernel void k_##T(global const T *a, global long *out) \\',
           '{ \\',
           '    size_t i = get_global_id(0); \\',
           '    T x = a[i]; \\',
           '    out[8 * i + 0] = (char)x; \\',
           '    out[8 * i + 1] = (uchar)x; \\',
           '    out[8 * i + 2] = (short)x; \\',
           '    out[8 * i + 3] = (ushort)x; \\',
           '    out[8 * i + 4] = (int)x; \\',
           '    out[8 * i + 5] = (uint)x; \\',
           '    out[8 * i + 6] = (long)x; \\',
           '    out[8 * i + 7] = (long)(ulong)x; \\',
           '}']
    src += ['K(%s)' % t for t in TYPES]
    src += ['',
            '/* Vector conversions (convert_T, no saturation: modular). */',
            'kernel void k_vec(global const int4 *a, global char4 *c, global ushort4 *s, global long4 *l, global uint4 *u)',
            '{',
            '    size_t i = get_global_id(0);',
            '    c[i] = convert_char4(a[i]);',
            '    s[i] = convert_ushort4(a[i]);',
            '    l[i] = convert_long4(a[i]);',
            '    u[i] = convert_uint4(convert_uchar4(a[i]));',
            '}', '']
    rng = Rng(2001)
    tests = []
    dst = ['char', 'uchar', 'short', 'ushort', 'int', 'uint', 'long', 'ulong']
    for ti, t in enumerate(TYPES):
        n = 128
        vals = [wrap(v, t) for v in (0, 1, -1, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
                                     0x7fffffff, 0x80000000, 0xffffffff, 0x100000000, tmin(t), tmax(t))]
        while len(vals) < n:
            vals.append(rng.of(t))
        o = []
        for v in vals:
            o += [wrap(wrap(v, d), 'long') for d in dst]
        te = Test('cast_from_' + t, kernel_name='k_' + t, global_size=sizes(n), local_size=sizes([64, 32, 128, 16][ti % 4]))
        te.inp(0, t, n, vals).out(1, 'long', 8 * n, o)
        tests.append(te)
    n = 64
    A = [rng.of('int') >> rng.range(0, 31) for _ in range(4 * n)]
    te = Test('convert_vectors', kernel_name='k_vec', global_size=sizes(n), local_size=sizes(16))
    te.inp(0, 'int4', n, A)
    te.out(1, 'char4', n, [wrap(v, 'char') for v in A])
    te.out(2, 'ushort4', n, [wrap(v, 'ushort') for v in A])
    te.out(3, 'long4', n, A)
    te.out(4, 'uint4', n, [wrap(v, 'uchar') for v in A])
    tests.append(te)
    write('f_conv_int_cast.cl', 'conv_int_cast', '\n'.join(src), tests)


INT_SAT_SRC = r'''
/* convert_<dst>_sat between integer types clamps to the destination range. */
#define K(T) \
kernel void k_##T(global const T *a, global long *out, global ulong *uout) \
{ \
    size_t i = get_global_id(0); \
    T x = a[i]; \
    out[6 * i + 0] = convert_char_sat(x); \
    out[6 * i + 1] = convert_uchar_sat(x); \
    out[6 * i + 2] = convert_short_sat(x); \
    out[6 * i + 3] = convert_ushort_sat(x); \
    out[6 * i + 4] = convert_int_sat(x); \
    out[6 * i + 5] = convert_uint_sat(x); \
    uout[2 * i] = (ulong)convert_long_sat(x); \
    uout[2 * i + 1] = convert_ulong_sat(x); \
}
K(char)
K(uchar)
K(short)
K(ushort)
K(int)
K(uint)
K(long)
K(ulong)
'''


def int_sat_file():
    rng = Rng(2101)
    tests = []
    for ti, t in enumerate(TYPES):
        n = 96
        vals = [wrap(v, t) for v in (0, 1, -1, 0x7f, 0x80, 0xff, 0x100, -0x80, -0x81, 0x7fff, 0x8000, 0xffff,
                                     0x10000, -0x8000, -0x8001, 0x7fffffff, 0x80000000, 0xffffffff,
                                     0x100000000, -0x80000000, -0x80000001, tmin(t), tmax(t))]
        while len(vals) < n:
            vals.append(wrap(rng.of(t) >> rng.range(0, BITS[t] - 1), t))
        o, uo = [], []
        for v in vals:
            o += [sat(v, d) for d in ('char', 'uchar', 'short', 'ushort', 'int', 'uint')]
            uo += [wrap(sat(v, 'long'), 'ulong'), sat(v, 'ulong')]
        te = Test('sat_from_' + t, kernel_name='k_' + t, global_size=sizes(n), local_size=sizes([32, 96, 48, 8][ti % 4]))
        te.inp(0, t, n, vals).out(1, 'long', 6 * n, o).out(2, 'ulong', 2 * n, uo)
        tests.append(te)
    write('f_conv_int_sat.cl', 'conv_int_sat', INT_SAT_SRC, tests)


INT_FLOAT_SRC = r'''
/* Integer -> float rounds to nearest even (the default for convert_float
 * and for casts).  Float -> integer truncates toward zero; inputs are in
 * range for the destination. */
kernel void k_itof(global const int *a, global const uint *b, global const long *c, global const ulong *d,
                   global const short *e, global float *out)
{
    size_t i = get_global_id(0);
    out[5 * i + 0] = (float)a[i];
    out[5 * i + 1] = convert_float(b[i]);
    out[5 * i + 2] = (float)c[i];
    out[5 * i + 3] = (float)d[i];
    out[5 * i + 4] = e[i];
}
kernel void k_ftoi(global const float *a, global int *oi, global uint *ou, global long *ol, global ulong *oul,
                   global char *oc)
{
    size_t i = get_global_id(0);
    float x = a[i];
    oi[i] = (int)x;
    ou[i] = (uint)fabs(x);
    ol[i] = (long)(x * 65536.0f);
    oul[i] = convert_ulong(fabs(x) * 4096.0f);
    oc[i] = (char)(x / 16777216.0f);
}
'''


def int_float_file():
    rng = Rng(2201)
    tests = []
    n = 256
    cols = {}
    for t in ('int', 'uint', 'long', 'ulong', 'short'):
        e = [0, 1, -1, tmax(t), tmin(t), tmax(t) - 1, (1 << 24) + 1, (1 << 24) + 3, (1 << 25) + 2, (1 << 25) + 6,
             16777217, -16777217, 0x7fffff80, 0x7fffffc0, 0x7fffffbf, (1 << 53) + 1, (1 << 63) - 1]
        vals = [wrap(v, t) for v in e]
        while len(vals) < n:
            vals.append(wrap(rng.of(t) >> rng.range(0, BITS[t] - 1), t))
        cols[t] = vals
    o = []
    for k in range(n):
        o += [round_f32(cols[t][k]) for t in ('int', 'uint', 'long', 'ulong', 'short')]
    te = Test('int_to_float', kernel_name='k_itof', global_size=sizes(n), local_size=sizes(64))
    for idx, t in enumerate(('int', 'uint', 'long', 'ulong', 'short')):
        te.inp(idx, t, n, cols[t])
    te.out(5, 'float', 5 * n, o)
    tests.append(te)
    for name, mk, loc in (('float_to_int_small', lambda: rng.f32(-200, 200), 32),
                          ('float_to_int_wide', lambda: rng.f32(-2.0e9, 2.0e9), 128)):
        A = [0.0, -0.0, 0.5, -0.5, 0.99999994, -0.99999994, 1.5, -1.5, 2147483520.0, -2147483648.0, 100.75, -100.75,
             1e-30, -1e-30]
        while len(A) < n:
            A.append(mk())
        def trunc(x):
            return int(Fraction(x))   # int() truncates toward zero
        oi = [trunc(x) for x in A]
        ou = [trunc(abs(x)) for x in A]
        ol = [trunc(f32(x * 65536.0)) for x in A]
        oul = [trunc(f32(abs(x) * 4096.0)) for x in A]
        oc = [trunc(f32(x / 16777216.0)) for x in A]
        assert all(-128 <= v < 128 for v in oc)
        te = Test(name, kernel_name='k_ftoi', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'float', n, A).out(1, 'int', n, oi).out(2, 'uint', n, ou).out(3, 'long', n, ol)
        te.out(4, 'ulong', n, oul).out(5, 'char', n, oc)
        tests.append(te)
    write('f_conv_int_float.cl', 'conv_int_float', INT_FLOAT_SRC, tests)


FSAT_SRC = r'''
/* convert_<int type>_sat(float): NaN gives 0, out-of-range values and
 * infinities clamp; in-range values truncate toward zero. */
kernel void k_fsat(global const float *a, global long *out, global ulong *uout)
{
    size_t i = get_global_id(0);
    float x = a[i];
    out[7 * i + 0] = convert_char_sat(x);
    out[7 * i + 1] = convert_uchar_sat(x);
    out[7 * i + 2] = convert_short_sat(x);
    out[7 * i + 3] = convert_ushort_sat(x);
    out[7 * i + 4] = convert_int_sat(x);
    out[7 * i + 5] = convert_uint_sat(x);
    out[7 * i + 6] = convert_long_sat(x);
    uout[i] = convert_ulong_sat(x);
}
kernel void k_fsat_rte(global const float4 *a, global int4 *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = convert_int4_sat_rte(a[i]);
    out[2 * i + 1] = convert_int4_sat(a[i]);
}
'''


def fsat(x, t, mode='rtz'):
    if math.isnan(x):
        return 0
    if math.isinf(x):
        return tmax(t) if x > 0 else tmin(t)
    fr = Fraction(x)
    v = int(fr) if mode == 'rtz' else round(fr)
    return sat(v, t)


def float_sat_file():
    rng = Rng(2301)
    tests = []
    sp = [0.0, -0.0, NAN, INF, -INF, 127.5, 128.0, -128.5, -129.0, 255.9, 256.0, -0.9, -1.0, 32767.5, 32768.0,
          -32769.0, 65535.5, 65536.0, 2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0, 4294967040.0,
          4294967296.0, 9.2233715e18, 9.223372e18, -9.223372e18, -9.2233725e18, 1.8446743e19, 1.8446744e19,
          3.4028235e38, -3.4028235e38, 0.5, -0.5, 1e-40 * 0 + 1.1754944e-38]
    # 2^63 (where libclc 19's convert_long_sat is wrong) is tested in
    # f_libclc_edges.cl
    sp = [f32(v) for v in sp if not libclc19_bad_float_to_sat(f32(v))]
    for name, n, loc, mk in (('fsat_specials', 128, 64, lambda: rng.pick(sp)),
                             ('fsat_wide', 256, 256, lambda: rng.f32_bits()),
                             ('fsat_ranges', 192, 48, lambda: f32(rng.f32(-1, 1) * 2.0 ** rng.range(0, 66)))):
        A = list(sp) if name == 'fsat_specials' else []
        while len(A) < n:
            x = mk()
            if not libclc19_bad_float_to_sat(x):
                A.append(x)
        A = A[:n]
        o, uo = [], []
        for x in A:
            o += [fsat(x, t) for t in ('char', 'uchar', 'short', 'ushort', 'int', 'uint', 'long')]
            uo.append(fsat(x, 'ulong'))
        te = Test(name, kernel_name='k_fsat', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'float', n, A).out(1, 'long', 7 * n, o).out(2, 'ulong', n, uo)
        tests.append(te)
    n = 64
    A = [rng.pick(sp + [2.5, -2.5, 3.5, -3.5, 1.5, 0.49999997]) for _ in range(4 * n)]
    o = []
    for i in range(n):
        q = A[4 * i:4 * i + 4]
        o += [fsat(x, 'int', 'rte') for x in q] + [fsat(x, 'int') for x in q]
    te = Test('fsat_int4_rte', kernel_name='k_fsat_rte', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'float4', n, A).out(1, 'int4', 2 * n, o)
    tests.append(te)
    write('f_conv_float_sat.cl', 'conv_float_sat', FSAT_SRC, tests)


ROUND_SRC = r'''
/* Explicit rounding modes of convert_*: float -> int with _rte/_rtz/_rtp/_rtn
 * (in range), and int/uint/long -> float with _rte/_rtz/_rtp/_rtn. */
kernel void k_ftoi(global const float *a, global int *out)
{
    size_t i = get_global_id(0);
    float x = a[i];
    out[4 * i + 0] = convert_int_rte(x);
    out[4 * i + 1] = convert_int_rtz(x);
    out[4 * i + 2] = convert_int_rtp(x);
    out[4 * i + 3] = convert_int_rtn(x);
}
kernel void k_itof(global const int *a, global const uint *b, global const long *c, global float *out)
{
    size_t i = get_global_id(0);
    out[12 * i + 0] = convert_float_rte(a[i]);
    out[12 * i + 1] = convert_float_rtz(a[i]);
    out[12 * i + 2] = convert_float_rtp(a[i]);
    out[12 * i + 3] = convert_float_rtn(a[i]);
    out[12 * i + 4] = convert_float_rte(b[i]);
    out[12 * i + 5] = convert_float_rtz(b[i]);
    out[12 * i + 6] = convert_float_rtp(b[i]);
    out[12 * i + 7] = convert_float_rtn(b[i]);
    out[12 * i + 8] = convert_float_rte(c[i]);
    out[12 * i + 9] = convert_float_rtz(c[i]);
    out[12 * i + 10] = convert_float_rtp(c[i]);
    out[12 * i + 11] = convert_float_rtn(c[i]);
}
'''


def rounding_file():
    rng = Rng(2401)
    tests = []
    n = 200
    A = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.49999997, 1e9 + 64, -1e9 - 64, 0.0, -0.0,
         8388607.5, -8388607.5, 2147483520.0, -2147483648.0]
    while len(A) < n:
        A.append(rng.f32(-1000, 1000) if rng.range(0, 1) else rng.range(-400, 400) * 0.25)
    A = [f32(x) for x in A]
    o = []
    for x in A:
        fr = Fraction(x)
        o += [round(fr), int(fr), math.ceil(fr), math.floor(fr)]
    te = Test('float_to_int_modes', kernel_name='k_ftoi', global_size=sizes(n), local_size=sizes(40))
    te.inp(0, 'float', n, A).out(1, 'int', 4 * n, o)
    tests.append(te)
    for name, sh, loc in (('int_to_float_modes_big', 0, 50), ('int_to_float_modes_mixed', 1, 100)):
        n = 200
        ia = [(1 << 24) + 1, -(1 << 24) - 1, (1 << 24) + 3, tmax('int'), tmin('int'), 0, -1, 0x7fffff80 + 0x40]
        ua = [(1 << 24) + 1, 0xffffffff, 0x80000001, 0, 1, 0xffffff7f, (1 << 25) + 2]
        la = [(1 << 53) + 1, -(1 << 40) - 1, tmax('long'), tmin('long'), -1, (1 << 24) + 1]
        while len(ia) < n:
            ia.append(rng.of('int') >> (rng.range(0, 12) * sh))
        while len(ua) < n:
            ua.append(rng.of('uint') >> (rng.range(0, 12) * sh))
        while len(la) < n:
            la.append(rng.of('long') >> (rng.range(0, 40) * sh))
        # values that round to 2^31 / 2^32 / 2^63, where libclc 19's _rtz and
        # _rtn are wrong, are tested in f_libclc_edges.cl
        for col, t in ((ia, 'int'), (ua, 'uint'), (la, 'long')):
            for k in range(n):
                while libclc19_bad_int_to_float_rtz(col[k], t):
                    col[k] = rng.of(t) >> rng.range(1, 8)
        o = []
        for k in range(n):
            for v in (ia[k], ua[k], la[k]):
                o += [round_f32(v, m) for m in ('rte', 'rtz', 'rtp', 'rtn')]
        te = Test(name, kernel_name='k_itof', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'int', n, ia).inp(1, 'uint', n, ua).inp(2, 'long', n, la).out(3, 'float', 12 * n, o)
        tests.append(te)
    write('f_conv_rounding_modes.cl', 'conv_rounding_modes', ROUND_SRC, tests)


AS_SRC = r'''
/* as_<type>() reinterprets bits (same size, no conversion). */
kernel void k_as(global const uint *a, global float *f, global char4 *c4, global ushort2 *s2,
                 global int *back, global uint2 *u2)
{
    size_t i = get_global_id(0);
    uint x = a[i];
    f[i] = as_float(x);
    c4[i] = as_char4(x);
    s2[i] = as_ushort2(x);
    back[i] = as_int(as_uchar4(x).wzyx);
    u2[i] = as_uint2(((ulong)x << 32) | (ulong)(x ^ 0xffffffffu));
}
kernel void k_as4(global const float4 *a, global int4 *out, global float4 *back)
{
    size_t i = get_global_id(0);
    out[i] = as_int4(a[i]);
    back[i] = as_float4(as_int4(a[i]) ^ (int4)(0, 0x80000000, 0, 0x80000000));
}
'''


def astype_file():
    rng = Rng(2501)
    tests = []
    n = 128
    A = [0, 0x80000000, 0x3f800000, 0x7f800000, 0xff800000, 0x12345678, 0xdeadbeef, 0x00000001, 0x7f7fffff]
    while len(A) < n:
        u = rng.bits(32)
        # keep NaN patterns out of the float output (payload is not compared);
        # keep denormals out of the multiply in 'back'
        e = (u >> 23) & 0xff
        if e == 0xff or e == 0:
            continue
        A.append(u)
    f = [bitsf(u) for u in A]
    c4, s2, back, u2 = [], [], [], []
    for u in A:
        bs = [(u >> (8 * k)) & 0xff for k in range(4)]
        c4 += [wrap(b, 'char') for b in bs]
        s2 += [u & 0xffff, u >> 16]
        rev = bs[3] | bs[2] << 8 | bs[1] << 16 | bs[0] << 24
        back.append(wrap(rev, 'int'))
        lv = ((u << 32) | (u ^ 0xffffffff)) & (2 ** 64 - 1)
        u2 += [lv & 0xffffffff, lv >> 32]
    te = Test('as_type_scalar', kernel_name='k_as', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'uint', n, A).out(1, 'float', n, f).out(2, 'char4', n, c4).out(3, 'ushort2', n, s2)
    te.out(4, 'int', n, back).out(5, 'uint2', n, u2)
    tests.append(te)
    n = 32
    F = [rng.f32_bits() for _ in range(4 * n)]
    te = Test('as_type_vector', kernel_name='k_as4', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'float4', n, F).out(1, 'int4', n, [wrap(fbits(x), 'int') for x in F])
    te.out(2, 'float4', n, [x if k % 2 == 0 else -x for k, x in enumerate(F)])
    tests.append(te)
    write('f_conv_as_type.cl', 'conv_as_type', AS_SRC, tests)


if __name__ == '__main__':
    main()
