#!/usr/bin/python3
"""Signed 32-bit division and remainder by constants: f_int_div_const.cl.

wavecc selects these as a signed magic multiply (isel_div64.c,
sdivrem32_const): v_mul_hi_i32 by ceil(2^(32+s) / |d|), the dividend
added when that multiplier needs 33 bits, an arithmetic shift and the
dividend's sign bit. Divisors: small and large, positive and negative,
multipliers with and without the added dividend, |d| = 2^31 - 1; powers
of two +-2^k (k = 1, 2, 4, 6, 30) take their own path (sdivrem32_pow2: a
biased arithmetic shift, the remainder by a mask). Dividends:
INT_MIN, INT_MAX, 0, +-1 and multiples of each divisor minus one, exact
and plus one, divergent (one per lane) and uniform (one per work-group:
SALU code)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

DIVS = [3, -3, 5, 6, 7, -7, 10, 40, -40, 100, 641, -641, 1000, 1000000007, 0x7fffffff, -0x7fffffff, 16, -64,
        2, -2, 4, 0x40000000, -0x40000000]

SRC = r'''
/* sums in uint: two remainders near 2^31 would overflow int */
#define D(k, d) out[NQ * i + 2 * k] = (int)((uint)(x / (d)) + (uint)(u / (d))); \
    out[NQ * i + 2 * k + 1] = (int)((uint)(x % (d)) + (uint)(u % (d)));
kernel void k_sconst(global const int *a, global int *out)
{
    size_t i = get_global_id(0);
    int x = a[i], u = a[get_group_id(0) * 7];
BODY}
'''.replace('BODY', ''.join('    D(%d, %d)\n' % (k, d) if d != -0x7fffffff else '    D(%d, -0x7fffffff)\n' % k
              for k, d in enumerate(DIVS))).replace('NQ', str(2 * len(DIVS)))


def main():
    rng = Rng(32032)
    imin, imax = -(1 << 31), (1 << 31) - 1
    edge = [imin, imin + 1, imax, imax - 1, 0, 1, -1, 2, -2]
    for d in DIVS:
        for k in (1, 2, 3, imax // abs(d), imax // abs(d) - 1):
            for v in (k * abs(d) - 1, k * abs(d), k * abs(d) + 1):
                for s in (1, -1):
                    if imin <= s * v <= imax:
                        edge.append(s * v)
    m = 64 * ((len(edge) + 63) // 64 + 2)
    a = [edge[j] if j < len(edge) else wrap(rng.bits(32) >> rng.range(0, 31), 'int') for j in range(m)]
    o = []
    for i in range(m):
        x, u = a[i], a[(i // 64) * 7]
        for d in DIVS:
            o += [wrap(cdiv(x, d) + cdiv(u, d), 'int'), wrap(crem(x, d) + crem(u, d), 'int')]
    te = Test('div_const_s32', kernel_name='k_sconst', global_size=sizes(m), local_size=sizes(64))
    te.inp(0, 'int', m, a).out(1, 'int', 2 * len(DIVS) * m, o)
    write('f_int_div_const.cl', 'int_div_const', SRC, [te],
          comment='signed 32-bit division and remainder by constants (signed magic multipliers), divergent and uniform')


if __name__ == '__main__':
    main()
