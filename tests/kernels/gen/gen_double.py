#!/usr/bin/python3
"""Double precision: f_double.cl (cl_khr_fp64).

Host references are exact: Python floats are IEEE binary64 with correctly
rounded + - * / and sqrt; fma and every conversion are computed from
fractions.Fraction and rounded once (float(Fraction) rounds to nearest
even); double -> float in the four rounding modes uses kt.round_f32.
No input or result is a denormal (the files pass whether f64 denormals
are kept or flushed). The libm kernels (exp, log, sin, pow, ...) go through
libclc's double implementations, which exercise most f64 instructions; they
are checked against Python's math module with the OpenCL 1.2 ulp bounds
for double (section 7.4, table 7.2)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

INF, NAN = math.inf, math.nan
DMAX = sys.float_info.max
DMIN = 2.0 ** -1022

SRC = r'''
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

/* Arithmetic: 14 results per work-item. Products and sums are separate
 * statements where contraction to fma could change them. */
kernel void k_arith(global const double *a, global const double *b, global const double *c, global double *o)
{
    size_t i = get_global_id(0);
    double x = a[i], y = b[i], z = c[i];
    double p = x * y;
    o[14 * i + 0] = x + y;
    o[14 * i + 1] = x - y;
    o[14 * i + 2] = p;
    o[14 * i + 3] = x / y;
    o[14 * i + 4] = -x;
    o[14 * i + 5] = x + 1.5;
    o[14 * i + 6] = fma(x, y, z);
    o[14 * i + 7] = sqrt(fabs(z));
    o[14 * i + 8] = fabs(x);
    o[14 * i + 9] = copysign(x, y);
    o[14 * i + 10] = fmin(x, y);
    o[14 * i + 11] = fmax(x, y);
    o[14 * i + 12] = 0.1 - x;
    o[14 * i + 13] = 3.0 / y;
}

/* Division and square root over the whole exponent range (the scaling
 * paths of both sequences). */
kernel void k_divsqrt(global const double *a, global const double *b, global double *o)
{
    size_t i = get_global_id(0);
    o[2 * i + 0] = a[i] / b[i];
    o[2 * i + 1] = sqrt(a[i]);
}

/* Uniform operands: by-value arguments and values computed from them
 * live in SGPR pairs and reach the f64 instructions through the constant
 * bus; mixed with the (divergent) work-item id. */
kernel void k_uniform(double s, double t, long n, global double *o)
{
    size_t i = get_global_id(0);
    double u = s * (double)n;
    double v = u / t;
    o[6 * i + 0] = u;
    o[6 * i + 1] = v + 0.5;
    o[6 * i + 2] = sqrt(s) - (double)i;
    o[6 * i + 3] = -t * (double)i;
    o[6 * i + 4] = s < t ? s : t;
    o[6 * i + 5] = (double)(float)s + (double)(long)(v / 1e6);
}

/* Compares and classification: 13 ints per work-item. */
kernel void k_cmp(global const double *a, global const double *b, global int *o)
{
    size_t i = get_global_id(0);
    double x = a[i], y = b[i];
    o[13 * i + 0] = x < y;
    o[13 * i + 1] = x <= y;
    o[13 * i + 2] = x == y;
    o[13 * i + 3] = x != y;
    o[13 * i + 4] = x > y;
    o[13 * i + 5] = x >= y;
    o[13 * i + 6] = isnan(x);
    o[13 * i + 7] = isinf(x);
    o[13 * i + 8] = isfinite(x);
    o[13 * i + 9] = isnormal(x);
    o[13 * i + 10] = signbit(x);
    o[13 * i + 11] = isordered(x, y);
    o[13 * i + 12] = isunordered(x, y);
}

/* Conversions and rounding. */
kernel void k_conv(global const double *a, global const long *l, global const float *f,
                   global long *oi, global double *od, global float *of)
{
    size_t i = get_global_id(0);
    double x = a[i];
    long n = l[i];
    oi[6 * i + 0] = (int)x;
    oi[6 * i + 1] = (uint)fabs(x);
    oi[6 * i + 2] = (long)(x * 4294967296.0);
    oi[6 * i + 3] = (ulong)(fabs(x) * 4294967296.0);
    oi[6 * i + 4] = (short)(x / 65536.0);
    oi[6 * i + 5] = (uchar)(fabs(x) / 8388608.0);
    od[9 * i + 0] = (double)n;
    od[9 * i + 1] = (double)(ulong)n;
    od[9 * i + 2] = (double)(int)n;
    od[9 * i + 3] = (double)(uint)n;
    od[9 * i + 4] = (double)f[i];
    od[9 * i + 5] = floor(x) + ceil(x);
    od[9 * i + 6] = trunc(x);
    od[9 * i + 7] = rint(x);
    od[9 * i + 8] = round(x);
    of[4 * i + 0] = (float)x;
    of[4 * i + 1] = convert_float_rtz(x);
    of[4 * i + 2] = convert_float_rtp(x);
    of[4 * i + 3] = convert_float_rtn(x);
}

/* double2 / double4 element-wise. */
kernel void k_vec(global const double4 *a, global const double4 *b, global double4 *o, global double2 *o2)
{
    size_t i = get_global_id(0);
    double4 x = a[i], y = b[i];
    double4 p = x * y;
    o[3 * i + 0] = p + x;
    o[3 * i + 1] = x / y - y;
    o[3 * i + 2] = -x;
    double2 q = x.hi * y.lo;
    o2[i] = q + 2.0;
}

/* frexp, ldexp, ilogb, fract, modf, rsqrt, nextafter, fdim: libclc's
 * double versions use the f64 class, frexp, ldexp and rsq instructions. */
kernel void k_misc(global const double *a, global const double *b, global const int *k,
                   global double *o, global int *oi)
{
    size_t i = get_global_id(0);
    double x = a[i], y = b[i], ip;
    int e;
    o[7 * i + 0] = frexp(x, &e);
    oi[2 * i + 0] = e;
    oi[2 * i + 1] = ilogb(x);
    o[7 * i + 1] = ldexp(x, k[i]);
    o[7 * i + 2] = fract(x, &ip);
    o[7 * i + 3] = ip;
    o[7 * i + 4] = modf(y, &ip) + ip;
    o[7 * i + 5] = nextafter(x, y);
    o[7 * i + 6] = fdim(x, y);
}

#define LIBM1(F) kernel void k_##F(global const double *a, global double *o) \
    { size_t i = get_global_id(0); o[i] = F(a[i]); }
#define LIBM2(F) kernel void k_##F(global const double *a, global const double *b, global double *o) \
    { size_t i = get_global_id(0); o[i] = F(a[i], b[i]); }
LIBM1(exp) LIBM1(log) LIBM1(sin) LIBM1(cos) LIBM1(cbrt) LIBM1(atan) LIBM1(exp2) LIBM1(log2) LIBM1(tanh)
LIBM2(pow) LIBM2(atan2) LIBM2(hypot) LIBM2(fmod)
'''


def dround(fr):
    """Fraction -> nearest double (ties to even), with overflow to inf."""
    try:
        return float(fr)
    except OverflowError:
        return INF if fr > 0 else -INF


def fma64(a, b, c):
    if any(math.isnan(v) or math.isinf(v) for v in (a, b, c)):
        return a * b + c
    r = Fraction(a) * Fraction(b) + Fraction(c)
    if r == 0:
        return a * b + c  # the sign of an exact zero follows IEEE rules for the sum
    return dround(r)


def ddiv(x, y):
    if y == 0:
        if x == 0 or math.isnan(x):
            return NAN
        return math.copysign(INF, x) * math.copysign(1.0, y)
    return x / y


def fmin(x, y):
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    if x == y == 0:
        return x if math.copysign(1, x) < 0 else y
    return min(x, y)


def fmax(x, y):
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    if x == y == 0:
        return x if math.copysign(1, x) > 0 else y
    return max(x, y)


def denorm(v):
    return v == v and not math.isinf(v) and v != 0 and abs(v) < DMIN


class Gen:
    def __init__(self, seed):
        self.r = Rng(seed)

    def d(self, lo_e=-60, hi_e=60):
        """a double with a random sign, mantissa and exponent in [lo_e, hi_e]"""
        m = 1 + self.r.bits(52) / 2.0 ** 52
        v = math.ldexp(m, self.r.range(lo_e, hi_e))
        return -v if self.r.bits(1) else v


SPECIALS = [0.0, -0.0, 1.0, -1.0, 0.5, 3.0, INF, -INF, NAN, DMAX, -DMAX, 2.0 ** -1000, 1.0 + 2.0 ** -52,
            0.1, -7.3, 2.0 ** 53, 1e300, -1e-300]


def arith_ref(x, y, z):
    return [x + y, x - y, x * y, ddiv(x, y), -x, x + 1.5, fma64(x, y, z), math.sqrt(abs(z)), abs(x),
            math.copysign(x, y), fmin(x, y), fmax(x, y), 0.1 - x, ddiv(3.0, y)]


def arith_tests(g):
    n = 128
    X, Y, Z, out = [], [], [], []
    k = 0
    while len(X) < n:
        if k < len(SPECIALS) * 2:
            x = SPECIALS[k % len(SPECIALS)]
            y = SPECIALS[(k * 7 + 3) % len(SPECIALS)]
        else:
            x, y = g.d(), g.d()
        z = g.d(-1020, 1020) if k % 3 == 0 else g.d()
        k += 1
        r = arith_ref(x, y, z)
        # no denormal results: the file passes with or without f64 denormals
        if any(denorm(v) for v in r):
            continue
        X.append(x), Y.append(y), Z.append(z)
        out += r
    te = Test('arith', kernel_name='k_arith', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'double', n, X).inp(1, 'double', n, Y).inp(2, 'double', n, Z).out(3, 'double', 14 * n, out)
    return [te]


def divsqrt_tests(g):
    n = 256
    X, Y, out = [], [], []
    while len(X) < n:
        x, y = abs(g.d(-1022, 1023)), g.d(-1022, 1023)
        if len(X) % 4 == 0:
            y = g.d(-4, 4) * x  # quotients near 1: the last bit matters most
        r = [ddiv(x, y), math.sqrt(x)]
        if any(denorm(v) for v in r) or denorm(y):
            continue
        X.append(x), Y.append(y)
        out += r
    te = Test('divsqrt', kernel_name='k_divsqrt', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'double', n, X).inp(1, 'double', n, Y).out(2, 'double', 2 * n, out)
    return [te]


def uniform_tests():
    n = 64
    s, t, l = 2.718281828459045, -0.3, 12345678901
    u = s * float(l)  # float(l) is exact (l < 2^53)
    v = u / t
    out = []
    for i in range(n):
        out += [u, v + 0.5, math.sqrt(s) - float(i), -t * float(i), min(s, t),
                round_f32(Fraction(s)) + float(math.trunc(v / 1e6))]
    te = Test('uniform', kernel_name='k_uniform', global_size=sizes(n), local_size=sizes(64))
    te.val(0, 'double', s).val(1, 'double', t).val(2, 'long', l).out(3, 'double', 6 * n, out)
    return [te]


def cmp_tests(g):
    n = 64
    X = [SPECIALS[k % len(SPECIALS)] if k < 40 else g.d() for k in range(n)]
    Y = [SPECIALS[(k * 5 + 1) % len(SPECIALS)] if k < 40 else (X[k] if k % 4 == 0 else g.d()) for k in range(n)]
    out = []
    for x, y in zip(X, Y):
        un = math.isnan(x) or math.isnan(y)
        out += [int(x < y), int(x <= y), int(x == y), int(x != y), int(x > y), int(x >= y), int(math.isnan(x)),
                int(math.isinf(x)), int(math.isfinite(x)), int(math.isfinite(x) and abs(x) >= DMIN),
                int(math.copysign(1, x) < 0), int(not un), int(un)]
    te = Test('cmp', kernel_name='k_cmp', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'double', n, X).inp(1, 'double', n, Y).out(2, 'int', 13 * n, out)
    return [te]


def cvt_f32(x, mode):
    if math.isnan(x) or math.isinf(x) or x == 0:
        return x
    return round_f32(Fraction(x), mode)


def conv_tests(g):
    n = 128
    A, L, F = [], [], []
    halves = [0.5, -0.5, 1.5, 2.5, -2.5, 3.5, 1e9 + 0.5, -0.49999999999999994]
    for k in range(n):
        if k < len(halves):
            x = halves[k]
        elif k % 3 == 0:
            x = g.d(-3, 20)
        else:
            x = g.d(-30, 30)
        if abs(x) >= 2.0 ** 31:  # (int)x must be in range
            x = math.fmod(x, 2.0 ** 30)
        A.append(x)
        L.append(g.r.of('long') >> g.r.range(0, 40))
        F.append(g.r.f32(-1e6, 1e6))
    oi, od, of = [], [], []
    for x, l, f in zip(A, L, F):
        ax = abs(x)
        t = math.trunc
        oi += [t(x), t(ax) & 0xffffffff, t(x * 4294967296.0), t(ax * 4294967296.0),
               t(x / 65536.0), t(ax / 8388608.0)]
        od += [float(l), float(l & (2 ** 64 - 1)), float(wrap(l, 'int')), float(l & 0xffffffff), f,
               float(math.floor(x) + math.ceil(x)), float(t(x)) if t(x) else math.copysign(0.0, x),
               math.copysign(float(round(Fraction(x))), x), math.copysign(float(math.floor(Fraction(ax) + Fraction(1, 2))), x)]
        of += [cvt_f32(x, 'rte'), cvt_f32(x, 'rtz'), cvt_f32(x, 'rtp'), cvt_f32(x, 'rtn')]
    # every conversion is in range: |x| < 2^31, so x / 2^16 fits a short
    # and |x| / 2^23 a uchar
    te = Test('conv', kernel_name='k_conv', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'double', n, A).inp(1, 'long', n, L).inp(2, 'float', n, F)
    return te, oi, od, of


def vec_tests(g):
    n = 64
    A = [g.d() for _ in range(4 * n)]
    B = [g.d() for _ in range(4 * n)]
    o, o2 = [], []
    for k in range(n):
        x, y = A[4 * k:4 * k + 4], B[4 * k:4 * k + 4]
        o += [p * q + p for p, q in zip(x, y)]
        o += [p / q - q for p, q in zip(x, y)]
        o += [-p for p in x]
        o2 += [x[2] * y[0] + 2.0, x[3] * y[1] + 2.0]
    te = Test('vec', kernel_name='k_vec', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'double4', n, A).inp(1, 'double4', n, B).out(2, 'double4', 3 * n, o).out(3, 'double2', n, o2)
    return [te]


# OpenCL 1.2 table 7.2 (double): ulp bounds
LIBM = [('exp', math.exp, 3, (-700, 700)), ('log', math.log, 3, (1e-300, 1e300)), ('sin', math.sin, 4, (-1e4, 1e4)),
        ('cos', math.cos, 4, (-1e4, 1e4)), ('cbrt', math.cbrt, 2, (-1e300, 1e300)), ('atan', math.atan, 5, (-1e10, 1e10)),
        ('exp2', math.exp2, 3, (-1000, 1000)), ('log2', math.log2, 3, (1e-300, 1e300)), ('tanh', math.tanh, 5, (-20, 20))]
LIBM2 = [('pow', math.pow, 16), ('atan2', math.atan2, 6), ('hypot', math.hypot, 4), ('fmod', math.fmod, 0)]


def misc_tests(g):
    n = 64
    X = [g.d(-1000, 1000) if k % 4 else g.d(-3, 3) for k in range(n)]
    Y = [g.d(-8, 8) for _ in range(n)]
    K = [g.r.range(-60, 60) for _ in range(n)]
    o, oi = [], []
    for x, y, k in zip(X, Y, K):
        m, e = math.frexp(x)
        fl = math.floor(Fraction(x))
        fr = float(Fraction(x) - fl)
        fr = min(fr, 1 - 2.0 ** -53)
        yi = float(math.trunc(Fraction(y)))
        o += [m, math.ldexp(x, k), fr, float(fl), float(Fraction(y) - Fraction(yi)) + yi,
              math.nextafter(x, y), float(Fraction(x) - Fraction(y)) if x > y else 0.0]
        oi += [e, e - 1]
    te = Test('misc', kernel_name='k_misc', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'double', n, X).inp(1, 'double', n, Y).inp(2, 'int', n, K)
    te.out(3, 'double', 7 * n, o).out(4, 'int', 2 * n, oi)
    return [te]


def libm_tests(g):
    tests = []
    n = 64
    for name, fn, ulp, (lo, hi) in LIBM:
        X = []
        while len(X) < n:
            if lo > 0:
                x = math.exp(math.log(lo) + (math.log(hi) - math.log(lo)) * g.r.bits(32) / 2.0 ** 32)
            else:
                x = lo + (hi - lo) * g.r.bits(32) / 2.0 ** 32
            X.append(x)
        te = Test(name, kernel_name='k_' + name, global_size=sizes(n), local_size=sizes(64))
        te.inp(0, 'double', n, X).out(1, 'double', n, [fn(x) for x in X], tol='%d ulp' % ulp if ulp else None)
        tests.append(te)
    for name, fn, ulp in LIBM2:
        X, Y = [], []
        while len(X) < n:
            if name == 'pow':
                x, y = math.exp(g.r.range(-2000, 2000) / 100.0), g.r.range(-4000, 4000) / 100.0
            else:
                x, y = g.d(-20, 20), g.d(-20, 20)
            X.append(x), Y.append(y)
        te = Test(name, kernel_name='k_' + name, global_size=sizes(n), local_size=sizes(64))
        te.inp(0, 'double', n, X).inp(1, 'double', n, Y)
        te.out(2, 'double', n, [fn(x, y) for x, y in zip(X, Y)], tol='%d ulp' % ulp if ulp else None)
        tests.append(te)
    return tests


def main():
    g = Gen(9001)
    tests = arith_tests(g) + divsqrt_tests(g) + uniform_tests() + cmp_tests(g) + vec_tests(g)
    te, oi, od, of = conv_tests(g)
    te.out(3, 'long', len(oi), oi)
    te.out(4, 'double', len(od), od).out(5, 'float', len(of), of)
    tests.append(te)
    tests += misc_tests(g) + libm_tests(g)
    write('f_double.cl', 'double', SRC, tests, extensions='cl_khr_fp64',
          comment='PoCL offers cl_khr_fp64: the expected values are confirmed there too.')


main()
