#!/usr/bin/python3
"""Generates tests/kernels/f_gpr_index.cl: private arrays indexed by
uniform values, which wavecc reads and writes in place with
s_set_gpr_idx_on on gfx9 and CDNA (isel_vector_index.c,
passes/gpr_index.c): updates in a loop (the array a loop-carried vector),
a write under a divergent branch (inactive lanes keep their values), an
index the compiler cannot prove in range (clamped, here always in range),
four- and eight-element arrays of floats and ints. Expected values come
from the host references below."""
import numpy as np
from app_common import Rng, buf, buf_repeat, scalar, test, write, out_path

GEN = 'tests/kernels/gen/f_gpr_index.py'

SOURCE = r'''
/* Eight accumulators per work-item, the one at (k + j) & 7 updated on
 * step j of a loop with a uniform trip count. */
kernel void loop_acc(global const int *in, global int *out, int k, int n)
{
    int gid = get_global_id(0);
    int acc[8];
    for (int j = 0; j < 8; ++j) acc[j] = j - gid;
    for (int j = 0; j < n; ++j) acc[(k + j) & 7] += in[gid * n + j] * (j + 1);
    int s = 0;
    for (int j = 0; j < 8; ++j) s = s * 3 + acc[j];
    out[gid] = s ^ acc[(k * 5) & 7];
}

/* A write at a uniform index in odd lanes only, then reads at two
 * uniform indices: the even lanes must see their old values. */
kernel void branch_write(global const float *in, global float *out, int k)
{
    int gid = get_global_id(0);
    float v[16];
    for (int j = 0; j < 16; ++j) v[j] = in[gid * 16 + j];
    if (gid & 1) v[k & 15] = (float)gid * 0.5f;
    out[2 * gid] = v[k & 15];
    out[2 * gid + 1] = v[(k + 1) & 15] - v[(k >> 2) & 15];
}

/* An index only the caller keeps below 4 (m < 4), on four ints. */
kernel void small_vec(global const int4 *in, global int *out, int m)
{
    int gid = get_global_id(0);
    int4 a = in[gid];
    int t[4] = {a.x, a.y, a.z, a.w};
    t[m] = t[m] * 2 + 1;
    out[gid] = t[0] + 10 * t[1] + 100 * t[2] + 1000 * t[3] + t[m];
}
'''


def i32(a):
    return np.array(a, dtype=np.int64).astype(np.int32)


def ref_loop(inp, k, n, N):
    out = []
    for g in range(N):
        acc = [j - g for j in range(8)]
        for j in range(n):
            acc[(k + j) & 7] += int(inp[g * n + j]) * (j + 1)
            acc[(k + j) & 7] = int(i32([acc[(k + j) & 7]])[0])
        s = 0
        for j in range(8):
            s = int(i32([s * 3 + acc[j]])[0])
        out.append(s ^ acc[(k * 5) & 7])
    return i32(out)


def ref_branch(inp, k, N):
    out = np.zeros(2 * N, dtype=np.float32)
    for g in range(N):
        v = inp[g * 16:(g + 1) * 16].astype(np.float32).copy()
        if g & 1:
            v[k & 15] = np.float32(g) * np.float32(0.5)
        out[2 * g] = v[k & 15]
        out[2 * g + 1] = np.float32(v[(k + 1) & 15] - v[(k >> 2) & 15])
    return out


def ref_small(inp, m, N):
    out = []
    for g in range(N):
        t = [int(x) for x in inp[4 * g:4 * g + 4]]
        t[m] = t[m] * 2 + 1
        out.append(t[0] + 10 * t[1] + 100 * t[2] + 1000 * t[3] + t[m])
    return i32(out)


def main():
    tests = []
    for seed, N, k, n in ((701, 64, 3, 11), (702, 128, 6, 5)):
        inp = Rng(seed).ints(N * n, -50, 50)
        tests.append(test(f'loop_acc {N} items, k = {k}, n = {n}', [
            buf('arg_in', 0, 'int', inp), buf_repeat('arg_in', 1, 'int', N, 0),
            buf('arg_out', 1, 'int', ref_loop(inp, k, n, N)), scalar(2, 'int', k), scalar(3, 'int', n)],
            kernel='loop_acc', global_size=(N,), local_size=(64,)))
    for seed, N, k in ((703, 64, 9), (704, 128, 22)):
        inp = Rng(seed).ints(N * 16, -100, 100).astype(np.float32)
        tests.append(test(f'branch_write {N} items, k = {k}', [
            buf('arg_in', 0, 'float', inp), buf_repeat('arg_in', 1, 'float', 2 * N, 0),
            buf('arg_out', 1, 'float', ref_branch(inp, k, N)), scalar(2, 'int', k)],
            kernel='branch_write', global_size=(N,), local_size=(64,)))
    for seed, m in ((705, 0), (706, 3)):
        N = 64
        inp = Rng(seed).ints(4 * N, -9, 9)
        tests.append(test(f'small_vec m = {m}', [
            buf('arg_in', 0, 'int', inp), buf_repeat('arg_in', 1, 'int', N, 0),
            buf('arg_out', 1, 'int', ref_small(inp, m, N)), scalar(2, 'int', m)],
            kernel='small_vec', global_size=(N,), local_size=(64,)))
    write(out_path('tests/kernels/f_gpr_index.cl'), 'f_gpr_index', SOURCE, tests, generator=GEN)


if __name__ == '__main__':
    main()
