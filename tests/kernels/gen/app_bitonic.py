#!/usr/bin/python3
"""Generates tests/kernels/app_bitonic.cl: bitonic sort, one kernel launch
per (k, j) stage, plus an LDS kernel that sorts each 2L-element block."""
import numpy as np
from app_common import Rng, buf, scalar, test, write, out_path

SRC = r'''
/* One compare-exchange stage of a bitonic sorting network over N keys
 * (N a power of two, one work-item per key): stage (k, j) compares key i
 * with key i^j and orders the pair ascending when (i & k) == 0, descending
 * otherwise. The host runs k = 2, 4, ..., N and, for each, j = k/2 ... 1. */
kernel void bitonic_step(global uint *keys, uint j, uint k)
{
    uint i = get_global_id(0);
    uint ixj = i ^ j;
    if (ixj > i) {
        uint a = keys[i];
        uint b = keys[ixj];
        bool up = (i & k) == 0;
        if ((a > b) == up) {
            keys[i] = b;
            keys[ixj] = a;
        }
    }
}

/* All stages with k <= 2L inside LDS: workgroup g sorts keys[2Lg .. 2L(g+1))
 * ascending when g is even and descending when g is odd, so consecutive
 * blocks form bitonic sequences for the global stages that follow. */
kernel void bitonic_sort_local(global uint *keys)
{
    local uint s[512];
    uint lid = get_local_id(0);
    uint lsz = get_local_size(0);
    uint m = 2 * lsz;
    uint base = get_group_id(0) * m;
    bool block_up = (get_group_id(0) & 1) == 0;
    s[lid] = keys[base + lid];
    s[lid + lsz] = keys[base + lid + lsz];
    for (uint k = 2; k <= m; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            /* work-item lid handles the pair (p, p + j) */
            uint p = 2 * lid - (lid & (j - 1));
            uint q = p + j;
            bool up = ((p & k) == 0) == block_up;
            uint a = s[p];
            uint b = s[q];
            if ((a > b) == up) {
                s[p] = b;
                s[q] = a;
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    keys[base + lid] = s[lid];
    keys[base + lid + lsz] = s[lid + lsz];
}
'''


def step(a, j, k):
    a = a.copy()
    n = len(a)
    for i in range(n):
        ixj = i ^ j
        if ixj > i:
            x, y = a[i], a[ixj]
            up = (i & k) == 0
            if (x > y) == up:
                a[i], a[ixj] = y, x
    return a


def local_sort(a, L):
    a = a.copy()
    m = 2 * L
    for g in range(len(a) // m):
        blk = sorted(a[g * m:(g + 1) * m])
        if g & 1:
            blk = blk[::-1]
        a[g * m:(g + 1) * m] = blk
    return a


def main():
    tests = []
    N = 1024
    r = Rng(601)
    keys = r.u32(N).astype(np.int64)
    keys[100:140] = 77  # duplicates
    stages = []
    k = 2
    while k <= N:
        j = k // 2
        while j > 0:
            stages.append((k, j))
            j //= 2
        k *= 2
    pick = {(2, 1), (8, 2), (64, 32), (256, 1), (1024, 512), (1024, 64), (1024, 1)}
    cur = keys
    for k, j in stages:
        nxt = step(cur, j, k)
        if (k, j) in pick:
            tests.append(test(f'global stage k={k} j={j} on {N} keys', [
                buf('arg_in', 0, 'uint', cur), buf('arg_out', 0, 'uint', nxt),
                scalar(1, 'uint', j), scalar(2, 'uint', k)],
                kernel='bitonic_step', global_size=(N,), local_size=(64,)))
        cur = nxt
    assert list(cur) == sorted(keys)

    # LDS block sort then the remaining global stages
    L = 128
    r = Rng(602)
    keys = r.ints(N, 0, 5000)
    blk = local_sort(keys, L)
    tests.append(test(f'LDS sort of {N // (2 * L)} blocks of {2 * L}, alternating direction', [
        buf('arg_in', 0, 'uint', keys), buf('arg_out', 0, 'uint', blk)],
        kernel='bitonic_sort_local', global_size=(N // 2,), local_size=(L,)))
    cur = blk
    for k, j in stages:
        if k <= 2 * L:
            continue
        nxt = step(cur, j, k)
        if (k, j) == (2 * 2 * L, 2 * L):
            tests.append(test(f'global stage k={k} j={j} after the LDS sort', [
                buf('arg_in', 0, 'uint', cur), buf('arg_out', 0, 'uint', nxt),
                scalar(1, 'uint', j), scalar(2, 'uint', k)],
                kernel='bitonic_step', global_size=(N,), local_size=(256,)))
        cur = nxt
    assert list(cur) == sorted(keys)
    write(out_path('tests/kernels/app_bitonic.cl'), 'app_bitonic', SRC, tests,
          config_extra=['dimensions: 1'], generator='tests/kernels/gen/app_bitonic.py')


main()
