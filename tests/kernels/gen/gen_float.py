#!/usr/bin/python3
"""Float32 operation tests: f_float_*.cl.

Results are never denormal (except in f_float_denorm_passthrough.cl, where
only bit-exact copy/abs/neg/copysign/select are tested), so the files pass
whether the device flushes f32 denormals or preserves them.  Division and
sqrt are exact only in the files built with
-cl-fp32-correctly-rounded-divide-sqrt; elsewhere they carry the OpenCL 1.2
bounds (2.5 ulp for x/y, 3 ulp for sqrt) written as an integer ulp distance
from the correctly rounded value: 3 ulp for both.
"""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

INF = math.inf
NAN = math.nan
FMAX = bitsf(0x7f7fffff)
FMIN = 2.0 ** -126
SPECIALS = [0.0, -0.0, 1.0, -1.0, 0.5, -3.0, 3.0, INF, -INF, NAN, FMAX, -FMAX, FMIN, -FMIN,
            2.0 ** 24, 1.0 + 2.0 ** -23, -(1.0 - 2.0 ** -24), 0.1 and f32(0.1), f32(-7.3)]


def denorm(x):
    return x == x and not math.isinf(x) and x != 0 and abs(x) < FMIN


def fround(x, how):
    if math.isnan(x) or math.isinf(x):
        return x
    fr = Fraction(x)
    if how == 'floor':
        r = math.floor(fr)
    elif how == 'ceil':
        r = math.ceil(fr)
    elif how == 'trunc':
        r = math.trunc(fr)
    elif how == 'rint':
        r = round(fr)
    elif how == 'round':
        r = math.floor(abs(fr) + Fraction(1, 2))
        r = r if x >= 0 else -r
    r = float(r)
    return math.copysign(0.0, x) if r == 0 else r


def fadd(a, b):
    return f32(a + b) if not (math.isinf(a) and math.isinf(b) and a != b) else NAN


def fsub(a, b):
    return fadd(a, -b)


def fmul(a, b):
    if (a == 0 and math.isinf(b)) or (b == 0 and math.isinf(a)):
        return NAN
    return f32(a * b)


def fsqrt(a):
    if math.isnan(a) or a < 0:
        return NAN if a != 0 else a
    if math.isinf(a):
        return a
    if a == 0:
        return a
    # exact: round sqrt of the rational; binary64 sqrt then rounding is
    # correctly rounded for binary32 (no double-rounding issue)
    return f32(math.sqrt(a))


def pool_pairs(rng, n, kind, ok):
    """n operand pairs: specials crossed, moderate randoms, or wide randoms."""
    ps = []
    if kind == 'specials':
        ps = [(a, b) for a in SPECIALS for b in SPECIALS]
    while len(ps) < n:
        if kind == 'wide':
            a, b = rng.f32_bits(), rng.f32_bits()
            if rng.range(0, 3) == 0:
                # close exponents, so additions actually round
                b = f32(a * (rng.f32(-4, 4)))
        elif kind == 'moderate':
            a, b = rng.f32(-1000, 1000), rng.f32(-1000, 1000)
        else:
            a, b = rng.f32(-100, 100), rng.f32(-100, 100)
        ps.append((a, b))
    ps = [p for p in ps if ok(*p)][:n]
    while len(ps) < n:
        a, b = rng.f32(-50, 50), rng.f32(-50, 50)
        if ok(a, b):
            ps.append((a, b))
    return ps


BIN_SRC = r'''
kernel void k_add(global const float *a, global const float *b, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i] + b[i];
}
kernel void k_sub(global const float *a, global const float *b, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i] - b[i];
}
kernel void k_mul(global const float *a, global const float *b, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i] * b[i];
}
kernel void k_div(global const float *a, global const float *b, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i] / b[i];
}
'''


def binfile(fname, title, ops, seed, build_options=None, tol=None, kinds=('specials', 'moderate', 'wide'),
            okextra=lambda a, b: True, comment=None):
    rng = Rng(seed)
    tests = []
    locs = [64, 100, 256, 33]
    for op, ref in ops:
        for ki, kind in enumerate(kinds):
            def ok(a, b):
                r = ref(a, b)
                return not denorm(a) and not denorm(b) and not denorm(r) and okextra(a, b)
            n = 400 if kind == 'specials' else 256
            loc = [100, 64, 128][ki % 3] if n == 400 else [64, 256, 32][ki % 3]
            ps = pool_pairs(rng, n, kind, ok)
            te = Test('%s_%s' % (op, kind), kernel_name='k_' + op, global_size=sizes(n), local_size=sizes(loc))
            te.inp(0, 'float', n, [p[0] for p in ps]).inp(1, 'float', n, [p[1] for p in ps])
            te.out(2, 'float', n, [ref(a, b) for a, b in ps], tol=tol)
            tests.append(te)
    write(fname, title, BIN_SRC, tests, build_options=build_options, comment=comment)


DAZ_SRC = r"""
/* -cl-denorms-are-zero: clang marks the kernel "denormal-fp-math-f32"=
 * "preserve-sign,preserve-sign", so f32 denormal inputs count as zero and
 * denormal results are flushed to zero, signs kept. k_inline adds the
 * integers 1 and 64 as floats: denormals that fit an inline constant (the
 * operand encoding of small integers), which came back unflushed before the
 * kernel descriptor carried the mode (issue 8). */
kernel void k_add(global const float *a, global const float *b, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i] + b[i];
}
kernel void k_mul(global const float *a, global const float *b, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i] * b[i];
}
kernel void k_inline(global const float *a, global float *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = a[i] + as_float(1);
    out[2 * i + 1] = a[i] + as_float(64);
}
"""

MIN_NORMAL = Fraction(1, 2 ** 126)


def daz(x):
    """An f32 input under flush-to-zero: denormals are signed zeros."""
    return math.copysign(0.0, x) if x != 0 and abs(x) < 2.0 ** -126 else x


def ftz_op(a, b, op):
    """a op b (op: '+' or '*') under preserve-sign flushing of f32 inputs
    and results, rounded to nearest even; None when the exact result lies
    within 2^-20 (relative) of the smallest normal, where tininess before
    and after rounding could differ between implementations."""
    a, b = daz(a), daz(b)
    if op == '+':
        if a == 0 and b == 0:
            return -0.0 if math.copysign(1, a) < 0 and math.copysign(1, b) < 0 else 0.0
        exact = Fraction(a) + Fraction(b)
        if exact == 0:
            return 0.0
    else:
        neg = (math.copysign(1, a) < 0) != (math.copysign(1, b) < 0)
        exact = Fraction(a) * Fraction(b)
        if exact == 0:
            return -0.0 if neg else 0.0
    if abs(abs(exact) / MIN_NORMAL - 1) < Fraction(1, 2 ** 20):
        return None
    r = round_f32(exact)
    return math.copysign(0.0, r) if r != 0 and abs(r) < 2.0 ** -126 else r


def daz_file():
    rng = Rng(1011)

    def tiny():
        """a denormal, a small normal or an ordinary value, either sign"""
        k = rng.range(0, 2)
        m = Fraction(rng.range(1, 2 ** 23 - 1))
        v = float(m / 2 ** 149) if k == 0 else float((2 ** 23 + m) / Fraction(2 ** (23 + rng.range(100, 126)))) if k == 1 \
            else rng.f32(-4, 4)
        return -v if rng.range(0, 1) else v

    tests = []
    for op, name, scale in (('+', 'add', False), ('*', 'mul', True)):
        pairs = []
        while len(pairs) < 256:
            a = tiny()
            b = tiny() if not scale else float(Fraction(rng.range(1, 2 ** 24 - 1), 2 ** rng.range(20, 40)))
            r = ftz_op(a, b, op)
            if r is not None:
                pairs.append((a, b, r))
        te = Test(name, kernel_name='k_' + name, global_size=sizes(256), local_size=sizes(64))
        te.inp(0, 'float', 256, [p[0] for p in pairs]).inp(1, 'float', 256, [p[1] for p in pairs])
        te.out(2, 'float', 256, [p[2] for p in pairs])
        tests.append(te)
    A = [0.0, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 123.0, -0.0, 2.0 ** -125, -(2.0 ** -124), 2.0 ** -149, -(2.0 ** -140)]
    out = []
    for a in A:
        out += [ftz_op(a, bitsf(1), '+'), ftz_op(a, bitsf(64), '+')]
    te = Test('inline_denormal_constants', kernel_name='k_inline', global_size=sizes(len(A)), local_size=sizes(len(A)))
    te.inp(0, 'float', len(A), A).out(1, 'float', 2 * len(A), out)
    tests.append(te)
    write('f_float_denorms_are_zero.cl', 'float_denorms_are_zero', DAZ_SRC, tests,
          build_options='-cl-denorms-are-zero',
          comment='-cl-denorms-are-zero: f32 denormal inputs and results flushed to zero (sign kept);\n'
                  'exact host reference, results near the smallest normal left out')


def main():
    binfile('f_float_addsub.cl', 'float_addsub', [('add', fadd), ('sub', fsub)], 1001,
            comment='f32 add and sub are correctly rounded (round to nearest even)')
    binfile('f_float_mul.cl', 'float_mul', [('mul', fmul)], 1002,
            comment='f32 mul is correctly rounded')
    binfile('f_float_div_exact.cl', 'float_div_exact', [('div', fdiv32)], 1003,
            build_options='-cl-fp32-correctly-rounded-divide-sqrt',
            comment='with -cl-fp32-correctly-rounded-divide-sqrt, x/y is correctly rounded')
    binfile('f_float_div_ulp.cl', 'float_div_ulp', [('div', fdiv32)], 1004, tol='3 ulp',
            kinds=('moderate', 'ranged', 'ranged2'),
            okextra=lambda a, b: b != 0 and 2.0 ** -60 < abs(a) < 2.0 ** 60 and 2.0 ** -60 < abs(b) < 2.0 ** 60,
            comment='default x/y: OpenCL allows 2.5 ulp; checked as <= 3 ulp from the correctly\n'
                    'rounded quotient; operands kept within [2^-60, 2^60]')
    fma_file()
    sign_file()
    minmax_file()
    round_file()
    sqrt_files()
    cmp_file()
    special_file()
    daz_file()


FMA_SRC = r'''
/* fma is always correctly rounded (one rounding).  mad may round the
 * product, so its inputs have short mantissas that make a*b exact. */
kernel void k_fma(global const float *a, global const float *b, global const float *c, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = fma(a[i], b[i], c[i]);
}
kernel void k_mad(global const float *a, global const float *b, global const float *c, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = mad(a[i], b[i], c[i]);
}
kernel void k_fma4(global const float4 *a, global const float4 *b, global const float4 *c, global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = fma(a[i], b[i], c[i]);
}
'''


def fma_file():
    rng = Rng(1101)
    tests = []

    def ok(a, b, c):
        r = fma32(a, b, c)
        return not any(denorm(v) for v in (a, b, c, r))
    for name, n, loc, gen in (
            ('fma_cancel', 256, 64, 'cancel'), ('fma_random', 256, 128, 'rand'),
            ('fma_specials', 343, 49, 'spec')):
        A, B, Cc = [], [], []
        if gen == 'spec':
            sp = [0.0, -0.0, 1.0, -1.0, INF, -INF, NAN]
            for a in sp:
                for b in sp:
                    for c in sp:
                        A.append(a), B.append(b), Cc.append(c)
        while len(A) < n:
            a, b = rng.f32(-100, 100), rng.f32(-100, 100)
            if gen == 'cancel':
                # c close to -a*b: the unrounded product decides the result
                c = -f32(a * b) if rng.range(0, 1) else -f32(f32(a * b) * (1 + 2.0 ** -rng.range(10, 22)))
            else:
                c = rng.f32(-1000, 1000)
            if ok(a, b, c):
                A.append(a), B.append(b), Cc.append(c)
        te = Test(name, kernel_name='k_fma', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'float', n, A).inp(1, 'float', n, B).inp(2, 'float', n, Cc)
        te.out(3, 'float', n, [fma32(a, b, c) for a, b, c in zip(A, B, Cc)])
        tests.append(te)
    # mad with exact products: 11-bit mantissas
    n = 256
    A = [rng.range(-2047, 2047) * 2.0 ** rng.range(-8, 8) for _ in range(n)]
    B = [rng.range(-2047, 2047) * 2.0 ** rng.range(-8, 8) for _ in range(n)]
    Cc = [rng.f32(-1e4, 1e4) for _ in range(n)]
    te = Test('mad_exact_products', kernel_name='k_mad', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'float', n, A).inp(1, 'float', n, B).inp(2, 'float', n, Cc)
    te.out(3, 'float', n, [fma32(a, b, c) for a, b, c in zip(A, B, Cc)])
    tests.append(te)
    n = 64
    A, B, Cc = [], [], []
    while len(A) < 4 * n:
        a, b, c = rng.f32_bits(), rng.f32(-4, 4), rng.f32_bits()
        if ok(a, b, c):
            A.append(a), B.append(b), Cc.append(c)
    te = Test('fma_float4', kernel_name='k_fma4', global_size=sizes(n), local_size=sizes(16))
    te.inp(0, 'float4', n, A).inp(1, 'float4', n, B).inp(2, 'float4', n, Cc)
    te.out(3, 'float4', n, [fma32(a, b, c) for a, b, c in zip(A, B, Cc)])
    tests.append(te)
    write('f_float_fma_mad.cl', 'float_fma_mad', FMA_SRC, tests)


SIGN_SRC = r'''
/* Bit-exact sign operations, with denormal inputs: copy, fabs, negation,
 * copysign and select must pass every bit through (no flushing).  The
 * output is the raw bits (as_uint) so -0 and NaN payloads are checked. */
kernel void k_sign(global const float *a, global const float *b, global uint *out)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    out[6 * i + 0] = as_uint(x);
    out[6 * i + 1] = as_uint(fabs(x));
    out[6 * i + 2] = as_uint(-x);
    out[6 * i + 3] = as_uint(copysign(x, y));
    out[6 * i + 4] = as_uint(-fabs(y));
    out[6 * i + 5] = as_uint((i & 1) ? x : y);
}
kernel void k_copy(global const float *a, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = a[i];
}
kernel void k_copy4(global const float4 *a, global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = -fabs(a[i]);
}
'''


def sign_file():
    rng = Rng(1201)
    tests = []

    def den():
        return bitsf(rng.range(1, 0x7fffff) | (rng.range(0, 1) << 31))
    for name, n, loc, mk in (('sign_denormals', 256, 64, lambda: den()),
                             ('sign_mixed', 320, 65 * 0 + 64, lambda: rng.pick([den(), rng.f32_bits(), 0.0, -0.0, INF, -INF]))):
        A = [mk() for _ in range(n)]
        B = [mk() for _ in range(n)]
        o = []
        for i, (x, y) in enumerate(zip(A, B)):
            bx, by = fbits(x), fbits(y)
            o += [bx, bx & 0x7fffffff, bx ^ 0x80000000, (bx & 0x7fffffff) | (by & 0x80000000),
                  by | 0x80000000, bx if i & 1 else by]
        te = Test(name, kernel_name='k_sign', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'float', n, A).inp(1, 'float', n, B).out(2, 'uint', 6 * n, o)
        tests.append(te)
    n = 128
    A = [den() for _ in range(n)]
    te = Test('copy_denormals', kernel_name='k_copy', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'float', n, A).out(1, 'float', n, A)
    tests.append(te)
    A = [den() if k % 3 else rng.f32_bits() for k in range(4 * 32)]
    te = Test('neg_fabs_float4_denormals', kernel_name='k_copy4', global_size=sizes(32), local_size=sizes(8))
    te.inp(0, 'float4', 32, A).out(1, 'float4', 32, [-abs(x) for x in A])
    tests.append(te)
    write('f_float_sign_denorm.cl', 'float_sign_denorm', SIGN_SRC, tests)


MINMAX_SRC = r'''
/* fmin/fmax return the other operand when one is NaN (and NaN only when
 * both are).  Pairs of zeros of different sign are avoided (unspecified). */
kernel void k_minmax(global const float *a, global const float *b, global float *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = fmin(a[i], b[i]);
    out[2 * i + 1] = fmax(a[i], b[i]);
}
kernel void k_minmax4(global const float4 *a, global const float4 *b, global float4 *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = fmin(a[i], b[i]);
    out[2 * i + 1] = fmax(a[i], b[i]);
}
'''


def fminmax(a, b, mx):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return max(a, b) if mx else min(a, b)


def minmax_file():
    rng = Rng(1301)
    tests = []

    def ok(a, b):
        return not (a == 0 and b == 0 and math.copysign(1, a) != math.copysign(1, b)) and not denorm(a) and not denorm(b)
    for kind, n, loc in (('specials', 361, 19), ('moderate', 256, 64), ('nan_heavy', 256, 128)):
        if kind == 'nan_heavy':
            ps = []
            while len(ps) < n:
                a = NAN if rng.range(0, 2) == 0 else rng.f32()
                b = NAN if rng.range(0, 2) == 0 else rng.f32()
                ps.append((a, b))
        else:
            ps = pool_pairs(rng, n, kind, ok)
        o = []
        for a, b in ps:
            o += [fminmax(a, b, False), fminmax(a, b, True)]
        te = Test('fminmax_' + kind, kernel_name='k_minmax', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'float', n, [p[0] for p in ps]).inp(1, 'float', n, [p[1] for p in ps]).out(2, 'float', 2 * n, o)
        tests.append(te)
    n = 64
    ps = pool_pairs(rng, 4 * n, 'specials', ok)
    o = []
    for i in range(n):
        q = ps[4 * i:4 * i + 4]
        o += [fminmax(a, b, False) for a, b in q] + [fminmax(a, b, True) for a, b in q]
    te = Test('fminmax_float4', kernel_name='k_minmax4', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'float4', n, [p[0] for p in ps]).inp(1, 'float4', n, [p[1] for p in ps]).out(2, 'float4', 2 * n, o)
    tests.append(te)
    write('f_float_minmax.cl', 'float_fmin_fmax', MINMAX_SRC, tests)


ROUND_SRC = r'''
/* floor, ceil, trunc, rint (half to even) and round (half away from zero)
 * are exact.  The sign of zero results is checked separately (bit 31). */
kernel void k_round(global const float *a, global float *out, global uint *sgn)
{
    size_t i = get_global_id(0);
    float x = a[i];
    float r[5] = { floor(x), ceil(x), trunc(x), rint(x), round(x) };
    uint s = 0;
    for (int k = 0; k < 5; k++) {
        out[5 * i + k] = r[k];
        s |= (uint)(!isnan(r[k]) && signbit(r[k])) << k;
    }
    sgn[i] = s;
}
'''


def round_file():
    rng = Rng(1401)
    tests = []
    hows = ['floor', 'ceil', 'trunc', 'rint', 'round']
    for name, n, loc, mk in (
            ('round_halves', 256, 64, lambda k: (k - 128) * 0.5 if k % 2 == 0 else (k - 128) * 0.25),
            ('round_fractions', 256, 33 * 0 + 128, lambda k: rng.f32(-20, 20)),
            ('round_large', 192, 96, lambda k: rng.pick([2.0 ** 23 - 0.5, -(2.0 ** 23 - 0.5), 2.0 ** 23 + 1, 2.0 ** 22 + 0.5,
                                                      -(2.0 ** 22 + 0.5), 2.0 ** 22 + 1.5, 1e30, -1e30, INF, -INF, NAN,
                                                      0.0, -0.0, -0.3, 0.3, 0.5, -0.5, 0.49999997, -0.49999997,
                                                      FMIN, -FMIN, rng.f32(-1e7, 1e7)]))):
        A = [f32(mk(k)) for k in range(n)]
        o, sg = [], []
        for x in A:
            rs = [fround(x, h) for h in hows]
            o += rs
            sg.append(sum((1 if (r == r and math.copysign(1, r) < 0) else 0) << k for k, r in enumerate(rs)))
        te = Test(name, kernel_name='k_round', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'float', n, A).out(1, 'float', 5 * n, o)
        te.out(2, 'uint', n, sg)
        tests.append(te)
    write('f_float_round.cl', 'float_rounding_functions', ROUND_SRC, tests)


SQRT_SRC = r'''
kernel void k_sqrt(global const float *a, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = sqrt(a[i]);
}
kernel void k_sqrt4(global const float4 *a, global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = sqrt(a[i]);
}
'''


def sqrt_files():
    for fname, opts, tol, seed in (('f_float_sqrt_exact.cl', '-cl-fp32-correctly-rounded-divide-sqrt', None, 1501),
                                   ('f_float_sqrt_ulp.cl', None, '3 ulp', 1502)):
        rng = Rng(seed)
        tests = []
        n = 256
        A = [0.0, -0.0, 1.0, 4.0, 2.0, 0.25, INF, -1.0, -INF, NAN, FMAX, FMIN, 2.0 ** -100, 2.0 ** 100, 3.0]
        while len(A) < n:
            A.append(abs(rng.f32_bits()))
        te = Test('sqrt_wide', kernel_name='k_sqrt', global_size=sizes(n), local_size=sizes(64))
        te.inp(0, 'float', n, A).out(1, 'float', n, [fsqrt(x) for x in A], tol=tol)
        tests.append(te)
        A = [f32(k * k) for k in range(1, 129)] + [rng.f32(0, 1000) for _ in range(128)]
        te = Test('sqrt_squares_and_moderate', kernel_name='k_sqrt', global_size=sizes(n), local_size=sizes(256))
        te.inp(0, 'float', n, A).out(1, 'float', n, [fsqrt(x) for x in A], tol=tol)
        tests.append(te)
        A = [rng.f32(0, 2) for _ in range(4 * 50)]
        te = Test('sqrt_float4', kernel_name='k_sqrt4', global_size=sizes(50), local_size=sizes(10))
        te.inp(0, 'float4', 50, A).out(1, 'float4', 50, [fsqrt(x) for x in A], tol=tol)
        tests.append(te)
        write(fname, fname[2:-3], SQRT_SRC, tests, build_options=opts,
              comment='sqrt: exact with -cl-fp32-correctly-rounded-divide-sqrt, else <= 3 ulp (OpenCL 1.2)')


CMP_SRC = r'''
/* Ordered and unordered comparisons with NaN, infinities and signed zeros,
 * one bit per predicate. */
kernel void k_cmp(global const float *a, global const float *b, global uint *out)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    uint r = 0;
    r |= (uint)(x == y) << 0;
    r |= (uint)(x != y) << 1;
    r |= (uint)(x < y) << 2;
    r |= (uint)(x <= y) << 3;
    r |= (uint)(x > y) << 4;
    r |= (uint)(x >= y) << 5;
    r |= (uint)isequal(x, y) << 6;
    r |= (uint)isnotequal(x, y) << 7;
    r |= (uint)isless(x, y) << 8;
    r |= (uint)islessgreater(x, y) << 9;
    r |= (uint)isordered(x, y) << 10;
    r |= (uint)isunordered(x, y) << 11;
    r |= (uint)isnan(x) << 12;
    r |= (uint)isinf(x) << 13;
    r |= (uint)isfinite(x) << 14;
    r |= (uint)isnormal(x) << 15;
    r |= (uint)(signbit(x) && !isnan(x)) << 16;
    r |= (uint)!(x < y) << 17;      /* unordered-or-greater-equal */
    r |= (uint)!(x >= y) << 18;     /* unordered-or-less */
    out[i] = r;
}
/* Vector relational: -1 for true. */
kernel void k_cmp4(global const float4 *a, global const float4 *b, global int4 *out)
{
    size_t i = get_global_id(0);
    out[3 * i] = isunordered(a[i], b[i]);
    out[3 * i + 1] = a[i] < b[i];
    out[3 * i + 2] = isnotequal(a[i], b[i]);
}
'''


def fcmp(x, y):
    un = math.isnan(x) or math.isnan(y)
    bits = [x == y, x != y or un, x < y, x <= y, x > y, x >= y, x == y, x != y or un, x < y,
            (x < y or x > y), not un, un, math.isnan(x), math.isinf(x), not (math.isnan(x) or math.isinf(x)),
            not (math.isnan(x) or math.isinf(x)) and abs(x) >= FMIN,
            math.copysign(1, x) < 0 and not math.isnan(x), not (x < y), not (x >= y)]
    return bits


def cmp_file():
    rng = Rng(1601)
    tests = []
    sp = [0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, FMAX, -FMAX, FMIN, 2.5]
    A, B = [], []
    for a in sp:
        for b in sp:
            A.append(a), B.append(b)
    while len(A) < 128:
        a = rng.f32(-4, 4)
        A.append(a), B.append(rng.pick([a, -a, NAN, rng.f32(-4, 4)]))
    for name, AA, BB, loc in (('fcmp_specials', A[:121], B[:121], 11), ('fcmp_mixed', A, B, 64)):
        o = []
        for x, y in zip(AA, BB):
            bits = fcmp(x, y)
            o.append(sum(int(bool(v)) << k for k, v in enumerate(bits) if v is not None))
        te = Test(name, kernel_name='k_cmp', global_size=sizes(len(AA)), local_size=sizes(loc))
        te.inp(0, 'float', len(AA), AA).inp(1, 'float', len(AA), BB).out(2, 'uint', len(AA), o)
        tests.append(te)
    n = 32
    A4 = [rng.pick(sp) for _ in range(4 * n)]
    B4 = [rng.pick(sp) for _ in range(4 * n)]
    o = []
    for i in range(n):
        q = list(zip(A4[4 * i:4 * i + 4], B4[4 * i:4 * i + 4]))
        o += [-int(math.isnan(x) or math.isnan(y)) for x, y in q]
        o += [-int(x < y) for x, y in q]
        o += [-int(x != y or math.isnan(x) or math.isnan(y)) for x, y in q]
    te = Test('fcmp_float4', kernel_name='k_cmp4', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'float4', n, A4).inp(1, 'float4', n, B4).out(2, 'int4', 3 * n, o)
    tests.append(te)
    write('f_float_cmp.cl', 'float_compare_nan', CMP_SRC, tests)


SPECIAL_SRC = r'''
/* Arithmetic on infinities, NaN and signed zeros.  zs[] records the sign
 * of every zero result (1 = +0, 2 = -0, 0 = not zero), because a float
 * comparison may treat +0 and -0 as equal. */
kernel void k_special(global const float *a, global const float *b, global float *out, global int *zs)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    float r[6] = { x + y, x - y, x * y, x / y, 1.0f / x, -x * y };
    for (int k = 0; k < 6; k++) {
        out[6 * i + k] = r[k];
        zs[6 * i + k] = r[k] == 0.0f ? (signbit(r[k]) ? 2 : 1) : 0;
    }
}
'''


def special_file():
    sp = [0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, 2.0, -0.5, FMAX, -FMAX, FMIN * 2]
    tests = []
    rng = Rng(1701)
    for name, A, B, loc in (
            ('special_all_pairs', [a for a in sp for b in sp], [b for a in sp for b in sp], 48),
            ('special_random', [rng.pick(sp) for _ in range(160)], [rng.pick(sp) for _ in range(160)], 32)):
        keep = [(x, y) for x, y in zip(A, B)
                if not any(denorm(r) for r in (fadd(x, y), fsub(x, y), fmul(x, y), fdiv32(x, y), fdiv32(1.0, x)))]
        A, B = [p[0] for p in keep], [p[1] for p in keep]
        o, z = [], []
        for x, y in zip(A, B):
            rs = [fadd(x, y), fsub(x, y), fmul(x, y), fdiv32(x, y), fdiv32(1.0, x), fmul(-x, y)]
            o += rs
            z += [(2 if math.copysign(1, r) < 0 else 1) if r == 0 else 0 for r in rs]
        n = len(A)
        te = Test(name, kernel_name='k_special', global_size=sizes(n), local_size=sizes(div_local(n, loc)))
        te.inp(0, 'float', n, A).inp(1, 'float', n, B).out(2, 'float', 6 * n, o).out(3, 'int', 6 * n, z)
        tests.append(te)
    write('f_float_special.cl', 'float_special_values', SPECIAL_SRC, tests,
          build_options='-cl-fp32-correctly-rounded-divide-sqrt',
          comment='built with -cl-fp32-correctly-rounded-divide-sqrt so x/y is exact')


if __name__ == '__main__':
    main()
