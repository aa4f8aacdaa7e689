#!/usr/bin/python3
"""Integer operation tests: f_int_*.cl and f_long_*.cl.

Signed int/long overflow is undefined in C, so wraparound is tested through
the unsigned types (and through char/short, whose arithmetic is done in int
after promotion and converted back, which clang defines as truncation).
Division never divides by zero nor TYPE_MIN by -1 for int/long.
"""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

TYPES = ['char', 'uchar', 'short', 'ushort', 'int', 'uint', 'long', 'ulong']
N = 384


def edges(t):
    lo, hi = tmin(t), tmax(t)
    e = [0, 1, 2, 3, 7, hi, hi - 1, hi // 2, hi // 2 + 1]
    if signed(t):
        e += [-1, -2, -3, -7, lo, lo + 1, lo // 2]
    else:
        e += [hi - 2, 1 << (BITS[t] - 1)]
    return [wrap(v, t) for v in e]


def pairs(t, rng, n=N, ok=lambda a, b: True):
    e = edges(t)
    ps = [(a, b) for a in e for b in e if ok(a, b)]
    # spread the edge pairs over the items, then random pairs (with some
    # small divisors so div/rem give non-trivial quotients)
    if len(ps) > n * 3 // 4:
        # keep a deterministic spread over all edge pairs
        step = len(ps) / (n * 3 // 4)
        ps = [ps[int(k * step)] for k in range(n * 3 // 4)]
    while len(ps) < n:
        a = rng.of(t)
        k = rng.range(0, 3)
        if k == 0:
            b = rng.of(t)
        elif k == 1:
            b = wrap(rng.range(-20, 20), t)
        elif k == 2:
            b = wrap(rng.of(t) >> rng.range(0, BITS[t] - 1), t)
        else:
            b = rng.pick(e)
        if ok(a, b):
            ps.append((a, b))
    return ps


LOCALS = [64, 32, 128, 96, 16, 64, 8, 128]

BIN_SRC = r'''
/* One kernel per element type: out[i] = OP(a[i], b[i]).  U is the unsigned
 * type of the same width; signed int/long wraparound goes through it. */
#define K(T, U) \
kernel void k_##T(global const T *a, global const T *b, global T *out) \
{ \
    size_t i = get_global_id(0); \
    T x = a[i], y = b[i]; \
    out[i] = OP(T, U, x, y); \
}
K(char, uchar)
K(uchar, uchar)
K(short, ushort)
K(ushort, ushort)
K(int, uint)
K(uint, uint)
K(long, ulong)
K(ulong, ulong)
'''


def binop_file(fname, title, opdef, ref, seed, ok=lambda t, a, b: True, types=TYPES, note=None):
    rng = Rng(seed)
    tests = []
    for ti, t in enumerate(types):
        ps = pairs(t, rng, ok=lambda a, b: ok(t, a, b))
        loc = LOCALS[ti % len(LOCALS)]
        te = Test('%s_%s' % (title, t), kernel_name='k_' + t, global_size=sizes(N), local_size=sizes(loc))
        te.inp(0, t, N, [p[0] for p in ps])
        te.inp(1, t, N, [p[1] for p in ps])
        te.out(2, t, N, [ref(t, a, b) for a, b in ps])
        tests.append(te)
    src = '/* %s */\n%s\n%s' % (note or title, opdef, BIN_SRC)
    write(fname, title, src, tests)


def main():
    # add / sub: two files so each op has its own kernels
    binop_file('f_int_add.cl', 'int_add',
               '#define OP(T, U, x, y) ((T)((U)(x) + (U)(y)))',
               lambda t, a, b: wrap(a + b, t), 101,
               note='addition with wraparound for every integer type')
    binop_file('f_int_sub.cl', 'int_sub',
               '#define OP(T, U, x, y) ((T)((U)(x) - (U)(y)))',
               lambda t, a, b: wrap(a - b, t), 102,
               note='subtraction with wraparound for every integer type')
    binop_file('f_int_mul.cl', 'int_mul',
               '#define OP(T, U, x, y) ((T)((U)(x) * (U)(y)))',
               lambda t, a, b: wrap(a * b, t), 103,
               note='multiplication (low half) with wraparound for every integer type')
    binop_file('f_int_mulhi.cl', 'int_mul_hi',
               '#define OP(T, U, x, y) mul_hi(x, y)',
               lambda t, a, b: mul_hi(a, b, t), 104,
               note='mul_hi: high half of the full product, signed and unsigned')

    def divok(t, a, b):
        if b == 0:
            return False
        if t in ('int', 'long') and a == tmin(t) and b == -1:
            return False
        return True
    binop_file('f_int_div.cl', 'int_div',
               '#define OP(T, U, x, y) ((T)((x) / (y)))',
               lambda t, a, b: wrap(cdiv(a, b), t), 105, ok=divok,
               note='division truncating toward zero; never by 0, never INT_MIN/-1 for int/long\n'
                    '(char/short MIN/-1 is computed in int after promotion and truncated back)')
    binop_file('f_int_rem.cl', 'int_rem',
               '#define OP(T, U, x, y) ((T)((x) % (y)))',
               lambda t, a, b: wrap(crem(a, b), t), 106, ok=divok,
               note='remainder: sign follows the dividend; never by 0, never INT_MIN%-1 for int/long')
    binop_file('f_int_bitwise.cl', 'int_bitwise',
               '#define OP(T, U, x, y) ((T)(((x) & (y)) ^ (~(x) | ((y) ^ (T)0x5a))))',
               lambda t, a, b: wrap((a & b) ^ (~a | (b ^ 0x5a)), t), 107,
               note='and / or / xor / not combined: (x & y) ^ (~x | (y ^ 0x5a))')
    binop_file('f_int_minmax.cl', 'int_minmax',
               '#define OP(T, U, x, y) ((T)(min(x, y) * (T)3 + max(x, y)))',
               lambda t, a, b: wrap(min(a, b) * 3 + max(a, b), t),
               108, types=['uchar', 'ushort', 'uint', 'ulong'],
               note='min and max (unsigned types here; signed ones in f_int_minmax_signed.cl)')
    binop_file('f_int_minmax_signed.cl', 'int_minmax_signed',
               '#define OP(T, U, x, y) ((T)((U)min(x, y) ^ ((U)max(x, y) << 1)))',
               lambda t, a, b: wrap((min(a, b) & ((1 << BITS[t]) - 1)) ^ (max(a, b) << 1), t),
               109, types=['char', 'short', 'int', 'long'],
               note='min and max on signed types: min ^ (max << 1) computed unsigned')
    binop_file('f_int_addsat.cl', 'int_add_sat',
               '#define OP(T, U, x, y) add_sat(x, y)',
               lambda t, a, b: sat(a + b, t), 110,
               note='add_sat saturates at the type bounds')
    binop_file('f_int_subsat.cl', 'int_sub_sat',
               '#define OP(T, U, x, y) sub_sat(x, y)',
               lambda t, a, b: sat(a - b, t), 111,
               ok=lambda t, a, b: libclc19_sub_sat(a, b, t) == sat(a - b, t),
               note='sub_sat saturates at the type bounds\n'
                    '(0 - MIN for int/long, where libclc 19 is wrong, is in f_libclc_edges.cl)')
    binop_file('f_int_hadd.cl', 'int_hadd',
               '#define OP(T, U, x, y) ((T)(hadd(x, y) ^ rhadd(y, x)))',
               lambda t, a, b: wrap(((a + b) >> 1) ^ ((a + b + 1) >> 1), t), 112,
               note='hadd ((x+y)>>1) and rhadd ((x+y+1)>>1) without intermediate overflow, xored')
    binop_file('f_int_absdiff.cl', 'int_abs_diff',
               '#define OP(T, U, x, y) ((T)abs_diff(x, y))',
               lambda t, a, b: wrap(abs(a - b), t), 113,
               note='abs_diff |x - y| returned as the unsigned type, stored back as T')
    binop_file('f_int_absdiff_add.cl', 'int_abs_diff_add',
               '#define OP(T, U, x, y) ((T)(abs_diff(x, y) + (U)(x)))',
               lambda t, a, b: wrap(abs(a - b) + a, t), 119,
               note='abs_diff(x, y) + x with wraparound: llc-19 selects v_sad_u32 for the 32-bit types\n'
                    '(found by tests/fuzz/clsmith.py: the emulator did not know v_sad_u32)')
    binop_file('f_int_rotate.cl', 'int_rotate',
               '#define OP(T, U, x, y) rotate(x, y)',
               lambda t, a, b: rotate(a, b, t), 114,
               note='rotate left; the amount is taken modulo the bit width (negative amounts rotate right)')

    unary_files()
    shift_file()
    mad24_file()
    cmp_file()
    select_file()
    long_file()
    madhi_file()


UN_SRC = r'''
/* out[2i] = clz(a[i]), out[2i+1] = popcount(a[i]); out2[i] = abs(a[i]) */
#define K(T, U) \
kernel void k_##T(global const T *a, global T *out, global U *out2) \
{ \
    size_t i = get_global_id(0); \
    T x = a[i]; \
    out[2 * i] = clz(x); \
    out[2 * i + 1] = popcount(x); \
    out2[i] = abs(x); \
}
K(char, uchar)
K(uchar, uchar)
K(short, ushort)
K(ushort, ushort)
K(int, uint)
K(uint, uint)
K(long, ulong)
K(ulong, ulong)
'''


def unary_files():
    rng = Rng(201)
    tests = []
    for ti, t in enumerate(TYPES):
        vals = edges(t)
        # single bits and their neighbours
        for k in range(BITS[t]):
            vals.append(wrap(1 << k, t))
            vals.append(wrap((1 << k) - 1, t))
        while len(vals) < N:
            vals.append(wrap(rng.of(t) >> rng.range(0, BITS[t] - 1), t))
        vals = vals[:N]
        o = []
        for v in vals:
            o += [clz(v, t), popcount(v, t)]
        te = Test('clz_popcount_abs_' + t, kernel_name='k_' + t, global_size=sizes(N),
                  local_size=sizes(LOCALS[ti]))
        te.inp(0, t, N, vals)
        te.out(1, t, 2 * N, o)
        te.out(2, uns(t), N, [wrap(abs(v), uns(t)) for v in vals])
        tests.append(te)
    write('f_int_clz_popcount_abs.cl', 'int_clz_popcount_abs', UN_SRC, tests)


SHIFT_SRC = r'''
/* Scalar shifts: for char/short the left operand is promoted to int, so
 * the amount is taken modulo 32 (OpenCL C 6.3.j); for int modulo 32, for
 * long modulo 64.  Left shifts go through the unsigned type (a signed left
 * shift into the sign bit is undefined in C). */
#define K(T, U, W) \
kernel void k_##T(global const T *a, global const uint *s, global T *out) \
{ \
    size_t i = get_global_id(0); \
    T x = a[i]; \
    uint n = s[i]; \
    out[2 * i] = (T)((W)x << n); \
    out[2 * i + 1] = x >> n; \
}
K(char, uchar, uint)
K(uchar, uchar, uint)
K(short, ushort, uint)
K(ushort, ushort, uint)
K(int, uint, uint)
K(uint, uint, uint)
K(long, ulong, ulong)
K(ulong, ulong, ulong)

/* Vector shifts: the amount is taken modulo the element width (8 for
 * char4, 16 for short4), with no promotion. */
kernel void k_char4(global const char4 *a, global const uchar4 *s, global char4 *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = as_char4(as_uchar4(a[i]) << s[i]);
    out[2 * i + 1] = a[i] >> as_char4(s[i]);
}
kernel void k_short4(global const short4 *a, global const ushort4 *s, global short4 *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = as_short4(as_ushort4(a[i]) << s[i]);
    out[2 * i + 1] = a[i] >> as_short4(s[i]);
}
kernel void k_uint2(global const uint2 *a, global const uint2 *s, global uint2 *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = a[i] << s[i];
    out[2 * i + 1] = a[i] >> s[i];
}
'''


def shl(v, n, t, pbits):
    # shift in the (promoted) width pbits, amount mod pbits, truncate to t
    n %= pbits
    return wrap((v & ((1 << pbits) - 1) if not signed(t) else v) << n, t)


def shr(v, n, t, pbits):
    n %= pbits
    return wrap(v >> n, t)  # python >> is arithmetic for negatives


def shift_file():
    rng = Rng(301)
    tests = []
    for ti, t in enumerate(TYPES):
        pb = 64 if BITS[t] == 64 else 32
        vals, amts = [], []
        e = edges(t)
        for v in e:
            for n in (0, 1, BITS[t] - 1, BITS[t], pb - 1, pb, pb + 3, 255):
                vals.append(v)
                amts.append(n)
        while len(vals) < N:
            vals.append(rng.of(t))
            amts.append(rng.range(0, 200))
        vals, amts = vals[:N], amts[:N]
        o = []
        for v, n in zip(vals, amts):
            o += [shl(v, n, t, pb), shr(v, n, t, pb)]
        te = Test('shift_' + t, kernel_name='k_' + t, global_size=sizes(N), local_size=sizes(LOCALS[ti]))
        te.inp(0, t, N, vals).inp(1, 'uint', N, amts).out(2, t, 2 * N, o)
        tests.append(te)
    for vt, st, et, M in (('char4', 'uchar4', 'char', 64), ('short4', 'ushort4', 'short', 64), ('uint2', 'uint2', 'uint', 128)):
        w = int(vt[-1])
        vals = [rng.of(et) for _ in range(M * w)]
        amts = [rng.range(0, 255 if BITS[et] == 8 else 100) for _ in range(M * w)]
        o = []
        for i in range(M):
            v = vals[i * w:(i + 1) * w]
            n = amts[i * w:(i + 1) * w]
            o += [wrap(x << (k % BITS[et]), et) for x, k in zip(v, n)]
            o += [wrap(x >> (k % BITS[et]), et) for x, k in zip(v, n)]
        te = Test('shift_' + vt, kernel_name='k_' + vt, global_size=sizes(M), local_size=sizes(16))
        te.inp(0, vt, M, vals).inp(1, st, M, amts).out(2, vt, 2 * M, o)
        tests.append(te)
    write('f_int_shift.cl', 'int_shift', SHIFT_SRC, tests)


MAD24_SRC = r'''
/* mul24 / mad24: operands are in the 24-bit range (signed: [-2^23, 2^23),
 * unsigned: [0, 2^24)), where the result is the low 32 bits of the product. */
kernel void k_int(global const int *a, global const int *b, global const int *c, global int *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = mul24(a[i], b[i]);
    out[2 * i + 1] = mad24(a[i], b[i], c[i]);
}
kernel void k_uint(global const uint *a, global const uint *b, global const uint *c, global uint *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = mul24(a[i], b[i]);
    out[2 * i + 1] = mad24(a[i], b[i], c[i]);
}
kernel void k_int4(global const int4 *a, global const int4 *b, global const int4 *c, global int4 *out)
{
    size_t i = get_global_id(0);
    out[i] = mad24(a[i], b[i], c[i]);
}
'''


def mad24_file():
    rng = Rng(401)
    tests = []
    for t, lo, hi, loc in (('int', -(1 << 23), (1 << 23) - 1, 75), ('uint', 0, (1 << 24) - 1, 100)):
        ed = [lo, hi, 0, 1, lo + 1, hi - 1, 2, 3, 4095, 4096]
        if t == 'int':
            ed += [-1, -2, -4096]
        A, B, Cc = [], [], []
        for x in ed:
            for y in ed:
                A.append(x)
                B.append(y)
                Cc.append(rng.of(t))
        while len(A) < 300:
            A.append(rng.range(lo, hi))
            B.append(rng.range(lo, hi))
            Cc.append(rng.of(t))
        n = 300
        A, B, Cc = A[:n], B[:n], Cc[:n]
        o = []
        for x, y, z in zip(A, B, Cc):
            o += [wrap(x * y, t), wrap(x * y + z, t)]
        te = Test('mad24_' + t, kernel_name='k_' + t, global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, t, n, A).inp(1, t, n, B).inp(2, t, n, Cc).out(3, t, 2 * n, o)
        tests.append(te)
    n = 64
    A = [rng.range(-(1 << 23), (1 << 23) - 1) for _ in range(4 * n)]
    B = [rng.range(-(1 << 23), (1 << 23) - 1) for _ in range(4 * n)]
    Cc = [rng.of('int') for _ in range(4 * n)]
    te = Test('mad24_int4', kernel_name='k_int4', global_size=sizes(n), local_size=sizes(7 * 0 + 16))
    te.inp(0, 'int4', n, A).inp(1, 'int4', n, B).inp(2, 'int4', n, Cc)
    te.out(3, 'int4', n, [wrap(x * y + z, 'int') for x, y, z in zip(A, B, Cc)])
    tests.append(te)
    write('f_int_mad24.cl', 'int_mad24', MAD24_SRC, tests)


CMP_SRC = r'''
/* The six comparisons packed into bits of one int per element pair. */
#define K(T) \
kernel void k_##T(global const T *a, global const T *b, global int *out) \
{ \
    size_t i = get_global_id(0); \
    T x = a[i], y = b[i]; \
    out[i] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | \
             (x == y) << 4 | (x != y) << 5 | (!x) << 6 | (x && y) << 7 | (x || y) << 8; \
}
K(char)
K(uchar)
K(short)
K(ushort)
K(int)
K(uint)
K(long)
K(ulong)

/* Vector compares yield -1 (all bits) for true, 0 for false. */
kernel void k_int4(global const int4 *a, global const int4 *b, global int4 *out)
{
    size_t i = get_global_id(0);
    out[3 * i] = a[i] < b[i];
    out[3 * i + 1] = a[i] == b[i];
    out[3 * i + 2] = a[i] >= b[i];
}
kernel void k_uint4(global const uint4 *a, global const uint4 *b, global int4 *out)
{
    size_t i = get_global_id(0);
    out[3 * i] = a[i] < b[i];
    out[3 * i + 1] = a[i] == b[i];
    out[3 * i + 2] = a[i] >= b[i];
}
'''


def cmp_file():
    rng = Rng(501)
    tests = []
    for ti, t in enumerate(TYPES):
        ps = pairs(t, rng)
        o = [(a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4 |
             (a != b) << 5 | (a == 0) << 6 | (a != 0 and b != 0) << 7 | (a != 0 or b != 0) << 8 for a, b in ps]
        te = Test('cmp_' + t, kernel_name='k_' + t, global_size=sizes(N), local_size=sizes(LOCALS[ti]))
        te.inp(0, t, N, [p[0] for p in ps]).inp(1, t, N, [p[1] for p in ps]).out(2, 'int', N, o)
        tests.append(te)
    for vt in ('int4', 'uint4'):
        et = vt[:-1]
        ps = pairs(et, rng, n=4 * 64)
        A = [p[0] for p in ps]
        B = [p[1] for p in ps]
        o = []
        for i in range(64):
            x, y = A[4 * i:4 * i + 4], B[4 * i:4 * i + 4]
            o += [-int(p < q) for p, q in zip(x, y)]
            o += [-int(p == q) for p, q in zip(x, y)]
            o += [-int(p >= q) for p, q in zip(x, y)]
        te = Test('cmp_' + vt, kernel_name='k_' + vt, global_size=sizes(64), local_size=sizes(64))
        te.inp(0, vt, 64, A).inp(1, vt, 64, B).out(2, 'int4', 192, o)
        tests.append(te)
    write('f_int_cmp.cl', 'int_cmp', CMP_SRC, tests)


SEL_SRC = r'''
/* Ternary, select() and bitselect().  Scalar select picks b when the
 * condition is non-zero; vector select looks at the condition's sign bit. */
kernel void k_int(global const int *a, global const int *b, global const int *c, global int *out)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i], z = c[i];
    out[4 * i] = z > 0 ? x : y;
    out[4 * i + 1] = select(x, y, z);
    out[4 * i + 2] = bitselect(x, y, z);
    out[4 * i + 3] = (x < y) ? (z & 1 ? x - y : y - x) : (z & 2 ? x ^ z : 7);
}
kernel void k_long(global const long *a, global const long *b, global const long *c, global long *out)
{
    size_t i = get_global_id(0);
    long x = a[i], y = b[i], z = c[i];
    out[3 * i] = z < 0 ? x : y;
    out[3 * i + 1] = select(x, y, z);
    out[3 * i + 2] = bitselect(x, y, z);
}
kernel void k_int4(global const int4 *a, global const int4 *b, global const int4 *c, global int4 *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = select(a[i], b[i], c[i]);
    out[2 * i + 1] = select(a[i], b[i], c[i] > a[i]);
}
kernel void k_float(global const float *a, global const float *b, global const int *c, global float *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = select(a[i], b[i], c[i]);
    out[2 * i + 1] = c[i] & 4 ? a[i] : b[i];
}
'''


def select_file():
    rng = Rng(601)
    tests = []
    n = 256
    A = [rng.of('int') for _ in range(n)]
    B = [rng.of('int') for _ in range(n)]
    Cc = [rng.pick([0, 1, -1, 2, 3, tmin('int'), tmax('int')]) if k % 2 else rng.of('int') for k in range(n)]
    o = []
    for x, y, z in zip(A, B, Cc):
        o += [x if z > 0 else y, y if z != 0 else x, wrap((x & ~z) | (y & z), 'int'),
              (wrap(x - y, 'int') if z & 1 else wrap(y - x, 'int')) if x < y else (x ^ z if z & 2 else 7)]
    te = Test('select_int', kernel_name='k_int', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'int', n, A).inp(1, 'int', n, B).inp(2, 'int', n, Cc).out(3, 'int', 4 * n, o)
    tests.append(te)
    n = 128
    A = [rng.of('long') for _ in range(n)]
    B = [rng.of('long') for _ in range(n)]
    Cc = [rng.pick([0, 1, -1, tmin('long')]) if k % 2 else rng.of('long') for k in range(n)]
    o = []
    for x, y, z in zip(A, B, Cc):
        o += [x if z < 0 else y, y if z != 0 else x, wrap((x & ~z) | (y & z), 'long')]
    te = Test('select_long', kernel_name='k_long', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'long', n, A).inp(1, 'long', n, B).inp(2, 'long', n, Cc).out(3, 'long', 3 * n, o)
    tests.append(te)
    n = 64
    A = [rng.of('int') for _ in range(4 * n)]
    B = [rng.of('int') for _ in range(4 * n)]
    Cc = [rng.of('int') >> rng.range(0, 31) for _ in range(4 * n)]
    o = []
    for i in range(n):
        sl = slice(4 * i, 4 * i + 4)
        o += [y if z < 0 else x for x, y, z in zip(A[sl], B[sl], Cc[sl])]
        o += [y if z > x else x for x, y, z in zip(A[sl], B[sl], Cc[sl])]
    te = Test('select_int4', kernel_name='k_int4', global_size=sizes(n), local_size=sizes(32))
    te.inp(0, 'int4', n, A).inp(1, 'int4', n, B).inp(2, 'int4', n, Cc).out(3, 'int4', 2 * n, o)
    tests.append(te)
    n = 128
    A = [rng.f32() for _ in range(n)]
    B = [rng.f32() for _ in range(n)]
    Cc = [rng.range(-3, 8) for _ in range(n)]
    o = []
    for x, y, z in zip(A, B, Cc):
        o += [y if z != 0 else x, x if z & 4 else y]
    te = Test('select_float', kernel_name='k_float', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'float', n, A).inp(1, 'float', n, B).inp(2, 'int', n, Cc).out(3, 'float', 2 * n, o)
    tests.append(te)
    write('f_int_select.cl', 'int_select', SEL_SRC, tests)


LONG_SRC = r'''
/* 64-bit arithmetic in one kernel: add, sub, mul, div, rem, shifts and
 * compares on long and ulong. */
kernel void k_long(global const long *a, global const long *b, global long *out)
{
    size_t i = get_global_id(0);
    long x = a[i], y = b[i];
    ulong ux = (ulong)x, uy = (ulong)y;

    out[8 * i + 0] = (long)(ux + uy);
    out[8 * i + 1] = (long)(ux - uy);
    out[8 * i + 2] = (long)(ux * uy);
    out[8 * i + 3] = y != 0 && !(x == LONG_MIN && y == -1) ? x / y : 12345;
    out[8 * i + 4] = y != 0 && !(x == LONG_MIN && y == -1) ? x % y : 54321;
    out[8 * i + 5] = (long)(ux << (uy & 63)) ^ (x >> (y & 63));
    out[8 * i + 6] = (long)(ux >> (uy % 64));
    out[8 * i + 7] = (x < y) | (x == y) << 1 | (ux < uy) << 2 | (ux >= uy) << 3 | (x > 0) << 4;
}
kernel void k_ulong(global const ulong *a, global const ulong *b, global ulong *out)
{
    size_t i = get_global_id(0);
    ulong x = a[i], y = b[i];
    out[4 * i + 0] = y ? x / y : x;
    out[4 * i + 1] = y ? x % y : ~x;
    out[4 * i + 2] = mul_hi(x, y);
    out[4 * i + 3] = x * y + mul_hi(y, x) * 3u;
}
'''


def long_file():
    rng = Rng(701)
    tests = []
    for k, (n, loc) in enumerate(((256, 64), (200, 40))):
        ps = pairs('long', rng, n=n)
        if k == 1:
            # operands that straddle 32 bits, to catch carry/borrow bugs
            ps = []
            for _ in range(n):
                x = rng.pick([0xffffffff, 0x100000000, 0x7fffffff, 0x80000000, -0x80000000, -0x100000000,
                              rng.of('long'), rng.of('int'), rng.of('uint')])
                y = rng.pick([0xffffffff, 0x100000000, 1, -1, 3, -3, rng.of('int'), rng.of('uint'), rng.of('long')])
                ps.append((wrap(x, 'long'), wrap(y, 'long')))
        o = []
        for x, y in ps:
            ux, uy = x & (2 ** 64 - 1), y & (2 ** 64 - 1)
            okd = y != 0 and not (x == tmin('long') and y == -1)
            o += [wrap(x + y, 'long'), wrap(x - y, 'long'), wrap(x * y, 'long'),
                  wrap(cdiv(x, y), 'long') if okd else 12345,
                  wrap(crem(x, y), 'long') if okd else 54321,
                  wrap(wrap(ux << (uy & 63), 'long') ^ (x >> (y & 63)), 'long'),
                  wrap(ux >> (uy % 64), 'long'),
                  int(x < y) | int(x == y) << 1 | int(ux < uy) << 2 | int(ux >= uy) << 3 | int(x > 0) << 4]
        te = Test('long_ops_%d' % k, kernel_name='k_long', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'long', n, [p[0] for p in ps]).inp(1, 'long', n, [p[1] for p in ps]).out(2, 'long', 8 * n, o)
        tests.append(te)
    for k, (n, loc) in enumerate(((256, 128), (130, 65))):
        ps = pairs('ulong', rng, n=n)
        o = []
        for x, y in ps:
            o += [x // y if y else x, x % y if y else wrap(~x, 'ulong'), mul_hi(x, y, 'ulong'),
                  wrap(x * y + mul_hi(y, x, 'ulong') * 3, 'ulong')]
        te = Test('ulong_ops_%d' % k, kernel_name='k_ulong', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'ulong', n, [p[0] for p in ps]).inp(1, 'ulong', n, [p[1] for p in ps]).out(2, 'ulong', 4 * n, o)
        tests.append(te)
    write('f_long_arith.cl', 'long_arith', LONG_SRC, tests)


MADHI_SRC = r'''
/* mad_sat saturates a*b+c.  mad_hi(a, b, c) is written out as
 * mul_hi(a, b) + c (wrapping, through the unsigned type): libclc 19 has no
 * mad_hi symbol for amdgcn, so calling it leaves an undefined reference. */
#define K(T, U) \
kernel void k_##T(global const T *a, global const T *b, global const T *c, global T *out) \
{ \
    size_t i = get_global_id(0); \
    out[2 * i] = (T)((U)mul_hi(a[i], b[i]) + (U)c[i]); \
    out[2 * i + 1] = mad_sat(a[i], b[i], c[i]); \
}
K(char, uchar)
K(uchar, uchar)
K(short, ushort)
K(ushort, ushort)
K(int, uint)
K(uint, uint)
K(long, ulong)
K(ulong, ulong)
'''


def madhi_file():
    rng = Rng(801)
    tests = []
    n = 128
    for ti, t in enumerate(TYPES):
        ps = pairs(t, rng, n=n)
        Cc = [rng.pick(edges(t)) if k % 3 == 0 else rng.of(t) for k in range(n)]
        if t == 'long':
            # inputs where libclc 19's mad_sat(long) is wrong are tested in
            # f_libclc_edges.cl; replace them here
            for k in range(n):
                while libclc19_mad_sat_long(ps[k][0], ps[k][1], Cc[k]) != sat(ps[k][0] * ps[k][1] + Cc[k], t):
                    ps[k] = (rng.of(t) >> rng.range(0, 63), rng.of(t) >> rng.range(0, 63))
        o = []
        for (x, y), z in zip(ps, Cc):
            o += [wrap(mul_hi(x, y, t) + z, t), sat(x * y + z, t)]
        te = Test('mad_hi_sat_' + t, kernel_name='k_' + t, global_size=sizes(n), local_size=sizes([64, 32, 128, 16][ti % 4]))
        te.inp(0, t, n, [p[0] for p in ps]).inp(1, t, n, [p[1] for p in ps]).inp(2, t, n, Cc).out(3, t, 2 * n, o)
        tests.append(te)
    write('f_int_madhi_madsat.cl', 'int_mad_hi_mad_sat', MADHI_SRC, tests)


if __name__ == '__main__':
    main()
