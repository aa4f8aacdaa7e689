#!/usr/bin/python3
"""Division of operands the range analysis bounds below 2^21: f_int_div_small.cl.

wavecc selects these (divergent, divisor not a constant) through one f32
reciprocal and a one-step correction (isel_div64.c udivrem_f32); the
inputs cover the edges of that bound (0, 1, 2^21 - 1 over small and large
divisors) and dividends next to multiples of the divisor (k*d - 1, k*d,
k*d + 1), where an estimate one too high or too low would show. Types:
uint (shifted into range), int (non-negative: signed division of bounded
values), ulong (masked), ushort (below 2^16 by its type)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

SRC = r'''
kernel void k_small(global const uint *a, global const uint *b, global uint *out)
{
    size_t i = get_global_id(0);
    uint x = a[i] >> 11, y = b[i] >> 11;          /* [0, 2^21) */
    int sx = (int)(a[i] >> 12), sy = (int)(b[i] >> 12);
    out[4 * i] = x / y;
    out[4 * i + 1] = x % y;
    out[4 * i + 2] = (uint)(sx / sy);
    out[4 * i + 3] = (uint)(sx % sy);
}

kernel void k_small64(global const uint *a, global const uint *b, global ulong *out)
{
    size_t i = get_global_id(0);
    ulong x = a[i] & 0x1fffffu, y = b[i] & 0x1fffffu;
    out[2 * i] = x / y;
    out[2 * i + 1] = x % y;
}

kernel void k_short(global const ushort *a, global const ushort *b, global ushort *out)
{
    size_t i = get_global_id(0);
    out[2 * i] = a[i] / b[i];
    out[2 * i + 1] = a[i] % b[i];
}
'''

L = 1 << 21


def pairs(rng, n):
    """(x, y) with 0 <= x < 2^21, 1 <= y < 2^21."""
    ds = [1, 2, 3, 5, 7, 10, 127, 1000, 1023, 1024, 1025, 4095, 65535, 65536, 65537, 699050, 699051,
          (1 << 20) - 1, 1 << 20, (1 << 20) + 1, L - 3, L - 2, L - 1]
    xs = [0, 1, 2, 3, L - 1, L - 2, 1 << 20, (1 << 20) - 1]
    out = [(x, d) for d in ds for x in xs]
    for d in ds:
        for k in (1, 2, 3, (L - 1) // d, (L - 1) // d - 1, max(1, (L - 1) // d // 2)):
            for x in (k * d - 1, k * d, k * d + 1):
                if 0 <= x < L:
                    out.append((x, d))
    while len(out) < n:
        y = 1 + (rng.bits(21) >> rng.range(0, 20)) % (L - 1)
        x = rng.bits(21) >> rng.range(0, 4)
        if rng.range(0, 2) == 0:
            x = (x // y) * y + rng.range(0, 1) * (y - 1)
        out.append((min(x, L - 1), y))
    return out[:n]


def main():
    rng = Rng(21021)
    tests = []
    n = 1024
    ps = pairs(rng, n)
    a = [x << 11 | rng.bits(11) for x, _ in ps]
    b = [y << 11 | rng.bits(11) for _, y in ps]
    o = []
    for i in range(n):
        x, y = a[i] >> 11, b[i] >> 11
        sx, sy = a[i] >> 12, b[i] >> 12
        if sy == 0:
            sy = 1
            b[i] |= 1 << 12
            y = b[i] >> 11
        o += [x // y, x % y, sx // sy, sx % sy]
    te = Test('div_small_u32_i32', kernel_name='k_small', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'uint', n, a).inp(1, 'uint', n, b).out(2, 'uint', 4 * n, o)
    tests.append(te)

    ps = pairs(rng, 512)
    a = [x | rng.bits(11) << 21 for x, _ in ps]
    b = [y | rng.bits(11) << 21 for _, y in ps]
    o = []
    for x, y in ps:
        o += [x // y, x % y]
    te = Test('div_small_u64', kernel_name='k_small64', global_size=sizes(512), local_size=sizes(64))
    te.inp(0, 'uint', 512, a).inp(1, 'uint', 512, b).out(2, 'ulong', 1024, o)
    tests.append(te)

    e16 = [0, 1, 2, 3, 255, 256, 257, 32767, 32768, 65534, 65535]
    s = [(x, y) for x in e16 for y in e16 if y]
    while len(s) < 256:
        y = 1 + rng.bits(16) % 65535 >> rng.range(0, 15)
        s.append((rng.bits(16), max(1, y)))
    s = s[:256]
    o = []
    for x, y in s:
        o += [x // y, x % y]
    te = Test('div_small_ushort', kernel_name='k_short', global_size=sizes(256), local_size=sizes(64))
    te.inp(0, 'ushort', 256, [x for x, _ in s]).inp(1, 'ushort', 256, [y for _, y in s]).out(2, 'ushort', 512, o)
    tests.append(te)
    write('f_int_div_small.cl', 'int_div_small', SRC, tests,
          comment='division of operands bounded below 2^21 (one f32 reciprocal in wavecc), uint/int/ulong/ushort')


if __name__ == '__main__':
    main()
