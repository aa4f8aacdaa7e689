#!/usr/bin/python3
"""Three-operand VALU patterns: f_int_fused_ops.cl (v_add3_u32, v_lshl_add_u32,
v_lshl_or_b32, v_or3_b32, v_xad_u32, v_and_or_b32, v_add_lshl_u32,
v_bfi_b32, v_bfe_u32 on divergent values; the same expressions on uniform values)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M = 0xffffffff

SRC = r'''
kernel void k_fuse(global const uint *a, global const uint *b, global const uint *c, uint u, global uint *out, global int *sout)
{
    size_t i = get_global_id(0);
    uint x = a[i], y = b[i], z = c[i], k = z & 31;
    out[10 * i] = x + y + z;
    out[10 * i + 1] = (x << 3) + y;
    out[10 * i + 2] = (x << 16) | y;
    out[10 * i + 3] = x | y | z;
    out[10 * i + 4] = (x ^ y) + z;
    out[10 * i + 5] = (x & y) | z;
    out[10 * i + 6] = (x + y) << k;
    out[10 * i + 7] = bitselect(x, y, z);
    out[10 * i + 8] = (x << k) + (y << (31 - k)) + u;
    out[10 * i + 9] = ((u ^ x) & y) ^ x;
    int sx = (int)x;
    sout[4 * i] = (x >> 8) & 0xff;
    sout[4 * i + 1] = (sx >> 20) & 0xfff;
    sout[4 * i + 2] = (sx >> 24) & 0xffff;
    sout[4 * i + 3] = (x >> 28) & 0xffff;
}
'''


def ref(x, y, z, u):
    k = z & 31
    return [(x + y + z) & M, ((x << 3) + y) & M, ((x << 16) | y) & M, x | y | z, ((x ^ y) + z) & M, (x & y) | z,
            ((x + y) << k) & M, (x & ~z) | (y & z), ((x << k) + (y << (31 - k)) + u) & M, (((u ^ x) & y) ^ x) & M]


def main():
    rng = Rng(14301)
    n = 128
    e = [0, 1, M, 0x80000000, 0x7fffffff, 0xffff, 0x10000]
    a = [e[j % 7] if j < 49 else rng.bits(32) for j in range(n)]
    b = [e[j // 7 % 7] if j < 49 else rng.bits(32) for j in range(n)]
    c = [rng.bits(32) for _ in range(n)]
    u = 0x9e3779b9
    te = Test('fused_ops', global_size=sizes(n), local_size=sizes(64))
    te.inp(0, 'uint', n, a).inp(1, 'uint', n, b).inp(2, 'uint', n, c).val(3, 'uint', u)
    te.out(4, 'uint', 10 * n, [v for i in range(n) for v in ref(a[i], b[i], c[i], u)])
    sx = [wrap(v, 'int') for v in a]
    te.out(5, 'int', 4 * n, [v for i in range(n) for v in
                             ((a[i] >> 8) & 0xff, (sx[i] >> 20) & 0xfff, (sx[i] >> 24) & 0xffff, (a[i] >> 28) & 0xffff)])
    write('f_int_fused_ops.cl', 'int_fused_ops', SRC, [te], kernel_name='k_fuse',
          comment='three-operand VALU patterns (isel_fuse.c) against a host reference')


if __name__ == '__main__':
    main()
