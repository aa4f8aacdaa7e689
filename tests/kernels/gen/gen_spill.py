#!/usr/bin/env python3
"""Kernels that exceed gfx900's register files without any forcing (issue 9,
spilling): f_spill_vgpr.cl (more than 256 values live per lane),
f_spill_sgpr.cl (more than 102 uniform values live across a divergent
loop), f_spill_branch.cl (heavy pressure inside divergent branches that
whole waves skip); f_spill_phi_rotate.cl (values rotating through loop
phis, h' = g, g' = f, ..., under forced budgets: memory phis read by other
phis of their loop header on the back edge). Host references replay the C code with 32-bit
wraparound."""
import sys
sys.dont_write_bytecode = True
import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kt import *

M32 = 0xffffffff
FNV_P = 16777619
FNV_0 = 2166136261
NV = 320   # per-lane values live at once (> 256 VGPRs)
NS = 120   # uniform values live across the loop (> 102 SGPRs)
NB = 280   # per-lane values live inside the branch

VGPR_SRC = r'''
/* 320 per-lane values, all defined before the first is consumed and
 * consumed in reverse order (FNV-1a, not reassociable): more than the 256
 * VGPRs a lane has. */
kernel void k_live320(global const uint *in, global uint *out)
{
    size_t i = get_global_id(0);
    uint x = in[i];
    uint a[320];
#pragma unroll
    for (int k = 0; k < 320; k++)
        a[k] = x * (uint)(2 * k + 1) + (x >> (k & 15));
    uint h = 2166136261u;
#pragma unroll
    for (int k = 319; k >= 0; k--)
        h = (h ^ a[k]) * 16777619u;
    out[i] = h;
}
'''


def vgpr_ref(x):
    a = [(x * (2 * k + 1) + (x >> (k & 15))) & M32 for k in range(NV)]
    h = FNV_0
    for k in range(NV - 1, -1, -1):
        h = ((h ^ a[k]) * FNV_P) & M32
    return h


SGPR_SRC = r'''
/* 120 wave-uniform values (from a kernel argument) live across a loop
 * whose trip count differs per lane, consumed after it: more than the 102
 * SGPRs a wave has. */
kernel void k_uniform120(global const uint *in, global const int *trips, global uint *out, uint s)
{
    size_t i = get_global_id(0);
    uint u[120];
#pragma unroll
    for (int k = 0; k < 120; k++)
        u[k] = s * (uint)(2 * k + 3) ^ (s >> (k % 13));
    uint acc = in[i];
    int n = trips[i];
    for (int t = 0; t < n; t++)
        acc = (acc ^ u[0]) * 3u + u[1] * (uint)t;
    uint h = 2166136261u ^ acc;
#pragma unroll
    for (int k = 119; k >= 0; k--)
        h = (h ^ u[k]) * 16777619u;
    out[i] = h;
}
'''


def sgpr_ref(x, n, s):
    u = [((s * (2 * k + 3)) & M32) ^ (s >> (k % 13)) for k in range(NS)]
    acc = x
    for t in range(n):
        acc = (((acc ^ u[0]) * 3) + u[1] * t) & M32
    h = FNV_0 ^ acc
    for k in range(NS - 1, -1, -1):
        h = ((h ^ u[k]) * FNV_P) & M32
    return h


BRANCH_SRC = r'''
/* Pressure inside divergent branches: 280 per-lane values live inside the
 * outer branch, a nested branch inside it. The inputs make whole waves
 * skip the outer branch (they jump over it with EXEC = 0) while other
 * waves take it with some or all lanes. */
kernel void k_branchy(global const uint *in, global uint *out, uint limit)
{
    size_t i = get_global_id(0);
    uint x = in[i];
    uint r = x ^ 0x5bd1e995u;
    if (x < limit) {
        uint a[280];
#pragma unroll
        for (int k = 0; k < 280; k++)
            a[k] = x * (uint)(4 * k + 1) + (x >> (k & 7));
        uint h = 2166136261u;
        if (x & 1) {
#pragma unroll
            for (int k = 279; k >= 0; k--)
                h = (h ^ a[k]) * 16777619u;
        } else {
#pragma unroll
            for (int k = 0; k < 280; k++)
                h = (h + a[k]) * 31u;
        }
        r = h ^ a[17];
    }
    out[i] = r;
}
'''


def branch_ref(x, limit):
    r = x ^ 0x5bd1e995
    if x < limit:
        a = [(x * (4 * k + 1) + (x >> (k & 7))) & M32 for k in range(NB)]
        h = FNV_0
        if x & 1:
            for k in range(NB - 1, -1, -1):
                h = ((h ^ a[k]) * FNV_P) & M32
        else:
            for k in range(NB):
                h = ((h + a[k]) * 31) & M32
        r = h ^ a[17]
    return r


def vgpr_file():
    rng = Rng(9001)
    tests = []
    for n, loc in ((64, 64), (100, 50)):
        X = [rng.of('uint') for _ in range(n)]
        te = Test('live320_%d_%d' % (n, loc), kernel_name='k_live320', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uint', n, X).out(1, 'uint', n, [vgpr_ref(x) for x in X])
        tests.append(te)
    write('f_spill_vgpr.cl', 'spill_vgpr', VGPR_SRC, tests)


def sgpr_file():
    rng = Rng(9002)
    tests = []
    for n, loc, tmax_ in ((64, 64, 5), (130, 65, 3)):
        X = [rng.of('uint') for _ in range(n)]
        T = [rng.range(0, tmax_) for _ in range(n)]
        s = rng.of('uint')
        te = Test('uniform120_%d_%d' % (n, loc), kernel_name='k_uniform120', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uint', n, X).inp(1, 'int', n, T).out(2, 'uint', n, [sgpr_ref(x, t, s) for x, t in zip(X, T)])
        te.val(3, 'uint', s)
        tests.append(te)
    write('f_spill_sgpr.cl', 'spill_sgpr', SGPR_SRC, tests)


def branch_file():
    rng = Rng(9003)
    limit = 1 << 31
    tests = []
    # wave 0: no lane takes the branch; wave 1: some lanes; wave 2: all lanes;
    # wave 3 (partial when n = 200): some lanes again
    for n, loc in ((256, 64), (200, 100)):
        X = []
        for w in range((n + 63) // 64):
            for l in range(min(64, n - 64 * w)):
                v = rng.of('uint')
                if w == 0:
                    v |= 1 << 31
                elif w == 2:
                    v &= ~(1 << 31) & M32
                X.append(v)
        te = Test('branchy_%d_%d' % (n, loc), kernel_name='k_branchy', global_size=sizes(n), local_size=sizes(loc))
        te.inp(0, 'uint', n, X).out(1, 'uint', n, [branch_ref(x, limit) for x in X]).val(2, 'uint', limit)
        tests.append(te)
    write('f_spill_branch.cl', 'spill_branch', BRANCH_SRC, tests)


ROTATE_SRC = r'''
/* Eight words rotating through the loop's phis as in SHA-256's rounds
 * (h' = g, g' = f, f' = e, e' = d + t1, d' = c, c' = b, b' = a,
 * a' = t1 + t2): a header phi is the back edge's value of another phi. At
 * 8 VGPRs some of them live in scratch (memory phis); the back edge must
 * read each phi's value of this iteration before it stores the next one
 * (wavecc stored a's new value first and then gave c the new a, at gfx90a
 * and 8 VGPRs). */
kernel void k_rotate(global uint *st, global const uint *w, uint n, uint rounds)
{
    uint id = get_global_id(0);
    if (id >= n)
        return;
    uint a = st[8 * id + 0], b = st[8 * id + 1], c = st[8 * id + 2], d = st[8 * id + 3];
    uint e = st[8 * id + 4], f = st[8 * id + 5], g = st[8 * id + 6], h = st[8 * id + 7];
    for (uint i = 0; i < rounds; ++i) {
        uint t1 = h + (rotate(e, 26u) ^ rotate(e, 21u) ^ rotate(e, 7u)) + ((e & f) ^ (~e & g)) + w[(id + i) & 63];
        uint t2 = (rotate(a, 30u) ^ rotate(a, 19u) ^ rotate(a, 10u)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    st[8 * id + 0] = a;
    st[8 * id + 1] = b;
    st[8 * id + 2] = c;
    st[8 * id + 3] = d;
    st[8 * id + 4] = e;
    st[8 * id + 5] = f;
    st[8 * id + 6] = g;
    st[8 * id + 7] = h;
}
'''


def rotate_ref(s, w, idx, rounds):
    a, b, c, d, e, f, g, h = s
    r = lambda v, k: rotate(v, k, 'uint') & M32
    for i in range(rounds):
        t1 = (h + (r(e, 26) ^ r(e, 21) ^ r(e, 7)) + ((e & f) ^ (~e & g & M32)) + w[(idx + i) & 63]) & M32
        t2 = ((r(a, 30) ^ r(a, 19) ^ r(a, 10)) + ((a & b) ^ (a & c) ^ (b & c))) & M32
        h, g, f, e, d, c, b, a = g, f, e, (d + t1) & M32, c, b, a, (t1 + t2) & M32
    return [a, b, c, d, e, f, g, h]


def rotate_file():
    rng = Rng(9004)
    tests = []
    # odd and even round counts (the loop may be unrolled by two), a
    # partial last wave and lanes past n
    for n, gsz, loc, rounds in ((64, 64, 64, 64), (100, 128, 32, 7), (40, 64, 64, 1)):
        S = [rng.of('uint') for _ in range(8 * gsz)]
        W = [rng.of('uint') for _ in range(64)]
        out = list(S)
        for i in range(n):
            out[8 * i:8 * i + 8] = rotate_ref(S[8 * i:8 * i + 8], W, i, rounds)
        te = Test('rotate_%d_%d_%d' % (n, loc, rounds), kernel_name='k_rotate', global_size=sizes(gsz),
                  local_size=sizes(loc))
        te.inp(0, 'uint', 8 * gsz, S).out(0, 'uint', 8 * gsz, out).inp(1, 'uint', 64, W)
        te.val(2, 'uint', n).val(3, 'uint', rounds)
        tests.append(te)
    write('f_spill_phi_rotate.cl', 'spill_phi_rotate', ROTATE_SRC, tests)


if __name__ == '__main__':
    vgpr_file()
    sgpr_file()
    branch_file()
    rotate_file()
