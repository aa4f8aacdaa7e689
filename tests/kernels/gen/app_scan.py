#!/usr/bin/python3
"""Generates tests/kernels/app_scan.cl: prefix sums within workgroups
(work-efficient Blelloch, and Hillis-Steele) plus per-block sums."""
import numpy as np
from app_common import Rng, buf, buf_repeat, local, scalar, test, write, out_path

SRC = r'''
/* Blelloch work-efficient exclusive scan: each workgroup of L work-items
 * scans a 2L-element block in LDS (up-sweep builds a sum tree, the root is
 * saved to block_sums and cleared, down-sweep distributes it). Scanning
 * block_sums and adding them back with add_block_offsets finishes a scan of
 * any length. L must be a power of two. */
kernel void scan_blocks(global const uint *in, global uint *out,
                        global uint *block_sums, uint n, local uint *tmp)
{
    uint lid = get_local_id(0);
    uint lsz = get_local_size(0);
    uint m = 2 * lsz;
    uint base = get_group_id(0) * m;
    uint ai = lid;
    uint bi = lid + lsz;
    tmp[ai] = base + ai < n ? in[base + ai] : 0u;
    tmp[bi] = base + bi < n ? in[base + bi] : 0u;

    uint offset = 1;
    for (uint d = lsz; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint a = offset * (2 * lid + 1) - 1;
            uint b = offset * (2 * lid + 2) - 1;
            tmp[b] += tmp[a];
        }
        offset <<= 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        block_sums[get_group_id(0)] = tmp[m - 1];
        tmp[m - 1] = 0;
    }
    for (uint d = 1; d < m; d <<= 1) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint a = offset * (2 * lid + 1) - 1;
            uint b = offset * (2 * lid + 2) - 1;
            uint t = tmp[a];
            tmp[a] = tmp[b];
            tmp[b] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (base + ai < n)
        out[base + ai] = tmp[ai];
    if (base + bi < n)
        out[base + bi] = tmp[bi];
}

/* Adds the scanned block sums back: workgroup g owns elements
 * [2Lg, 2L(g+1)), the same blocks as scan_blocks. */
kernel void add_block_offsets(global uint *data, global const uint *offsets, uint n)
{
    uint lsz = get_local_size(0);
    uint add = offsets[get_group_id(0)];
    uint i = get_group_id(0) * 2 * lsz + get_local_id(0);
    if (i < n)
        data[i] += add;
    if (i + lsz < n)
        data[i + lsz] += add;
}

/* Hillis-Steele inclusive scan, one element per work-item, double-buffered
 * in LDS (buf holds 2L ints); also writes each block's total. */
kernel void scan_inclusive_hs(global const int *in, global int *out,
                              global int *block_sums, uint n, local int *buf)
{
    uint lid = get_local_id(0);
    uint lsz = get_local_size(0);
    uint gid = get_global_id(0);
    uint src = 0, dst = lsz;
    buf[lid] = gid < n ? in[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = 1; off < lsz; off <<= 1) {
        int v = buf[src + lid];
        if (lid >= off)
            v += buf[src + lid - off];
        buf[dst + lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        uint t = src;
        src = dst;
        dst = t;
    }
    if (gid < n)
        out[gid] = buf[src + lid];
    if (lid == lsz - 1)
        block_sums[get_group_id(0)] = buf[src + lid];
}
'''

M = 0xFFFFFFFF


def blocks(n, L):
    return (n + 2 * L - 1) // (2 * L)


def scan_blocks_ref(a, L):
    n = len(a)
    G = blocks(n, L)
    out = np.zeros(n, dtype=np.uint64)
    sums = []
    for g in range(G):
        blk = [int(v) for v in a[g * 2 * L:(g + 1) * 2 * L]]
        acc = 0
        for j, v in enumerate(blk):
            out[g * 2 * L + j] = acc
            acc = (acc + v) & M
        sums.append(acc)
    return out, np.array(sums, dtype=np.uint64)


def scan_case(name, a, L, comment=None):
    n = len(a)
    G = blocks(n, L)
    out, sums = scan_blocks_ref(a, L)
    lines = [buf('arg_in', 0, 'uint', a), buf_repeat('arg_in', 1, 'uint', n, 0),
             buf('arg_out', 1, 'uint', out), buf_repeat('arg_in', 2, 'uint', G, 0),
             buf('arg_out', 2, 'uint', sums), scalar(3, 'uint', n),
             local(4, 'uint', 2 * L)]
    return test(name, lines, kernel='scan_blocks', global_size=(G * L,),
                local_size=(L,), comment=comment), out, sums


def main():
    tests = []
    r = Rng(301)
    n, L = 4096, 128
    a = r.ints(n, 0, 1000).astype(np.uint64)
    t, out, sums = scan_case('blelloch 4096 / L=128 (16 blocks)', a, L)
    tests.append(t)
    # second level: scan the 16 block sums in one workgroup
    t, offs, _ = scan_case('blelloch over the 16 block sums (1 block)', sums, 8,
                           comment='scans the block sums of the previous test')
    tests.append(t)
    # third step: add the scanned sums back -> full exclusive scan
    full = np.concatenate(([0], np.cumsum(a)[:-1])).astype(np.uint64) & np.uint64(M)
    assert np.array_equal((out + np.repeat(offs, 2 * L)[:n]) & np.uint64(M), full)
    tests.append(test('add block offsets -> exclusive scan of all 4096', [
        buf('arg_in', 0, 'uint', out), buf('arg_out', 0, 'uint', full),
        buf('arg_in', 1, 'uint', offs), scalar(2, 'uint', n)],
        kernel='add_block_offsets', global_size=(len(sums) * L,), local_size=(L,),
        comment='block-local scans of the first test plus the scanned block sums'))
    r = Rng(302)
    a = r.u32(3000).astype(np.uint64)
    t, _, _ = scan_case('blelloch 3000 full-range uint (wraps) / L=64 (24 blocks)', a, 64,
                        comment='full 32-bit values: the sums wrap modulo 2^32 as uint must')
    tests.append(t)

    r = Rng(303)
    n, L = 4096, 256
    a = r.ints(n, -50000, 50000)
    G = n // L
    out = np.zeros(n, dtype=np.int64)
    sums = []
    for g in range(G):
        c = np.cumsum(a[g * L:(g + 1) * L])
        out[g * L:(g + 1) * L] = c
        sums.append(c[-1])
    tests.append(test('hillis-steele inclusive 4096 / L=256 (16 blocks)', [
        buf('arg_in', 0, 'int', a), buf_repeat('arg_in', 1, 'int', n, 0),
        buf('arg_out', 1, 'int', out), buf_repeat('arg_in', 2, 'int', G, 0),
        buf('arg_out', 2, 'int', np.array(sums)), scalar(3, 'uint', n),
        local(4, 'int', 2 * L)], kernel='scan_inclusive_hs', global_size=(n,),
        local_size=(L,)))
    r = Rng(304)
    n, L = 1000, 64
    a = r.ints(n, -9, 9)
    G = (n + L - 1) // L
    out = np.zeros(n, dtype=np.int64)
    sums = []
    for g in range(G):
        c = np.cumsum(a[g * L:(g + 1) * L])
        out[g * L:g * L + len(c)] = c
        sums.append(c[-1])
    tests.append(test('hillis-steele inclusive 1000 (ragged) / L=64 (16 blocks)', [
        buf('arg_in', 0, 'int', a), buf_repeat('arg_in', 1, 'int', n, 0),
        buf('arg_out', 1, 'int', out), buf_repeat('arg_in', 2, 'int', G, 0),
        buf('arg_out', 2, 'int', np.array(sums)), scalar(3, 'uint', n),
        local(4, 'int', 2 * L)], kernel='scan_inclusive_hs', global_size=(G * L,),
        local_size=(L,)))
    write(out_path('tests/kernels/app_scan.cl'), 'app_scan', SRC, tests,
          config_extra=['dimensions: 1'], generator='tests/kernels/gen/app_scan.py')


main()
