#!/usr/bin/python3
"""Address arithmetic and memory merging: f_addr_arith.cl.

64-bit multiplies and adds of zero-extended 32-bit values (isel_narrow.c:
v_mad_u64_u32, s_mul_i32 + s_mul_hi_u32, carries into a known-zero upper
half) with operands near 2^32; runs of uniform __constant loads from one
base (scalar loads merged into wider ones); adjacent LDS reads and writes
(ds_read2/ds_write2 and wider forms); many kernel arguments read at once;
a compare result as an index (zext i1: a lane mask, not split as a number)."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff
M64 = 0xffffffffffffffff

TAB = [(0x9e3779b9 * (j + 1)) & M32 for j in range(40)]

SRC = r'''
kernel void k_wide(global const uint *a, global const uint *b, uint u, uint v, global ulong *out)
{
    size_t i = get_global_id(0);
    ulong x = a[i], y = b[i];
    out[6 * i] = x * y;
    out[6 * i + 1] = (ulong)u * v + x;
    out[6 * i + 2] = x + y;
    out[6 * i + 3] = (ulong)u * v;
    out[6 * i + 4] = (ulong)u + v;
    out[6 * i + 5] = (ulong)(ushort)x * (ushort)y;
}

constant uint tab[40] = {''' + ', '.join('%du' % t for t in TAB) + r'''};

kernel void k_const(global uint *out, uint k)
{
    size_t i = get_global_id(0);
    uint s = (uint)i;
    uint o = k & 7;
    for (int j = 0; j < 24; j++)
        s = s * 31u + tab[j + o];
    out[i] = s;
}

kernel void k_lds(global const uint *in, global uint *out)
{
    local uint t[128];
    local uint2 w[64];
    size_t l = get_local_id(0), g = get_global_id(0);
    t[l] = in[g];
    t[l + 64] = in[g] ^ 0x5a5a5a5au;
    w[l] = (uint2)(in[g] + 1u, in[g] * 3u);
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t b = l & ~7;
    uint s = 0;
    for (int j = 0; j < 8; j++)
        s = s * 7u + t[b + j] + t[b + j + 64];
    uint2 p = w[b] + w[b + 1];
    out[2 * g] = s;
    out[2 * g + 1] = p.x ^ p.y;
}

kernel void k_bool(global const uint *inp, global uint *out)
{
    uint gid = get_global_id(0);
    out[gid] = inp[(uint)((gid & 3u) == 1u)] + inp[(uint)(gid & 1u) + 2u];
}

kernel void k_args(global uint *out, uint a0, uint a1, uint a2, uint a3, uint a4, uint a5, uint a6, uint a7,
                   uint a8, uint a9)
{
    size_t i = get_global_id(0);
    out[i] = (uint)i * a0 + a1 * a2 + (a3 ^ a4) + (a5 << 3) + a6 * a7 + a8 - a9;
}
'''


def main():
    rng = Rng(14401)
    n = 128
    e = [0, 1, M32, 0x80000000, 0x7fffffff, 0xffff, 0x10000, 0xfffffffe]
    a = [e[j % 8] if j < 64 else rng.bits(32) for j in range(n)]
    b = [e[j // 8 % 8] if j < 64 else rng.bits(32) for j in range(n)]
    u, v = 0xfffffff1, 0xfffffffd
    wide = []
    for i in range(n):
        x, y = a[i], b[i]
        wide += [(x * y) & M64, (u * v + x) & M64, x + y, u * v, u + v, (x & 0xffff) * (y & 0xffff)]
    t1 = Test('64-bit multiplies and adds of zero-extended 32-bit values', kernel_name='k_wide',
              global_size=sizes(n), local_size=sizes(64))
    t1.inp(0, 'uint', n, a).inp(1, 'uint', n, b).val(2, 'uint', u).val(3, 'uint', v)
    t1.out(4, 'ulong', 6 * n, wide)

    tests = [t1]
    for k in (0, 5, 0xffffff07):
        o = k & 7
        res = []
        for i in range(n):
            s = i
            for j in range(24):
                s = (s * 31 + TAB[j + o]) & M32
            res.append(s)
        tc = Test('a run of uniform __constant loads from one base, k = %d' % k, kernel_name='k_const',
                  global_size=sizes(n), local_size=sizes(64))
        tc.out(0, 'uint', n, res).val(1, 'uint', k)
        tests.append(tc)

    inp = [rng.bits(32) for _ in range(n)]
    res = []
    for g in range(n):
        grp = g - g % 64
        l = g % 64
        t = [inp[grp + q] for q in range(64)] + [inp[grp + q] ^ 0x5a5a5a5a for q in range(64)]
        w = [((inp[grp + q] + 1) & M32, (inp[grp + q] * 3) & M32) for q in range(64)]
        bb = l & ~7
        s = 0
        for j in range(8):
            s = (s * 7 + t[bb + j] + t[bb + j + 64]) & M32
        px, py = (w[bb][0] + w[bb + 1][0]) & M32, (w[bb][1] + w[bb + 1][1]) & M32
        res += [s, px ^ py]
    tl = Test('adjacent LDS reads and writes', kernel_name='k_lds', global_size=sizes(n), local_size=sizes(64))
    tl.inp(0, 'uint', n, inp).out(1, 'uint', 2 * n, res)
    tests.append(tl)

    bi = [rng.bits(32) for _ in range(4)]
    tb = Test('a compare result (zext i1) as an index', kernel_name='k_bool', global_size=sizes(n),
              local_size=sizes(64))
    tb.inp(0, 'uint', 4, bi).out(1, 'uint', n, [(bi[1 if g % 4 == 1 else 0] + bi[(g & 1) + 2]) & M32 for g in range(n)])
    tests.append(tb)

    av = [rng.bits(32) for _ in range(10)]
    res = []
    for i in range(n):
        r = i * av[0] + av[1] * av[2] + (av[3] ^ av[4]) + (av[5] << 3) + av[6] * av[7] + av[8] - av[9]
        res.append(r & M32)
    ta = Test('ten uniform kernel arguments', kernel_name='k_args', global_size=sizes(n), local_size=sizes(64))
    ta.out(0, 'uint', n, res)
    for q in range(10):
        ta.val(q + 1, 'uint', av[q])
    tests.append(ta)
    write('f_addr_arith.cl', 'addr_arith', SRC, tests,
          comment='address arithmetic and memory merging against a host reference (gen_addr.py)')


if __name__ == '__main__':
    main()
